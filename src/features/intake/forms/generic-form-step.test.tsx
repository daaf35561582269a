import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IntakeStep } from '@telehealth/client/accounts/schemas';
import { db } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { customFieldsFrom, fieldsOf, schemaOf, valuesFromIntake } from './build-schema';
import { endSeededWalkinBeforeEach } from '~test/queue';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

/** A generic step with every field type of DESIGN.md section 4 and every validation rule. */
const EVERY_FIELD: IntakeStep = {
  code: 'health_check',
  name: 'Health check',
  sections: [
    {
      code: 'about',
      title: 'About you',
      schema: {
        nickname: { type: 'string', title: 'Nickname', required: true, maxLength: 10 },
        member: { type: 'string', title: 'Member number', pattern: '^M\\d{4}$' },
        notes: { type: 'string', title: 'Notes', maxLength: 20 },
        colour: { type: 'string', title: 'Favourite colour', enum: ['red', 'blue'], required: true },
        size: { type: 'string', title: 'Shirt size', enum: ['s', 'm', 'l'], required: true },
        smoker: { type: 'boolean', title: 'I smoke' },
        agree: { type: 'boolean', title: 'I confirm this is accurate', required: true },
        since: { type: 'string', title: 'Since when', required: true },
        cups: { type: 'integer', title: 'Cups of coffee a day', minimum: 0, maximum: 12, required: true },
      },
      form: [
        { key: 'nickname', type: 'text' },
        { key: 'member', type: 'text', placeholder: 'M1234' },
        { key: 'notes', type: 'textarea', title: 'Notes' },
        { key: 'colour', type: 'select', titleMap: { red: 'Red', blue: 'Blue' } },
        {
          key: 'size',
          type: 'radio',
          titleMap: [
            { value: 's', name: 'Small' },
            { value: 'm', name: 'Medium' },
            { value: 'l', name: 'Large' },
          ],
        },
        { key: 'smoker', type: 'checkbox' },
        { key: 'agree', type: 'checkbox' },
        { key: 'since', type: 'date' },
        { key: 'cups', type: 'number' },
      ],
    },
  ],
};

type User = ReturnType<typeof renderRoute>['user'];

/** Pastes instead of typing key by key: after a failed submit every key press re-validates the whole form. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

function useFlow(step: IntakeStep) {
  const account = db.accounts.get('demo')!;
  account.intake_steps = [step, { code: 'reason', name: 'Reason for visit' }];
  account.post_intake_steps = [];
}

describe('generic form step', () => {
  it('renders every field type with a real label, validates from the schema and saves custom fields', async () => {
    useFlow(EVERY_FIELD);
    const before = new Set(db.intakes.keys());
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    const section = await screen.findByRole('group', { name: 'About you' });

    const nickname = within(section).getByRole('textbox', { name: /Nickname/ });
    const member = within(section).getByRole('textbox', { name: /Member number/ });
    const notes = within(section).getByRole('textbox', { name: /Notes/ });
    const colour = within(section).getByRole('combobox', { name: /Favourite colour/ });
    const sizes = within(section).getByRole('group', { name: /Shirt size/ });
    const since = within(section).getByLabelText(/Since when/);
    const cups = within(section).getByRole('spinbutton', { name: /Cups of coffee a day/ });
    expect(since).toHaveAttribute('type', 'date');
    expect(within(sizes).getAllByRole('radio')).toHaveLength(3);
    expect(
      within(colour)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Red', 'Blue']);

    // Everything empty: each required field says what it needs.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Fill in “Nickname”.')).toBeInTheDocument();
    expect(screen.getByText('Choose an answer for “Favourite colour”.')).toBeInTheDocument();
    expect(screen.getByText('Choose an answer for “Shirt size”.')).toBeInTheDocument();
    expect(screen.getByText('Tick “I confirm this is accurate” to continue.')).toBeInTheDocument();
    expect(screen.getByText('Fill in “Since when”.')).toBeInTheDocument();
    expect(screen.getByText('Fill in “Cups of coffee a day”.')).toBeInTheDocument();
    expect(nickname).toHaveAttribute('aria-invalid', 'true');

    // Wrong values: length, pattern, range and whole numbers.
    await fill(user, nickname, 'Far too long a name');
    await fill(user, member, 'X99');
    await fill(user, notes, 'This note is longer than twenty');
    await fill(user, cups, '13');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('“Nickname” can be at most 10 characters (now 19).')).toBeInTheDocument();
    expect(screen.getByText('“Member number” is not in the expected format.')).toBeInTheDocument();
    expect(screen.getByText('“Notes” can be at most 20 characters (now 31).')).toBeInTheDocument();
    expect(screen.getByText('“Cups of coffee a day” must be at most 12.')).toBeInTheDocument();
    await fill(user, cups, '2.5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('“Cups of coffee a day” must be a whole number.')).toBeInTheDocument();
    // Nothing typed was lost along the way.
    expect(member).toHaveValue('X99');

    await fill(user, nickname, 'Sam');
    await fill(user, member, 'M1234');
    await fill(user, notes, 'Short note');
    await user.selectOptions(colour, 'Blue');
    await user.click(within(sizes).getByRole('radio', { name: 'Medium' }));
    await user.click(within(section).getByRole('checkbox', { name: 'I confirm this is accurate' }));
    await fill(user, since, '2024-02-29');
    await fill(user, cups, '3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Reason for visit' });
    const intake = [...db.intakes.values()].find((i) => !before.has(i.id));
    expect(intake).toMatchObject({
      'health_check.about.nickname': 'Sam',
      'health_check.about.member': 'M1234',
      'health_check.about.notes': 'Short note',
      'health_check.about.colour': 'blue',
      'health_check.about.size': 'm',
      'health_check.about.smoker': '0',
      'health_check.about.agree': '1',
      'health_check.about.since': '2024-02-29',
      'health_check.about.cups': '3',
    });

    // Going back shows the saved answers, read from the intake.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: /Nickname/ })).toHaveValue('Sam');
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I confirm this is accurate' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: /Cups of coffee/ })).toHaveValue(3);
  }, 30_000);
});

describe('building a form from a step schema', () => {
  const step = (schema: Record<string, unknown>, form: Record<string, unknown>[]): IntakeStep =>
    ({ code: 'c', sections: [{ code: 's', schema, form }] }) as IntakeStep;

  it('keys answers by step, section and field, and reads them back', () => {
    const sections = fieldsOf(
      step({ a: { type: 'string' }, b: { type: 'boolean' } }, [
        { key: 'a', type: 'text' },
        { key: 'b', type: 'checkbox' },
      ]),
    );
    expect(sections[0]!.fields.map((f) => f.customKey)).toEqual(['c.s.a', 'c.s.b']);
    const intake = { id: 'i1', 'c.s.a': 'hello', 'c.s.b': '1' };
    const values = valuesFromIntake(sections, intake);
    expect(values).toEqual({ s0f0: 'hello', s0f1: true });
    expect(customFieldsFrom(sections, { s0f0: ' hi ', s0f1: false })).toEqual({
      'c.s.a': 'hi',
      'c.s.b': '0',
    });
  });

  it('falls back sensibly: unknown form types, choices without options, fields missing from the schema, bad patterns', () => {
    const [section] = fieldsOf(
      step(
        {
          n: { type: 'number' },
          flag: { type: 'boolean' },
          pick: { type: 'string' },
          p: { type: 'string', pattern: '([' },
        },
        [
          { key: 'n', type: 'slider' },
          { key: 'flag', type: 'toggle' },
          { key: 'pick', type: 'select' },
          { key: 'ghost', type: 'text' },
          { key: 'p', type: 'text' },
        ],
      ),
    );
    expect(section!.fields.map((f) => f.control)).toEqual(['number', 'checkbox', 'text', 'text', 'text']);
    const schema = schemaOf([section!], '2026-11-26');
    expect(schema.safeParse({ s0f0: '', s0f1: false, s0f2: '', s0f3: '', s0f4: 'anything' }).success).toBe(
      true,
    );
    expect(schema.safeParse({ s0f0: 'abc', s0f1: false, s0f2: '', s0f3: '', s0f4: '' }).success).toBe(false);
  });

  it('checks dates are real calendar dates and enums hold', () => {
    const [section] = fieldsOf(
      step({ d: { type: 'string' }, e: { type: 'string', enum: ['x', 1] } }, [
        { key: 'd', type: 'date' },
        { key: 'e', type: 'text' },
      ]),
    );
    const schema = schemaOf([section!], '2026-11-26');
    expect(schema.safeParse({ s0f0: '2023-02-29', s0f1: '' }).success).toBe(false);
    expect(schema.safeParse({ s0f0: '2024-02-29', s0f1: '1' }).success).toBe(true);
    expect(schema.safeParse({ s0f0: '', s0f1: 'y' }).success).toBe(false);
  });

  it('holds a date to the schema’s limits, "today" being the patient’s own today', () => {
    const [section] = fieldsOf(
      step(
        {
          started: { type: 'string', title: 'When did it start?', formatMaximum: 'today' },
          visit: { type: 'string', title: 'Preferred day', formatMinimum: '2026-12-01' },
        },
        [
          { key: 'started', type: 'date', title: 'When did it start?' },
          { key: 'visit', type: 'date', title: 'Preferred day' },
        ],
      ),
    );
    const schema = schemaOf([section!], '2026-11-26');
    const messages = (values: Record<string, string>) => {
      const result = schema.safeParse(values);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ s0f0: '2026-11-26', s0f1: '2026-12-01' })).toEqual([]);
    expect(messages({ s0f0: '2026-11-27', s0f1: '2026-11-30' })).toEqual([
      '“When did it start?” cannot be later than today.',
      '“Preferred day” cannot be earlier than Dec 1, 2026.',
    ]);
  });

  it('offers a choice listed twice only once, with its first label', () => {
    const [section] = fieldsOf(
      step({ e: { type: 'string', enum: [1, '1', 'b'] }, t: { type: 'string' } }, [
        { key: 'e', type: 'radio' },
        {
          key: 't',
          type: 'select',
          titleMap: [
            { value: '', name: 'None' },
            { value: 'x', name: 'X' },
            { value: '', name: 'Nothing' },
          ],
        },
      ]),
    );
    expect(section!.fields[0]!.options).toEqual([
      { value: '1', label: '1' },
      { value: 'b', label: 'b' },
    ]);
    expect(section!.fields[1]!.options).toEqual([
      { value: '', label: 'None' },
      { value: 'x', label: 'X' },
    ]);
  });
});

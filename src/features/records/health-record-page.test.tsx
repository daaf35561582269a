import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const section = (name: string) => screen.getByRole('region', { name });

async function openRecord() {
  const utils = renderRoute('/patient/records', { as: 'demo-patient' });
  await screen.findByRole('region', { name: 'Allergies' });
  return utils;
}

describe('health record page', () => {
  it('shows the seven sections with who changed them, and "not reported" apart from "none"', async () => {
    await openRecord();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Allergies',
      'Medications',
      'Conditions',
      'Surgeries',
      'Family conditions',
      'Social history',
      'Health habits',
    ]);
    expect(section('Allergies')).toHaveTextContent('Penicillin');
    expect(section('Allergies')).toHaveTextContent(/Last changed .+ E[SD]T by you/);
    expect(section('Medications')).toHaveTextContent('by Dr. Samira Okafor, MD');
    expect(section('Family conditions')).toHaveTextContent('Type 2 diabetes (mother)');
    expect(section('Social history')).toHaveTextContent(/Highest education\s*Bachelor’s degree/);
    expect(section('Health habits')).toHaveTextContent('Not reported: you preferred not to say.');
  });

  it('adds, changes and removes allergies with the keyboard and stores the spec 2.13 shape', async () => {
    const { user } = await openRecord();
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Edit allergies' }));
    const first = within(section('Allergies')).getByRole('textbox', { name: 'Allergy 1' });
    expect(first).toHaveValue('Penicillin');
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Add an allergy' }));
    expect(within(section('Allergies')).getByRole('textbox', { name: 'Allergy 2' })).toHaveFocus();
    await user.keyboard('Latex');
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Add an allergy' }));
    await user.keyboard('Peanuts');
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Remove allergy 1' }));
    expect(within(section('Allergies')).getByRole('textbox', { name: 'Allergy 1' })).toHaveFocus();
    await user.clear(within(section('Allergies')).getByRole('textbox', { name: 'Allergy 2' }));
    await user.type(within(section('Allergies')).getByRole('textbox', { name: 'Allergy 2' }), 'Tree nuts');
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Save allergies' }));
    await waitFor(() => expect(within(section('Allergies')).queryByRole('textbox')).not.toBeInTheDocument());
    expect(
      within(section('Allergies'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Latex', 'Tree nuts']);
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)).toMatchObject({
      data: [{ substance: 'Latex' }, { substance: 'Tree nuts' }],
      data_not_reported: false,
    });
    expect(within(section('Allergies')).getByRole('button', { name: 'Edit allergies' })).toHaveFocus();
  });

  it.each([
    ['Medications', 'medication', 'a', 'medications', 'name', 'Ibuprofen 200 mg'],
    ['Conditions', 'condition', 'a', 'conditions', 'condition', 'Asthma'],
    ['Surgeries', 'surgery', 'a', 'surgeries', 'procedure', 'Knee arthroscopy'],
  ])(
    'adds to %s and stores each entry under its spec 2.13 key',
    async (title, noun, article, name, key, text) => {
      const { user } = await openRecord();
      const region = section(title);
      await user.click(within(region).getByRole('button', { name: `Edit ${title.toLowerCase()}` }));
      const before = within(region).queryAllByRole('textbox').length;
      await user.click(within(region).getByRole('button', { name: `Add ${article} ${noun}` }));
      await user.keyboard(text);
      await user.click(within(region).getByRole('button', { name: `Save ${title.toLowerCase()}` }));
      await waitFor(() => expect(within(region).queryByRole('textbox')).not.toBeInTheDocument());
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toContain(text);
      const stored = db.emr.get(`${SEED_USERS.patient}:${name}`);
      expect(stored?.data_not_reported).toBe(false);
      expect(stored?.data).toHaveLength(before + 1);
      expect(stored?.data).toContainEqual({ [key]: text });
      for (const entry of stored?.data as Record<string, unknown>[])
        expect(Object.keys(entry)).toEqual([key]);
    },
  );

  it('refuses blank rows and duplicates before sending', async () => {
    let posts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/emr/')) posts += 1;
    });
    const { user } = await openRecord();
    await user.click(within(section('Medications')).getByRole('button', { name: 'Edit medications' }));
    await user.click(within(section('Medications')).getByRole('button', { name: 'Add a medication' }));
    await user.click(within(section('Medications')).getByRole('button', { name: 'Save medications' }));
    expect(
      await within(section('Medications')).findByText('Medication 2 is empty: type it in or remove the row.'),
    ).toBeInTheDocument();
    // The keyboard lands on the row to fix, once the form is enabled again.
    await waitFor(() =>
      expect(within(section('Medications')).getByRole('textbox', { name: 'Medication 2' })).toHaveFocus(),
    );
    await user.type(
      within(section('Medications')).getByRole('textbox', { name: 'Medication 2' }),
      'cetirizine ',
    );
    await user.click(within(section('Medications')).getByRole('button', { name: 'Save medications' }));
    expect(
      await within(section('Medications')).findByText(
        'You already listed “cetirizine” as medication 1. Remove one of them.',
      ),
    ).toBeInTheDocument();
    expect(within(section('Medications')).getByRole('textbox', { name: 'Medication 2' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts).toBe(0);
  });

  it('saves "none" and "I prefer not to say" as different answers', async () => {
    const { user } = await openRecord();
    await user.click(within(section('Surgeries')).getByRole('button', { name: 'Edit surgeries' }));
    await user.click(within(section('Surgeries')).getByRole('radio', { name: 'No surgeries' }));
    await user.click(within(section('Surgeries')).getByRole('button', { name: 'Save surgeries' }));
    expect(await within(section('Surgeries')).findByText('No surgeries.')).toBeInTheDocument();
    expect(db.emr.get(`${SEED_USERS.patient}:surgeries`)).toMatchObject({
      data: [],
      data_not_reported: false,
    });

    await user.click(within(section('Conditions')).getByRole('button', { name: 'Edit conditions' }));
    await user.click(within(section('Conditions')).getByRole('radio', { name: 'I prefer not to say' }));
    await user.click(within(section('Conditions')).getByRole('button', { name: 'Save conditions' }));
    expect(
      await within(section('Conditions')).findByText('Not reported: you preferred not to say.'),
    ).toBeInTheDocument();
    expect(db.emr.get(`${SEED_USERS.patient}:conditions`)).toMatchObject({
      data: [],
      data_not_reported: true,
    });
  });

  it('edits family conditions with relatives, social history and health habits', async () => {
    const { user } = await openRecord();
    const family = () => section('Family conditions');
    await user.click(within(family()).getByRole('button', { name: 'Edit family conditions' }));
    await user.click(within(family()).getByRole('button', { name: 'Add a family condition' }));
    await user.keyboard('Heart disease');
    await user.click(within(family()).getByRole('button', { name: 'Save family conditions' }));
    expect(
      await within(family()).findByText('Choose who in your family has Heart disease.'),
    ).toBeInTheDocument();
    const who = within(family()).getByRole('group', { name: 'Who has family condition 2?' });
    await user.click(within(who).getByRole('checkbox', { name: 'Father' }));
    await user.click(within(who).getByRole('checkbox', { name: 'Brother' }));
    await user.click(within(family()).getByRole('button', { name: 'Save family conditions' }));
    await waitFor(() => expect(family()).toHaveTextContent('Heart disease (father, brother)'));
    expect(db.emr.get(`${SEED_USERS.patient}:family_conditions`)?.data).toEqual([
      { condition: 'Type 2 diabetes', relations: ['mother'] },
      { condition: 'Heart disease', relations: ['father', 'brother'] },
    ]);

    await user.click(within(section('Social history')).getByRole('button', { name: 'Edit social history' }));
    await user.selectOptions(
      within(section('Social history')).getByRole('combobox', { name: 'Marital status' }),
      'married',
    );
    const kids = within(section('Social history')).getByRole('textbox', { name: 'Number of children' });
    await user.clear(kids);
    await user.type(kids, '2');
    await user.click(within(section('Social history')).getByRole('button', { name: 'Save social history' }));
    await waitFor(() => expect(section('Social history')).toHaveTextContent(/Marital status\s*Married/));
    expect(db.emr.get(`${SEED_USERS.patient}:social_history`)?.data).toEqual({
      marital_status: 'married',
      highest_ed: 'bachelor',
      occupation: 'Designer',
      num_kids: 2,
    });

    await user.click(within(section('Health habits')).getByRole('button', { name: 'Edit health habits' }));
    expect(
      within(section('Health habits')).getByRole('radio', { name: 'I prefer not to say' }),
    ).toBeChecked();
    await user.click(within(section('Health habits')).getByRole('radio', { name: 'I’ll answer these' }));
    await user.selectOptions(
      within(section('Health habits')).getByRole('combobox', { name: 'Smoking' }),
      'former',
    );
    await user.click(within(section('Health habits')).getByRole('button', { name: 'Save health habits' }));
    await waitFor(() => expect(section('Health habits')).toHaveTextContent(/Smoking\s*In the past, not now/));
    expect(db.emr.get(`${SEED_USERS.patient}:health_habits`)).toMatchObject({
      data: { smoking: 'former', alcohol: null, drugs: null, exercise: null },
      data_not_reported: false,
    });
  });

  it('puts a server refusal on the row it names and keeps everything typed', async () => {
    server.use(
      http.post(api('/users/:id/emr/:name'), () =>
        HttpResponse.json(
          { code: 400, message: 'data.1.substance: is not a known substance' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openRecord();
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Edit allergies' }));
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Add an allergy' }));
    await user.keyboard('Moonbeams');
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Save allergies' }));
    const row = within(section('Allergies')).getByRole('textbox', { name: 'Allergy 2' });
    expect(
      await within(section('Allergies')).findByText('Allergy 2 is not a known substance.'),
    ).toBeInTheDocument();
    expect(row).toHaveAttribute('aria-invalid', 'true');
    expect(row).toHaveValue('Moonbeams');
    expect(row).toHaveFocus();
    expect(within(section('Allergies')).getByRole('textbox', { name: 'Allergy 1' })).toHaveValue(
      'Penicillin',
    );
  });

  it('keeps the typing when the clinic cannot be reached, and saves on the retry', async () => {
    server.use(http.post(api('/users/:id/emr/:name'), () => HttpResponse.error(), { once: true }));
    const { user } = await openRecord();
    await user.click(within(section('Surgeries')).getByRole('button', { name: 'Edit surgeries' }));
    await user.click(within(section('Surgeries')).getByRole('button', { name: 'Add a surgery' }));
    await user.keyboard('Knee arthroscopy');
    await user.click(within(section('Surgeries')).getByRole('button', { name: 'Save surgeries' }));
    expect(await within(section('Surgeries')).findByRole('alert')).toHaveTextContent(
      'We could not reach the clinic. Check your connection and try again. Your changes are still here',
    );
    expect(within(section('Surgeries')).getByRole('textbox', { name: 'Surgery 2' })).toHaveValue(
      'Knee arthroscopy',
    );
    await user.click(within(section('Surgeries')).getByRole('button', { name: 'Save surgeries' }));
    await waitFor(() => expect(section('Surgeries')).toHaveTextContent('Knee arthroscopy'));
    expect(db.emr.get(`${SEED_USERS.patient}:surgeries`)?.data).toEqual([
      { procedure: 'Appendectomy' },
      { procedure: 'Knee arthroscopy' },
    ]);
  });
});

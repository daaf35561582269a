import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { db } from '@telehealth/mock/db';
import { setMockProfile } from '@telehealth/mock/lib/profile';
import { SEED_USERS } from '@telehealth/mock/seed/ids';
import { renderRoute } from '~test/render';
import { allergyText, readAllergy } from './allergy-text';

const allergies = () => screen.getByRole('region', { name: 'Allergies' });
const listed = () =>
  within(allergies())
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function openRecord() {
  const utils = renderRoute('/patient/records', { as: 'demo-patient' });
  await screen.findByRole('region', { name: 'Allergies' });
  await utils.user.click(within(allergies()).getByRole('button', { name: 'Edit allergies' }));
  return utils;
}

describe('allergy text', () => {
  it('keeps reaction and severity inside the substance in words, and reads them back', () => {
    const parts = { substance: 'Latex', reaction: 'hives on the hands', severity: 'severe' } as const;
    expect(allergyText(parts)).toBe('Latex — hives on the hands (severe)');
    expect(readAllergy('Latex — hives on the hands (severe)')).toEqual(parts);
    expect(allergyText({ substance: ' Latex ', reaction: '', severity: '' })).toBe('Latex');
    expect(allergyText({ substance: 'Bee stings', reaction: '', severity: 'mild' })).toBe(
      'Bee stings (mild)',
    );
  });

  it('reads text written any other way as the substance alone', () => {
    expect(readAllergy('Penicillin')).toEqual({ substance: 'Penicillin', reaction: '', severity: '' });
    expect(readAllergy('Shellfish (since childhood)')).toEqual({
      substance: 'Shellfish (since childhood)',
      reaction: '',
      severity: '',
    });
  });
});

describe.each(['full', 'spec'] as const)('allergies with a reaction and severity (%s profile)', (profile) => {
  afterEach(() => setMockProfile(null));

  it('adds an allergy with what happens and how serious it is, stores it in words and shows it back', async () => {
    setMockProfile(profile);
    const { user } = await openRecord();
    // The seeded allergy has neither: it edits as it is.
    expect(within(allergies()).getByRole('textbox', { name: 'Allergy 1' })).toHaveValue('Penicillin');
    expect(within(allergies()).getByRole('textbox', { name: 'Reaction to allergy 1' })).toHaveValue('');
    expect(
      within(allergies()).getByRole('combobox', { name: 'How serious is allergy 1?' }),
    ).toHaveDisplayValue('Not sure');

    await user.click(within(allergies()).getByRole('button', { name: 'Add an allergy' }));
    expect(within(allergies()).getByRole('textbox', { name: 'Allergy 2' })).toHaveFocus();
    await user.keyboard('Latex');
    await user.type(
      within(allergies()).getByRole('textbox', { name: 'Reaction to allergy 2' }),
      'hives on the hands',
    );
    await user.selectOptions(
      within(allergies()).getByRole('combobox', { name: 'How serious is allergy 2?' }),
      'Severe',
    );
    await user.click(within(allergies()).getByRole('button', { name: 'Save allergies' }));
    await waitFor(() => expect(within(allergies()).queryByRole('textbox')).not.toBeInTheDocument());

    expect(listed()).toEqual(['Penicillin', 'Latex — hives on the hands (severe)']);
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)).toMatchObject({
      data: [{ substance: 'Penicillin' }, { substance: 'Latex — hives on the hands (severe)' }],
      data_not_reported: false,
    });

    // Editing again shows the parts in their own fields.
    await user.click(within(allergies()).getByRole('button', { name: 'Edit allergies' }));
    expect(within(allergies()).getByRole('textbox', { name: 'Allergy 2' })).toHaveValue('Latex');
    expect(within(allergies()).getByRole('textbox', { name: 'Reaction to allergy 2' })).toHaveValue(
      'hives on the hands',
    );
    expect(
      within(allergies()).getByRole('combobox', { name: 'How serious is allergy 2?' }),
    ).toHaveDisplayValue('Severe');
  });
});

describe('allergies with a reaction and severity', () => {
  it('refuses a reaction that makes the entry too long for the record, sending nothing', async () => {
    const { user } = await openRecord();
    const before = db.emr.get(`${SEED_USERS.patient}:allergies`)?.data;
    const reaction = within(allergies()).getByRole('textbox', { name: 'Reaction to allergy 1' });
    await user.click(reaction);
    // 13 characters of "Penicillin — " and 110 of reaction: 123 in all.
    await user.paste('r'.repeat(110));
    await user.click(within(allergies()).getByRole('button', { name: 'Save allergies' }));
    await waitFor(() =>
      expect(
        within(allergies()).getByRole('textbox', { name: 'Reaction to allergy 1' }),
      ).toHaveAccessibleDescription(
        expect.stringContaining(
          'Keep allergy 1 and its reaction under 120 characters together: shorten the reaction.',
        ),
      ),
    );
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)?.data).toEqual(before);
  });

  it('a change of severity alone keeps the allergy and says how serious it is', async () => {
    const { user } = await openRecord();
    await user.selectOptions(
      within(allergies()).getByRole('combobox', { name: 'How serious is allergy 1?' }),
      'Life-threatening',
    );
    await user.click(within(allergies()).getByRole('button', { name: 'Save allergies' }));
    await waitFor(() => expect(listed()).toEqual(['Penicillin (life-threatening)']));
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)?.data).toEqual([
      { substance: 'Penicillin (life-threatening)' },
    ]);
  });

  it('shows the care team the allergies with their reaction and severity, and older ones as they are', async () => {
    const { user } = renderRoute(paths.provider.patient(SEED_USERS.patient3), { as: 'demo-provider' });
    await user.click(await screen.findByRole('tab', { name: 'Health record' }));
    await screen.findByRole('region', { name: 'Allergies' });
    expect(listed()).toEqual([
      'Peanuts — swelling of the lips and throat (life-threatening)',
      'Sulfa drugs — itchy rash (moderate)',
      'Dust mites',
    ]);
    expect(within(allergies()).queryByRole('button', { name: 'Edit allergies' })).not.toBeInTheDocument();
  });
});

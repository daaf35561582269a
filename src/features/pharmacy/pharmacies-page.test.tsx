import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { db } from '@telehealth/mock/db';
import { setMockProfile, type MockProfile } from '@telehealth/mock/lib/profile';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { countRequests } from '~test/server-extensions';
import { SEED_PHARMACIES, SEED_USERS } from '@telehealth/mock/seed/ids';

afterEach(() => setMockProfile(null));

const defaultsOf = (userId: string) =>
  [...db.pharmacies.values()].filter((p) => p.user_id === userId && p.is_default === true);

async function openPage() {
  const utils = renderRoute(paths.patient.pharmacies(), { as: 'demo-patient' });
  await screen.findByRole('list', { name: 'Your pharmacies' });
  return utils;
}

describe('pharmacies and prescriptions page', () => {
  it('lists saved pharmacies with the default marked, and removes one', async () => {
    const { user } = await openPage();
    const saved = screen.getByRole('list', { name: 'Your pharmacies' });
    const items = within(saved).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Harbor Pharmacy Default');
    expect(items[0]).toHaveTextContent('12 Water Street, Brooklyn, NY 11201');
    expect(items[0]).toHaveTextContent('Phone (718) 555-0101 · Fax (718) 555-0102');
    await user.click(screen.getByRole('button', { name: 'Remove Corner Drugs' }));
    await waitFor(() => expect(within(saved).getAllByRole('listitem')).toHaveLength(1));
    expect(db.pharmacies.has(`${SEED_USERS.patient}:ph_1002`)).toBe(false);
    expect(screen.getByText('Corner Drugs removed.')).toBeInTheDocument();
  });

  it.each<MockProfile>(['full', 'spec'])(
    'makes another saved pharmacy the default, once per double click, and the mock keeps one default (%s profile)',
    async (profile) => {
      setMockProfile(profile);
      const posts = countRequests('POST', /\/erx\/pharmacies$/);
      const before = structuredClone(db.pharmacies.get(`${SEED_USERS.patient}:${SEED_PHARMACIES.corner}`));
      const { user } = await openPage();
      const saved = screen.getByRole('list', { name: 'Your pharmacies' });
      expect(screen.queryByRole('button', { name: 'Make Harbor Pharmacy my pharmacy' })).toBeNull();
      await user.dblClick(screen.getByRole('button', { name: 'Make Corner Drugs my pharmacy' }));
      expect(await screen.findByText('Corner Drugs is now your pharmacy.')).toBeInTheDocument();
      const [harbor, corner] = within(saved).getAllByRole('listitem');
      expect(corner).toHaveTextContent('Corner Drugs Default');
      expect(corner).toHaveTextContent('Your prescriptions go here unless you choose another.');
      expect(harbor).not.toHaveTextContent('Default');
      expect(within(harbor!).getByRole('button', { name: 'Make Harbor Pharmacy my pharmacy' })).toBeEnabled();
      expect(posts.count).toBe(1);
      // Stored: exactly one default, and the chosen pharmacy is otherwise as it was.
      expect(defaultsOf(SEED_USERS.patient).map((p) => p.code)).toEqual([SEED_PHARMACIES.corner]);
      const after = db.pharmacies.get(`${SEED_USERS.patient}:${SEED_PHARMACIES.corner}`);
      expect(after).toMatchObject({
        name: before?.name,
        address: before?.address,
        zip: before?.zip,
        phone: before?.phone,
        extra: before?.extra,
        _saved: before?._saved,
        is_default: true,
      });
    },
  );

  it('says so when the server saves the pharmacy but keeps the earlier default', async () => {
    server.use(http.post('*/api_v3/users/:id/erx/pharmacies', () => HttpResponse.json({ data: true })));
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Make Corner Drugs my pharmacy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Corner Drugs could not be made your pharmacy: the pharmacy service kept your earlier choice. Ask the clinic to change it for you.',
    );
    expect(defaultsOf(SEED_USERS.patient).map((p) => p.code)).toEqual([SEED_PHARMACIES.harbor]);
  });

  it('finds pharmacies by ZIP nearest first and saves the provider’s result unmodified', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Type at least two letters of a pharmacy name or city, or a ZIP code.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Pharmacy name, city or ZIP code/ }), '11201');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Pharmacies found' });
    const rows = within(found).getAllByRole('listitem');
    const miles = rows.map((row) => Number(/([\d.]+) miles away/.exec(row.textContent)?.[1]));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    const first = rows[0] as HTMLElement;
    const name = within(first).getByRole('heading', { level: 3 }).textContent;
    await user.click(within(first).getByRole('button', { name: new RegExp(`^Save ${name}`) }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your pharmacies' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
    const stored = [...db.pharmacies.values()].find((p) => p.name === name && p.type === 'demo_directory');
    expect(stored).toMatchObject({ zip: expect.stringMatching(/^\d{5}$/) as string, is_default: false });
    expect(stored?.extra).toMatchObject({ id: stored?.code, name, hours: expect.any(String) as string });
  });

  it('shows current prescriptions by default and others on request', async () => {
    const { user } = await openPage();
    const current = await screen.findByRole('list', { name: 'Current prescriptions' });
    expect(
      within(current)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Cetirizine 10 mg tablet', 'Hydrocortisone 1% cream']);
    expect(within(current).getAllByRole('listitem')[0]).toHaveTextContent(
      /Directions\s*Take 1 tablet by mouth daily\s*Quantity\s*30\s*Status\s*Current\s*Prescribed by\s*Samira Okafor, MD/,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show prescriptions' }), 'Completed');
    const past = await screen.findByRole('list', { name: 'Completed prescriptions' });
    expect(within(past).getByRole('heading', { level: 3 })).toHaveTextContent('Amoxicillin 500 mg capsule');
  });

  it('says what the profile lacks for e-prescribing and links to it', async () => {
    const patient = db.users.get(SEED_USERS.patient);
    if (patient) {
      delete patient.phone;
      delete patient.gender;
    }
    await openPage();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'To send prescriptions to a pharmacy, the clinic needs your gender and phone number. Add them on your profile.',
    );
    expect(within(note).getByRole('link', { name: 'Add them on your profile' })).toHaveAttribute(
      'href',
      paths.patient.profile(),
    );
  });
});

describe('provider chart', () => {
  it('shows the patient’s health record and prescriptions read-only', async () => {
    const { user } = renderRoute(`/provider/patients/${SEED_USERS.patient}`, { as: 'demo-provider' });
    const recordTab = await screen.findByRole('tab', { name: 'Health record' });
    await user.click(recordTab);
    const allergies = await screen.findByRole('region', { name: 'Allergies' });
    expect(allergies).toHaveTextContent('Penicillin');
    expect(screen.getByRole('region', { name: 'Health habits' })).toHaveTextContent(
      'Not reported: the patient preferred not to say.',
    );
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Prescriptions and pharmacies' })).toHaveFocus();
    const current = await screen.findByRole('list', { name: 'Current prescriptions' });
    expect(within(current).getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByRole('list', { name: 'Saved pharmacies' })).toHaveTextContent(
      'Harbor Pharmacy',
    );
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});

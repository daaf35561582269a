import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await import('./patients');
  await import('./patient');
});

describe('my patients and the patient chart', () => {
  it('lists the patients of my visits, each leading to the chart by id only', async () => {
    renderRoute('/provider/patients', { as: 'demo-provider' });
    const link = await screen.findByRole('link', { name: 'Casey Morgan' });
    expect(link).toHaveAttribute('href', `/provider/patients/${SEED_USERS.patient}`);
    // Riley Chen has no visit with Dr. Okafor.
    expect(screen.queryByRole('link', { name: 'Riley Chen' })).not.toBeInTheDocument();
  });

  it('shows the profile, then the documents and visits tabs, switched with the arrow keys', async () => {
    const { user } = renderRoute(`/provider/patients/${SEED_USERS.patient}`, { as: 'demo-provider' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Patient: Casey Morgan' }),
    ).toBeInTheDocument();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Date of birth')).toBeInTheDocument();
    const documents = screen.getByRole('tab', { name: 'Documents' });
    expect(documents).toHaveAttribute('aria-selected', 'true');
    documents.focus();
    await user.keyboard('{ArrowRight}');
    const visits = screen.getByRole('tab', { name: 'Visits' });
    expect(visits).toHaveAttribute('aria-selected', 'true');
    expect(visits).toHaveFocus();
    const panel = screen.getByRole('tabpanel');
    const links = await within(panel).findAllByRole('link', { name: /^Walk-in visit/ });
    expect(links.map((l) => l.getAttribute('href'))).toContain(
      `/provider/visits/${SEED_VISITS.walkInWaiting}`,
    );
  });

  it('keeps the patient’s name out of the tab title and isolates it from bidi controls in the heading', async () => {
    renderRoute(`/provider/patients/${SEED_USERS.patient}`, { as: 'demo-provider' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Patient: Casey Morgan' });
    expect(within(heading).getByText('Casey Morgan', { selector: 'bdi' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Patient record/);
    expect(document.title).not.toMatch(/Casey|Morgan/);
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

describe('pharmacy for a visit', () => {
  it('shows the care team the pharmacy the patient chose for the visit, and links to the chart', async () => {
    renderRoute(`/provider/visits/${SEED_VISITS.completed}`, { as: 'demo-provider' });
    const panel = await screen.findByRole('region', { name: 'Pharmacy for this visit' });
    expect(panel).toHaveTextContent(
      'Harbor Pharmacy, 12 Water Street, Brooklyn, NY 11201 · Phone (718) 555-0101',
    );
    expect(screen.getByRole('link', { name: /Open the patient’s chart/ })).toHaveAttribute(
      'href',
      `/provider/patients/${SEED_USERS.patient}`,
    );
  });

  it('says plainly when no pharmacy was chosen', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.pending}`, { as: 'demo-patient' });
    const panel = await screen.findByRole('region', { name: 'Pharmacy for this visit' });
    expect(within(panel).getByText('No pharmacy was chosen for this visit.')).toBeInTheDocument();
  });
});

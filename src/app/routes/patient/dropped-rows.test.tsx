import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { resetMalformedRowReports } from '@telehealth/client/common/schemas';
import { renderRoute } from '~test/render';
import { withMalformedRow } from '~test/support/malformed-row';

const NOTICE =
  'Some items could not be shown. Please try again later, or contact the clinic if this keeps happening.';
/** A value that must never reach the console: the malformed rows carry it. */
const SECRET = 'Jane Patient-Secret';

beforeAll(async () => {
  await import('./visits');
});

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  resetMalformedRowReports();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  const logged = warn.mock.calls.flat().map(String).join(' ');
  expect(logged).not.toContain(SECRET);
  warn.mockRestore();
});

describe('one malformed row leaves the rest of a list visible', () => {
  it('the patient’s visit list', async () => {
    withMalformedRow('/visits', { id: 'v-broken', status: SECRET });
    renderRoute('/patient/visits', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Happening now' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Happening now' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Past' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Left out a malformed row of visits (status: invalid_union)');
  });

  it('notifications', async () => {
    withMalformedRow('/notifications', { id: 'n-broken', title: SECRET });
    renderRoute('/patient/notifications', { as: 'demo-patient' });
    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    expect(await screen.findByText('Your appointment is confirmed')).toBeInTheDocument();
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
  });

  it('documents', async () => {
    withMalformedRow('/files', { id: 'f-broken', ext: SECRET });
    renderRoute('/patient/documents', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Photo of the rash', level: 3 })).toBeInTheDocument();
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
  });

  it('says nothing when every row could be read', async () => {
    renderRoute('/patient/documents', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Photo of the rash', level: 3 })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});

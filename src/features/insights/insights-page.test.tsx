import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { server } from '@telehealth/mock/node';

beforeAll(async () => {
  await import('@/app/routes/provider/insights');
});

describe('clinic insights', () => {
  it('shows eight weeks of waits, visits, no-shows, replies and scores, each chart with its table', async () => {
    const { user } = renderRoute('/provider/insights', { as: 'demo-provider' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinic insights' })).toBeInTheDocument();
    const waits = await screen.findByRole('region', { name: 'Walk-in waits' });
    expect(within(waits).getAllByRole('definition')[0]).toHaveTextContent(/^\d+(\.\d)? min$/);
    const byDay = within(waits).getByRole('img', { name: /^Walk-in wait by day\. Median \d/ });
    expect(byDay.tagName.toLowerCase()).toBe('svg');
    // Rooms by name, never by code.
    const byRoom = await within(waits).findByRole('img', { name: /^Walk-in wait by room\./ });
    expect(byRoom).toHaveAccessibleName(/General practice: median/);
    expect(byRoom).toHaveAccessibleName(/After-hours care: median/);
    expect(byRoom).not.toHaveAccessibleName(/after-hours:|general:/);

    await user.click(within(waits).getAllByText('Show the table')[0] as HTMLElement);
    const table = within(waits).getByRole('region', { name: 'Walk-in wait by day, table' });
    expect(table).toHaveAttribute('tabindex', '0');
    expect(within(table).getAllByRole('row')).toHaveLength(57);

    expect(screen.getByRole('img', { name: /^Visits by week\./ })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^No-shows and cancellations by week\. \d+ no-shows? and \d+/ }),
    ).toBeInTheDocument();
    const replies = screen.getByRole('region', { name: 'E-consult replies' });
    expect(
      await within(replies).findByRole('img', { name: /^First reply by week\. Median \d/ }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Average score by week\. \d+ scored responses; from \d\.\d/ }),
    ).toBeInTheDocument();
  });

  it('shows a failed read of the visits with a way to try again', async () => {
    server.use(
      http.get('*/api_v3/visits', () => HttpResponse.json({ error: 'server_error' }, { status: 500 })),
    );
    renderRoute('/provider/insights', { as: 'demo-provider' });
    expect(await screen.findByText("We couldn't load the clinic's visits")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

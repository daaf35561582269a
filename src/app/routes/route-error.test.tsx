import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@telehealth/client/errors';
import { RouteError } from './route-error';

afterEach(() => vi.restoreAllMocks());

describe('RouteError while offline (case 52)', () => {
  it('says the page needs a connection, then opens it by itself when the connection returns', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const listen = vi.spyOn(window, 'addEventListener');
    let attempts = 0;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError level="area" />,
          hydrateFallbackElement: <p>Loading</p>,
          loader: () => {
            attempts += 1;
            if (attempts === 1) throw new ApiError({ kind: 'network' });
            return null;
          },
          element: <h1>Documents</h1>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText(/This page will open by itself when the connection returns/)).toBeInTheDocument();
    expect(screen.queryByText(/hit a problem/)).not.toBeInTheDocument();
    // The page listens from an effect, which may run a moment after the message shows.
    await waitFor(() => expect(listen.mock.calls.map(([type]) => type)).toContain('online'));
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('keeps the general message for other errors', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError level="area" />,
          hydrateFallbackElement: <p>Loading</p>,
          loader: () => {
            throw new Error('boom');
          },
          element: <h1>Documents</h1>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('This section hit a problem')).toBeInTheDocument();
  });
});

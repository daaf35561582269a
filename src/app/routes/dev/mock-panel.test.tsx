import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MockPanel from './mock-panel';
import { reportMockNotice } from './mock-notice';

describe('mock panel', () => {
  afterEach(() => reportMockNotice(null));

  it('shows a storage problem of the mock host even while closed, and hides it once saving works', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MockPanel />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => reportMockNotice('The mock database is too large for browser storage.'));
    expect(screen.getByRole('alert')).toHaveTextContent('too large for browser storage');
    act(() => reportMockNotice(null));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

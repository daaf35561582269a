import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@telehealth/client/errors';
import { QueryState } from './query-state';

function Names({ read }: { read: () => Promise<string[]> }) {
  const names = useQuery({ queryKey: ['names'], queryFn: read, retry: false });
  return (
    <QueryState
      query={names}
      label="Loading names…"
      errorTitle="We couldn't load the names"
      isEmpty={(list) => list.length === 0}
      empty={<p>No names yet.</p>}
    >
      {(list) => (
        <ul>
          {list.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function showNames(read: () => Promise<string[]>) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <Names read={read} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const outage = () => Promise.reject(new ApiError({ kind: 'http', status: 503 }));

describe('QueryState', () => {
  it('says what is loading, then shows the data', async () => {
    showNames(() => Promise.resolve(['Ada']));
    expect(screen.getByRole('status')).toHaveTextContent('Loading names…');
    expect(await screen.findByRole('listitem')).toHaveTextContent('Ada');
  });

  it('shows the empty state for an empty answer', async () => {
    showNames(() => Promise.resolve([]));
    expect(await screen.findByText('No names yet.')).toBeInTheDocument();
  });

  it('shows the failure with Try again, and the data once a retry works', async () => {
    const user = userEvent.setup();
    let read: () => Promise<string[]> = outage;
    showNames(() => read());
    expect(await screen.findByRole('heading', { name: "We couldn't load the names" })).toBeInTheDocument();
    read = () => Promise.resolve(['Grace']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Grace');
  });

  it('keeps the last copy on screen with a quiet banner when a refresh fails', async () => {
    let read: () => Promise<string[]> = () => Promise.resolve(['Ada']);
    const queryClient = showNames(() => read());
    await screen.findByRole('listitem');
    read = outage;
    await queryClient.refetchQueries({ queryKey: ['names'] });
    expect(await screen.findByText(/couldn’t refresh this just now/)).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Ada');
  });
});

import { ApiError } from '@telehealth/client/errors';
import userEvent from '@testing-library/user-event';
import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_GRID_HOLD_MS, HomeCard, HomeGrid } from './home-card';

/** A card that loads for `ms` and then shows `text`, or removes itself when `text` is null. */
function SlowCard({ title, ms, text }: { title: string; ms: number; text: string | null }) {
  const [isPending, setPending] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPending(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  if (!isPending && text === null) return null;
  return (
    <HomeCard title={title} isPending={isPending}>
      <p>{text}</p>
    </HomeCard>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HomeGrid', () => {
  it('shows its cards together once none is loading, never one by one', async () => {
    vi.useFakeTimers();
    render(
      <HomeGrid label="Loading your home…" footer={<p>Need help? Call the clinic.</p>}>
        <SlowCard title="Waiting room" ms={300} text={null} />
        <SlowCard title="Next appointment" ms={100} text="Tomorrow at 9:00" />
        <SlowCard title="Prescriptions" ms={200} text="Amoxicillin" />
      </HomeGrid>,
    );
    expect(screen.getByText('Loading your home…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Next appointment' })).not.toBeInTheDocument();

    // The first card has its answer; the others are still loading, so nothing moves yet.
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.queryByRole('heading', { name: 'Next appointment' })).not.toBeInTheDocument();
    // What sits under the grid waits with it, instead of being pushed down when the cards arrive.
    expect(screen.queryByText('Need help? Call the clinic.')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('heading', { name: 'Next appointment' })).toBeInTheDocument();
    expect(screen.getByText('Amoxicillin')).toBeInTheDocument();
    expect(screen.getByText('Need help? Call the clinic.')).toBeInTheDocument();
    // The card with nothing to say removed itself before anything was shown.
    expect(screen.queryByRole('heading', { name: 'Waiting room' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading your home…')).not.toBeInTheDocument();
  });

  it('shows what it has when one card is slow, with that card still loading', async () => {
    vi.useFakeTimers();
    render(
      <HomeGrid label="Loading your home…">
        <SlowCard title="Next appointment" ms={50} text="Tomorrow at 9:00" />
        <SlowCard title="Insurance" ms={60_000} text="On file" />
      </HomeGrid>,
    );
    await act(() => vi.advanceTimersByTimeAsync(HOME_GRID_HOLD_MS));
    expect(screen.getByText('Tomorrow at 9:00')).toBeInTheDocument();
    const insurance = screen.getByRole('region', { name: 'Insurance' });
    expect(insurance).toHaveTextContent('Loading');
  });

  it('counts a card that failed as settled, and its retry reads again only what failed', async () => {
    const user = userEvent.setup();
    const failed = {
      isPending: false,
      isError: true,
      error: new ApiError({ kind: 'network' }),
      refetch: vi.fn(),
    };
    const waiting = { isPending: true, isError: false, error: null, refetch: vi.fn() };
    render(
      <HomeGrid label="Loading your home…">
        <HomeCard title="Insurance" queries={[waiting, failed]} />
      </HomeGrid>,
    );
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(waiting.refetch).not.toHaveBeenCalled();
  });
});

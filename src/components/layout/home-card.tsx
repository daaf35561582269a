import { t } from '@lingui/core/macro';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { retryFailed } from '../feedback/query-state';
import { ErrorState, Spinner } from '../feedback/status';

type CardRead = Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;

type ReportPending = (card: string, isPending: boolean) => void;
const HomeGridContext = createContext<ReportPending | null>(null);

/** How long a home grid waits for its slowest card before showing what it has. */
export const HOME_GRID_HOLD_MS = 2_500;

/**
 * The cards of a home page, shown together once none is still loading (or after
 * HOME_GRID_HOLD_MS). Cards that turn out to have nothing to say remove themselves, and cards
 * load at different speeds: shown one by one, each arrival or removal would push the others around
 * the screen. Until then one placeholder stands in for the grid (the cards render, hidden, and
 * load their data meanwhile).
 */
export function HomeGrid({
  label,
  footer,
  children,
}: {
  label: string;
  /** Shown under the grid once the grid is (so it does not jump down when the cards arrive). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  // Cards report from layout effects, which all run before this component's effects: read here,
  // the set is complete for the frame (state would still hold the previous render's value).
  const pending = useRef(new Set<string>());
  const [reports, setReports] = useState(0);
  const [isHeld, setHeld] = useState(true);
  const [report] = useState<ReportPending>(() => (card: string, isPending: boolean) => {
    const cards = pending.current;
    if (cards.has(card) === isPending) return;
    if (isPending) cards.add(card);
    else cards.delete(card);
    setReports((n) => n + 1);
  });

  useEffect(() => {
    if (isHeld && pending.current.size === 0) setHeld(false);
  }, [isHeld, reports]);

  useEffect(() => {
    if (!isHeld) return;
    const timer = setTimeout(() => setHeld(false), HOME_GRID_HOLD_MS);
    return () => clearTimeout(timer);
  }, [isHeld]);

  return (
    <HomeGridContext.Provider value={report}>
      {isHeld ? <Spinner label={label} lines={3} /> : null}
      <div className="home-grid" hidden={isHeld}>
        {children}
      </div>
      {isHeld ? null : footer}
    </HomeGridContext.Provider>
  );
}

/**
 * One panel of a home page: a titled card with its own loading and error states, so a panel
 * whose data fails shows that and a retry while the rest of the page works. `queries` are the
 * reads the card shows: it waits for all of them, shows the first failure, and its "Try again"
 * reads again what failed.
 */
export function HomeCard({
  title,
  queries = [],
  isPending: alsoPending = false,
  children,
}: {
  title: string;
  queries?: readonly CardRead[];
  /** Waiting for something other than the reads (a check that follows them). */
  isPending?: boolean;
  children?: ReactNode;
}) {
  const isPending = alsoPending || queries.some((query) => query.isPending);
  const error = queries.find((query) => query.isError)?.error;
  const id = useId();
  const report = useContext(HomeGridContext);
  const isLoading = isPending && !error;
  useLayoutEffect(() => {
    report?.(id, isLoading);
  }, [report, id, isLoading]);
  useLayoutEffect(() => () => report?.(id, false), [report, id]);
  return (
    <section className="card home-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {error ? (
        <ErrorState error={error} title={t`We couldn’t load this just now`} onRetry={retryFailed(queries)} />
      ) : isPending ? (
        <Spinner lines={2} />
      ) : (
        children
      )}
    </section>
  );
}

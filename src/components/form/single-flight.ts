import { useRef, useState } from 'react';

/**
 * The one double-submit guard. `run` starts `action` unless a run is still going (a double click,
 * Enter plus click, a second press while the answer is on its way): then it returns at once and
 * nothing is sent twice. `isBusy` is true from the first press until the action settles; a caller
 * shows it as a busy button and a disabled fieldset. The action's own errors are the caller's.
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const running = useRef(false);
  const [isBusy, setBusy] = useState(false);

  const run = async (...args: A): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action(...args);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return { run, isBusy };
}

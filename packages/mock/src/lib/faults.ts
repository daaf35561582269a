import { delay, http, HttpResponse } from 'msw';

/** Failures on demand for development: make a chosen route fail or hang. */
export type FaultMode = 'fail' | 'hang' | 'offline';
export interface Fault {
  method: string;
  /** A path fragment matched against the request's path, e.g. `/rooms` or `/visits/`. */
  path: string;
  mode: FaultMode;
}

export const faults: Fault[] = [];

export function setFaults(next: Fault[]): void {
  faults.splice(0, faults.length, ...next);
}

function match(request: Request): Fault | undefined {
  const { pathname } = new URL(request.url);
  if (pathname.includes('/__mock')) return undefined;
  return faults.find(
    (f) => (f.method === '*' || f.method.toUpperCase() === request.method) && pathname.includes(f.path),
  );
}

/** Runs before every other handler; falls through (returns nothing) when no fault matches. */
export const faultHandler = http.all('*', async ({ request }) => {
  const fault = match(request);
  if (!fault) return undefined;
  if (fault.mode === 'hang') {
    await delay('infinite');
    return undefined;
  }
  if (fault.mode === 'offline') return HttpResponse.error();
  return HttpResponse.json({ code: 500, message: 'Injected failure (mock control)' }, { status: 500 });
});

/**
 * A message from the mock host for the developer (for example: the mock database no longer fits
 * in browser storage). `main.tsx` reports it, since app/ never imports the mock; the development
 * panel shows it.
 */
type Listener = () => void;

let notice: string | null = null;
const listeners = new Set<Listener>();

export function reportMockNotice(message: string | null): void {
  notice = message;
  for (const listener of listeners) listener();
}

export function currentMockNotice(): string | null {
  return notice;
}

export function subscribeMockNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

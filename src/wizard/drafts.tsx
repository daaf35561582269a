import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Unsaved answers of steps the patient moved away from without saving (Back, the browser's back
 * button), kept in memory for this wizard only. Saved answers live on the intake; nothing here
 * ever reaches storage, and a reload starts again from what the server holds.
 */
export interface DraftStore {
  get(slug: string): unknown;
  stash(slug: string, values: unknown): void;
  clear(slug: string): void;
}

function createDraftStore(): DraftStore {
  const drafts = new Map<string, unknown>();
  return {
    get: (slug) => drafts.get(slug),
    stash: (slug, values) => void drafts.set(slug, values),
    clear: (slug) => void drafts.delete(slug),
  };
}

const noDrafts: DraftStore = { get: () => undefined, stash: () => undefined, clear: () => undefined };

const DraftContext = createContext<DraftStore>(noDrafts);

export function DraftProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createDraftStore);
  return <DraftContext.Provider value={store}>{children}</DraftContext.Provider>;
}

export function useDrafts(): DraftStore {
  return useContext(DraftContext);
}

/** The default values of a step form: an unsaved draft if there is one, else what `fromIntake` reads. */
export function useDraftDefaults<T>(slug: string, fromIntake: () => T): T {
  const drafts = useDrafts();
  const [initial] = useState<T>(() => (drafts.get(slug) as T | undefined) ?? fromIntake());
  return initial;
}

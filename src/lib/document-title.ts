import { useEffect } from 'react';

/**
 * Sets the tab title as "Page · Clinic", or "(3) Page · Clinic" with a count of things waiting
 * (never who). Values are text (document.title never parses markup).
 */
export function useDocumentTitle(page: string, clinic?: string | null, count = 0): void {
  useEffect(() => {
    const title = clinic ? `${page} · ${clinic}` : page;
    document.title = count > 0 ? `(${count}) ${title}` : title;
  }, [page, clinic, count]);
}

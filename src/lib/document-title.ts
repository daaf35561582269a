import { useEffect } from 'react';

/** Sets the tab title as "Page · Clinic". Values are text (document.title never parses markup). */
export function useDocumentTitle(page: string, clinic?: string | null): void {
  useEffect(() => {
    document.title = clinic ? `${page} · ${clinic}` : page;
  }, [page, clinic]);
}

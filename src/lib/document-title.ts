import { useEffect } from 'react';

/**
 * A short marker before the tab title ("● Ready · "), set while something waits for a patient
 * who is on another tab. It lives here, beside the title itself, so a page that sets its title
 * while the marker is up keeps the marker, and taking the marker away gives back the page's title.
 */
let marker = '';

/** The title without the marker (a title written by someone else has none). */
function unmarked(): string {
  const title = document.title;
  return marker && title.startsWith(marker) ? title.slice(marker.length) : title;
}

/** Puts a marker before the tab title, or (null) takes it away. Never a name or health information. */
export function setTitleMarker(next: string | null): void {
  const base = unmarked();
  marker = next ?? '';
  document.title = marker + base;
}

/** The marker now before the title ('' when none). */
export function titleMarker(): string {
  return marker;
}

/**
 * Sets the tab title as "Page · Clinic", or "(3) Page · Clinic" with a count of things waiting
 * (never who). Values are text (document.title never parses markup). A marker set by
 * `setTitleMarker` stays in front.
 */
export function useDocumentTitle(page: string, clinic?: string | null, count = 0): void {
  useEffect(() => {
    const title = clinic ? `${page} · ${clinic}` : page;
    document.title = marker + (count > 0 ? `(${count}) ${title}` : title);
  }, [page, clinic, count]);
}

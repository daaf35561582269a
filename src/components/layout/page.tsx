import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useClinic } from './branding';

/**
 * A page: sets the tab title and, after an in-app navigation, moves focus to the heading so
 * screen-reader and keyboard users start at the new content.
 *
 * `title` goes into the tab title, so it never names a patient (tab titles end up in history,
 * bookmarks and screen shares). A heading that names someone passes `heading`, with the name
 * inside `<bdi>` so bidi controls in it cannot reorder the text around it.
 */
export function Page({
  title,
  count,
  heading: headingContent,
  actions,
  children,
}: {
  title: string;
  /** How many things wait for the viewer, shown before the tab title: "(3) Dashboard". */
  count?: number;
  heading?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { data: clinic } = useClinic();
  useDocumentTitle(title, clinic?.portal_title ?? clinic?.name, count);
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  useEffect(() => {
    // Skip the very first load so the browser's own focus start is kept.
    if (location.key !== 'default') heading.current?.focus();
  }, [location.key]);
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-header">
        <h1 id="page-title" ref={heading} tabIndex={-1}>
          {headingContent ?? title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

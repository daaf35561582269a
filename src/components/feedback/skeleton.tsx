import { t } from '@lingui/core/macro';
/**
 * A placeholder in the shape of the content that is on its way. The label is read out to
 * screen readers (a polite status); sighted users see grey lines instead of "Loading…" text.
 */
export function Skeleton({ label = t`Loading…`, lines = 4 }: { label?: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

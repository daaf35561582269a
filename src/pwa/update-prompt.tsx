import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

/**
 * "A new version is ready": a quiet bar at the bottom of the page, announced politely, that never
 * takes focus from what the person is doing. Reloading is their choice, made here.
 */
export function UpdatePrompt({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  const status = useRef<HTMLParagraphElement>(null);
  // Filled after mounting so screen readers announce it (a live region must exist before it changes).
  useEffect(() => {
    if (status.current) status.current.textContent = t`A new version of the portal is ready.`;
  }, []);
  return (
    <section className="update-prompt" aria-labelledby="update-prompt-text">
      <p id="update-prompt-text" ref={status} role="status" aria-live="polite" />
      <p className="update-prompt-hint">
        <Trans>Reload when it suits you: nothing reloads while you are busy.</Trans>
      </p>
      <div className="update-prompt-actions">
        <button type="button" className="btn btn-primary" onClick={onReload}>
          <Trans>Reload now</Trans>
        </button>
        <button type="button" className="btn btn-secondary" onClick={onLater}>
          <Trans>Later</Trans>
        </button>
      </div>
    </section>
  );
}

import { Trans } from '@lingui/react/macro';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Shown while the browser reports no connection. Queries pause rather than fail meanwhile and
 * resume on reconnect; request outcomes, not this flag, decide what the app believes.
 */
export function OfflineBanner() {
  const isOnline = useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
  if (isOnline) return null;
  return (
    <div className="offline-banner" role="status">
      <Trans>
        You are offline. What you see may be out of date; we will catch up when the connection returns.
      </Trans>
    </div>
  );
}

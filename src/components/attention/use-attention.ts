import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useClinic } from '@/components/layout/branding';
import { alertAttention, type AttentionAlert } from './alert';

/** What a screen says; the clinic's name and the in-app navigation are filled in by the hook. */
export type ScreenAlert = Omit<AttentionAlert, 'title' | 'onOpen'>;

/** The clinic's name as the header shows it: the notification's title. */
export function useClinicTitle(): string {
  const { data } = useClinic();
  return data?.portal_title || data?.name || t`Your clinic`;
}

/** `alertAttention` with the clinic's name as title and a click that opens `url` in this tab. */
export function useAttention(): (alert: ScreenAlert) => Promise<void> {
  const title = useClinicTitle();
  const navigate = useNavigate();
  return useCallback(
    (alert: ScreenAlert) => alertAttention({ ...alert, title, onOpen: () => void navigate(alert.url) }),
    [title, navigate],
  );
}

/**
 * Alerts once each time `active` turns true (the visit moved to in progress, the join window
 * opened). Already true on the first render: alerts only if the page is hidden then (a tab
 * restored in the background); a patient looking at the page sees it.
 */
export function useAttentionOnChange(active: boolean, alert: ScreenAlert): void {
  const notify = useAttention();
  const previous = useRef<boolean | null>(null);
  const fire = useEffectEvent(() => void notify(alert));
  useEffect(() => {
    const before = previous.current;
    previous.current = active;
    if (!active) return;
    if (before === false || (before === null && document.visibilityState === 'hidden')) fire();
  }, [active]);
}

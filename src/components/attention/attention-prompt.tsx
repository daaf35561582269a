import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';
import { useEffect, useSyncExternalStore } from 'react';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { isAudioUnlocked, unlockAudio } from './audio';
import { setAttentionPrefs, useAttentionPrefs } from './preferences';

/** What the alerts are about: a patient's visit ('ready', 'join', 'message') or a provider's work. */
export type AttentionReason = 'ready' | 'join' | 'message' | 'provider-work';

/** `when` completes the prompt's sentences ("We will notify you {when}, even if …"). */
const WORDS: Record<AttentionReason, { button: MessageDescriptor; when: MessageDescriptor }> = {
  ready: {
    button: msg`Notify me when my provider is ready`,
    when: msg({
      message: 'when your provider is ready',
      context: 'completes a sentence: we will notify you …',
    }),
  },
  join: {
    button: msg`Notify me when my visit can start`,
    when: msg({
      message: 'when your visit can start',
      context: 'completes a sentence: we will notify you …',
    }),
  },
  message: {
    button: msg`Notify me about new messages`,
    when: msg({
      message: 'when the clinic sends you a message',
      context: 'completes a sentence: we will notify you …',
    }),
  },
  'provider-work': {
    button: msg`Notify me about new walk-ins and messages`,
    when: msg({
      message: 'when a patient starts waiting in one of your rooms or you get a new message',
      context: 'completes a sentence: we will notify you …',
    }),
  },
};

type Permission = NotificationPermission | 'unsupported';

const permissionListeners = new Set<() => void>();

function readPermission(): Permission {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

// The permission can change in the browser's settings while the page is open: read it again when
// the patient comes back to the page, and after asking.
function subscribePermission(onChange: () => void): () => void {
  permissionListeners.add(onChange);
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    permissionListeners.delete(onChange);
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** Asks the browser (promise or, on old Safari, callback form); never throws. */
async function requestPermission(): Promise<void> {
  try {
    await new Promise<NotificationPermission>((resolve) => {
      const answer = Notification.requestPermission(resolve) as Promise<NotificationPermission> | undefined;
      void answer?.then(resolve, () => resolve(Notification.permission));
    });
  } catch {
    // A browser that refuses to ask: the permission stays as it was.
  }
  for (const listener of permissionListeners) listener();
}

/**
 * A page reloaded after opting in has no unlocked audio (it cannot be kept): unlock it on the
 * patient's first press or key on the page, as browsers require.
 */
function useUnlockAudioOnFirstGesture(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || isAudioUnlocked()) return;
    const unlock = () => {
      unlockAudio();
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    return () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
    };
  }, [enabled]);
}

/**
 * Offers to alert the patient (system notification, sound, tab title) when something needs them
 * while they are on another tab. It never asks on load: only the press on its button asks the
 * browser for permission, and the same press unlocks sound. Then it says plainly what will happen
 * (notifications allowed, blocked, or not possible in this browser) and lets sound be turned off.
 */
export function AttentionPrompt({
  reason,
  className = 'card',
}: {
  reason: AttentionReason;
  className?: string;
}) {
  const prefs = useAttentionPrefs();
  const permission = useSyncExternalStore(subscribePermission, readPermission, () => 'unsupported' as const);
  useUnlockAudioOnFirstGesture(prefs.optedIn && prefs.soundOn);
  const words = WORDS[reason];

  const optIn = useSingleFlight(async () => {
    // First, while the press still counts as a user gesture.
    unlockAudio();
    setAttentionPrefs({ optedIn: true });
    if (readPermission() === 'default') await requestPermission();
  });

  const when = i18n._(words.when);
  let sentence: string;
  if (!prefs.optedIn) {
    sentence = t`Switching to another tab? We can let you know ${when}.`;
  } else if (permission === 'granted') {
    sentence = prefs.soundOn
      ? t`We will notify you and play a sound ${when}, even if you switch to another tab.`
      : t`We will notify you ${when}, even if you switch to another tab. Sound is off.`;
  } else if (permission === 'denied') {
    sentence = prefs.soundOn
      ? t`Notifications are blocked for this site in your browser settings. Keep this tab open: we will play a sound and change the tab’s title ${when}.`
      : t`Notifications are blocked for this site in your browser settings. Keep this tab open: we will change the tab’s title ${when}.`;
  } else if (permission === 'unsupported') {
    sentence = prefs.soundOn
      ? t`This browser cannot show notifications. Keep this tab open: we will play a sound and change the tab’s title ${when}.`
      : t`This browser cannot show notifications. Keep this tab open: we will change the tab’s title ${when}.`;
  } else {
    sentence = prefs.soundOn
      ? t`Notifications are not turned on. Keep this tab open: we will play a sound and change the tab’s title ${when}.`
      : t`Notifications are not turned on. Keep this tab open: we will change the tab’s title ${when}.`;
  }

  return (
    <div className={['attention-prompt', className].filter(Boolean).join(' ')}>
      {/* Polite: the new sentence after a press (or a change in the browser's settings) is read out. */}
      <p role="status">{sentence}</p>
      <div className="form-actions">
        {!prefs.optedIn ? (
          <Button onClick={() => void optIn.run()} isBusy={optIn.isBusy} busyLabel={t`Asking your browser…`}>
            {i18n._(words.button)}
          </Button>
        ) : (
          <>
            {/* One name for both states (a toggle's name does not change); the tick shows it is on. */}
            <Button
              variant="secondary"
              aria-pressed={prefs.soundOn}
              onClick={() => {
                if (!prefs.soundOn) unlockAudio();
                setAttentionPrefs({ soundOn: !prefs.soundOn });
              }}
            >
              <span aria-hidden="true">{prefs.soundOn ? '✓' : '✕'}</span> <Trans>Play a sound</Trans>
            </Button>
            {permission === 'default' ? (
              <Button
                variant="link"
                onClick={() => void optIn.run()}
                isBusy={optIn.isBusy}
                busyLabel={t`Asking your browser…`}
              >
                <Trans>Allow notifications</Trans>
              </Button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

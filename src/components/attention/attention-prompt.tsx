import { useEffect, useSyncExternalStore } from 'react';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { isAudioUnlocked, unlockAudio } from './audio';
import { setAttentionPrefs, useAttentionPrefs } from './preferences';

/** What the alerts are about: a patient's visit ('ready', 'join', 'message') or a provider's work. */
export type AttentionReason = 'ready' | 'join' | 'message' | 'provider-work';

const WORDS: Record<AttentionReason, { button: string; when: string }> = {
  ready: { button: 'Notify me when my provider is ready', when: 'when your provider is ready' },
  join: { button: 'Notify me when my visit can start', when: 'when your visit can start' },
  message: { button: 'Notify me about new messages', when: 'when the clinic sends you a message' },
  'provider-work': {
    button: 'Notify me about new walk-ins and messages',
    when: 'when a patient starts waiting in one of your rooms or you get a new message',
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

  const sound = prefs.soundOn ? 'play a sound and change' : 'change';
  let sentence: string;
  if (!prefs.optedIn) {
    sentence = `Switching to another tab? We can let you know ${words.when}.`;
  } else if (permission === 'granted') {
    sentence = prefs.soundOn
      ? `We will notify you and play a sound ${words.when}, even if you switch to another tab.`
      : `We will notify you ${words.when}, even if you switch to another tab. Sound is off.`;
  } else if (permission === 'denied') {
    sentence = `Notifications are blocked for this site in your browser settings. Keep this tab open: we will ${sound} the tab’s title ${words.when}.`;
  } else if (permission === 'unsupported') {
    sentence = `This browser cannot show notifications. Keep this tab open: we will ${sound} the tab’s title ${words.when}.`;
  } else {
    sentence = `Notifications are not turned on. Keep this tab open: we will ${sound} the tab’s title ${words.when}.`;
  }

  return (
    <div className={['attention-prompt', className].filter(Boolean).join(' ')}>
      {/* Polite: the new sentence after a press (or a change in the browser's settings) is read out. */}
      <p role="status">{sentence}</p>
      <div className="form-actions">
        {!prefs.optedIn ? (
          <Button onClick={() => void optIn.run()} isBusy={optIn.isBusy} busyLabel="Asking your browser…">
            {words.button}
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
              <span aria-hidden="true">{prefs.soundOn ? '✓' : '✕'}</span> Play a sound
            </Button>
            {permission === 'default' ? (
              <Button
                variant="link"
                onClick={() => void optIn.run()}
                isBusy={optIn.isBusy}
                busyLabel="Asking your browser…"
              >
                Allow notifications
              </Button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The chime: two soft tones from an oscillator (no audio file). Browsers only let a page make
 * sound from an AudioContext created or resumed during a user gesture, so `unlockAudio` is called
 * from a press (the prompt's button, or the first press on a page reloaded after opting in);
 * until then `playChime` does nothing.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const scope = window as unknown as {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/** Creates or resumes the page's AudioContext. Call it inside a user gesture. */
export function unlockAudio(): void {
  try {
    if (!context || context.state === 'closed') {
      const Context = audioContextClass();
      if (!Context) return;
      context = new Context();
    }
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    // No sound on this browser; the other signals still work.
    context = null;
  }
}

/** Whether a context was unlocked on this page. */
export function isAudioUnlocked(): boolean {
  return context !== null && context.state !== 'closed';
}

/** The two tones: a soft rising pair, 0.6 s in all. */
const TONES = [
  { frequency: 660, at: 0, length: 0.22 },
  { frequency: 880, at: 0.28, length: 0.3 },
] as const;
const VOLUME = 0.08;

/** Plays the chime on the unlocked context; without one, nothing (silently). */
export function playChime(): void {
  const ctx = context;
  if (!ctx || ctx.state === 'closed') return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.02;
    for (const tone of TONES) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = tone.frequency;
      const from = start + tone.at;
      const to = from + tone.length;
      // A quick fade in and out: no click at either end.
      gain.gain.setValueAtTime(0, from);
      gain.gain.linearRampToValueAtTime(VOLUME, from + 0.03);
      gain.gain.linearRampToValueAtTime(0, to);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(from);
      oscillator.stop(to + 0.01);
    }
  } catch {
    // A context the browser took away: no chime, nothing to report.
  }
}

/** Closes and forgets the context (tests; sign-out). */
export function resetAudio(): void {
  const ctx = context;
  context = null;
  if (ctx && ctx.state !== 'closed') void ctx.close().catch(() => undefined);
}

import {
  isNumber,
  isRecord,
  parseSessionTokens,
  randomId,
  type SessionEndReason,
  type SessionTokens,
} from './tokens';

export const SESSION_CHANNEL = 'telehealth.session';

const REASONS: ReadonlySet<string> = new Set<SessionEndReason>([
  'signed-out',
  'idle',
  'expired',
  'max-age',
  'other-tab',
  'identity-changed',
  'replaced',
]);

/** What tabs of this browser say to each other (same origin only; tokens never leave the browser). */
export type TabMessage =
  /**
   * The session ended in that tab, which destroys the pair it held (`destroyed`, its access
   * token; null when it held none the server would accept). A tab holding another pair destroys
   * that one itself.
   */
  | { type: 'signed-out'; reason: SessionEndReason; destroyed: string | null }
  /** A new sign-in (a new family): the same person's tabs move to it, another person's tabs end. */
  | { type: 'signed-in'; tokens: SessionTokens; lastActivity: number }
  /** A refresh rotated the family: every tab takes the new pair. */
  | { type: 'rotated'; tokens: SessionTokens }
  /** User input somewhere: the inactivity clock is shared. */
  | { type: 'activity'; at: number }
  /** A tab asks for the current pair (a new tab, a restored tab, a refresh about to run). */
  | { type: 'pair-request'; id: string }
  | { type: 'pair-offer'; id: string; tokens: SessionTokens; lastActivity: number };

/** A message from another tab, checked field by field (unknown fields dropped); null when malformed. */
export function parseTabMessage(value: unknown): TabMessage | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'signed-out': {
      const { reason, destroyed } = value;
      if (typeof reason !== 'string' || !REASONS.has(reason)) return null;
      if (destroyed !== null && typeof destroyed !== 'string') return null;
      return { type: 'signed-out', reason: reason as SessionEndReason, destroyed };
    }
    case 'signed-in':
    case 'pair-offer': {
      const tokens = parseSessionTokens(value.tokens);
      const { id, lastActivity } = value;
      if (!tokens || !isNumber(lastActivity)) return null;
      if (value.type === 'signed-in') return { type: 'signed-in', tokens, lastActivity };
      return typeof id === 'string' ? { type: 'pair-offer', id, tokens, lastActivity } : null;
    }
    case 'rotated': {
      const tokens = parseSessionTokens(value.tokens);
      return tokens ? { type: 'rotated', tokens } : null;
    }
    case 'activity':
      return isNumber(value.at) ? { type: 'activity', at: value.at } : null;
    case 'pair-request':
      return typeof value.id === 'string' ? { type: 'pair-request', id: value.id } : null;
    default:
      return null;
  }
}
export type PairOffer = Extract<TabMessage, { type: 'pair-offer' }>;

/**
 * The BroadcastChannel between this browser's tabs, with parsed messages and one question:
 * "who holds a pair?" (`askForPair`). Without BroadcastChannel (or with no name) it is silent.
 */
export class TabChannel {
  private channel: BroadcastChannel | null = null;
  private readonly pending = new Map<string, (offer: PairOffer) => void>();

  constructor(name: string | null, onMessage: (message: TabMessage) => void) {
    if (!name || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(name);
    this.channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = parseTabMessage(event.data);
      if (!message) return;
      if (message.type === 'pair-offer') this.pending.get(message.id)?.(message);
      else onMessage(message);
    };
  }

  get isOpen(): boolean {
    return this.channel !== null;
  }

  post(message: TabMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel is no reason to fail a sign-out.
    }
  }

  /**
   * Asks the other tabs for their pair and settles with the first offer `accept` takes, or null
   * after `ms` (at once when there is no channel).
   */
  askForPair(ms: number, accept: (offer: PairOffer) => boolean): Promise<PairOffer | null> {
    if (!this.channel || ms <= 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      const id = randomId();
      const settle = (offer: PairOffer | null) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(offer);
      };
      const timer = setTimeout(() => settle(null), ms);
      this.pending.set(id, (offer) => {
        if (accept(offer)) settle(offer);
      });
      this.post({ type: 'pair-request', id });
    });
  }

  offer(id: string, tokens: SessionTokens, lastActivity: number): void {
    this.post({ type: 'pair-offer', id, tokens, lastActivity });
  }

  close(): void {
    // Questions still open settle as unanswered when their timers run.
    this.pending.clear();
    this.channel?.close();
    this.channel = null;
  }
}

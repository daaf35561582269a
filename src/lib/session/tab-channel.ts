import * as z from 'zod/mini';
import { randomId, SessionTokensSchema, type SessionTokens } from './tokens';

export const SESSION_CHANNEL = 'telehealth.session';

const Reason = z.enum([
  'signed-out',
  'idle',
  'expired',
  'max-age',
  'other-tab',
  'identity-changed',
  'replaced',
]);

/** What tabs of this browser say to each other (same origin only; tokens never leave the browser). */
export const TabMessageSchema = z.discriminatedUnion('type', [
  /**
   * The session ended in that tab, which destroys the pair it held (`destroyed`, its access
   * token; null when it held none the server would accept). A tab holding another pair destroys
   * that one itself.
   */
  z.object({ type: z.literal('signed-out'), reason: Reason, destroyed: z.nullable(z.string()) }),
  /** A new sign-in (a new family): the same person's tabs move to it, another person's tabs end. */
  z.object({ type: z.literal('signed-in'), tokens: SessionTokensSchema, lastActivity: z.number() }),
  /** A refresh rotated the family: every tab takes the new pair. */
  z.object({ type: z.literal('rotated'), tokens: SessionTokensSchema }),
  /** User input somewhere: the inactivity clock is shared. */
  z.object({ type: z.literal('activity'), at: z.number() }),
  /** A tab asks for the current pair (a new tab, a restored tab, a refresh about to run). */
  z.object({ type: z.literal('pair-request'), id: z.string() }),
  z.object({
    type: z.literal('pair-offer'),
    id: z.string(),
    tokens: SessionTokensSchema,
    lastActivity: z.number(),
  }),
]);
export type TabMessage = z.infer<typeof TabMessageSchema>;
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
      const parsed = TabMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
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

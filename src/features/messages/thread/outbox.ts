import type { ApiError } from '@telehealth/client/errors';
import type { PostMessageInput, VisitMessage } from '@telehealth/client/messages/schemas';
import { writeFailure } from '@telehealth/client/write-outcome';
import { heldEnd, type ThreadWindow } from './window';

/**
 * The messages this tab is sending: one outgoing bubble per intent. Pure: every function returns a
 * new outbox.
 *
 * - Idempotency: the same text while an earlier copy is unconfirmed is a retry of that copy, never
 *   a second message.
 * - A lost answer (network, timeout, 5xx) leaves the outcome unknown: the stored copy is then found
 *   by author + content + position/time (`reconcile`), so a message is never shown or stored twice.
 * - Each stored message answers for at most one intent (`claims`).
 * - Nothing here survives a reload: the composer's draft does (drafts.ts, sessionStorage), and it is
 *   dropped only when a send is confirmed (`confirmed` of `confirmSend` and `reconcile`).
 */

export type OutgoingStatus = 'sending' | 'sent' | 'unknown' | 'checking' | 'failed';

export interface OutgoingMessage {
  localId: string;
  content: string;
  attachmentIds: string[];
  status: OutgoingStatus;
  /** Server id once known (from the POST answer or matched on a poll). */
  serverId: string | null;
  /** The server index just past the newest held message when the send started. */
  heldAtSend: number;
  /** Epoch ms of the first attempt. */
  sentAt: number;
  /**
   * Server time (the `created` of the newest held message) when the send began: the stored copy
   * cannot be older. Server time, so a skewed client clock does not matter.
   */
  floorCreated: number;
  /** The resync generation at send time: positions are comparable only within one. */
  generation: number;
  error: ApiError | null;
}

export interface Outbox {
  readonly items: readonly OutgoingMessage[];
  /** server id -> local id: each stored message answers for at most one intent. */
  readonly claims: ReadonlyMap<string, string>;
  /** Ids of messages this tab sent and the server confirmed. */
  readonly sentIds: ReadonlySet<string>;
  /** Numbers the local ids. */
  readonly seq: number;
}

export const EMPTY_OUTBOX: Outbox = { items: [], claims: new Map(), sentIds: new Set(), seq: 0 };

/** An outbox change, with the texts it newly confirmed (each one's draft can go). */
export interface Confirming {
  outbox: Outbox;
  confirmed: string[];
}

/** What a new send of `content` is: a new intent, a retry of an unconfirmed copy, or a double send. */
export type Intent = { kind: 'new' } | { kind: 'retry'; localId: string } | { kind: 'duplicate' };

export function intentFor(outbox: Outbox, content: string): Intent {
  const same = outbox.items.find((o) => o.content === content && o.status !== 'sent');
  if (!same) return { kind: 'new' };
  if (same.status === 'sending' || same.status === 'checking') return { kind: 'duplicate' };
  return { kind: 'retry', localId: same.localId };
}

/** Whether Retry may start another attempt (not while one runs, not once stored). */
export const canRetry = (item: OutgoingMessage | undefined): item is OutgoingMessage =>
  item?.status === 'failed' || item?.status === 'unknown';

/** Whether the bubble may be dropped (the text stays in the composer). */
export const canDiscard = (item: OutgoingMessage | undefined): item is OutgoingMessage =>
  !!item && item.status !== 'sending' && item.status !== 'checking';

export function findItem(outbox: Outbox, localId: string): OutgoingMessage | undefined {
  return outbox.items.find((o) => o.localId === localId);
}

/** Adds a new intent, placed after everything `window` holds, at `now` (epoch ms). */
export function addIntent(
  outbox: Outbox,
  send: { content: string; attachmentIds: string[]; window: ThreadWindow; generation: number; now: number },
): { outbox: Outbox; localId: string } {
  const seq = outbox.seq + 1;
  const item: OutgoingMessage = {
    localId: `local-${seq}`,
    content: send.content,
    attachmentIds: send.attachmentIds,
    status: 'sending',
    serverId: null,
    heldAtSend: heldEnd(send.window),
    sentAt: send.now,
    floorCreated: send.window.messages.at(-1)?.created ?? 0,
    generation: send.generation,
    error: null,
  };
  return { outbox: { ...outbox, items: [...outbox.items, item], seq }, localId: item.localId };
}

export function patchItem(outbox: Outbox, localId: string, patch: Partial<OutgoingMessage>): Outbox {
  return { ...outbox, items: outbox.items.map((o) => (o.localId === localId ? { ...o, ...patch } : o)) };
}

export function removeItem(outbox: Outbox, localId: string): Outbox {
  return { ...outbox, items: outbox.items.filter((o) => o.localId !== localId) };
}

/** The body of a POST for an intent. */
export function postBody(item: OutgoingMessage): PostMessageInput {
  return {
    content: item.content,
    ...(item.attachmentIds.length ? { attachment_ids: item.attachmentIds } : {}),
  };
}

/**
 * How a failed POST leaves an intent. `unknown`: the answer was lost (network, timeout, 5xx), so
 * the server may have stored it and the next poll decides (`reconcile`); `failed`: the server
 * refused it, so nothing was stored. An answer that breaks the contract stays `failed`.
 */
export function postFailure(error: unknown): 'unknown' | 'failed' {
  return writeFailure(error) === 'lost' ? 'unknown' : 'failed';
}

/** Marks an intent stored as `serverId`; if another intent had claimed that copy, they swap. */
export function confirmSend(outbox: Outbox, localId: string, serverId: string): Confirming {
  const local = findItem(outbox, localId);
  if (!local) return { outbox, confirmed: [] };
  const claims = new Map(outbox.claims);
  let items = outbox.items;
  const previous = local.serverId && local.serverId !== serverId ? local.serverId : null;
  if (previous) claims.delete(previous);
  const holder = claims.get(serverId);
  if (holder && holder !== localId) {
    // Two intents with the same text matched crosswise: hand our earlier match to the other one,
    // or let the next poll match it again.
    if (previous) claims.set(previous, holder);
    const patch: Partial<OutgoingMessage> = previous
      ? { serverId: previous }
      : { serverId: null, status: 'unknown' };
    items = items.map((o) => (o.localId === holder ? { ...o, ...patch } : o));
  }
  claims.set(serverId, localId);
  const sentIds = new Set(outbox.sentIds).add(serverId);
  items = items.map((o) => (o.localId === localId ? { ...o, status: 'sent', serverId, error: null } : o));
  return {
    outbox: { ...outbox, items, claims, sentIds },
    confirmed: local.status === 'sent' ? [] : [local.content],
  };
}

/**
 * Matches unconfirmed intents to stored copies held in `window` from server index `fromIndex` on:
 * same author, same text, stored after the send began (by position while positions are comparable,
 * and by server time), not already matched to another intent.
 */
export function reconcile(
  outbox: Outbox,
  window: ThreadWindow,
  at: { fromIndex: number; generation: number; selfId: string },
): Confirming {
  const { messages, start } = window;
  let next = outbox;
  const confirmed: string[] = [];
  for (const local of outbox.items) {
    if (local.status === 'sent' || local.status === 'failed') continue;
    const fromPosition = local.generation === at.generation ? local.heldAtSend : 0;
    const earliest = Math.max(fromPosition, at.fromIndex, start) - start;
    for (let i = earliest; i < messages.length; i += 1) {
      const m = messages[i];
      if (!m || next.claims.has(m.id)) continue;
      if (m.actor.id !== at.selfId || m.content !== local.content) continue;
      if (m.created < local.floorCreated) continue;
      const step = confirmSend(next, local.localId, m.id);
      next = step.outbox;
      confirmed.push(...step.confirmed);
      break;
    }
  }
  return { outbox: next, confirmed };
}

/** Confirmed sends no longer in view need no bubble after a resync: they are in the older history. */
export function dropOutOfView(outbox: Outbox, window: ThreadWindow): Outbox {
  const items = outbox.items.filter(
    (o) =>
      !(o.status === 'sent' && o.serverId && !window.ids.has(o.serverId) && outbox.claims.has(o.serverId)),
  );
  return items.length === outbox.items.length ? outbox : { ...outbox, items };
}

/** Messages from others among `added` (for the screen reader's announcement): none of ours. */
export function incomingOf(outbox: Outbox, added: readonly VisitMessage[], selfId: string): VisitMessage[] {
  return added.filter((m) => m.actor.id !== selfId && !outbox.claims.has(m.id));
}

import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { billingQueries } from '@/api/billing/queries';
import { useDeletePaymentSource, useUpdatePaymentSource } from '@/api/billing/mutations';
import type { PaymentSource } from '@telehealth/client/billing/schemas';
import { isApiError } from '@telehealth/client/errors';
import { roomQueries } from '@/api/rooms/queries';
import type { Room } from '@telehealth/client/rooms/schemas';
import { QueryError, QueryState } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { AddCard } from './add-card';
import { cardName, expiryText, isExpired, roomNames, sourceScope, walletOf, type WalletCard } from './cards';

function actionError(error: unknown): string {
  if (
    isApiError(error) &&
    error.kind === 'http' &&
    error.status !== null &&
    error.status < 500 &&
    error.serverMessage
  ) {
    return error.serverMessage;
  }
  return isApiError(error) ? error.userMessage : t`Something went wrong. Please try again.`;
}

type RoomRef = Pick<Room, 'code' | 'name' | 'payment'>;

/** Every room's card list, read together and shown as one wallet. */
interface Wallet {
  cards: WalletCard[];
  /** Each room's list as the server keeps it (newest first): who takes over a removed default. */
  lists: { room: RoomRef; sources: PaymentSource[] }[];
}

/** The card that becomes a room's default when `removed` goes: the newest other one still valid. */
function successorIn(list: PaymentSource[], removed: PaymentSource, expired: (s: PaymentSource) => boolean) {
  return list.find((s) => s.id !== removed.id && !expired(s)) ?? null;
}

/** For each room where the card is the default, what happens to that room's default when it goes. */
function afterRemoval(card: WalletCard, wallet: Wallet, expired: (s: PaymentSource) => boolean) {
  return card.copies
    .filter((copy) => copy.source.is_default === true)
    .map((copy) => {
      const list = wallet.lists.find((l) => l.room.code === copy.room.code)?.sources ?? [];
      return {
        copy,
        successor: successorIn(list, copy.source, expired),
        hasOthers: list.some((s) => s.id !== copy.source.id),
      };
    });
}

function removalQuestion(card: WalletCard, wallet: Wallet, expired: (s: PaymentSource) => boolean): string {
  const many = card.copies.length > 1;
  const rooms = roomNames(card.copies);
  const where = many ? t`It will be removed from ${rooms}.` : '';
  const defaults = afterRemoval(card, wallet, expired);
  if (defaults.length === 0) return [where, t`You can add it again later.`].filter(Boolean).join(' ');
  const sentences = defaults.map(({ copy, successor, hasOthers }) => {
    const room = copy.room.name;
    if (successor) {
      const next = cardName(successor);
      return many
        ? t`${next} will become your default card for ${room}.`
        : t`${next} will become your default card.`;
    }
    if (hasOthers) {
      return many
        ? t`Your other cards for ${room} have expired, so you will need to add a card the next time you pay there.`
        : t`Your other cards have expired, so you will need to add a card the next time you pay there.`;
    }
    return many
      ? t`It is your only card for ${room}, so you will need to add a card the next time you pay there.`
      : t`It is your only card, so you will need to add a card the next time you pay there.`;
  });
  return [where, t`This is your default card.`, ...sentences].filter(Boolean).join(' ');
}

function CardRow({
  entry,
  expired,
  onRemove,
  onMessage,
}: {
  entry: WalletCard;
  expired: boolean;
  onRemove: (entry: WalletCard) => void;
  onMessage: (message: string | null) => void;
}) {
  const update = useUpdatePaymentSource();
  const name = cardName(entry.card);
  const defaults = entry.copies.filter((copy) => copy.source.is_default === true);
  const isDefaultEverywhere = defaults.length === entry.copies.length;
  // An expired card is never offered as the default (the server refuses it too).
  const canMakeDefault = !expired && !isDefaultEverywhere;
  const makeDefault = useSingleFlight(async () => {
    onMessage(null);
    try {
      for (const copy of entry.copies.filter((c) => c.source.is_default !== true)) {
        await update.mutateAsync({
          id: copy.source.id,
          input: { is_default: true, ...sourceScope(copy.room, null) },
        });
      }
      onMessage(t`${name} is now your default card.`);
    } catch (error) {
      onMessage(actionError(error));
    }
  });
  const expiry = expiryText(entry.card);
  const rooms = roomNames(entry.copies);
  const defaultRooms = roomNames(defaults);
  return (
    <li className="card-row">
      <div>
        <strong>{name}</strong>{' '}
        {isDefaultEverywhere && !expired ? (
          <span className="badge">
            <Trans context="badge: the default payment card">Default</Trans>
          </span>
        ) : null}{' '}
        {expired ? (
          <span className="badge badge-warning">
            <Trans context="badge: a payment card past its expiry date">Expired</Trans>
          </span>
        ) : null}
        <p className="muted">
          {expired
            ? t`Expired ${expiry}: it can no longer be used to pay or be your default card.`
            : t`Expires ${expiry}`}
        </p>
        <p>{expired ? <Trans>Saved for: {rooms}</Trans> : <Trans>Can be used for: {rooms}</Trans>}</p>
        {!isDefaultEverywhere && defaults.length > 0 && !expired ? (
          <p className="muted">
            <Trans>Default card for: {defaultRooms}</Trans>
          </p>
        ) : null}
      </div>
      <div className="actions">
        {canMakeDefault ? (
          <Button
            variant="secondary"
            isBusy={makeDefault.isBusy}
            busyLabel={t`Saving…`}
            aria-label={t`Make ${name} the default card`}
            onClick={() => void makeDefault.run()}
          >
            <Trans>Make default</Trans>
          </Button>
        ) : null}
        <Button variant="danger" aria-label={t`Remove ${name}`} onClick={() => onRemove(entry)}>
          <Trans>Remove</Trans>
        </Button>
      </div>
    </li>
  );
}

/** Adding a card: the spec keeps cards per room, so the patient says where it will be used. */
function AddToWallet({ wallet, onDone }: { wallet: Wallet; onDone: (message: string | null) => void }) {
  const [roomCode, setRoomCode] = useState(wallet.lists[0]?.room.code ?? '');
  const selectId = useId();
  const chosen = wallet.lists.find((l) => l.room.code === roomCode);
  return (
    <section aria-label={t`Add a card`}>
      <h2>
        <Trans>Add a card</Trans>
      </h2>
      <div className="field">
        <label htmlFor={selectId}>
          <Trans>Use it for</Trans>
        </label>
        <select id={selectId} value={roomCode} onChange={(event) => setRoomCode(event.target.value)}>
          {wallet.lists.map(({ room }) => (
            <option key={room.code} value={room.code}>
              {room.name}
            </option>
          ))}
        </select>
      </div>
      {chosen ? (
        <AddCard
          key={chosen.room.code}
          scope={sourceScope(chosen.room, null)}
          offerDefault={chosen.sources.length > 0}
          onCancel={() => onDone(null)}
          onAdded={(source) => {
            const card = cardName(source);
            const room = chosen.room.name;
            onDone(t`${card} was saved for ${room}.`);
          }}
        />
      ) : null}
    </section>
  );
}

function WalletView({ wallet }: { wallet: Wallet }) {
  const zone = useViewerTimeZone();
  // The month a card is judged by: read once (a page is not kept open into the next month).
  const [now] = useState(() => Date.now() / 1000);
  const expired = (source: PaymentSource) => isExpired(source, now, zone);
  const remove = useDeletePaymentSource();
  const [confirming, setConfirming] = useState<WalletCard | null>(null);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const describedBy = useId();
  const removing = useSingleFlight(async (target: WalletCard) => {
    const many = target.copies.length > 1;
    const takeOvers = afterRemoval(target, wallet, expired).flatMap(({ copy, successor }) => {
      if (!successor) return [];
      const next = cardName(successor);
      const room = copy.room.name;
      return [many ? t`${next} is now your default card for ${room}.` : t`${next} is now your default card.`];
    });
    const card = cardName(target.card);
    try {
      for (const copy of target.copies) await remove.mutateAsync(copy.source.id);
      setConfirming(null);
      setMessage([t`${card} was removed.`, ...takeOvers].join(' '));
    } catch (error) {
      setRemoveError(actionError(error));
    }
  });
  const confirmingCard = confirming ? cardName(confirming.card) : '';
  // Cards still valid first; the order within each is the order first seen.
  const cards = [...wallet.cards].sort((a, b) => Number(expired(a.card)) - Number(expired(b.card)));

  return (
    <div className="saved-cards">
      <p role="status" className="muted">
        {message}
      </p>
      {cards.length === 0 ? (
        <EmptyState title={t`No saved cards`}>
          <p>
            <Trans>Cards you save when paying for a visit appear here.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="card-list" aria-label={t`Saved cards`}>
          {cards.map((entry) => (
            <CardRow
              key={entry.key}
              entry={entry}
              expired={expired(entry.card)}
              onMessage={setMessage}
              onRemove={(e) => {
                setRemoveError(null);
                setConfirming(e);
              }}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <AddToWallet
          wallet={wallet}
          onDone={(done) => {
            setAdding(false);
            if (done) setMessage(done);
          }}
        />
      ) : wallet.lists.length > 0 ? (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <Trans>Add a card</Trans>
        </Button>
      ) : null}
      {confirming ? (
        <Dialog
          title={t`Remove ${confirmingCard}?`}
          onClose={() => setConfirming(null)}
          describedBy={describedBy}
        >
          <p id={describedBy}>{removalQuestion(confirming, wallet, expired)}</p>
          {removeError ? (
            <p className="form-error" role="alert">
              {removeError}
            </p>
          ) : null}
          <div className="actions">
            <Button
              variant="danger"
              isBusy={removing.isBusy}
              busyLabel={t`Removing…`}
              onClick={() => void removing.run(confirming)}
            >
              <Trans>Remove card</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={removing.isBusy}>
              <Trans>Keep card</Trans>
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/** Every room's cards, read together and shown once all are here (a failed read offers "Try again"). */
function WalletOfRooms({ rooms }: { rooms: RoomRef[] }) {
  const results = useQueries({
    queries: rooms.map((room) => billingQueries.sources({ ...sourceScope(room, null), type: 'card' })),
  });
  if (results.some((r) => r.isPending)) return <Spinner label={t`Loading your cards…`} />;
  if (results.some((r) => r.isError))
    return <QueryError query={results} title={t`We couldn’t load your cards`} />;
  const lists = rooms.map((room, i) => ({ room, sources: results[i]?.data ?? [] }));
  return <WalletView wallet={{ cards: walletOf(lists), lists }} />;
}

/**
 * The saved cards page: one wallet. The spec keeps cards per room (4.6), which patients do not
 * think in, so every room's list is read and each card shown once with the rooms it can be used
 * for (docs/spec-decisions.md "Wallet across rooms").
 */
export function SavedCardsPanel() {
  const rooms = useQuery(roomQueries.list({}));
  return (
    <div className="saved-cards-panel">
      <QueryState query={rooms} label={t`Loading your cards…`} errorTitle={t`We couldn’t load your cards`}>
        {(list) => <WalletOfRooms rooms={list} />}
      </QueryState>
    </div>
  );
}

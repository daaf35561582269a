import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { billingQueries } from '@/api/billing/queries';
import { useDeletePaymentSource, useUpdatePaymentSource } from '@/api/billing/mutations';
import type { PaymentSource } from '@/api/billing/schemas';
import { isApiError } from '@/api/errors';
import { roomQueries } from '@/api/rooms/queries';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AddCard } from './add-card';
import { cardName, expiryText, isExpired } from './cards';

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
  return isApiError(error) ? error.userMessage : 'Something went wrong. Please try again.';
}

function CardRow({
  source,
  scope,
  onRemove,
  onMessage,
}: {
  source: PaymentSource;
  scope: { room_code: string; provider_id?: string };
  onRemove: (source: PaymentSource) => void;
  onMessage: (message: string | null) => void;
}) {
  const update = useUpdatePaymentSource();
  const expired = isExpired(source);
  const name = cardName(source);
  const makeDefault = useSingleFlight(async () => {
    onMessage(null);
    try {
      await update.mutateAsync({ id: source.id, input: { is_default: true, ...scope } });
      onMessage(`${name} is now your default card.`);
    } catch (error) {
      onMessage(actionError(error));
    }
  });
  return (
    <li className="card-row">
      <div>
        <strong>{name}</strong> {source.is_default ? <span className="badge">Default</span> : null}{' '}
        {expired ? <span className="badge badge-warning">Expired</span> : null}
        <p className="muted">{expired ? `Expired ${expiryText(source)}` : `Expires ${expiryText(source)}`}</p>
      </div>
      <div className="actions">
        {!source.is_default ? (
          <Button
            variant="secondary"
            isBusy={makeDefault.isBusy}
            busyLabel="Saving…"
            aria-label={`Make ${name} the default card`}
            onClick={() => void makeDefault.run()}
          >
            Make default
          </Button>
        ) : null}
        <Button variant="danger" aria-label={`Remove ${name}`} onClick={() => onRemove(source)}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The cards kept for one scope, with set-default, remove-after-confirmation and add. */
export function SavedCardsList({ scope }: { scope: { room_code: string; provider_id?: string } }) {
  const sources = useQuery(billingQueries.sources({ ...scope, type: 'card' }));
  const remove = useDeletePaymentSource();
  const [confirming, setConfirming] = useState<PaymentSource | null>(null);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const describedBy = useId();
  const removing = useSingleFlight(async (target: PaymentSource, successor: PaymentSource | null) => {
    try {
      await remove.mutateAsync(target.id);
      setConfirming(null);
      setMessage(
        target.is_default && successor
          ? `${cardName(target)} was removed. ${cardName(successor)} is now your default card.`
          : `${cardName(target)} was removed.`,
      );
    } catch (error) {
      setRemoveError(actionError(error));
    }
  });

  if (sources.isPending) return <Spinner label="Loading your cards…" />;
  if (sources.isError) return <QueryError query={sources} />;
  const list = sources.data;
  // The server makes the newest remaining card the default when the default goes; say so first.
  const successor = confirming?.is_default ? (list.find((s) => s.id !== confirming.id) ?? null) : null;

  return (
    <div className="saved-cards">
      <p role="status" className="muted">
        {message}
      </p>
      {list.length === 0 ? (
        <EmptyState title="No saved cards">
          <p>Cards you save when paying for a visit in this room appear here.</p>
        </EmptyState>
      ) : (
        <ul className="card-list" aria-label="Saved cards">
          {list.map((source) => (
            <CardRow
              key={source.id}
              source={source}
              scope={scope}
              onMessage={setMessage}
              onRemove={(s) => {
                setRemoveError(null);
                setConfirming(s);
              }}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <section aria-label="Add a card">
          <h2>Add a card</h2>
          <AddCard
            scope={scope}
            offerDefault={list.length > 0}
            onCancel={() => setAdding(false)}
            onAdded={(source) => {
              setAdding(false);
              setMessage(`${cardName(source)} was saved.`);
            }}
          />
        </section>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a card
        </Button>
      )}
      {confirming ? (
        <Dialog
          title={`Remove ${cardName(confirming)}?`}
          onClose={() => setConfirming(null)}
          describedBy={describedBy}
        >
          <p id={describedBy}>
            {confirming.is_default && successor
              ? `This is your default card. ${cardName(successor)} will become your default card.`
              : confirming.is_default
                ? 'This is your only card. You will need to add a card the next time you pay.'
                : 'You can add it again later.'}
          </p>
          {removeError ? (
            <p className="form-error" role="alert">
              {removeError}
            </p>
          ) : null}
          <div className="actions">
            <Button
              variant="danger"
              isBusy={removing.isBusy}
              busyLabel="Removing…"
              onClick={() => void removing.run(confirming, successor)}
            >
              Remove card
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={removing.isBusy}>
              Keep card
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/**
 * The saved cards page: cards are kept per room (spec 4.6), so the patient picks a room first.
 */
export function SavedCardsPanel() {
  const rooms = useQuery(roomQueries.list({}));
  const [roomCode, setRoomCode] = useState<string | null>(null);
  const selectId = useId();
  if (rooms.isPending) return <Spinner label="Loading rooms…" />;
  if (rooms.isError) return <QueryError query={rooms} />;
  const list = rooms.data;
  const current = roomCode ?? list[0]?.code ?? null;
  return (
    <div className="saved-cards-panel">
      <p>Cards are kept separately for each clinic room you pay in.</p>
      <div className="field">
        <label htmlFor={selectId}>Room</label>
        <select id={selectId} value={current ?? ''} onChange={(event) => setRoomCode(event.target.value)}>
          {list.map((room) => (
            <option key={room.code} value={room.code}>
              {room.name}
            </option>
          ))}
        </select>
      </div>
      {current ? <SavedCardsList key={current} scope={{ room_code: current }} /> : null}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '@/api/errors';
import { useDeleteInsuranceCard } from '@/api/insurance/mutations';
import { insuranceQueries } from '@/api/insurance/queries';
import type { InsuranceAuth, InsuranceCard, InsuranceCardType } from '@/api/insurance/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CARD_LABELS, CARD_TYPE_LABEL, GENDERS, RESPONSIBLE_PARTIES } from './card-form-schema';
import { CardForm } from './card-form';
import { CardPhotos } from './card-photos';
import { EligibilityPanel } from './eligibility-panel';
import { useInsurerOptions } from './use-insurer-options';

const TYPES: InsuranceCardType[] = ['primary', 'secondary'];

/**
 * A patient's primary and secondary cards: read, add, edit, remove (after confirmation), the
 * card photos beside each, and the coverage check of the primary card. Used by the patient
 * (their own token) and the clinic admin (`auth="admin"`); `canEdit={false}` reads only.
 */
export function InsurancePanel({
  userId,
  auth = 'user',
  canEdit = true,
  showEligibility = true,
}: {
  userId: string;
  auth?: InsuranceAuth;
  canEdit?: boolean;
  showEligibility?: boolean;
}) {
  const cards = useQuery(insuranceQueries.cards(userId, auth));
  const [editing, setEditing] = useState<InsuranceCardType | null>(null);
  const [removing, setRemoving] = useState<InsuranceCardType | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  if (cards.isPending) return <Spinner label="Loading insurance cards…" />;
  if (cards.isError) return <QueryError query={cards} title="The insurance cards could not be loaded" />;

  const byType = new Map(cards.data.map((c) => [c.card_type, c]));
  const primary = byType.get('primary') ?? null;
  const secondary = byType.get('secondary') ?? null;

  return (
    <div className="insurance">
      <p ref={statusRef} role="status" aria-live="polite" tabIndex={-1}>
        {notice}
      </p>
      {secondary && !primary ? (
        <div className="card notice" role="note">
          <p>
            <strong>There is a secondary card but no primary card.</strong> A secondary insurer pays only
            after the primary one, so the clinic bills your primary insurance first. If you have only one
            insurance, save it as your primary card
            {canEdit ? ' (add a primary card, then remove the secondary one)' : ''}.
          </p>
        </div>
      ) : null}
      <div className="insurance-cards">
        {TYPES.map((type) => {
          const card = byType.get(type) ?? null;
          if (editing === type)
            return (
              <CardForm
                key={type}
                userId={userId}
                cardType={type}
                card={card}
                auth={auth}
                onSaved={() => {
                  setEditing(null);
                  setNotice(`${CARD_TYPE_LABEL[type]} saved.`);
                  statusRef.current?.focus();
                }}
                onCancel={() => setEditing(null)}
              />
            );
          return (
            <CardView
              key={type}
              type={type}
              card={card}
              userId={userId}
              auth={auth}
              canEdit={canEdit}
              onEdit={() => {
                setNotice(null);
                setEditing(type);
              }}
              onRemove={() => setRemoving(type)}
            />
          );
        })}
      </div>
      {showEligibility && primary ? (
        <EligibilityPanel userId={userId} auth={auth} canCheck={canEdit} />
      ) : null}
      {removing ? (
        <RemoveDialog
          userId={userId}
          auth={auth}
          cardType={removing}
          onDone={(removed) => {
            setRemoving(null);
            if (removed) {
              setNotice(`${CARD_TYPE_LABEL[removing]} removed.`);
              statusRef.current?.focus();
            }
          }}
        />
      ) : null}
    </div>
  );
}

function CardView({
  type,
  card,
  userId,
  auth,
  canEdit,
  onEdit,
  onRemove,
}: {
  type: InsuranceCardType;
  card: InsuranceCard | null;
  userId: string;
  auth: InsuranceAuth;
  canEdit: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const headingId = `card-${type}-heading`;
  return (
    <section className="card insurance-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{CARD_TYPE_LABEL[type]}</h2>
      {card ? <CardDetails card={card} /> : <p>No {type} card on file.</p>}
      {card ? <CardPhotos userId={userId} cardType={type} auth={auth} canEdit={canEdit} /> : null}
      {canEdit ? (
        <div className="form-actions">
          <Button variant={card ? 'secondary' : 'primary'} onClick={onEdit}>
            {card ? `Edit ${type} card` : `Add ${type} card`}
          </Button>
          {card ? (
            <Button variant="danger" onClick={onRemove}>
              Remove {type} card
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** The card's fields as a definition list; empty fields are left out. */
export function CardDetails({ card }: { card: InsuranceCard }) {
  const { nameOf } = useInsurerOptions();
  const party =
    RESPONSIBLE_PARTIES.find((p) => p.value === card.responsible_party)?.label ??
    text(card.responsible_party);
  const gender = GENDERS.find((g) => g.value === String(card.guarantor_gender ?? ''))?.label ?? null;
  const guarantor = [card.guarantor_first_name, card.guarantor_middle_name, card.guarantor_last_name]
    .map(text)
    .filter(Boolean)
    .join(' ');
  const address = [
    text(card.guarantor_address),
    text(card.guarantor_address_2),
    [
      text(card.guarantor_city),
      [text(card.guarantor_state), text(card.guarantor_zip)].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', '),
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string | null][] = [
    [CARD_LABELS.insurer_code, card.insurer_code ? nameOf(card.insurer_code) : null],
    [CARD_LABELS.subscriber_number, text(card.subscriber_number)],
    [CARD_LABELS.group_number, text(card.group_number)],
    ['Held by', party],
    ['Guarantor', guarantor || null],
    ['Guarantor date of birth', text(card.guarantor_dob)],
    ['Guarantor gender', gender],
    ['Guarantor address', address || null],
    ['Consent to bill', card.consent ? 'Given' : 'Not given'],
  ];
  return (
    <dl>
      {rows
        .filter((r): r is [string, string] => r[1] !== null)
        .map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function RemoveDialog({
  userId,
  auth,
  cardType,
  onDone,
}: {
  userId: string;
  auth: InsuranceAuth;
  cardType: InsuranceCardType;
  onDone: (removed: boolean) => void;
}) {
  const remove = useDeleteInsuranceCard(userId, auth);
  const [problem, setProblem] = useState<string | null>(null);
  const removal = useSingleFlight(async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(cardType);
    } catch (error) {
      setProblem(`The card was not removed. ${isApiError(error) ? error.userMessage : 'Please try again.'}`);
      return;
    }
    onDone(true);
  });
  return (
    <Dialog title={`Remove the ${cardType} card?`} onClose={removal.isBusy ? undefined : () => onDone(false)}>
      <p>
        The clinic will no longer see this card.
        {cardType === 'primary' ? ' Its coverage check is dropped too.' : ''} The card photos stay in your
        documents.
      </p>
      {problem ? <p role="alert">{problem}</p> : null}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => onDone(false)} disabled={removal.isBusy}>
          Keep the card
        </Button>
        <Button
          variant="danger"
          isBusy={removal.isBusy}
          busyLabel="Removing…"
          onClick={() => void removal.run()}
        >
          Remove {cardType} card
        </Button>
      </div>
    </Dialog>
  );
}

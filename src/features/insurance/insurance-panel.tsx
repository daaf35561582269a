import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '@telehealth/client/errors';
import { useDeleteInsuranceCard } from '@/api/insurance/mutations';
import { insuranceQueries } from '@/api/insurance/queries';
import type { InsuranceAuth, InsuranceCard, InsuranceCardType } from '@telehealth/client/insurance/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import {
  CARD_LABELS,
  CARD_TYPE_LABEL,
  GENDERS,
  RESPONSIBLE_PARTIES,
  cardTypeWords,
} from './card-form-schema';
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

  if (cards.isPending) return <Spinner label={t`Loading insurance cards…`} />;
  if (cards.isError) return <QueryError query={cards} title={t`The insurance cards could not be loaded`} />;

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
            {canEdit ? (
              <Trans>
                <strong>There is a secondary card but no primary card.</strong> A secondary insurer pays only
                after the primary one, so the clinic bills your primary insurance first. If you have only one
                insurance, save it as your primary card (add a primary card, then remove the secondary one).
              </Trans>
            ) : (
              <Trans>
                <strong>There is a secondary card but no primary card.</strong> A secondary insurer pays only
                after the primary one, so the clinic bills your primary insurance first. If you have only one
                insurance, save it as your primary card.
              </Trans>
            )}
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
                  setNotice(cardTypeWords(type).saved);
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
              setNotice(cardTypeWords(removing).removed);
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
  const words = cardTypeWords(type);
  return (
    <section className="card insurance-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{i18n._(CARD_TYPE_LABEL[type])}</h2>
      {card ? <CardDetails card={card} /> : <p>{words.none}</p>}
      {card ? <CardPhotos userId={userId} cardType={type} auth={auth} canEdit={canEdit} /> : null}
      {canEdit ? (
        <div className="form-actions">
          <Button variant={card ? 'secondary' : 'primary'} onClick={onEdit}>
            {card ? words.edit : words.add}
          </Button>
          {card ? (
            <Button variant="danger" onClick={onRemove}>
              {words.remove}
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
  const partyLabel = RESPONSIBLE_PARTIES.find((p) => p.value === card.responsible_party)?.label;
  const party = partyLabel ? i18n._(partyLabel) : text(card.responsible_party);
  const genderLabel = GENDERS.find((g) => g.value === String(card.guarantor_gender ?? ''))?.label;
  const gender = genderLabel ? i18n._(genderLabel) : null;
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
    [i18n._(CARD_LABELS.insurer_code), card.insurer_code ? nameOf(card.insurer_code) : null],
    [i18n._(CARD_LABELS.subscriber_number), text(card.subscriber_number)],
    [i18n._(CARD_LABELS.group_number), text(card.group_number)],
    [t`Held by`, party],
    [t`Guarantor`, guarantor || null],
    [t`Guarantor date of birth`, text(card.guarantor_dob)],
    [t`Guarantor gender`, gender],
    [t`Guarantor address`, address || null],
    [
      t`Consent to bill`,
      card.consent
        ? t({ message: 'Given', context: 'consent to bill' })
        : t({ message: 'Not given', context: 'consent to bill' }),
    ],
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
      const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
      setProblem(t`The card was not removed. ${reason}`);
      return;
    }
    onDone(true);
  });
  const words = cardTypeWords(cardType);
  return (
    <Dialog title={words.removeQuestion} onClose={removal.isBusy ? undefined : () => onDone(false)}>
      <p>
        {cardType === 'primary' ? (
          <Trans>
            The clinic will no longer see this card. Its coverage check is dropped too. The card photos stay
            in your documents.
          </Trans>
        ) : (
          <Trans>The clinic will no longer see this card. The card photos stay in your documents.</Trans>
        )}
      </p>
      {problem ? <p role="alert">{problem}</p> : null}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => onDone(false)} disabled={removal.isBusy}>
          <Trans>Keep the card</Trans>
        </Button>
        <Button
          variant="danger"
          isBusy={removal.isBusy}
          busyLabel={t`Removing…`}
          onClick={() => void removal.run()}
        >
          {words.remove}
        </Button>
      </div>
    </Dialog>
  );
}

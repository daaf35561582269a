import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@telehealth/client/errors';
import { visitKindOf } from '@telehealth/client/visits/kinds';
import { useListVisitAction } from '@/api/visits/mutations';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { arrivedAt, patientNameOf, type WorkRow } from './work-list-model';

/** What the list can do with a row now: accept a free e-consult, take a free walk-in; else nothing. */
export type RowAction = 'accept' | 'take';

export function rowActionOf(row: WorkRow): RowAction | null {
  const [first] = row.visits;
  if (row.isGroup || row.status !== 'waiting' || first.provider_id) return null;
  if (first.status !== VISIT_STATUS.pending) return null;
  if (row.kind === 'econsult') return 'accept';
  return row.kind === 'walkin' ? 'take' : null;
}

/** The longest-waiting walk-in nobody has taken yet, across the provider's rooms. */
export function nextWalkin(visits: readonly Visit[]): Visit | null {
  let next: Visit | null = null;
  for (const v of visits) {
    if (v.status !== VISIT_STATUS.pending || v.provider_id) continue;
    if (visitKindOf(v) !== 'walkin') continue;
    if (!next || arrivedAt(v) < arrivedAt(next) || (arrivedAt(v) === arrivedAt(next) && v.id < next.id))
      next = v;
  }
  return next;
}

interface Outcome {
  words: string;
  visitId: string | null;
  name: string;
}

function refusalWords(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && error.status === 409)
    return t`Another provider took that visit first. The list now shows who has it.`;
  if (isApiError(error)) return error.userMessage;
  return t`That did not go through. Please try again.`;
}

const openLabel = (name: string) => t`Open the visit with ${name}`;

/**
 * Acting from the work list: take and start the next waiting walk-in, take a walk-in or accept an
 * e-consult from its row. One action at a time (a double press acts once); what happened is said in
 * one status line with a link to the visit, which takes focus (the pressed button is gone by then).
 * The caches of every open view of the visit are updated by the mutation.
 */
export function useWorkListActions({
  providerId,
  hrefFor,
}: {
  providerId: string | null;
  hrefFor: (id: string) => string;
}) {
  const action = useListVisitAction();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lineRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (outcome || failure) lineRef.current?.focus();
  }, [outcome, failure]);

  const flight = useSingleFlight(async (visit: Visit, what: RowAction | 'take-start') => {
    if (!providerId) return;
    setOutcome(null);
    setFailure(null);
    const name = patientNameOf(visit);
    try {
      let acted = await action.mutateAsync({ id: visit.id, input: { action: 'take', providerId } });
      if (what === 'take-start' && acted.status === VISIT_STATUS.pending) {
        acted = await action.mutateAsync({ id: visit.id, input: { action: 'start' } });
      }
      const words =
        what === 'accept'
          ? t`You accepted ${name}’s e-consult.`
          : what === 'take'
            ? t`You took ${name}’s walk-in.`
            : acted.status === VISIT_STATUS.inProgress
              ? t`You took and started ${name}’s walk-in.`
              : t`You took ${name}’s walk-in.`;
      setOutcome({ words, visitId: acted.id, name });
    } catch (error) {
      setFailure(refusalWords(error));
    }
  });

  const statusLine = (
    <div role="status" aria-label={t`What you did`} className="work-list-outcome">
      {outcome ? (
        <p ref={lineRef} tabIndex={-1}>
          {outcome.words}{' '}
          {outcome.visitId ? (
            <Link to={hrefFor(outcome.visitId)} aria-label={openLabel(outcome.name)}>
              <Trans>Open the visit</Trans>
            </Link>
          ) : null}
        </p>
      ) : failure ? (
        <p ref={lineRef} tabIndex={-1} className="form-error">
          {failure}
        </p>
      ) : null}
    </div>
  );

  return {
    isBusy: flight.isBusy,
    statusLine,
    takeAndStart: (visit: Visit) => void flight.run(visit, 'take-start'),
    onRow: (visit: Visit, what: RowAction) => void flight.run(visit, what),
  };
}

export type WorkListActions = ReturnType<typeof useWorkListActions>;

/** The button a row offers, named with the patient so that a list of them can be told apart. */
export function RowActionButton({
  row,
  what,
  actions,
}: {
  row: WorkRow;
  what: RowAction;
  actions: WorkListActions;
}) {
  const [first] = row.visits;
  const name = patientNameOf(first);
  return (
    <Button
      variant="secondary"
      className="work-row-action"
      aria-label={what === 'accept' ? t`Accept ${name}’s e-consult` : t`Take ${name}’s walk-in`}
      onClick={() => actions.onRow(first, what)}
      disabled={actions.isBusy}
    >
      {what === 'accept' ? (
        <Trans context="button: accepts an e-consult">Accept</Trans>
      ) : (
        <Trans context="button: takes a walk-in patient">Take</Trans>
      )}
    </Button>
  );
}

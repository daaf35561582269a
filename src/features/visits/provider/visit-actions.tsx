import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useServerExtension } from '@/api/accounts/extensions';
import { isApiError } from '@telehealth/client/errors';
import { messageQueries } from '@/api/messages/queries';
import { useSingleFlight, useSubmit } from '@/components/form';
import { displayName } from '@telehealth/client/users/display-name';
import { visitKindOf } from '@telehealth/client/visits/kinds';
import { useVisitAction } from '@/api/visits/mutations';
import type { ProviderVisitAction } from '@telehealth/client/visits/requests';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError, TextAreaField } from '@/components/ui/field';
import {
  CompleteDialog,
  EMPTY_COMPLETE_DRAFT,
  type CompleteDraft,
  type CompleteOutcome,
  type CompleteProgress,
} from './complete-dialog';

const CancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: () => t`Tell the patient why the visit is cancelled.` })
    .max(500, { error: () => t`Keep the reason under 500 characters.` }),
});
type CancelValues = z.infer<typeof CancelSchema>;

function completedWords(isEconsult: boolean, outcome: CompleteOutcome): string {
  return [
    isEconsult ? t`E-consult completed.` : t`Visit completed.`,
    outcome.messageSent ? t`Your last message was sent.` : null,
    outcome.summarySent ? t`The summary was sent to the patient.` : null,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * What a take, accept or start did, in plain words with the patient's name. Said in the card's
 * status line; the button that was pressed is gone by then, so the line takes focus.
 */
export function actedWords(
  action: 'take' | 'start',
  kind: ReturnType<typeof visitKindOf>,
  patient: string,
): string {
  if (action === 'start') return t`You started the visit with ${patient}. You can join the call below.`;
  if (kind === 'econsult') return t`You accepted ${patient}’s e-consult. You can write to them below.`;
  if (kind === 'walkin') return t`You took ${patient}’s walk-in. It is now in your list.`;
  return t`You took ${patient}’s appointment. It is now in your list.`;
}

const hasText = (draft: CompleteDraft) => Object.values(draft).some((value) => value.trim() !== '');

function errorWords(error: unknown): string {
  if (isApiError(error)) return error.userMessage;
  return t`That did not go through. Please try again.`;
}

/**
 * What a provider can do with a visit now: take it (assign to me), start it (video visits), complete
 * it, or cancel it with a reason. A visit a colleague has taken shows who has it instead. Each
 * action is one request; a refusal (the visit moved on meanwhile) is shown in the server's words
 * and the visit is read again. Completing asks first, in a dialog that also takes a summary for the
 * patient (and, for an e-consult, a last message, or leaving it open for the patient); what it did
 * is said in the card's status line, which takes focus once the visit is completed. An open
 * e-consult whose last message is not the patient's is shown as waiting for the patient (the spec
 * has no such status: docs/spec-decisions.md). The actions are a server extension (`visit-status`):
 * without it the card says the status is changed in the clinic's own system, and joining stays
 * (ProviderJoinPanel).
 */
export function VisitActions({ visit, providerId }: { visit: Visit; providerId: string }) {
  const headingId = useId();
  const canAct = useServerExtension('visit-status');
  const action = useVisitAction(visit.id);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [draft, setDraft] = useState<CompleteDraft>(EMPTY_COMPLETE_DRAFT);
  const progress = useRef<CompleteProgress>({ summary: null, message: null });
  const [outcome, setOutcome] = useState<{ words: string; focus: boolean } | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const kind = visitKindOf(visit);
  const isEconsult = kind === 'econsult';
  const mine = visit.provider_id === providerId;
  const taker = visit.provider_id && !mine ? displayName(visit.provider, t`Another provider`) : null;
  const isOpen =
    visit.status === VISIT_STATUS.pending ||
    visit.status === VISIT_STATUS.confirmed ||
    visit.status === VISIT_STATUS.inProgress;
  const notStarted = visit.status === VISIT_STATUS.pending || visit.status === VISIT_STATUS.confirmed;
  const free = !visit.provider_id;
  const patientName = displayName(visit.member, t`the patient`);
  const latest = useQuery({
    ...messageQueries.latest(visit.id),
    enabled: isEconsult && isOpen && (mine || free),
  });
  const last = latest.data?.data[0];
  const isWaitingForPatient = isEconsult && isOpen && !!last && last.actor.id !== visit.member_id;

  useEffect(() => {
    // Completing removes the button that opened the dialog: focus goes to what happened instead.
    if (outcome?.focus) outcomeRef.current?.focus();
  }, [outcome]);

  const keepDraft = (values: CompleteDraft) => {
    setDraft(values);
    setCompleting(false);
  };

  // A refusal is shown from action.error below, in the server's words.
  const flight = useSingleFlight(async (input: ProviderVisitAction) => {
    setOutcome(null);
    const done = await action.mutateAsync(input).then(
      () => true,
      () => false,
    );
    if (done && (input.action === 'take' || input.action === 'start')) {
      setOutcome({ words: actedWords(input.action, kind, patientName), focus: true });
    }
  });
  const run = (input: ProviderVisitAction) => void flight.run(input);
  const busyFor = (name: ProviderVisitAction['action']) =>
    action.isPending && action.variables.action === name;

  return (
    <section className="card visit-actions" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Actions</Trans>
      </h2>
      {taker && isOpen ? (
        <p>
          <Trans>
            <bdi>{taker}</bdi> has taken this visit.
          </Trans>
        </p>
      ) : null}
      <div role="status">
        {outcome ? (
          <p ref={outcomeRef} tabIndex={-1}>
            {outcome.words}
          </p>
        ) : null}
      </div>
      {!isOpen ? (
        <p>
          <Trans>This visit is closed; there is nothing left to do.</Trans>
        </p>
      ) : null}
      {isWaitingForPatient ? (
        <p>
          <Trans>Waiting for the patient: the last message in the conversation is from the care team.</Trans>
        </p>
      ) : null}
      {action.isError ? (
        <p role="alert" className="form-error">
          {errorWords(action.error)}
        </p>
      ) : null}
      {isOpen && !canAct ? (
        <p>
          {isEconsult ? (
            <Trans>
              Accepting, completing and cancelling this e-consult are done in the clinic’s own system.
            </Trans>
          ) : (
            <Trans>
              Taking, starting, completing and cancelling this visit are done in the clinic’s own system. Once
              the visit is in progress, you can join the call from this page.
            </Trans>
          )}
        </p>
      ) : null}
      {canAct && isOpen && (mine || free) ? (
        <div className="button-row">
          {free && notStarted ? (
            <Button
              onClick={() => run({ action: 'take', providerId })}
              isBusy={busyFor('take')}
              busyLabel={t`Taking…`}
              disabled={action.isPending}
            >
              {isEconsult ? <Trans>Accept this e-consult</Trans> : <Trans>Take this visit</Trans>}
            </Button>
          ) : null}
          {!isEconsult && notStarted ? (
            <Button
              variant={free ? 'secondary' : 'primary'}
              onClick={() => run({ action: 'start' })}
              isBusy={busyFor('start')}
              busyLabel={t`Starting…`}
              disabled={action.isPending}
            >
              <Trans>Start the visit</Trans>
            </Button>
          ) : null}
          {mine && (visit.status === VISIT_STATUS.inProgress || isEconsult) ? (
            <Button
              onClick={() => {
                setOutcome(null);
                setCompleting(true);
              }}
              disabled={action.isPending}
            >
              {isEconsult ? <Trans>Complete the e-consult</Trans> : <Trans>Complete the visit</Trans>}
            </Button>
          ) : null}
          <Button variant="danger" onClick={() => setConfirmCancel(true)} disabled={action.isPending}>
            <Trans>Cancel the visit</Trans>
          </Button>
        </div>
      ) : null}
      {canAct && completing ? (
        <CompleteDialog
          visit={visit}
          isEconsult={isEconsult}
          draft={draft}
          sentBefore={() => progress.current}
          onSent={(sent) => {
            progress.current = sent;
          }}
          onKeepOpen={keepDraft}
          onLeaveOpen={(values) => {
            keepDraft(values);
            setOutcome({
              words: [
                t`The e-consult stays open.`,
                last && last.actor.id === visit.member_id
                  ? t`The patient wrote last, so they may be waiting for your reply.`
                  : t`It is waiting for the patient.`,
                hasText(values) ? t`What you wrote is kept here, unsent, for when you complete it.` : null,
              ]
                .filter(Boolean)
                .join(' '),
              focus: false,
            });
            void latest.refetch();
          }}
          onCompleted={(done) => {
            setCompleting(false);
            setDraft(EMPTY_COMPLETE_DRAFT);
            progress.current = { summary: null, message: null };
            setOutcome({ words: completedWords(isEconsult, done), focus: true });
          }}
        />
      ) : null}
      {canAct && confirmCancel ? (
        <CancelDialog
          onClose={() => setConfirmCancel(false)}
          onConfirm={async (reason) => {
            await action.mutateAsync({ action: 'cancel', reason });
            setConfirmCancel(false);
          }}
        />
      ) : null}
    </section>
  );
}

function CancelDialog({
  onClose,
  onConfirm,
}: {
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const form = useForm<CancelValues>({ resolver: zodResolver(CancelSchema), defaultValues: { reason: '' } });
  const submit = useSubmit({ form, action: ({ reason }) => onConfirm(reason), failure: errorWords });
  const busy = submit.isBusy;
  return (
    <Dialog title={t`Cancel this visit?`} onClose={busy ? undefined : onClose}>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit.onSubmit}>
          <fieldset disabled={busy}>
            <p>
              <Trans>The patient is told the visit is cancelled, with your reason.</Trans>
            </p>
            <TextAreaField<CancelValues>
              name="reason"
              label={t`Reason for cancelling`}
              required
              maxLength={500}
            />
            <FormError message={submit.formError} />
            <div className="button-row">
              <Button variant="danger" type="submit" isBusy={busy} busyLabel={t`Cancelling…`}>
                <Trans>Cancel the visit</Trans>
              </Button>
              <Button variant="secondary" onClick={onClose}>
                <Trans>Keep the visit</Trans>
              </Button>
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}

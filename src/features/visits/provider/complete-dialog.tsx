import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '@telehealth/client/errors';
import { useUploadFile } from '@/api/files/mutations';
import { messageQueries } from '@/api/messages/queries';
import { postVisitMessage } from '@telehealth/client/messages/requests';
import { MESSAGE_MAX_LENGTH } from '@telehealth/client/messages/schemas';
import { useVisitAction } from '@/api/visits/mutations';
import type { Visit } from '@telehealth/client/visits/schemas';
import { useSubmit } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError, TextAreaField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import {
  buildVisitSummaryFile,
  EMPTY_SUMMARY,
  SUMMARY_PART_MAX_LENGTH,
  SUMMARY_PARTS,
} from './visit-summary-file';

const part = z.string().max(SUMMARY_PART_MAX_LENGTH, {
  error: () => {
    const max = SUMMARY_PART_MAX_LENGTH;
    return t`Keep each part under ${max} characters.`;
  },
});

const CompleteSchema = z.object({
  discussed: part,
  nextSteps: part,
  comeBack: part,
  lastMessage: z.string().max(MESSAGE_MAX_LENGTH, {
    error: () => {
      const max = MESSAGE_MAX_LENGTH;
      return t`Keep the message under ${max} characters.`;
    },
  }),
});

/** What the provider typed in the dialog; kept when the dialog closes without completing. */
export type CompleteDraft = z.infer<typeof CompleteSchema>;

export const EMPTY_COMPLETE_DRAFT: CompleteDraft = { ...EMPTY_SUMMARY, lastMessage: '' };

/** What completing did, for the page to say. */
export interface CompleteOutcome {
  summarySent: boolean;
  messageSent: boolean;
}

/**
 * What an earlier try already sent (by content), so trying again after a later step failed never
 * sends the same summary or message twice. It outlives the dialog (the parent holds it).
 */
export interface CompleteProgress {
  summary: string | null;
  message: string | null;
}

/** A failed step, in words that say what happened and that the visit is still open. */
class StepError extends Error {}

/** The reason as a sentence of its own (it is followed by what happens next). */
function reasonOf(error: unknown): string {
  const words = isApiError(error) ? error.userMessage.trim() : '';
  if (!words) return t`That did not go through.`;
  return /[.!?…]$/.test(words) ? words : `${words}.`;
}

/**
 * Asks before completing a visit or an e-consult, and offers what goes with it: a summary for the
 * patient (three optional parts, sent as a text file on the visit, where the patient's visit page
 * finds it) and, for an e-consult, a last message. Order: the summary, then the message, then the
 * completion; a step that fails stops there, keeps everything typed and says the visit is still
 * open. "Keep it open" (focused first) and Escape close it without changing anything; an e-consult
 * may instead be left open on purpose, waiting for the patient.
 */
export function CompleteDialog({
  visit,
  isEconsult,
  draft,
  sentBefore,
  onSent,
  onKeepOpen,
  onLeaveOpen,
  onCompleted,
}: {
  visit: Visit;
  isEconsult: boolean;
  draft: CompleteDraft;
  /** What earlier tries sent (held by the parent, so it outlives the dialog). */
  sentBefore: () => CompleteProgress;
  onSent: (sent: CompleteProgress) => void;
  onKeepOpen: (draft: CompleteDraft) => void;
  onLeaveOpen: (draft: CompleteDraft) => void;
  onCompleted: (outcome: CompleteOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const zone = useViewerTimeZone();
  const upload = useUploadFile();
  // Its own instance, so a refusal shows here and not also on the card behind the dialog.
  const complete = useVisitAction(visit.id);
  const descriptionId = useId();
  const keepId = useId();
  const form = useForm<CompleteDraft>({ resolver: zodResolver(CompleteSchema), defaultValues: draft });

  const submit = useSubmit({
    form,
    action: async (values) => {
      const sent = { ...sentBefore() };
      const summary = buildVisitSummaryFile(values, { at: new Date(), zone });
      if (summary && sent.summary !== summary.content) {
        try {
          await upload.mutateAsync({
            input: {
              file: summary.file,
              fileName: summary.fileName,
              title: summary.title,
              category: 'user_document',
              targetId: visit.id,
              targetType: 'visit',
            },
          });
        } catch (error) {
          const reason = reasonOf(error);
          throw new StepError(
            isEconsult
              ? t`The summary could not be sent: ${reason} The e-consult is still open and everything you wrote is still here. Please try again.`
              : t`The summary could not be sent: ${reason} The visit is still open and everything you wrote is still here. Please try again.`,
          );
        }
        sent.summary = summary.content;
        onSent({ ...sent });
      }
      const message = isEconsult ? values.lastMessage.trim() : '';
      if (message && sent.message !== message) {
        try {
          await postVisitMessage(visit.id, { content: message });
        } catch (error) {
          const reason = reasonOf(error);
          throw new StepError(
            t`Your last message could not be sent: ${reason} The e-consult is still open and everything you wrote is still here. Please try again.`,
          );
        }
        sent.message = message;
        onSent({ ...sent });
        await queryClient.invalidateQueries({ queryKey: messageQueries.latest(visit.id).queryKey });
      }
      try {
        await complete.mutateAsync({ action: 'complete' });
      } catch (error) {
        const reason = reasonOf(error);
        const failed = isEconsult
          ? t`The e-consult could not be completed: ${reason}`
          : t`The visit could not be completed: ${reason}`;
        const already =
          sent.summary && sent.message
            ? t`The patient already has the summary and your last message; trying again does not send them twice.`
            : sent.summary
              ? t`The patient already has the summary; trying again does not send it twice.`
              : sent.message
                ? t`The patient already has your last message; trying again does not send it twice.`
                : null;
        throw new StepError(already ? `${failed} ${already}` : failed);
      }
      onCompleted({ summarySent: sent.summary !== null, messageSent: sent.message !== null });
    },
    failure: (error) => (error instanceof StepError ? error.message : reasonOf(error)),
  });
  const busy = submit.isBusy;

  useEffect(() => {
    // The safe choice takes focus, after the dialog's own move of focus to its first field.
    const timer = setTimeout(() => document.getElementById(keepId)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [keepId]);

  const keepOpen = () => onKeepOpen(form.getValues());

  return (
    <Dialog
      title={isEconsult ? t`Complete this e-consult?` : t`Complete this visit?`}
      onClose={busy ? undefined : keepOpen}
      describedBy={descriptionId}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={submit.onSubmit}>
          <fieldset disabled={busy}>
            <p id={descriptionId}>
              {isEconsult ? (
                <Trans>
                  Completing closes the conversation: neither you nor the patient can write in it any more,
                  and it cannot be reopened from this page.
                </Trans>
              ) : (
                <Trans>
                  Completing ends the visit: it leaves the open visits, the patient sees it as completed, and
                  it cannot be reopened from this page.
                </Trans>
              )}
            </p>
            <fieldset>
              <legend>
                <Trans>A summary for the patient (optional)</Trans>
              </legend>
              <p className="field-hint">
                <Trans>
                  The patient finds it on their visit page as a text file they can open and keep. Leave these
                  empty to complete without a summary.
                </Trans>
              </p>
              {SUMMARY_PARTS.map((summaryPart) => (
                <TextAreaField<CompleteDraft>
                  key={summaryPart.name}
                  name={summaryPart.name}
                  label={i18n._(summaryPart.label)}
                  rows={3}
                  maxLength={SUMMARY_PART_MAX_LENGTH}
                />
              ))}
            </fieldset>
            {isEconsult ? (
              <TextAreaField<CompleteDraft>
                name="lastMessage"
                label={t`Send a last message (optional)`}
                hint={t`Sent in the conversation just before it closes.`}
                rows={3}
                maxLength={MESSAGE_MAX_LENGTH}
              />
            ) : null}
            <FormError message={submit.formError} />
            <div className="dialog-actions">
              <Button id={keepId} variant="secondary" onClick={keepOpen}>
                <Trans>Keep it open</Trans>
              </Button>
              {isEconsult ? (
                <Button variant="secondary" onClick={() => onLeaveOpen(form.getValues())}>
                  <Trans>Leave open, waiting for the patient</Trans>
                </Button>
              ) : null}
              <Button type="submit" isBusy={busy} busyLabel={t`Completing…`}>
                {isEconsult ? <Trans>Complete the e-consult</Trans> : <Trans>Complete the visit</Trans>}
              </Button>
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}

import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Pharmacy, Prescription } from '@telehealth/client/erx/schemas';
import { isApiError } from '@telehealth/client/errors';
import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import { useCreateIntake } from '@/api/intakes/mutations';
import { usePostOpeningMessage } from '@/api/messages/opening-message';
import { useAddEconsultOnce } from '@/api/visits/econsult-once';
import { INTAKE_TYPE_FOR_KIND } from '@telehealth/client/visits/kinds';
import { useSubmit } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError, SelectField, TextAreaField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { formatPhone, pharmacyAddress } from './format';
import { REFILL_NOTE_MAX, REFILL_PRESCRIPTION_FIELD, refillMessage, refillReason } from './refill-message';
import type { RefillTarget } from './refill-room';

/**
 * How far one prescription's request got, kept by the list (not the card) so that a retry, or the
 * card shown again after a change of filter, goes on from there: the intake is created once, its
 * e-consult once, and the message once.
 */
export interface RefillProgress {
  roomCode: string;
  roomName: string;
  intakeId?: string;
  visitId?: string;
  isSent?: boolean;
}
export type RefillProgressStore = Map<string, RefillProgress>;

const RefillFormSchema = z.object({
  pharmacyCode: z.string(),
  note: z.string().max(REFILL_NOTE_MAX, {
    error: () => {
      const max = REFILL_NOTE_MAX;
      return t`Please keep the note under ${max} characters.`;
    },
  }),
});
type RefillFormValues = z.infer<typeof RefillFormSchema>;

const NEXT_STEP = msg`The clinic will review your request; you’ll get a message here.`;

/**
 * A saved pharmacy as the patient chooses it: "Harbor Pharmacy, 12 Water Street, Brooklyn, NY 11201 ·
 * Phone (718) 555-0101" (the message to the clinic writes it with `pharmacyLine`).
 */
function pharmacyChoice(pharmacy: Pharmacy): string {
  const address = pharmacyAddress(pharmacy);
  const place = `${pharmacy.name}${address ? `, ${address}` : ''}`;
  if (!pharmacy.phone) return place;
  const phone = formatPhone(pharmacy.phone);
  return `${place} · ${t`Phone ${phone}`}`;
}

/** What the request names, in one sentence (the dose's directions and the pharmacy when there are). */
function requestScope(roomName: string, directions: string | null | undefined, hasPharmacies: boolean) {
  if (directions && hasPharmacies)
    return t`Your request goes to ${roomName} as a written e-consult. It names the medicine and its dose (${directions}) and the pharmacy you choose.`;
  if (directions)
    return t`Your request goes to ${roomName} as a written e-consult. It names the medicine and its dose (${directions}).`;
  if (hasPharmacies)
    return t`Your request goes to ${roomName} as a written e-consult. It names the medicine and its dose and the pharmacy you choose.`;
  return t`Your request goes to ${roomName} as a written e-consult. It names the medicine and its dose.`;
}

/**
 * "Request a refill" of one prescription (docs/spec-decisions.md, "Prescription refill requests
 * (issue 27)"): an e-consult to the clinic, whose first message names the medicine, its dose and
 * the pharmacy, with the patient's optional note. One request per press (`useSubmit`); a retry
 * after a failure creates no second intake, visit or message (`RefillProgress`).
 */
export function RefillRequest({
  prescription,
  target,
  pharmacies,
  store,
}: {
  prescription: Prescription;
  target: RefillTarget;
  pharmacies: readonly Pharmacy[];
  store: RefillProgressStore;
}) {
  const formId = useId();
  const [isOpen, setOpen] = useState(false);
  // Where focus goes when the form opens, closes or is replaced by the answer.
  const [focusTarget, setFocusTarget] = useState<'form' | 'button' | 'sent' | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [sent, setSent] = useState<RefillProgress | null>(() => {
    const progress = store.get(prescription.ID);
    return progress?.isSent ? progress : null;
  });
  const createIntake = useCreateIntake();
  const addEconsult = useAddEconsultOnce();
  const postOpening = usePostOpeningMessage();
  const ordered = [...pharmacies].sort(
    (a, b) => Number(b.is_default === true) - Number(a.is_default === true),
  );
  const form = useForm<RefillFormValues>({
    resolver: zodResolver(RefillFormSchema),
    defaultValues: { pharmacyCode: ordered[0]?.code ?? '', note: '' },
  });

  const hasPharmacies = ordered.length > 0;
  const roomName = store.get(prescription.ID)?.roomName ?? target.roomName;
  useEffect(() => {
    if (focusTarget === 'form') form.setFocus(hasPharmacies ? 'pharmacyCode' : 'note');
    else if (focusTarget === 'button') boxRef.current?.querySelector('button')?.focus();
    else if (focusTarget === 'sent') sentRef.current?.focus();
  }, [focusTarget, form, hasPharmacies]);

  const submit = useSubmit({
    form,
    action: async (values) => {
      // A request already under way keeps its room: its intake belongs to that room.
      let progress: RefillProgress = store.get(prescription.ID) ?? {
        roomCode: target.roomCode,
        roomName: target.roomName,
      };
      const remember = (next: RefillProgress) => {
        progress = next;
        store.set(prescription.ID, next);
      };
      if (!progress.intakeId) {
        const intake = await createIntake.mutateAsync({
          room_code: progress.roomCode,
          reason_for_visit: refillReason(prescription),
          type: INTAKE_TYPE_FOR_KIND.econsult,
          custom: {
            [CUSTOM_FIELDS.visitKind]: 'econsult',
            [REFILL_PRESCRIPTION_FIELD]: prescription.ID,
            ...(target.consultationId ? { [CUSTOM_FIELDS.consultationId]: target.consultationId } : {}),
          },
        });
        remember({ ...progress, intakeId: intake.id });
      }
      const intakeId = progress.intakeId!;
      if (!progress.visitId) {
        const visitId = await addEconsult.mutateAsync({ intake_id: intakeId, room_code: progress.roomCode });
        remember({ ...progress, visitId });
      }
      const visitId = progress.visitId!;
      const pharmacy = pharmacies.find((p) => p.code === values.pharmacyCode) ?? null;
      await postOpening.mutateAsync({
        visitId,
        input: { content: refillMessage(prescription, pharmacy, values.note) },
      });
      remember({ ...progress, isSent: true });
      setSent(progress);
      setFocusTarget('sent');
    },
    failure: (error) => {
      const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
      return t`Your refill request was not sent. ${reason}`;
    },
  });

  const drug = prescription.Drug;
  if (sent?.visitId) {
    const sentTo = sent.roomName;
    return (
      <div className="refill-sent" role="status" ref={sentRef} tabIndex={-1}>
        <p>
          <strong>
            <Trans>Refill requested from {sentTo}.</Trans>
          </strong>{' '}
          {i18n._(NEXT_STEP)}
        </p>
        <p>
          <Link to={paths.patient.visit(sent.visitId)}>
            <Trans>Open your request</Trans>
          </Link>
        </p>
      </div>
    );
  }

  if (!isOpen) {
    return (
      <div ref={boxRef}>
        <Button
          variant="secondary"
          aria-label={t`Request a refill of ${drug}`}
          onClick={() => {
            setOpen(true);
            setFocusTarget('form');
          }}
        >
          <Trans>Request a refill</Trans>
        </Button>
      </div>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        id={formId}
        className="refill-form"
        noValidate
        onSubmit={submit.onSubmit}
        aria-labelledby={`${formId}-title`}
      >
        <h4 id={`${formId}-title`}>
          <Trans>Refill request: {drug}</Trans>
        </h4>
        <p>{requestScope(roomName, prescription.Directions, hasPharmacies)}</p>
        <FormError message={submit.formError} />
        <fieldset disabled={submit.isBusy} className="plain-fieldset">
          {hasPharmacies ? (
            <SelectField<RefillFormValues>
              name="pharmacyCode"
              label={t`Pharmacy to send it to`}
              options={ordered.map((p) => ({ value: p.code, label: pharmacyChoice(p) }))}
            />
          ) : (
            <p>
              <Trans>You have no saved pharmacy yet: the clinic will ask you where to send it.</Trans>
            </p>
          )}
          <TextAreaField<RefillFormValues>
            name="note"
            label={t`Anything the clinic should know?`}
            hint={t`Optional. For example, how many days of medicine you have left.`}
            rows={3}
            maxLength={REFILL_NOTE_MAX}
          />
        </fieldset>
        <p className="muted">{i18n._(NEXT_STEP)}</p>
        <div className="form-actions">
          <Button type="submit" isBusy={submit.isBusy} busyLabel={t`Sending…`}>
            <Trans>Send request</Trans>
          </Button>
          <Button
            variant="secondary"
            disabled={submit.isBusy}
            onClick={() => {
              setOpen(false);
              setFocusTarget('button');
            }}
          >
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

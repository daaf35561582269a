import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { accountQueries } from '@/api/accounts/queries';
import { IntakeStepSchema, type IntakeStep, type StepFormItem } from '@telehealth/client/accounts/schemas';
import type { Intake } from '@telehealth/client/intakes/schemas';
import { formatPrice, roomCurrency } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import { displayName } from '@telehealth/client/users/display-name';
import { env } from '@/config/env';
import { formatDateTime } from '@/lib/dates';
import { CUSTOM_FIELDS, customSeconds, customValue, genericFieldKey, providerIdOf } from '@/wizard';

interface Answer {
  label: string;
  value: string;
}

/** A generic step's saved answer in the words the account's form shows (its `titleMap`). */
function answerText(item: StepFormItem, raw: string): string {
  if (item.type === 'checkbox') return raw === 'true' || raw === '1' ? t`Yes` : t`No`;
  const map = item.titleMap;
  if (Array.isArray(map)) return map.find((m) => String(m.value) === raw)?.name ?? raw;
  if (map && typeof map === 'object') return map[raw] ?? raw;
  return raw;
}

/** Every answered field of the account's generic steps, labelled with the account's own titles. */
export function genericAnswers(steps: readonly IntakeStep[], intake: Intake): Answer[] {
  const answers: Answer[] = [];
  for (const step of steps) {
    for (const section of step.sections ?? []) {
      for (const item of section.form) {
        const raw = customValue(intake, genericFieldKey(step.code, section.code, item.key));
        if (raw === undefined || raw.trim() === '') continue;
        answers.push({
          label: item.title ?? section.schema[item.key]?.title ?? item.key,
          value: answerText(item, raw),
        });
      }
    }
  }
  return answers;
}

/**
 * What the patient told the clinic: reason, location and phone, the provider and consultation
 * chosen (with its price), every generic step answer under the account's field titles, and consent.
 */
export function IntakeSummary({
  intake,
  roomCode,
  zone,
}: {
  intake: Intake;
  roomCode?: string;
  zone: string;
}) {
  const headingId = useId();
  const account = useQuery(accountQueries.detail(env.VITE_ACCOUNT_CODE));
  const room = useQuery({ ...roomQueries.detail(roomCode ?? ''), enabled: Boolean(roomCode) });
  const providers = useQuery({ ...roomQueries.providers(roomCode ?? ''), enabled: Boolean(roomCode) });

  const providerId = providerIdOf(intake);
  const chosen = providerId ? providers.data?.find((p) => p.id === providerId) : undefined;
  const consultationId = customValue(intake, CUSTOM_FIELDS.consultationId);
  const consultation = consultationId
    ? room.data?.payment?.consultations?.find((c) => String(c.id) === consultationId)
    : undefined;
  const consentAt = customSeconds(intake, CUSTOM_FIELDS.consentAcceptedAt);
  const consent = customValue(intake, CUSTOM_FIELDS.consentAccepted);
  // A step the contract cannot read has no titles to show; its answers are passed over.
  const steps = [...(account.data?.intake_steps ?? []), ...(account.data?.post_intake_steps ?? [])].flatMap(
    (step) => {
      const parsed = IntakeStepSchema.safeParse(step);
      return parsed.success ? [parsed.data] : [];
    },
  );

  const answers: Answer[] = [
    { label: t`Reason for visit`, value: intake.reason_for_visit?.trim() || t`Not given` },
  ];
  if (typeof intake.location === 'string' && intake.location) {
    answers.push({ label: t`Location (state)`, value: intake.location });
  }
  if (typeof intake.phone === 'string' && intake.phone)
    answers.push({ label: t`Phone`, value: intake.phone });
  if (providerId) {
    const anyProvider = t`A provider of this room`;
    answers.push({
      label: t`Provider chosen`,
      value: chosen ? displayName(chosen, anyProvider) : anyProvider,
    });
  }
  if (consultationId) {
    answers.push({
      label: t`Consultation`,
      value: consultation
        ? `${consultation.description ?? t`Consultation`} · ${formatPrice(consultation, room.data ? roomCurrency(room.data) : 'usd')}`
        : t`Chosen (details unavailable)`,
    });
  }
  answers.push(...genericAnswers(steps, intake));
  if (consent !== undefined) {
    const date = consentAt ? formatDateTime(consentAt, zone) : null;
    answers.push({
      label: t`Consent`,
      value:
        consent === 'true' || consent === '1'
          ? date
            ? t`Accepted on ${date}`
            : t`Accepted`
          : t`Not accepted`,
    });
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Intake answers</Trans>
      </h2>
      <dl className="detail-list intake-answers">
        {answers.map((a) => (
          <div key={a.label}>
            <dt>{a.label}</dt>
            <dd>
              <bdi>{a.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

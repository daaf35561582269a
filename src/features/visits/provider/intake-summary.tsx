import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { accountQueries } from '@/api/accounts/queries';
import { IntakeStepSchema, type IntakeStep, type StepFormItem } from '@/api/accounts/schemas';
import type { Intake } from '@/api/intakes/schemas';
import { formatPrice, roomCurrency } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import { displayName } from '@/api/users/display-name';
import { env } from '@/config/env';
import { formatDateTime } from '@/lib/dates';
import { CUSTOM_FIELDS, customSeconds, customValue, genericFieldKey, providerIdOf } from '@/wizard';

interface Answer {
  label: string;
  value: string;
}

/** A generic step's saved answer in the words the account's form shows (its `titleMap`). */
function answerText(item: StepFormItem, raw: string): string {
  if (item.type === 'checkbox') return raw === 'true' || raw === '1' ? 'Yes' : 'No';
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
    { label: 'Reason for visit', value: intake.reason_for_visit?.trim() || 'Not given' },
  ];
  if (typeof intake.location === 'string' && intake.location) {
    answers.push({ label: 'Location (state)', value: intake.location });
  }
  if (typeof intake.phone === 'string' && intake.phone) answers.push({ label: 'Phone', value: intake.phone });
  if (providerId) {
    answers.push({
      label: 'Provider chosen',
      value: chosen ? displayName(chosen, 'A provider of this room') : 'A provider of this room',
    });
  }
  if (consultationId) {
    answers.push({
      label: 'Consultation',
      value: consultation
        ? `${consultation.description ?? 'Consultation'} · ${formatPrice(consultation, room.data ? roomCurrency(room.data) : 'usd')}`
        : 'Chosen (details unavailable)',
    });
  }
  answers.push(...genericAnswers(steps, intake));
  if (consent !== undefined) {
    answers.push({
      label: 'Consent',
      value:
        consent === 'true' || consent === '1'
          ? `Accepted${consentAt ? ` on ${formatDateTime(consentAt, zone)}` : ''}`
          : 'Not accepted',
    });
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Intake answers</h2>
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

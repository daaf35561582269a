import { HttpResponse } from 'msw';
import { z } from 'zod';
import { AccountSchema, SettingsSchema } from '@telehealth/client/accounts/schemas';
import {
  BillingSettingsSchema,
  InvoiceResultSchema,
  PaymentSourceSchema,
} from '@telehealth/client/billing/schemas';
import {
  EMR_SECTION_NAMES,
  EmrRecordSchema,
  emrWriteResultSchema,
  type EmrSectionName,
} from '@telehealth/client/emr/schemas';
import { FileRecordSchema } from '@telehealth/client/files/schemas';
import { DeviceSchema, HealthMeasurementResultSchema } from '@telehealth/client/health/schemas';
import { PharmacySchema, PrescriptionSchema } from '@telehealth/client/erx/schemas';
import {
  BillingReferenceItemSchema,
  CarrierSchema,
  ClaimRowSchema,
  DiagnosisSchema,
  EligibilityJobSchema,
  InsuranceCardBodySchema,
  InsuranceCardListBodySchema,
} from '@telehealth/client/insurance/schemas';
import { IntakeRefSchema, IntakeSchema } from '@telehealth/client/intakes/schemas';
import { VisitMessagePageSchema, VisitMessageSchema } from '@telehealth/client/messages/schemas';
import {
  DeletedPushEndpointSchema,
  NotificationBadgeSchema,
  NotificationSchema,
  PushEndpointSchema,
} from '@telehealth/client/push/schemas';
import { RecordingDetailSchema } from '@telehealth/client/recordings/schemas';
import {
  RoomProviderDetailSchema,
  RoomProviderSchema,
  RoomQueueSchema,
  RoomSchema,
  RoomSummarySchema,
  UserRoomAssociationSchema,
} from '@telehealth/client/rooms/schemas';
import { AvailabilitySchema, SlotDeleteResultSchema, SlotSchema } from '@telehealth/client/slots/schemas';
import { SurveyResponseListBodySchema } from '@telehealth/client/surveys/schemas';
import {
  RefreshResultSchema,
  SsoResultSchema,
  UserListSchema,
  UserSchema,
} from '@telehealth/client/users/schemas';
import { VisitSchema } from '@telehealth/client/visits/schemas';
import { isSpecProfile } from '../lib/profile.ts';
import * as spec from './fields.ts';
import { applyTable } from './lens.ts';

/**
 * The spec profile's one lens, applied by `ok` and `raw` (lib/respond.ts) to every answer: each
 * handler already names the client schema of its answer, so the field table is found by that
 * schema; an array of a known schema is a list of its table. Envelopes are unchanged: `ok` wraps
 * the cut payload in `data`, and a body with its own envelope keeps `total_count` or `version`.
 */

/** `POST /users/{id}/emr/{name}` answers through these (one schema per section, so its table is found). */
export const EMR_WRITE_RESULT_SCHEMAS = Object.fromEntries(
  EMR_SECTION_NAMES.map((name) => [name, emrWriteResultSchema(name)]),
) as { [N in EmrSectionName]: ReturnType<typeof emrWriteResultSchema<N>> };

/**
 * `GET …/eligibility` before any check, on the spec profile: 200 with a job of nulls (4.8 shows
 * only `{job_id, status}`; the 404 of the full profile is the `eligibility-none` extension).
 */
export const NO_ELIGIBILITY_JOB_SCHEMA = z.object({ job_id: z.null(), status: z.null() });

const TABLES = new Map<z.ZodType, spec.Field>([
  [UserSchema, spec.user],
  [UserListSchema, spec.envelope({ kind: 'list', of: spec.user })],
  [SsoResultSchema, spec.ssoResult],
  [RefreshResultSchema, spec.refreshResult],
  [AccountSchema, spec.account],
  // spec 4.3: a nested object of settings the spec does not break down.
  [SettingsSchema, 'whole'],
  [RoomSummarySchema, spec.roomListItem],
  [RoomSchema, spec.room],
  [RoomProviderSchema, spec.roomProvider],
  [RoomProviderDetailSchema, spec.roomProviderDetail],
  [RoomQueueSchema, spec.roomQueue],
  [UserRoomAssociationSchema, spec.userRoomAssociation],
  [IntakeSchema, spec.intake],
  [IntakeRefSchema, spec.intakeRef],
  [VisitSchema, spec.visit],
  [SlotSchema, spec.slot],
  [AvailabilitySchema, spec.availability],
  [SlotDeleteResultSchema, spec.slotDeleteResult],
  [BillingSettingsSchema, spec.billingSettings],
  [PaymentSourceSchema, spec.paymentSource],
  [InvoiceResultSchema, spec.invoice],
  [FileRecordSchema, spec.file],
  [InsuranceCardListBodySchema, spec.envelope({ kind: 'list', of: spec.insuranceCard })],
  [InsuranceCardBodySchema, spec.envelope(spec.insuranceCard)],
  [EligibilityJobSchema, spec.eligibilityJob],
  [NO_ELIGIBILITY_JOB_SCHEMA, spec.eligibilityJob],
  [ClaimRowSchema, spec.claimRow],
  [CarrierSchema, spec.carrier],
  [BillingReferenceItemSchema, spec.billingReferenceItem],
  [DiagnosisSchema, spec.diagnosis],
  [PrescriptionSchema, spec.prescription],
  [PharmacySchema, spec.pharmacy],
  [EmrRecordSchema, spec.emrRecord],
  ...EMR_SECTION_NAMES.map((name) => [EMR_WRITE_RESULT_SCHEMAS[name], spec.emrWriteResult(name)] as const),
  [DeviceSchema, spec.device],
  [HealthMeasurementResultSchema, spec.measurementResult],
  [RecordingDetailSchema, spec.recordingDetail],
  [SurveyResponseListBodySchema, spec.envelope({ kind: 'list', of: spec.surveyResponse })],
  [PushEndpointSchema, spec.pushEndpoint],
  [DeletedPushEndpointSchema, spec.deletedPushEndpoint],
  [NotificationSchema, spec.notification],
  [NotificationBadgeSchema, 'value'],
  [VisitMessagePageSchema, spec.envelope({ kind: 'list', of: spec.visitMessage })],
  [VisitMessageSchema, spec.visitMessage],
]);

/**
 * The table of an answer's schema; `null` for a plain value (`true`, a count, `[]`) that has no
 * fields to cut; `undefined` when no table was written for it.
 */
export function tableFor(schema: z.ZodType): spec.Field | null | undefined {
  const known = TABLES.get(schema);
  if (known !== undefined) return known;
  if (schema instanceof z.ZodArray) {
    const item = tableFor(schema.element as z.ZodType);
    return item ? { kind: 'list', of: item } : item;
  }
  if (
    schema instanceof z.ZodBoolean ||
    schema instanceof z.ZodLiteral ||
    schema instanceof z.ZodNumber ||
    schema instanceof z.ZodUnknown
  ) {
    return null;
  }
  return undefined;
}

/**
 * The answer as the profile sends it: unchanged on the full profile; on the spec profile cut by
 * its table. An answer without a schema (a setting's value, `GET /emr/schema`, the bare `{}` of a
 * room removal) is one the spec does not break down and goes out as it is. An object answer
 * whose schema has no table is a mock bug on this profile: 500, like contract drift.
 */
export function specAnswer(schema: z.ZodType | null, payload: unknown): unknown {
  if (!isSpecProfile() || schema === null) return payload;
  const table = tableFor(schema);
  if (table === undefined) {
    throw HttpResponse.json(
      {
        code: 500,
        message: 'mock spec profile: no field table for this answer (mocks/spec-profile/answers.ts)',
      },
      { status: 500 },
    );
  }
  return table === null ? payload : applyTable(table, payload);
}

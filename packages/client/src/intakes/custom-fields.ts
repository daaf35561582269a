/**
 * Where the portal keeps its answers on the intake (docs/spec-decisions.md). The named fields of
 * the spec (reason, location, phone, provider) travel as such; everything else is a custom
 * field-value pair, the spec's way of carrying extra intake data. The client writes and reads these
 * keys and the mock acts on some of them (prices `consultationId`, lists `attachmentIds`), so both
 * take them from here.
 */
export const CUSTOM_FIELDS = {
  /** Comma list of the step slugs the patient has passed, so reload and a new sign-in resume in order. */
  stepsDone: 'portal_steps_done',
  /** Comma list of the passed steps whose answers were known and confirmed, not asked (issue 27). */
  stepsKnown: 'portal_steps_known',
  consultationId: 'consultation_id',
  consentAccepted: 'consent_accepted',
  /** UNIX seconds when the box was ticked. */
  consentAcceptedAt: 'consent_accepted_at',
  /** Comma list of `intake_attachment` file ids; the server lists them in `attachments`. */
  attachmentIds: 'attachment_ids',
  /** The kind of visit the patient chose (`walkin`, `econsult`, `appointment`) when the room offers several. */
  visitKind: 'visit_kind',
  /** The chosen appointment slot: UNIX seconds as decimal strings, and the slot's provider id. */
  slotStart: 'slot_start',
  slotEnd: 'slot_end',
  slotProviderId: 'slot_provider_id',
} as const;

export type CustomFieldKey = (typeof CUSTOM_FIELDS)[keyof typeof CUSTOM_FIELDS];

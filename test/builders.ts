import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import { nowSeconds, type IntakeRecord } from '@telehealth/mock/db';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

export interface IntakeOptions extends Partial<IntakeRecord> {
  id: string;
  /** The patient it belongs to (`member_id` and `_owner`); Casey unless said. */
  member?: string;
  /** The consultation the wizard's consultation step saved (a custom field; the mock prices it). */
  consultation?: string;
  /** Seconds on the mock clock for `created` and `modified`; now unless said. */
  now?: number;
}

/**
 * An intake as the wizard leaves it before any visit: a walk-in (type '1') of Casey's in room
 * `general`, no visit yet, created now. Any field of the record may be overridden; put it in the
 * store with `db.intakes.set(intake.id, intake)`.
 */
export function buildIntake({
  id,
  member = SEED_USERS.patient,
  consultation,
  now = nowSeconds(),
  ...overrides
}: IntakeOptions): IntakeRecord {
  return {
    id,
    created: now,
    modified: now,
    type: '1',
    reason_for_visit: 'Test reason',
    attachments: [],
    visit_id: null,
    room_code: 'general',
    member_id: member,
    _owner: member,
    ...(consultation ? { [CUSTOM_FIELDS.consultationId]: consultation } : {}),
    ...overrides,
  };
}

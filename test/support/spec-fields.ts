/**
 * Field tables of the records in section 2 of the API spec (../shared/spec/telehealth-api.md),
 * written once for the tests that feed realistic payload variants to the response schemas.
 *
 * Kinds follow the spec's types: `id` (string id, spec conventions), `ref` (a reference that may be
 * 0 or null before it is set, e.g. `provider_id` in 2.7), `text` (free text, which a server may send
 * as a number: codes, ZIP, phone), `word` (an opaque string never sent as a number: tokens, event
 * names), `flag` (boolean), `int`, `num`,
 * `time` (UNIX timestamp), `ms` (milliseconds, `mtime` in 2.17), `obj`/`list` (a nested value, given
 * as a valid sample) and `oneOf` (a value set the spec itself lists, 2.1).
 *
 * `keptAsSent` marks a timestamp the schema passes on unchanged because its reader normalises it
 * (token `expiry`, read by the session's `normaliseExpiry`).
 *
 * `required` marks the few fields a record cannot be used without (its identity, or the value a
 * screen is built on); every other field may be missing or null in an answer.
 */

export type FieldKind =
  | { kind: 'id' | 'ref' | 'text' | 'word' | 'flag' | 'int' | 'num' | 'time' | 'ms' }
  | { kind: 'obj'; sample: Record<string, unknown> }
  | { kind: 'list'; sample: unknown[] }
  | { kind: 'oneOf'; values: readonly (string | number)[] };

export type FieldSpec = FieldKind & { required?: boolean; keptAsSent?: boolean };

export interface RecordTable {
  /** The spec section the fields come from. */
  section: string;
  fields: Record<string, FieldSpec>;
}

const id = { kind: 'id' } as const;
const ref = { kind: 'ref' } as const;
const text = { kind: 'text' } as const;
const word = { kind: 'word' } as const;
const flag = { kind: 'flag' } as const;
const int = { kind: 'int' } as const;
const num = { kind: 'num' } as const;
const time = { kind: 'time' } as const;
const obj = (sample: Record<string, unknown>) => ({ kind: 'obj', sample }) as const;
const list = (sample: unknown[]) => ({ kind: 'list', sample }) as const;
const oneOf = (values: readonly (string | number)[]) => ({ kind: 'oneOf', values }) as const;
const required = <T extends FieldKind>(field: T): T & { required: true } => ({ ...field, required: true });

const person = { id: 'u-1', first_name: 'Sam', last_name: 'Sample' };

export const SPEC_RECORDS = {
  user: {
    section: '2.2 User',
    fields: {
      id: required(id),
      code: text,
      first_name: text,
      last_name: text,
      full_name: text,
      username: text,
      platformid: text,
      dob: text,
      email: text,
      gender: int,
      active: flag,
      tos: flag,
      status: int,
      subtype: text,
      timezone: text,
      email_verified: flag,
      signup_step: int,
      nationality: text,
      photo: text,
      extra: obj({ marital_status: 'single', attachments: null }),
      account_code: text,
      clinics: list(['demo']),
      rooms: list([{ code: 'general', default: 1 }]),
      created: time,
      type: int,
      last_login: text,
    },
  },
  tokenPair: {
    section: '2.2 Token pair (SSO)',
    fields: {
      user_id: required(id),
      token: required(word),
      expiry: { ...time, keptAsSent: true },
      refresh_token: required(
        obj({ token: 'r-1', expiry: '2030-01-01T00:00:00Z', created: 1_700_000_000_000 }),
      ),
    },
  },
  room: {
    section: '2.3 Room',
    fields: {
      id: required(id),
      code: required(text),
      slug: text,
      name: required(text),
      domain: text,
      active: flag,
      users: text,
      account_code: text,
      provider_ids: list(['p-1', 7]),
      public_access_room: flag,
      created: time,
      modified: time,
      subtitle: text,
      description: text,
      specialties: list([{ code: 1, name: 'Family medicine', duration: '15' }]),
      visits: obj({ walkin: { enabled: 1 }, appointment: { enabled: '0' } }),
      auth: obj({ guest: { type: '1', log_in: { enabled: false } } }),
      payment: obj({ consultations: [{ id: 5, amount: '25.00', charge: 1 }], paymentCurrency: 'usd' }),
      operation_settings: obj({ is_closed: 0, close_msg: null, closed_days: [] }),
    },
  },
  roomSummary: {
    section: '4.2 GET /rooms list item',
    fields: {
      code: required(text),
      name: required(text),
      slug: text,
      domain: text,
      created: time,
      modified: time,
    },
  },
  consultation: {
    section: '2.3 Consultation',
    fields: {
      id: required(id),
      description: text,
      duration: num,
      amount: num,
      group: flag,
      charge: flag,
      slots: int,
      visible_to_patient: flag,
    },
  },
  roomQueue: {
    section: '2.3 Room queue',
    fields: { length: int, capacity: int, average_visit_time: required(num), before_me: required(int) },
  },
  roomProvider: {
    section: '2.3 Room provider (detail)',
    fields: {
      id: required(id),
      username: text,
      code: text,
      subtype: text,
      first_name: text,
      last_name: text,
      platformid: text,
      photo: text,
      title: text,
      suffix: text,
      status: int,
      short_bio: text,
      email: text,
      active: flag,
      tos: flag,
      phone: text,
      educational_training: text,
      professional_interests: text,
      personal_interests: text,
    },
  },
  userRoom: {
    section: '2.4 User-room association',
    fields: {
      id: id,
      _id: id,
      code: required(text),
      slug: text,
      name: required(text),
      domain: text,
      account_code: text,
      default: flag,
      added_time: time,
      source: text,
    },
  },
  account: {
    section: '2.5 Account',
    fields: {
      id: required(id),
      code: required(text),
      domain: text,
      name: required(text),
      portal_title: text,
      files: list([{ file_id: 3, code: 'logo', path: '/logo.png' }]),
      waiting_room: obj({ need_schedule: 0, show_code: '1', average_visit_time: '600', capacity: null }),
      states: obj({ signup: {} }),
      intake_steps: list([{ code: 'reason' }]),
      post_intake_steps: list([]),
    },
  },
  intake: {
    section: '2.6 Intake',
    fields: {
      id: required(id),
      created: time,
      modified: time,
      type: text,
      reason_for_visit: text,
      attachments: list([{ _id: 9, name: 'scan.pdf', size: '1024' }]),
      provider: ref,
      visit_id: ref,
    },
  },
  visit: {
    section: '2.7 Visit',
    fields: {
      id: required(id),
      member_id: id,
      provider_id: ref,
      account_code: text,
      code: text,
      start: time,
      end: time,
      actual_start: time,
      actual_end: time,
      type: int,
      status: required(oneOf([10, 20, 25, 30, 40])),
      room_id: id,
      room_code: text,
      created: time,
      modified: time,
      incharge: flag,
      isEditExpired: flag,
      hosts: list(['p-1']),
      intake_id: ref,
      provider: obj({ ...person, phone: 5550100 }),
      member: obj(person),
      account: obj({ code: 'demo', name: 'Demo clinic' }),
      meeting: obj({
        recording_auto_start: '1',
        phone_numbers: [],
        conference_pin: 1234,
        expiry: '1700000000',
      }),
      recordings: obj({ count: '0', data: [] }),
    },
  },
  slot: {
    section: '2.8 Slot',
    fields: {
      id: required(id),
      provider_id: ref,
      account_code: text,
      start: required(time),
      end: required(time),
      group_id: ref,
      status: int,
      modified: time,
      created: time,
      group: obj({ id: 4, date_start: '1700000000', repeat: 0, repeat_day: [1, 'mon'] }),
      provider: obj({ id: 7, full_name: 'Dr Sample', specialties: [], rooms: [] }),
      account: obj({ id: 1, name: 'Demo', code: 'demo' }),
    },
  },
  availableSlot: {
    section: '2.8 Availability result slot',
    fields: {
      slot_id: required(id),
      slot_start: required(time),
      slot_end: required(time),
      slot_booked: flag,
      slot_available: flag,
      group_id: ref,
    },
  },
  paymentSource: {
    section: '2.9 Payment source',
    fields: {
      id: required(id),
      type: text,
      brand: text,
      last4: text,
      exp_month: int,
      exp_year: int,
      is_default: flag,
    },
  },
  invoice: {
    section: '2.9 Invoice result',
    fields: {
      currency: text,
      consultation: obj({ id: 5, description: 'Visit', amount: '25', duration: 15 }),
      coupon: obj({ id: 'WELCOME10', percent_off: '10', valid: 1 }),
      amount_due: required(num),
    },
  },
  file: {
    section: '2.10 File',
    fields: {
      id: required(id),
      name: required(text),
      size: int,
      ext: text,
      fullpath: text,
      meta: obj({ category: 'user_document', target: { id: 12, type: 'user' }, account: { code: 'demo' } }),
      creator: obj({ id: 12, username: 'sam', type: '200' }),
      created: time,
      is_deletable: flag,
    },
  },
  insuranceCard: {
    section: '2.11 Insurance card',
    fields: {
      card_type: required(oneOf(['primary', 'secondary'])),
      insurer_code: text,
      subscriber_number: text,
      group_number: text,
      responsible_party: text,
      guarantor_first_name: text,
      guarantor_middle_name: text,
      guarantor_last_name: text,
      guarantor_gender: int,
      guarantor_address: text,
      guarantor_address_2: text,
      guarantor_city: text,
      guarantor_zip: text,
      guarantor_state: text,
      consent: flag,
    },
  },
  eligibility: {
    section: '2.11 Eligibility job',
    fields: { job_id: required(id), status: required(text) },
  },
  carrier: {
    section: '2.11 Carrier',
    fields: {
      name: required(text),
      code: required(text),
      billing_system: obj({ address: { zip: 12345, city: null }, cpid: 1, code: 'x' }),
    },
  },
  referenceItem: {
    section: '2.11 Insurer, billing modifier, procedure',
    fields: { id: required(id), text: required(text), description: text },
  },
  diagnosis: {
    section: '2.11 Diagnosis',
    fields: { code: required(text), description: text, billing_system: obj({ code: null }) },
  },
  claimRow: {
    section: '4.8 GET /reports/claims row (a visit with claim-relevant data)',
    fields: { id: required(id), start: time, status: int, member_id: id },
  },
  prescription: {
    section: '2.12 Prescription',
    fields: {
      ID: required(id),
      DrugID: text,
      NDC: text,
      Drug: required(text),
      Directions: text,
      Qty: num,
      Status: text,
      PrescriberName: text,
    },
  },
  pharmacy: {
    section: '2.12 Pharmacy',
    fields: {
      is_default: flag,
      name: required(text),
      address: text,
      address_more: text,
      code: required(text),
      city: text,
      state: text,
      country: text,
      zip: text,
      phone: text,
      fax: text,
      lat: num,
      long: num,
      distance: num,
      type: text,
      extra: obj({ source: 'search' }),
    },
  },
  emrSection: {
    section: '2.13 Medical record section read',
    fields: {
      data: list([{ substance: 'Penicillin' }]),
      modified: time,
      modified_by: obj({ id: 4, type: '400', first_name: 'Dr' }),
    },
  },
  device: {
    section: '2.14 Device',
    fields: {
      device_id: required(id),
      device_name: text,
      type: required(text),
      user_id: id,
      created_at: time,
    },
  },
  recording: {
    section: '2.15 Recording',
    fields: {
      id: required(int),
      visit_id: id,
      start: time,
      end: time,
      version: int,
      participants: list([{ first_name: 'Sam', platformid: 99 }]),
    },
  },
  surveyResponse: {
    section: '2.16 Survey response',
    fields: {
      id: required(id),
      survey_code: required(
        oneOf(['cancel_intake_survey', 'provider_visit_survey', 'cancel_call_survey', 'post_visit_survey']),
      ),
      clinic_code: text,
      visit_id: ref,
      intake_id: ref,
      room_code: text,
      user_id: ref,
      data: obj({ reason: 'other', member_id: 3, provider_id: 0 }),
      created: time,
    },
  },
  pushEndpoint: {
    section: '2.17 Push endpoint',
    fields: {
      id: required(id),
      key: required(text),
      user_id: id,
      type: required(oneOf([10, 30, 40, '30'])),
      arn: text,
      created: time,
      modified: time,
    },
  },
  notification: {
    section: '2.17 Notification',
    fields: {
      id: required(id),
      user_id: id,
      type: text,
      time: time,
      mtime: required({ kind: 'ms' }),
      is_new: flag,
      read: flag,
      title: text,
      image: text,
    },
  },
  visitMessage: {
    section: '2.18 Visit message',
    fields: {
      id: required(id),
      type: text,
      actor: required(obj({ id: 12, type: '200', display_name: 'Sam' })),
      content: required(text),
      created: required(time),
    },
  },
  webhookEnvelope: {
    section: '6 Event envelope',
    fields: {
      version: required(text),
      id: required(id),
      type: required(word),
      created: required(time),
      account_code: required(text),
      data: required(obj({})),
    },
  },
} as const satisfies Record<string, RecordTable>;

export type SpecRecordName = keyof typeof SPEC_RECORDS;

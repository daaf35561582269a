/**
 * The field tables of the spec (`telehealth-api.md` section 2, and the few answer shapes section 4
 * gives), written once. The spec profile of the mock (docs/mock-profiles.md) answers through them:
 * a field not named here is left out, nested objects named here are cut the same way, and each
 * field is written as its kind says. The full profile never reads this file.
 *
 * What counts as named: the field lists of section 2, and an attribute the document names as the
 * record's own elsewhere (the visit `subtype` of 2.1, with its codes). Operation parameters the
 * mock happens to store are not fields: an intake's `room_code`, `member_id`, `location` and
 * `phone` (4.4), a walk-in's `user_code`, a file's `meta.title` (4.7). Where the spec gives an
 * object without naming its fields (account steps, a pharmacy's `extra`, survey `data`), the
 * object is kept whole.
 */

/**
 * How one named field is written:
 * - `value`: as the mock holds it; an empty string (an optional value left empty) is sent as null,
 *   the way servers that read their columns straight from a database send it;
 * - `text`: as held, empty string included (the spec says the field is empty in some cases);
 * - `boolean`: the spec types it boolean: sent as `1` / `0`, as a PHP server writes them;
 * - `integer`: the spec types this id as an integer: sent as a number;
 * - `provider-ref`: the spec shows it as `0` before a provider is assigned: unassigned is `0`;
 * - `whole`: an object or array the spec does not break down, kept as it is.
 */
export type Scalar = 'value' | 'text' | 'boolean' | 'integer' | 'provider-ref' | 'whole';

export interface Table {
  readonly kind: 'object';
  readonly fields: Readonly<Record<string, Field>>;
  /**
   * Fields beyond the named ones that are kept as they are: an intake's custom fields (spec 2.6),
   * an envelope's siblings of `data`. Names in `except` are still left out.
   */
  readonly others?: { readonly except: readonly string[] };
}
export interface ListOf {
  readonly kind: 'list';
  readonly of: Field;
}
export interface MapOf {
  readonly kind: 'map';
  readonly of: Field;
}
export type Field = Scalar | Table | ListOf | MapOf;

const object = (fields: Record<string, Field>, others?: Table['others']): Table =>
  others ? { kind: 'object', fields, others } : { kind: 'object', fields };
const list = (of: Field): ListOf => ({ kind: 'list', of });
const map = (of: Field): MapOf => ({ kind: 'map', of });
/** Plain fields, written as `value`. */
const values = (...names: string[]): Record<string, Field> =>
  Object.fromEntries(names.map((name) => [name, 'value' as const]));

/** An answer whose body is an envelope: `data` cut by the table, its siblings (`total_count`, `version`) unchanged. */
export const envelope = (data: Field): Table => object({ data }, { except: [] });

// 2.2 User ----------------------------------------------------------------------------------

/** spec 2.4: the association fields, "plus the room fields returned on association" (2.3, below). */
const associationFields = {
  ...values('id', '_id', 'code', 'slug', 'name', 'domain', 'account_code', 'added_time', 'source'),
  default: 'boolean',
} as const satisfies Record<string, Field>;

// 2.3 Room ----------------------------------------------------------------------------------

/** spec 2.3: Consultation (also inside slot groups, 2.8). */
export const consultation = object({
  ...values('id', 'description', 'duration', 'amount', 'slots'),
  group: 'boolean',
  charge: 'boolean',
  visible_to_patient: 'boolean',
});

const enabledFlag = object({ enabled: 'boolean' });

/** spec 2.3: Room (detail, and the room returned on creation). `visits` names walk-ins and appointments only. */
export const room = object({
  ...values('id', 'code', 'slug', 'name', 'domain', 'users', 'account_code', 'created', 'modified'),
  ...values('subtitle', 'description'),
  active: 'boolean',
  provider_ids: list('value'),
  public_access_room: 'boolean',
  specialties: list(object(values('code', 'name', 'duration'))),
  visits: object({ walkin: enabledFlag, appointment: enabledFlag }),
  auth: object({ guest: object({ type: 'value', log_in: enabledFlag }) }),
  payment: object({ consultations: list(consultation), ...values('currency', 'paymentCurrency') }),
  // spec 2.3 names these without typing them, so they stay as the mock holds them.
  operation_settings: object({
    ...values('is_closed', 'close_msg', 'closed_days', 'default_timezone', 'is_closed_now'),
    ...values('is_open_all_time', 'is_scheduled_closed'),
    close_message: object(values('html')),
  }),
});

/** spec 4.2 `GET /rooms`: a list item is `{slug, name, domain, code, created, modified}`. */
export const roomListItem = object(values('slug', 'name', 'domain', 'code', 'created', 'modified'));

/** spec 2.3: Room provider (list item); `subtype` is empty for non-providers (2.2). */
export const roomProvider = object({
  ...values('id', 'username', 'code', 'first_name', 'last_name', 'platformid', 'photo', 'title'),
  ...values('suffix', 'status', 'short_bio'),
  subtype: 'text',
});

/** spec 2.3: Room provider (detail) adds these, untyped. */
export const roomProviderDetail = object({
  ...roomProvider.fields,
  ...values('email', 'active', 'tos', 'phone', 'educational_training', 'professional_interests'),
  ...values('personal_interests'),
});

/** spec 2.3: Room queue object. */
export const roomQueue = object(values('length', 'capacity', 'average_visit_time', 'before_me'));

/** spec 2.4: User-room association, plus the room fields returned on association. */
export const userRoomAssociation = object({ ...room.fields, ...associationFields });

/** spec 2.2: User (profile reads: `GET /me`, `POST /me`, `GET /users/{id}`, `GET /users` rows). */
export const user = object({
  ...values('id', 'code', 'first_name', 'last_name', 'full_name', 'username', 'platformid', 'dob'),
  ...values('email', 'gender', 'status', 'timezone', 'signup_step', 'nationality', 'photo'),
  ...values('account_code', 'created', 'type', 'last_login'),
  active: 'boolean',
  tos: 'boolean',
  // spec 2.2: "empty for non-providers".
  subtype: 'text',
  email_verified: 'boolean',
  extra: object({
    ...values('marital_status', 'gender_identity', 'social_security_no', 'veteran', 'race'),
    ...values('ethnicity', 'health_insurance', 'insurance', 'insurance_policy_number'),
    ...values('emerg_contact_name'),
    attachments: 'whole',
  }),
  clinics: list('value'),
  rooms: list(userRoomAssociation),
});

/** spec 2.2: token pair returned by SSO in `data.token`. */
export const ssoTokenPair = object({
  ...values('user_id', 'token', 'expiry'),
  refresh_token: object(values('user_id', 'token', 'expiry', 'created')),
});

/** spec 4.1 SSO rule 5: user fields (id, code, …, subtype) plus `token`, the 2.2 pair. */
export const ssoResult = object({
  ...values('id', 'code', 'first_name', 'last_name', 'username', 'platformid', 'dob'),
  active: 'boolean',
  tos: 'boolean',
  subtype: 'text',
  token: ssoTokenPair,
});

/** spec 2.2: token pair returned by refresh in `data`; no refresh token is named. */
export const refreshResult = object({
  ...values('user_id', 'user_type', 'token', 'expiry'),
  user: object(values('id', 'code', 'username', 'first_name', 'last_name', 'email', 'dob', 'gender')),
});

// 2.5 Account -------------------------------------------------------------------------------

/**
 * spec 2.5: Account. The signup form schema (`states.signup`) and the steps are the account's own
 * content: the spec names only each step's `code`, so the steps are kept whole.
 */
export const account = object({
  ...values('id', 'code', 'domain', 'name', 'portal_title'),
  files: list(object(values('file_id', 'code', 'path'))),
  waiting_room: object(
    values(
      'subtitle',
      'enter_text',
      'need_schedule',
      'show_code',
      'average_visit_time',
      'capacity',
      'default_room_code',
    ),
  ),
  states: object({ signup: 'whole' }),
  intake_steps: 'whole',
  post_intake_steps: 'whole',
});

// 2.6 Intake --------------------------------------------------------------------------------

/**
 * spec 2.6: Intake, "and any custom field-value pairs the caller sent": a field not named is a
 * custom field and is kept as sent, except the parameters of 4.4 that the mock stores on the
 * intake (the mock refuses custom fields of those names, so none is lost).
 */
export const intake = object(
  {
    ...values('id', 'created', 'modified', 'type', 'reason_for_visit', 'provider', 'visit_id'),
    attachments: list(object(values('_id', 'name', 'path', 'size', 'ext'))),
  },
  { except: ['room_code', 'member_id', 'location', 'phone', 'provider_id'] },
);

/** spec 4.4: `POST /intakes` and `POST /intakes/{id}` answer `{id}`. */
export const intakeRef = object(values('id'));

// 2.15 Recording (2.7 embeds it) -------------------------------------------------------------

/** spec 2.15: Recording; `id` is an integer. */
export const recording = object({
  ...values('visit_id', 'start', 'end', 'version'),
  id: 'integer',
  participants: list(object(values('first_name', 'last_name', 'platformid'))),
});

/** spec 2.15: the detail form adds `path` ({url, expiry}). */
export const recordingDetail = object({ ...recording.fields, path: object(values('url', 'expiry')) });

// 2.7 Visit ---------------------------------------------------------------------------------

/** spec 2.7: `provider` and `member` of a visit. */
const visitPerson = object(values('id', 'first_name', 'last_name', 'email', 'full_name', 'phone', 'code'));

/** spec 2.7: Visit; `subtype` is named by 2.1 ("Visit subtype"). */
export const visit = object({
  ...values('id', 'member_id', 'account_code', 'code', 'start', 'end', 'actual_start', 'actual_end'),
  ...values('type', 'subtype', 'status', 'room_id', 'room_code', 'created', 'modified', 'intake_id'),
  // spec 2.7: "may be 0 or null before assignment".
  provider_id: 'provider-ref',
  incharge: 'boolean',
  isEditExpired: 'boolean',
  hosts: 'whole',
  intake,
  provider: visitPerson,
  member: visitPerson,
  account: object(values('code', 'name')),
  meeting: object({
    ...values('recording_auto_start', 'expiry', 'conference_pin', 'meeting_id'),
    phone_numbers: 'whole',
    hosts: 'whole',
  }),
  recordings: object({ count: 'value', data: list(recording) }),
});

/**
 * spec 4.8 `GET /reports/claims`: "visit with claim-relevant data". The claim data is not named, so
 * a row keeps the visit fields of 2.7.
 */
export const claimRow = visit;

// 2.8 Slot, slot group and availability ------------------------------------------------------

/** spec 2.8: Slot group. */
export const slotGroup = object({
  ...values('id', 'date_start', 'date_end', 'time_start', 'time_end', 'repeat_week', 'account_code'),
  ...values('provider_id', 'visit_type', 'timezone', 'modified', 'created'),
  repeat: 'boolean',
  repeat_day: list('value'),
  consultation,
});

/** spec 2.8: Slot, with its group, provider and account. */
export const slot = object({
  ...values('id', 'provider_id', 'account_code', 'start', 'end', 'group_id', 'status', 'modified'),
  ...values('created'),
  group: slotGroup,
  provider: object({
    ...values('id', 'username', 'email', 'platformid', 'full_name'),
    specialties: list('value'),
    states_serviced: list('value'),
    clinics: list('value'),
    rooms: list(object(values('id', 'code', 'name', 'slug', 'domain', 'account_code'))),
  }),
  account: object(values('id', 'name', 'domain', 'code')),
});

/** spec 2.8: Availability result. */
export const availability = object({
  slots: list(
    object(values('slot_id', 'slot_start', 'slot_end', 'slot_booked', 'slot_available', 'group_id')),
  ),
  slot_data: map(
    object({
      ...values('id', 'provider_id', 'account_code', 'start', 'end', 'group_id', 'status'),
      consultation: object(values('duration', 'slots')),
    }),
  ),
});

/** spec 4.5: deleting a slot or a group answers `{slot_deleted, group_deleted}`. */
export const slotDeleteResult = object(values('slot_deleted', 'group_deleted'));

// 2.9 Payment source and invoice --------------------------------------------------------------

/** spec 4.6: `GET /billing/settings` answers the processor's publishable key under `stripe`. */
export const billingSettings = object({ stripe: object(values('publishable_key')) });

/** spec 2.9: Payment source. */
export const paymentSource = object({
  ...values('id', 'type', 'brand', 'last4', 'exp_month', 'exp_year'),
  is_default: 'boolean',
});

/** spec 2.9: Invoice result: nothing about payment state (no `paid`, `invoice_id` or `charge`). */
export const invoice = object({
  ...values('currency', 'amount_due'),
  consultation: object(values('description', 'amount', 'duration', 'id')),
  coupon: object(values('id', 'percent_off', 'valid')),
});

// 2.10 File -------------------------------------------------------------------------------

/** spec 2.10: File. */
export const file = object({
  ...values('id', 'name', 'size', 'ext', 'fullpath', 'created'),
  meta: object({
    category: 'value',
    target: object(values('id', 'type')),
    account: object(values('code')),
  }),
  creator: object(values('id', 'username', 'email', 'full_name', 'type')),
  is_deletable: 'boolean',
});

// 2.11 Insurance ----------------------------------------------------------------------------

/** spec 2.11: Card fields. */
export const insuranceCard = object({
  ...values('card_type', 'insurer_code', 'subscriber_number', 'group_number', 'responsible_party'),
  ...values('guarantor_first_name', 'guarantor_middle_name', 'guarantor_last_name', 'guarantor_dob'),
  ...values('guarantor_gender', 'guarantor_address', 'guarantor_address_2', 'guarantor_city'),
  ...values('guarantor_zip', 'guarantor_state'),
  consent: 'boolean',
});

/** spec 2.11: Eligibility job. */
export const eligibilityJob = object(values('job_id', 'status'));

/** spec 2.11: carriers. */
export const carrier = object({
  ...values('name', 'code'),
  billing_system: object({
    address: object(values('zip', 'city', 'state', 'address1', 'address2', 'areacode')),
    ...values('cpid', 'code'),
  }),
});

/** spec 2.11: insurers, billing modifiers, procedures. */
export const billingReferenceItem = object(values('id', 'text', 'description'));

/** spec 2.11: diagnoses. */
export const diagnosis = object({ ...values('code', 'description'), billing_system: object(values('code')) });

// 2.12 Prescription and pharmacy --------------------------------------------------------------

/** spec 2.12: Prescription. */
export const prescription = object(
  values('ID', 'DrugID', 'NDC', 'Drug', 'Directions', 'Qty', 'Status', 'PrescriberName'),
);

/** spec 2.12: Pharmacy; `extra` is the search provider's result, kept whole (4.9). */
export const pharmacy = object({
  ...values('name', 'address', 'address_more', 'code', 'city', 'state', 'country', 'zip', 'phone'),
  ...values('fax', 'lat', 'long', 'distance', 'type'),
  is_default: 'boolean',
  extra: 'whole',
});

// 2.13 Medical record sections --------------------------------------------------------------

/** spec 2.13: the `data` shape of each section. */
export const emrSectionData = {
  conditions: list(object(values('condition'))),
  surgeries: list(object(values('procedure'))),
  family_conditions: list(object({ condition: 'value', relations: list('value') })),
  social_history: object(values('marital_status', 'highest_ed', 'occupation', 'num_kids')),
  health_habits: object(values('smoking', 'alcohol', 'drugs', 'exercise')),
  medications: list(object(values('name'))),
  allergies: list(object(values('substance'))),
} as const satisfies Record<string, Field>;

export type EmrSectionName = keyof typeof emrSectionData;

/**
 * spec 2.13: a section in a read holds `data`, `modified` and `modified_by` ("id, type, names,
 * title, suffix; may be empty": the names are the person's name fields of 2.2).
 */
const emrSection = (data: Field) =>
  object({
    data,
    modified: 'value',
    modified_by: object(values('id', 'type', 'first_name', 'last_name', 'full_name', 'title', 'suffix')),
  });

/** spec 4.10 `GET /users/{id}/emr`: every section. */
export const emrRecord = object(
  Object.fromEntries(Object.entries(emrSectionData).map(([name, data]) => [name, emrSection(data)])),
);

/** spec 4.10 `POST /users/{id}/emr/{name}`: `{data: updated section data}`. */
export const emrWriteResult = (name: EmrSectionName) => object({ data: emrSectionData[name] });

// 2.14 Device -----------------------------------------------------------------------------

/** spec 2.14: Device. */
export const device = object(values('device_id', 'device_name', 'type', 'user_id', 'created_at'));

/** spec 4.11 `POST /health`: `{id, status}`. */
export const measurementResult = object(values('id', 'status'));

// 2.16 Survey response ---------------------------------------------------------------------

/** spec 2.16: Survey response; `data` is an open object ("e.g. reason, member_id, provider_id"). */
export const surveyResponse = object({
  ...values('id', 'survey_code', 'clinic_code', 'visit_id', 'intake_id', 'room_code', 'user_id'),
  ...values('created'),
  data: 'whole',
});

// 2.17 Push endpoint and notification --------------------------------------------------------

/** spec 2.17: Endpoint. */
export const pushEndpoint = object(values('id', 'key', 'user_id', 'type', 'arn', 'created', 'modified'));

/** spec 4.14 `DELETE /endpoints/{id}`: `{id}`. */
export const deletedPushEndpoint = object(values('id'));

/** spec 2.17: Notification, with no target (no `visit_id`, no `file_id`). */
export const notification = object(
  values('id', 'user_id', 'type', 'time', 'mtime', 'is_new', 'read', 'title', 'image'),
);

// 2.18 Visit message ----------------------------------------------------------------------

/** spec 2.18: Visit message. */
export const visitMessage = object({
  ...values('id', 'type', 'content', 'created'),
  actor: object(values('id', 'type', 'display_name')),
});

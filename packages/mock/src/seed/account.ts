import type { VisitKind } from '@telehealth/client/visits/kinds';
import type { Consultation } from '@telehealth/client/rooms/schemas';
import type { Db, RoomRecord } from '../db.ts';

/**
 * The demo clinic's long intake flow (DESIGN.md section 4): every step screen of the intake
 * feature, a generic form, steps whose screens other features have not built yet (skipped with a
 * note until they exist) and, after the visit, an unknown step and a malformed one.
 */
export const DEMO_INTAKE_STEPS: unknown[] = [
  { code: 'reason', name: 'Reason for visit', next: { title: 'Continue' } },
  { code: 'location', name: 'Where you are', next: { title: 'Continue' } },
  { code: 'provider', name: 'Choose a provider' },
  { code: 'consultation', name: 'Type of consultation' },
  { code: 'schedule', name: 'Choose a time' },
  {
    code: 'symptoms',
    name: 'About your symptoms',
    sections: [
      {
        code: 'symptoms',
        title: 'Symptoms',
        schema: {
          started: { type: 'string', title: 'When did it start?', required: true, formatMaximum: 'today' },
          severity: {
            type: 'string',
            title: 'How severe is it?',
            enum: ['mild', 'moderate', 'severe'],
            required: true,
          },
          fever: { type: 'boolean', title: 'I have a fever' },
          temperature: { type: 'number', title: 'Temperature (°F)', minimum: 90, maximum: 110 },
          details: { type: 'string', title: 'Anything else?', maxLength: 1000 },
        },
        form: [
          { key: 'started', type: 'date', title: 'When did it start?' },
          {
            key: 'severity',
            type: 'radio',
            title: 'How severe is it?',
            titleMap: { mild: 'Mild', moderate: 'Moderate', severe: 'Severe' },
          },
          { key: 'fever', type: 'checkbox', title: 'I have a fever' },
          { key: 'temperature', type: 'number', title: 'Temperature (°F)' },
          { key: 'details', type: 'textarea', title: 'Anything else?', placeholder: 'Optional' },
        ],
      },
      {
        code: 'contact',
        title: 'How we reach you',
        schema: {
          channel: { type: 'string', title: 'Preferred contact', enum: ['phone', 'email', 'text'] },
          code: { type: 'string', title: 'Referral code', pattern: '^[A-Z]{3}-\\d{3}$', maxLength: 7 },
        },
        form: [
          {
            key: 'channel',
            type: 'select',
            title: 'Preferred contact',
            titleMap: [
              { value: 'phone', name: 'Phone call' },
              { value: 'email', name: 'Email' },
              { value: 'text', name: 'Text message' },
            ],
          },
          { key: 'code', type: 'text', title: 'Referral code', placeholder: 'ABC-123' },
        ],
      },
    ],
  },
  { code: 'medical_history', name: 'Medical history' },
  { code: 'insurance', name: 'Insurance' },
  { code: 'attachments', name: 'Photos and documents' },
  { code: 'payment', name: 'Payment' },
  {
    code: 'consent',
    name: 'Consent',
    text: 'I agree to receive care by video. I understand that the clinician may decide that I need to be seen in person, and that video visits are not for emergencies.',
    next: { title: 'Start my visit' },
  },
];

/**
 * The clinic's after-visit survey (a post-intake step): its answers are kept on the intake and read
 * back as a `post_visit_survey` response from the survey service.
 */
export const DEMO_SURVEY_STEP = {
  code: 'survey',
  name: 'Quick survey',
  survey_code: 'post_visit_survey',
  text: 'Two short questions about getting care today. Your answers go to the clinic team, not into your medical record.',
  sections: [
    {
      code: 'experience',
      title: 'Your experience',
      schema: {
        ease: {
          type: 'string',
          title: 'How easy was it to get care today?',
          enum: ['very_easy', 'easy', 'hard', 'very_hard'],
        },
        comment: { type: 'string', title: 'Anything we could do better?', maxLength: 500 },
      },
      form: [
        {
          key: 'ease',
          type: 'radio',
          title: 'How easy was it to get care today?',
          titleMap: { very_easy: 'Very easy', easy: 'Easy', hard: 'Hard', very_hard: 'Very hard' },
        },
        { key: 'comment', type: 'textarea', title: 'Anything we could do better?', placeholder: 'Optional' },
      ],
    },
  ],
};

export const DEMO_POST_INTAKE_STEPS: unknown[] = [
  { code: 'pharmacy', name: 'Preferred pharmacy' },
  {
    code: 'feedback',
    name: 'One quick question',
    sections: [
      {
        code: 'feedback',
        title: 'How did you hear about us?',
        schema: {
          heard_from: {
            type: 'string',
            title: 'How did you hear about us?',
            enum: ['friend', 'search', 'insurer', 'other'],
          },
        },
        form: [
          {
            key: 'heard_from',
            type: 'select',
            title: 'How did you hear about us?',
            titleMap: {
              friend: 'A friend or family member',
              search: 'A web search',
              insurer: 'My insurer',
              other: 'Something else',
            },
          },
        ],
      },
    ],
  },
  DEMO_SURVEY_STEP,
  // Codes the portal does not know and nothing to render: each is skipped with a note.
  { code: 'legacy_widget', name: 'Home health questionnaire' },
  { code: 'wellbeing_check', name: 'A few more questions' },
];

/** A short walk-in flow (account `demo-quick`): reason, location, consent. */
export const QUICK_INTAKE_STEPS: unknown[] = [
  { code: 'reason', name: 'Reason for visit' },
  { code: 'location', name: 'Where you are' },
  { code: 'consent', name: 'Consent', next: { title: 'Join the waiting room' } },
];

/**
 * An e-consult flow (account `demo-econsult`): reason, the room's one consultation (known, so the
 * review confirms it), photos, the $45 fee, consent.
 */
export const ECONSULT_INTAKE_STEPS: unknown[] = [
  { code: 'reason', name: 'Describe your concern' },
  { code: 'consultation', name: 'Type of consultation' },
  { code: 'attachments', name: 'Photos of the area' },
  { code: 'payment', name: 'Payment' },
  {
    code: 'consent',
    name: 'Consent',
    text: 'I agree to an e-consult: a clinician reviews what I send and answers in writing, usually within one business day. E-consults are not for emergencies.',
    next: { title: 'Send my e-consult' },
  },
];

const WAITING_ROOM = {
  subtitle: 'A clinician will be with you shortly',
  enter_text: 'Enter the waiting room',
  need_schedule: false,
  show_code: true,
  average_visit_time: 600,
  capacity: 20,
  default_room_code: 'general',
};

/**
 * One room for each extra account (rooms belong to an account), so the portal built with
 * VITE_ACCOUNT_CODE=demo-quick or demo-econsult has somewhere to go. Providers are not associated:
 * walk-ins there go to the first available clinician.
 */
function accountRoom(
  accountCode: string,
  code: string,
  name: string,
  kind: Exclude<VisitKind, 'appointment'>,
  consultation: Consultation,
): RoomRecord {
  return {
    id: `room_${code.replace(/-/g, '_')}`,
    code,
    slug: code,
    name,
    domain: 'demo',
    account_code: accountCode,
    active: true,
    users: '',
    provider_ids: [],
    public_access_room: true,
    created: 1_700_000_000,
    modified: 1_700_000_000,
    subtitle: kind === 'walkin' ? 'See a clinician by video today' : 'Send photos, get a written answer',
    description:
      kind === 'walkin'
        ? 'A short check-in, then the waiting room.'
        : 'Describe your concern and add photos. A clinician answers in writing, usually within one business day.',
    specialties: [],
    visits: {
      walkin: { enabled: kind === 'walkin' },
      appointment: { enabled: false },
      econsult: { enabled: kind === 'econsult' },
    },
    auth: { guest: { type: 1, log_in: { enabled: true } } },
    payment: { consultations: [consultation], paymentCurrency: 'usd' },
    operation_settings: {
      is_closed: false,
      close_msg: '',
      close_message: { html: '' },
      closed_days: [],
      default_timezone: 'America/New_York',
      is_closed_now: false,
      is_open_all_time: true,
      is_scheduled_closed: false,
    },
    _queue: { length: 1, capacity: 20, average_visit_time: 600 },
  };
}

export function seedAccounts(db: Db): void {
  db.accounts.set('demo', {
    id: 'acct_demo',
    code: 'demo',
    domain: 'demo',
    name: 'Harborview Virtual Care',
    portal_title: 'Harborview Virtual Care',
    brand_color: '#1d4f91',
    files: [{ file_id: 'file_logo', code: 'logo', path: '/brand/demo-logo.svg' }],
    waiting_room: WAITING_ROOM,
    states: {
      signup: {
        schema: {
          first_name: { type: 'string', required: true },
          last_name: { type: 'string', required: true },
          dob: { type: 'string', required: true },
        },
      },
    },
    intake_steps: DEMO_INTAKE_STEPS,
    post_intake_steps: DEMO_POST_INTAKE_STEPS,
  });
  // The same clinic with other step configurations; the portal picks one with VITE_ACCOUNT_CODE.
  db.accounts.set('demo-quick', {
    id: 'acct_demo_quick',
    code: 'demo-quick',
    domain: 'demo',
    name: 'Harborview Quick Care',
    portal_title: 'Harborview Quick Care',
    files: [],
    waiting_room: WAITING_ROOM,
    intake_steps: QUICK_INTAKE_STEPS,
    post_intake_steps: [],
  });
  db.accounts.set('demo-econsult', {
    id: 'acct_demo_econsult',
    code: 'demo-econsult',
    domain: 'demo',
    name: 'Harborview E-consults',
    portal_title: 'Harborview E-consults',
    files: [],
    waiting_room: { ...WAITING_ROOM, default_room_code: 'dermatology' },
    intake_steps: ECONSULT_INTAKE_STEPS,
    post_intake_steps: [DEMO_SURVEY_STEP],
  });
  // The quick flow has no consultation or payment step, so its room charges nothing: the mock
  // creates a visit for a charged consultation only once it is paid (DESIGN.md section 4). The
  // e-consult flow names its room's one consultation and pays for it before the e-consult is sent.
  const quick = accountRoom('demo-quick', 'quick-care', 'Quick care', 'walkin', {
    id: 'cons_quick_10',
    description: 'Quick check-in',
    duration: 10,
    amount: 0,
    group: false,
    charge: false,
    slots: 1,
    visible_to_patient: true,
  });
  const photos = accountRoom('demo-econsult', 'skin-photos', 'Skin photo review', 'econsult', {
    id: 'cons_photos',
    // Answered in writing, so no length of time is offered.
    description: 'Photo review, answered in writing',
    amount: 45,
    group: false,
    charge: true,
    slots: 1,
    visible_to_patient: true,
  });
  for (const room of [quick, photos]) db.rooms.set(String(room.code), room);
  db.settings.set('demo', {
    visit: {
      time: { max_wait_time: 1800 },
      econsult: { enabled: true },
    },
    billing: { currency: 'usd' },
    portal: { support_phone: '555-0100', support_email: 'support@harborview.example' },
  });
}

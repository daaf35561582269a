import type { Db } from '../db';

/** The demo clinic's intake flow (DESIGN.md section 4): known steps, a generic form and one unknown step. */
export const DEMO_INTAKE_STEPS = [
  { code: 'reason', name: 'Reason for visit', next: { title: 'Continue' } },
  { code: 'location', name: 'Where you are', next: { title: 'Continue' } },
  { code: 'provider', name: 'Choose a provider' },
  {
    code: 'symptoms',
    name: 'About your symptoms',
    sections: [
      {
        code: 'symptoms',
        title: 'Symptoms',
        schema: {
          started: { type: 'string', title: 'When did it start?', required: true },
          severity: { type: 'string', title: 'How severe is it?', enum: ['mild', 'moderate', 'severe'], required: true },
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
    ],
  },
  { code: 'medical_history', name: 'Medical history' },
  { code: 'insurance', name: 'Insurance' },
  { code: 'attachments', name: 'Photos and documents' },
  { code: 'payment', name: 'Payment' },
  { code: 'consent', name: 'Consent', next: { title: 'Start my visit' } },
];

export const DEMO_POST_INTAKE_STEPS = [
  { code: 'pharmacy', name: 'Preferred pharmacy' },
  { code: 'survey', name: 'Quick survey' },
  { code: 'legacy_widget', name: 'A step this portal cannot show' },
];

export function seedAccounts(db: Db): void {
  db.accounts.set('demo', {
    id: 'acct_demo',
    code: 'demo',
    domain: 'demo',
    name: 'Harborview Virtual Care',
    portal_title: 'Harborview Virtual Care',
    files: [{ file_id: 'file_logo', code: 'logo', path: '/brand/demo-logo.svg' }],
    waiting_room: {
      subtitle: 'A clinician will be with you shortly',
      enter_text: 'Enter the waiting room',
      need_schedule: false,
      show_code: true,
      average_visit_time: 600,
      capacity: 20,
      default_room_code: 'general',
    },
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
  db.settings.set('demo', {
    visit: {
      time: { max_wait_time: 1800 },
      econsult: { enabled: true },
    },
    billing: { currency: 'usd' },
    portal: { support_phone: '555-0100', support_email: 'support@harborview.example' },
  });
}

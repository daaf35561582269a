/**
 * Named personas of the demo clinic (README lists them). The development sign-in page offers
 * them; choosing one runs the real SSO path inside the mock.
 */
export interface Persona {
  key: string;
  label: string;
  role: 'patient' | 'provider' | 'admin' | 'guest';
  description: string;
  sso: { first_name: string; last_name: string; type: 200 | 400 | 600; code?: string };
}

export const PERSONAS: Persona[] = [
  {
    key: 'demo-patient',
    label: 'Casey Morgan',
    role: 'patient',
    description: 'Patient with visits of every status, a closed e-consult and notifications',
    sso: { first_name: 'Casey', last_name: 'Morgan', type: 200, code: 'demo-patient' },
  },
  {
    key: 'demo-patient-2',
    label: 'Riley Chen',
    role: 'patient',
    description: 'Second patient, new to the clinic, terms not yet accepted',
    sso: { first_name: 'Riley', last_name: 'Chen', type: 200, code: 'demo-patient-2' },
  },
  {
    key: 'demo-provider',
    label: 'Dr. Samira Okafor',
    role: 'provider',
    description: 'Doctor (subtype 482) in room general with open slots for 30 days',
    sso: { first_name: 'Samira', last_name: 'Okafor', type: 400, code: 'demo-provider' },
  },
  {
    key: 'demo-nurse',
    label: 'Noah Lindqvist',
    role: 'provider',
    description: 'Nurse (subtype 484) in rooms general and dermatology',
    sso: { first_name: 'Noah', last_name: 'Lindqvist', type: 400, code: 'demo-nurse' },
  },
  {
    key: 'demo-admin',
    label: 'Morgan Blake',
    role: 'admin',
    description: 'Clinic administrator; the admin area asks for the clinic admin API token',
    sso: { first_name: 'Morgan', last_name: 'Blake', type: 400, code: 'demo-admin' },
  },
  {
    key: 'guest',
    label: 'Guest visitor',
    role: 'guest',
    description: 'One-time guest (type 600) with no history',
    sso: { first_name: 'Guest', last_name: 'Visitor', type: 600 },
  },
];

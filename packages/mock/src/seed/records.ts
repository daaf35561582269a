import type { Db } from '../db.ts';
import { SEED_ENDPOINTS, SEED_FILES, SEED_INTAKES, SEED_PHARMACIES, SEED_USERS, SEED_VISITS } from './ids.ts';

const DAY = 86400;

export function seedRecords(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const patient: string = SEED_USERS.patient;

  const prescriptions = [
    {
      ID: 'rx_1',
      DrugID: 'd-1001',
      NDC: '00000-0001-01',
      Drug: 'Cetirizine 10 mg tablet',
      Directions: 'Take 1 tablet by mouth daily',
      Qty: 30,
      Status: 'Current',
      PrescriberName: 'Samira Okafor, MD',
    },
    {
      ID: 'rx_2',
      DrugID: 'd-1002',
      NDC: '00000-0002-01',
      Drug: 'Hydrocortisone 1% cream',
      Directions: 'Apply a thin layer twice daily for 7 days',
      Qty: 1,
      Status: 'Current',
      PrescriberName: 'Elena Marchetti, MD',
    },
    {
      ID: 'rx_3',
      DrugID: 'd-1003',
      NDC: '00000-0003-01',
      Drug: 'Amoxicillin 500 mg capsule',
      Directions: 'Take 1 capsule three times daily for 10 days',
      Qty: 30,
      Status: 'Completed',
      PrescriberName: 'Samira Okafor, MD',
    },
    {
      ID: 'rx_4',
      DrugID: 'd-1004',
      NDC: '00000-0004-01',
      Drug: 'Loratadine 10 mg tablet',
      Directions: 'Take 1 tablet by mouth daily as needed',
      Qty: 30,
      Status: 'Discontinued',
      PrescriberName: 'Elena Marchetti, MD',
    },
  ];
  for (const p of prescriptions) db.prescriptions.set(p.ID, { id: p.ID, user_id: patient, ...p });

  const pharmacies = [
    {
      code: SEED_PHARMACIES.harbor,
      name: 'Harbor Pharmacy',
      address: '12 Water Street',
      city: 'Brooklyn',
      state: 'NY',
      zip: '11201',
      phone: '7185550101',
      fax: '7185550102',
      is_default: true,
    },
    {
      code: SEED_PHARMACIES.corner,
      name: 'Corner Drugs',
      address: '400 Atlantic Avenue',
      city: 'Brooklyn',
      state: 'NY',
      zip: '11217',
      phone: '7185550133',
      fax: '',
      is_default: false,
    },
  ];
  // The completed visit's intake names the pharmacy its prescriptions went to (the pharmacy step's fields).
  const completed = db.intakes.get(SEED_INTAKES.completed);
  if (completed) {
    Object.assign(completed, {
      pharmacy_code: SEED_PHARMACIES.harbor,
      pharmacy: 'Harbor Pharmacy, 12 Water Street, Brooklyn, NY 11201 · Phone (718) 555-0101',
    });
  }
  for (const p of pharmacies) {
    db.pharmacies.set(`${patient}:${p.code}`, {
      id: `${patient}:${p.code}`,
      user_id: patient,
      address_more: '',
      country: 'US',
      lat: 40.69,
      long: -73.99,
      distance: 0.4,
      type: 'retail',
      extra: {},
      _saved: pharmacies.indexOf(p) + 1,
      ...p,
    });
  }

  const emr: Record<string, unknown> = {
    allergies: [{ substance: 'Penicillin' }],
    conditions: [{ condition: 'Seasonal allergies' }],
    surgeries: [{ procedure: 'Appendectomy' }],
    family_conditions: [{ condition: 'Type 2 diabetes', relations: ['mother'] }],
    social_history: { marital_status: 'single', highest_ed: 'bachelor', occupation: 'Designer', num_kids: 0 },
    health_habits: { smoking: 'never', alcohol: 'occasionally', drugs: 'never', exercise: 'weekly' },
    medications: [{ name: 'Cetirizine' }],
  };
  // Health habits: the patient preferred not to say (`data_not_reported`). Medications were last
  // changed by the provider, so the record shows a clinician's name and title.
  const notReported = new Set(['health_habits']);
  const byProvider = new Set(['medications']);
  for (const [section, data] of Object.entries(emr)) {
    db.emr.set(`${patient}:${section}`, {
      id: `${patient}:${section}`,
      data: notReported.has(section) ? {} : data,
      modified: t - (byProvider.has(section) ? 13 : 20) * DAY,
      modified_by: byProvider.has(section)
        ? {
            id: SEED_USERS.provider,
            type: 400,
            first_name: 'Samira',
            last_name: 'Okafor',
            full_name: 'Samira Okafor',
            title: 'Dr.',
            suffix: 'MD',
          }
        : {
            id: patient,
            type: 200,
            first_name: 'Casey',
            last_name: 'Morgan',
            full_name: 'Casey Morgan',
            title: '',
            suffix: '',
          },
      data_not_reported: notReported.has(section),
    });
  }

  // Jamie Rivera's record, as the care team's chart shows it: allergies with what happens and how
  // serious it is, kept inside `substance` the way the portal writes them ("Allergies: reaction and
  // severity" in docs/spec-decisions.md); one older entry without them.
  const jamie: string = SEED_USERS.patient3;
  const jamieRecord: Record<string, unknown> = {
    allergies: [
      { substance: 'Peanuts — swelling of the lips and throat (life-threatening)' },
      { substance: 'Sulfa drugs — itchy rash (moderate)' },
      { substance: 'Dust mites' },
    ],
    conditions: [{ condition: 'Asthma' }],
    medications: [{ name: 'Albuterol inhaler as needed' }, { name: 'Epinephrine auto-injector' }],
  };
  for (const [section, data] of Object.entries(jamieRecord)) {
    db.emr.set(`${jamie}:${section}`, {
      id: `${jamie}:${section}`,
      data,
      modified: t - 34 * DAY,
      modified_by: {
        id: jamie,
        type: 200,
        first_name: 'Jamie',
        last_name: 'Rivera',
        full_name: 'Jamie Rivera',
        title: '',
        suffix: '',
      },
      data_not_reported: false,
    });
  }

  db.surveyResponses.set('svy_1', {
    id: 'svy_1',
    survey_code: 'post_visit_survey',
    clinic_code: 'demo',
    visit_id: SEED_VISITS.completed,
    intake_id: SEED_INTAKES.completed,
    room_code: 'general',
    user_id: patient,
    data: { reason: 'Very helpful', rating: 5, member_id: patient, provider_id: SEED_USERS.provider },
    created: t - 13 * DAY,
  });
  db.surveyResponses.set('svy_2', {
    id: 'svy_2',
    survey_code: 'cancel_intake_survey',
    clinic_code: 'demo',
    visit_id: '',
    intake_id: SEED_INTAKES.cancelled,
    room_code: 'general',
    user_id: patient,
    data: { reason: 'Found a time that suits me better', member_id: patient },
    created: t - 30 * DAY,
  });

  db.endpoints.set(SEED_ENDPOINTS.apple, {
    id: SEED_ENDPOINTS.apple,
    key: 'apns-device-token-demo',
    user_id: patient,
    type: 30,
    arn: 'arn:demo:endpoint/apns/1',
    created: t - 60 * DAY,
    modified: t - 60 * DAY,
  });

  db.devices.set('dev_1', {
    id: 'dev_1',
    device_id: 'bp-1001',
    device_name: 'Blood pressure cuff',
    type: 'blood_pressure_monitor',
    user_id: patient,
    created_at: t - 50 * DAY,
  });

  // Files (spec 2.10). Mock-only fields: `_owner` is the patient whose record the file is on,
  // `_mime` the type it is served with. `is_deletable` is the stored flag; the handlers narrow it
  // per caller (only the uploader or the clinic admin may delete).
  const provider = {
    id: SEED_USERS.provider,
    username: 'samira.okafor',
    email: 'provider@example.test',
    full_name: 'Samira Okafor',
    type: 400,
  };
  const self = {
    id: patient,
    username: 'casey.morgan',
    email: 'patient@example.test',
    full_name: 'Casey Morgan',
    type: 200,
  };
  const doc = (
    id: string,
    name: string,
    title: string,
    mime: string,
    base64: string,
    days: number,
    by: typeof self,
  ) => {
    const size = atob(base64).length;
    db.files.set(id, {
      id,
      name,
      size,
      ext: name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '',
      meta: {
        category: 'user_document',
        title,
        target: { id: patient, type: 'user' },
        account: { code: 'demo' },
      },
      creator: by,
      created: t - days * DAY,
      is_deletable: by.id === patient,
      _owner: patient,
      _mime: mime,
    });
    db.fileBlobs.set(id, base64);
  };
  doc(
    SEED_FILES.vaccination,
    'vaccination-record.txt',
    'Vaccination record',
    'text/plain',
    btoa('Demo document: vaccination record (sample text)\n'),
    40,
    self,
  );
  doc(
    SEED_FILES.visitSummary,
    'visit-summary.txt',
    'Visit summary',
    'text/plain',
    btoa('Demo document: visit summary (sample text)\n'),
    14,
    provider,
  );
  // A 16x16 teal square with a white centre, so thumbnails have something to show.
  doc(
    SEED_FILES.rashPhoto,
    'rash-photo.png',
    'Photo of the rash',
    'image/png',
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHklEQVR4nGPgjskmCTEMcg3/cYBRDfTVMAiTBjEIAOBLXNCF2KNIAAAAAElFTkSuQmCC',
    7,
    self,
  );
  // The summary of the completed visit, on the visit itself (target visit): the visit page shows it.
  const summaryText = btoa('Demo document: summary of your visit with Dr. Okafor (sample text)\n');
  db.files.set(SEED_FILES.completedVisitSummary, {
    id: SEED_FILES.completedVisitSummary,
    name: 'visit-summary-okafor.txt',
    size: atob(summaryText).length,
    ext: 'txt',
    meta: {
      category: 'user_document',
      title: 'Visit summary',
      target: { id: SEED_VISITS.completed, type: 'visit' },
      account: { code: 'demo' },
    },
    creator: provider,
    created: t - 14 * DAY + 40 * 60,
    is_deletable: false,
    _owner: patient,
    _mime: 'text/plain',
  });
  db.fileBlobs.set(SEED_FILES.completedVisitSummary, summaryText);
}

import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiJson } from '@telehealth/client/http';
import { intakeStepRegistry } from '@/app/routes/patient/intake/steps';
import { db } from '@telehealth/mock/db';
import { CUSTOM_FIELDS, StepFailure, type StepDefinition, type StepScreenProps } from '@/wizard';
import { chargeNothingIn } from '~test/payments';
import { renderRoute } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

/** The registry is a Map at run time; tests plug a test step in and take it out again. */
const registry = intakeStepRegistry as Map<string, StepDefinition | null>;
const saved = new Map(registry);
afterEach(() => {
  registry.clear();
  for (const [code, step] of saved) registry.set(code, step);
});

function setSteps(intakeSteps: unknown[], postSteps: unknown[] = []) {
  const account = db.accounts.get('demo')!;
  account.intake_steps = intakeSteps;
  account.post_intake_steps = postSteps;
  // No real payment step here: the rooms charge nothing, or the mock refuses the visit unpaid.
  chargeNothingIn();
}

function offer(kinds: { walkin?: boolean; appointment?: boolean; econsult?: boolean }) {
  db.rooms.get('general')!.visits = {
    walkin: { enabled: kinds.walkin ?? false },
    appointment: { enabled: kinds.appointment ?? false },
    econsult: { enabled: kinds.econsult ?? false },
  };
}

const newOf = <T extends { id: string }>(all: Iterable<T>, before: Set<string>) =>
  [...all].filter((r) => !before.has(r.id));

const AvailabilitySchema = z.looseObject({
  slots: z.array(z.looseObject({ slot_start: z.number(), slot_end: z.number(), slot_available: z.number() })),
  slot_data: z.record(z.string(), z.looseObject({ provider_id: z.union([z.string(), z.number()]) })),
});

/**
 * A test step that stands in for the scheduling feature's picker: it asks the API for the room's
 * availability over the next week, takes the first open time, and saves it on the intake through
 * the public step contract only.
 */
function TestSlotStep({ room, intake, save, submitLabel, failure }: StepScreenProps) {
  const [error, setError] = useState<string | null>(failure);
  const pick = async () => {
    const now = Math.floor(Date.now() / 1000);
    const result = await apiJson({
      path: '/availability',
      auth: 'user',
      query: { start: now, end: now + 7 * 86_400, room_code: room.code, intake_id: intake?.id },
      schema: AvailabilitySchema,
    });
    const slot = result.slots.find((s) => s.slot_available > 0);
    if (!slot) throw new Error('no open slot in the seed');
    const providerId = Object.values(result.slot_data)[0]?.provider_id;
    await save({
      custom: {
        [CUSTOM_FIELDS.slotStart]: String(slot.slot_start),
        [CUSTOM_FIELDS.slotEnd]: String(slot.slot_end),
        [CUSTOM_FIELDS.slotProviderId]: String(providerId ?? ''),
      },
    });
  };
  return (
    <div>
      {error ? <p role="alert">{error}</p> : null}
      <button type="button" onClick={() => void pick().catch((e: unknown) => setError(String(e)))}>
        {`Take the first open time · ${submitLabel}`}
      </button>
    </div>
  );
}

/** A step with nothing to ask: it shows an arrival failure and moves on. */
function PassStep({ save, failure }: StepScreenProps) {
  return (
    <div>
      {failure ? <p role="alert">{failure}</p> : null}
      <button type="button" onClick={() => void save({})}>
        Pay and continue
      </button>
    </div>
  );
}

describe('intake wizard: kinds of visit', () => {
  it('asks which kind of visit when the room offers several, and types the intake by the choice', async () => {
    setSteps([{ code: 'reason', name: 'Reason for visit' }]);
    offer({ walkin: true, appointment: true });
    const before = new Set(db.intakes.keys());
    const { user, router } = renderRoute('/patient/rooms/general/intake', { as: 'demo-patient' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'How would you like to be seen?' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose how you would like to be seen.');
    expect(newOf(db.intakes.values(), before)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /Appointment/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reason for visit' })).toBeVisible();
    expect(screen.getByText(/Appointment · General practice · Step 1 of 1/)).toBeVisible();

    const [intake] = newOf(db.intakes.values(), before);
    expect(String(intake?.type)).toBe('2');
    expect(intake?.[CUSTOM_FIELDS.visitKind]).toBe('appointment');
    expect(router.state.location.search).toBe(`?intake=${intake?.id}`);
  });

  it('passes over steps that do not apply to the chosen kind, silently', async () => {
    registry.set('schedule', { Screen: TestSlotStep, kinds: ['appointment'] });
    setSteps([
      { code: 'reason', name: 'Reason for visit' },
      { code: 'schedule', name: 'Pick a time' },
      { code: 'consent', name: 'Consent' },
    ]);
    offer({ walkin: true, appointment: true });
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    expect(await screen.findByText(/Walk-in visit · General practice · Step 1 of 2/)).toBeVisible();
    await user.type(screen.getByLabelText(/What would you like help with/), 'A cough');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent' })).toBeVisible();
    expect(screen.getByText(/Step 2 of 2/)).toBeVisible();
    expect(screen.queryByText(/Pick a time/)).not.toBeInTheDocument();
    expect(screen.queryByText(/skipped/i)).not.toBeInTheDocument();
  });

  it('books an appointment in an appointment-only room: the slot saved by a step ends in POST /visits', async () => {
    registry.set('schedule', { Screen: TestSlotStep, kinds: ['appointment'] });
    setSteps([
      { code: 'reason', name: 'Reason for visit' },
      { code: 'schedule', name: 'Pick a time' },
    ]);
    offer({ appointment: true });
    const visitsBefore = new Set(db.visits.keys());
    const intakesBefore = new Set(db.intakes.keys());
    const { user, router } = renderRoute('/patient/rooms/general/intake', { as: 'demo-patient' });

    // One kind on offer: no question, straight to the first step.
    expect(await screen.findByText(/Appointment · General practice · Step 1 of 2/)).toBeVisible();
    await user.type(screen.getByLabelText(/What would you like help with/), 'Follow-up on blood pressure');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.dblClick(
      await screen.findByRole('button', { name: /Take the first open time · Book my appointment/ }),
    );

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    const visits = newOf(db.visits.values(), visitsBefore);
    expect(visits).toHaveLength(1);
    const [intake] = newOf(db.intakes.values(), intakesBefore);
    expect(visits[0]).toMatchObject({ type: 2, intake_id: intake?.id, room_code: 'general' });
    expect(visits[0]?.start).toBe(Number(intake?.[CUSTOM_FIELDS.slotStart]));
    expect(visits[0]?.end).toBe(Number(intake?.[CUSTOM_FIELDS.slotEnd]));
    expect(db.intakes.get(intake!.id)?.visit_id).toBe(visits[0]?.id);
    expect(router.state.location.pathname).toBe(`/patient/visits/${visits[0]?.id}`);
  });

  it('sends the patient back to a step whose beforeVisit hook refuses, with the reason, and creates no visit', async () => {
    let refusals = 0;
    registry.set('payment', {
      Screen: PassStep,
      beforeVisit: ({ intakeId, visitKind }) => {
        expect(visitKind).toBe('walkin');
        expect(intakeId).toMatch(/\w/);
        refusals += 1;
        return Promise.reject(new StepFailure('Your card was declined by your bank.'));
      },
    });
    setSteps([
      { code: 'payment', name: 'Payment' },
      { code: 'reason', name: 'Reason for visit' },
    ]);
    offer({ walkin: true });
    const visitsBefore = new Set(db.visits.keys());
    const { user, router } = renderRoute('/patient/rooms/general/intake', { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Pay and continue' }));
    await user.type(await screen.findByLabelText(/What would you like help with/), 'A rash');
    await user.click(screen.getByRole('button', { name: 'Join the waiting room' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined by your bank.');
    expect(router.state.location.pathname).toBe('/patient/rooms/general/intake/payment');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    expect(refusals).toBe(1);
    expect(newOf(db.visits.values(), visitsBefore)).toHaveLength(0);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// eslint-disable-next-line testing-library/no-manual-cleanup -- several mounts per test; see unmountAll
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountQueries } from '@/api/accounts/queries';
import { IntakeStepSchema, type Account } from '@telehealth/client/accounts/schemas';
import { intakeQueries } from '@/api/intakes/queries';
import type { Intake } from '@telehealth/client/intakes/schemas';
import { roomQueries } from '@/api/rooms/queries';
import { visitQueries } from '@/api/visits/queries';
import type { Room } from '@telehealth/client/rooms/schemas';
import { env } from '@/config/env';
import { appliesTo } from '@/wizard';
import { readSteps, type WizardStep } from '@/features/intake';
import { intakeStepRegistry } from './steps';
import { Component as WizardRoute } from './wizard';

/**
 * Each generated case mounts the wizard several times inside one test, so the automatic cleanup
 * (after each test) is not enough: the previous mount is removed by hand before the next.
 */
const unmountAll = cleanup;

/**
 * Property: whatever step arrays an account holds (known codes, generic forms with random
 * sections, unknown codes, malformed entries), every step of the wizard renders without throwing,
 * either as a screen or as the visible skip note; never a blank page or a dead end.
 */

const ROOM: Room = {
  id: 'room_general',
  code: 'general',
  name: 'General practice',
  visits: { walkin: { enabled: true }, appointment: { enabled: true } },
  payment: {
    consultations: [{ id: 'c1', description: 'Quick', duration: 15, amount: 49, visible_to_patient: true }],
    paymentCurrency: 'usd',
  },
};

const FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'weird'];
const FORM_TYPES = ['text', 'textarea', 'select', 'radio', 'checkbox', 'date', 'number', 'slider', ''];
const PATTERNS = ['^a+$', '([', '\\d{3}', '^[A-Z]{2}$'];

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'a.b', '<b>x</b>', '\u202Eevil', ' '),
);

const fieldDef = fc.record(
  {
    type: fc.constantFrom(...FIELD_TYPES),
    title: text,
    required: fc.boolean(),
    enum: fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 5 })), { maxLength: 4 }),
    maxLength: fc.nat(50),
    minimum: fc.integer({ min: -10, max: 10 }),
    maximum: fc.integer({ min: -10, max: 100 }),
    pattern: fc.constantFrom(...PATTERNS),
  },
  { requiredKeys: ['type'] },
);

const section = fc
  .record({
    code: text,
    title: fc.option(text, { nil: undefined }),
    keys: fc.uniqueArray(text, { maxLength: 4 }),
    extraKey: fc.option(text, { nil: undefined }),
  })
  .chain(({ code, title, keys, extraKey }) =>
    fc.record({
      code: fc.constant(code),
      ...(title === undefined ? {} : { title: fc.constant(title) }),
      schema: fc
        .tuple(...keys.map(() => fieldDef))
        .map((defs) => Object.fromEntries(keys.map((k, i) => [k, defs[i]]))),
      form: fc.tuple(
        ...[...keys, ...(extraKey === undefined ? [] : [extraKey])].map((key) =>
          fc.record(
            {
              key: fc.constant(key),
              type: fc.constantFrom(...FORM_TYPES),
              title: text,
              placeholder: text,
              titleMap: fc.oneof(
                fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
                fc.array(
                  fc.record({
                    value: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
                    name: fc.string({ maxLength: 6 }),
                  }),
                  { maxLength: 3 },
                ),
              ),
            },
            { requiredKeys: ['key', 'type'] },
          ),
        ),
      ),
    }),
  );

// These flows are walk-ins: steps of other visit kinds (the appointment's `schedule`) are passed over
// silently by design, which this model does not describe, so they are not generated.
const walkinCodes = [...intakeStepRegistry.keys()].filter((code) =>
  appliesTo(intakeStepRegistry.get(code), 'walkin'),
);
const knownStep = fc.record({
  code: fc.constantFrom(...walkinCodes),
  name: fc.option(text, { nil: undefined }),
});
const genericStep = fc.record({
  code: text,
  name: fc.option(text, { nil: undefined }),
  sections: fc.array(section, { minLength: 1, maxLength: 2 }),
});
const unknownStep = fc.record({ code: text, name: fc.option(text, { nil: undefined }) });
const malformedStep = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.record({ code: fc.oneof(fc.integer(), fc.constant(null)), name: text }),
  fc.record({
    code: text,
    sections: fc.oneof(fc.string(), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 2 })),
  }),
);
const anyStep = fc.oneof(knownStep, genericStep, unknownStep, malformedStep);
const stepArray = fc.array(anyStep, { maxLength: 4 });

/** The model: a step gets a screen when its readable code has one in the registry, or it parses and has sections. */
function expectsScreen(raw: unknown): boolean {
  const parsed = IntakeStepSchema.safeParse(raw);
  const code = parsed.success
    ? parsed.data.code
    : typeof raw === 'object' &&
        raw !== null &&
        typeof (raw as { code?: unknown }).code === 'string' &&
        (raw as { code: string }).code.trim()
      ? (raw as { code: string }).code
      : undefined;
  if (code === undefined) return false;
  if (intakeStepRegistry.has(code)) return intakeStepRegistry.get(code) != null;
  return parsed.success && (parsed.data.sections?.length ?? 0) > 0;
}

function renderWizard(url: string, account: Account, intake: Intake | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(accountQueries.detail(env.VITE_ACCOUNT_CODE).queryKey, account);
  queryClient.setQueryData(roomQueries.detail('general').queryKey, ROOM);
  queryClient.setQueryData(roomQueries.providers('general').queryKey, []);
  // Nobody waits in the room yet (a waiting walk-in would be led back to its place).
  queryClient.setQueryData(visitQueries.list({ room_code: 'general' }).queryKey, []);
  if (intake) queryClient.setQueryData(intakeQueries.detail(intake.id).queryKey, intake);
  const router = createMemoryRouter(
    [
      { path: '/patient/rooms/:roomCode/intake/:step?', element: <WizardRoute /> },
      { path: '*', element: <p>Left the wizard</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

async function expectStepShown(ws: WizardStep, raw: unknown) {
  const heading = await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(heading.textContent).toBe(ws.title));
  const note = screen.queryByRole('note', { name: 'Step skipped' });
  if (expectsScreen(raw)) expect(note, `step ${ws.slug} should have its screen`).toBeNull();
  else expect(note, `step ${ws.slug} should be skipped with a note`).not.toBeNull();
  // Never a dead end: every step offers a way on (a step whose code loads on demand, once it has).
  const submit = await waitFor(() => {
    const found = screen.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit');
    expect(found, `step ${ws.slug} should offer a way on`).toBeDefined();
    return found;
  });
  expect(submit).toBeEnabled();
}

describe('intake wizard with generated step arrays', () => {
  // 20 generated wizards, each mounted step by step: far more work than one screen, hence its own limit.
  it('renders every step, known, generic, unknown or malformed, as a screen or a skip note', async () => {
    await fc.assert(
      fc.asyncProperty(stepArray, stepArray, async (intakeRaw, postRaw) => {
        const account: Account = {
          id: 'acct',
          code: 'demo',
          name: 'Clinic',
          intake_steps: intakeRaw,
          post_intake_steps: postRaw,
        };
        const steps = readSteps(intakeRaw, postRaw);
        const allDone = steps.map((s) => s.slug).join(',');
        const raws = [...intakeRaw, ...postRaw];

        // A new intake opens on the first step whose answer is not known already (every step passed
        // over has a way to know its answer), or offers to start straight away when none is left.
        renderWizard('/patient/rooms/general/intake?kind=walkin', account, null);
        const intakeSteps = steps.filter((s) => s.phase === 'intake');
        await screen.findByRole('heading', { level: 1 });
        const opened = await waitFor(() => {
          const title = screen.getByRole('heading', { level: 1 }).textContent;
          const at = intakeSteps.findIndex((s) => s.title === title);
          if (at === -1) expect(screen.getByRole('button', { name: 'Join the waiting room' })).toBeEnabled();
          return at === -1 ? intakeSteps.length : at;
        });
        for (const passed of intakeSteps.slice(0, opened)) {
          const code = passed.step?.code ?? '';
          expect(intakeStepRegistry.get(code)?.known, `step ${passed.slug} was passed over`).toBeDefined();
        }
        const first = intakeSteps[opened];
        if (first) await expectStepShown(first, raws[steps.indexOf(first)]);
        unmountAll();

        for (const [i, ws] of steps.entries()) {
          const intake: Intake = {
            id: 'int_p',
            room_code: 'general',
            portal_steps_done: allDone,
            visit_id: ws.phase === 'post' ? 'vis_p' : null,
          };
          const { router } = renderWizard(
            `/patient/rooms/general/intake/${ws.slug}?intake=int_p`,
            account,
            intake,
          );
          await expectStepShown(ws, raws[i]);
          expect(router.state.location.pathname).toBe(`/patient/rooms/general/intake/${ws.slug}`);
          unmountAll();
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});

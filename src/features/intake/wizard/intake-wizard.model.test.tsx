// eslint-disable-next-line testing-library/no-manual-cleanup -- each generated run mounts and reloads the wizard several times in one test
import { cleanup, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { QUICK_INTAKE_STEPS } from '@telehealth/mock/seed/account';
import { renderRoute } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { noPhoneOnFileBeforeEach } from '~test/profile';

endSeededWalkinBeforeEach();
noPhoneOnFileBeforeEach();

/**
 * Case D33 as a model test: random typing, Continue, Back and reloads in the short walk-in flow
 * (reason → location → consent), checked after every action against a plain model of what the
 * patient should see: an unsaved answer survives Back and forward within the wizard, a reload
 * shows exactly what was saved, a refused Continue keeps what was typed, and the server holds
 * the last saved answers of one intake.
 */

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

type Step = 'reason' | 'location' | 'consent';
const ORDER: readonly Step[] = ['reason', 'location', 'consent'];
const HEADINGS: Record<Step, string> = {
  reason: 'Reason for visit',
  location: 'Where you are',
  consent: 'Consent',
};

interface Values {
  reason: string;
  state: string;
  phone: string;
}

type Action =
  | { kind: 'type-reason'; value: string }
  | { kind: 'type-phone'; value: string }
  | { kind: 'choose-state'; value: string }
  | { kind: 'continue' }
  | { kind: 'back' }
  | { kind: 'reload' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('type-reason' as const),
    value: fc.constantFrom('Sore throat', 'Back pain', 'Rash', ''),
  }),
  fc.record({
    kind: fc.constant('type-phone' as const),
    value: fc.constantFrom('212 555 0100', '646 555 0111', '555', ''),
  }),
  fc.record({ kind: fc.constant('choose-state' as const), value: fc.constantFrom('NY', 'CA') }),
  fc.constant({ kind: 'continue' as const }),
  fc.constant({ kind: 'back' as const }),
  fc.constant({ kind: 'reload' as const }),
);

/** The plain model: the step shown, what is on screen, unsaved drafts in memory, what the server holds. */
class Model {
  step: Step = 'reason';
  saved: Values | null = null;
  drafts = new Map<Step, Values>();
  shown: Values = { reason: '', state: '', phone: '' };

  private enter(step: Step) {
    this.step = step;
    this.shown = { ...(this.drafts.get(step) ?? this.saved ?? { reason: '', state: '', phone: '' }) };
  }

  private isValid(): boolean {
    if (this.step === 'reason') return this.shown.reason.trim() !== '';
    const digits = this.shown.phone.replace(/\D/g, '').length;
    return this.shown.state !== '' && digits >= 10 && digits <= 15;
  }

  /** Applies an action; false when it does not apply on this step (the runner skips it too). */
  apply(a: Action): boolean {
    switch (a.kind) {
      case 'type-reason':
        if (this.step !== 'reason') return false;
        this.shown.reason = a.value;
        return true;
      case 'type-phone':
      case 'choose-state':
        if (this.step !== 'location') return false;
        if (a.kind === 'type-phone') this.shown.phone = a.value;
        else this.shown.state = a.value;
        return true;
      case 'continue': {
        // Continue on the consent step would create the visit: out of this model's scope.
        if (this.step === 'consent') return false;
        if (!this.isValid()) return true;
        const base = this.saved ?? { reason: '', state: '', phone: '' };
        this.saved =
          this.step === 'reason'
            ? { ...base, reason: this.shown.reason.trim() }
            : { ...base, state: this.shown.state, phone: this.shown.phone };
        this.drafts.delete(this.step);
        this.enter(ORDER[ORDER.indexOf(this.step) + 1]!);
        return true;
      }
      case 'back':
        // Back on the first step leaves the wizard for the room page.
        if (this.step === 'reason') return false;
        this.drafts.set(this.step, { ...this.shown });
        this.enter(ORDER[ORDER.indexOf(this.step) - 1]!);
        return true;
      case 'reload':
        this.drafts.clear();
        if (!this.saved) this.step = 'reason';
        this.enter(this.step);
        return true;
    }
  }
}

async function expectScreen(model: Model) {
  expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[model.step] })).toBeInTheDocument();
  if (model.step === 'reason') {
    expect(screen.getByLabelText(/What would you like help with/)).toHaveValue(model.shown.reason);
  } else if (model.step === 'location') {
    expect(screen.getByLabelText(/Which state are you in/)).toHaveValue(model.shown.state);
    expect(screen.getByLabelText(/Phone number/)).toHaveValue(model.shown.phone);
  }
}

describe('intake wizard against a model (D33)', () => {
  it('shows what the model says after any sequence of typing, Continue, Back and reload', async () => {
    const account = db.accounts.get('demo')!;
    account.intake_steps = QUICK_INTAKE_STEPS;
    account.post_intake_steps = [];

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        cleanup();
        const before = new Set(db.intakes.keys());
        const model = new Model();
        let view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
        await expectScreen(model);

        for (const a of actions) {
          const applies = model.apply(a);
          if (!applies) continue;
          const { user } = view;
          switch (a.kind) {
            case 'type-reason':
            case 'type-phone': {
              const field = screen.getByLabelText(
                a.kind === 'type-reason' ? /What would you like help with/ : /Phone number/,
              );
              await user.clear(field);
              if (a.value) await user.type(field, a.value);
              break;
            }
            case 'choose-state':
              await user.selectOptions(screen.getByLabelText(/Which state are you in/), a.value);
              break;
            case 'continue':
              await user.click(screen.getByRole('button', { name: 'Continue' }));
              break;
            case 'back':
              await user.click(screen.getByRole('link', { name: 'Back' }));
              break;
            case 'reload': {
              const { pathname, search } = view.router.state.location;
              cleanup();
              view = renderRoute(`${pathname}${search}`, { as: 'demo-patient' });
              break;
            }
          }
          await expectScreen(model);
          // Saving is finished once the step has moved or the form is usable again.
          await waitFor(() =>
            expect(screen.queryByRole('button', { name: 'Saving…' })).not.toBeInTheDocument(),
          );
        }

        const created = [...db.intakes.values()].filter((i) => !before.has(i.id));
        expect(created).toHaveLength(model.saved ? 1 : 0);
        if (model.saved) {
          expect(created[0]?.reason_for_visit).toBe(model.saved.reason);
          expect(created[0]?.phone ?? '').toBe(model.saved.phone);
          const location = created[0]?.location;
          expect(typeof location === 'string' ? location.toUpperCase() : '').toBe(model.saved.state);
        }
        cleanup();
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});

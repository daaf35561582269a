import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ConsentStep, GenericFormStep, ReasonStep, readSteps, resolveStep } from '@/features/intake';
import { db } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import type { StepDefinition } from '@/wizard';
import { intakeStepRegistry } from './steps';
import { endSeededWalkinBeforeEach } from '~test/queue';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('./wizard')]);
});

/** A component, or a lazy one (React.lazy gives an object React renders once its code arrives). */
const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

describe('intake step registry', () => {
  it('holds, for every code, a screen (with the kinds it applies to) or “not yet available”', () => {
    // Adding a step is its screen and one registry line: this test needs no edit for it.
    expect(intakeStepRegistry.size).toBeGreaterThan(0);
    for (const [code, definition] of intakeStepRegistry) {
      if (definition === null) continue;
      expect(isComponent(definition.Screen), code).toBe(true);
      for (const kind of definition.kinds ?? [])
        expect(['walkin', 'econsult', 'appointment'], code).toContain(kind);
      if (definition.beforeVisit) expect(definition.beforeVisit, code).toBeTypeOf('function');
    }
    for (const code of ['reason', 'location', 'provider', 'consultation', 'attachments', 'consent']) {
      expect(intakeStepRegistry.get(code)?.Screen, code).toBeTypeOf('function');
    }
  });

  it('resolves every kind of step: own screen, generic form, not yet available, unknown, malformed', () => {
    const steps = readSteps(
      [
        { code: 'reason' },
        { code: 'consent', sections: 'not an array' },
        { code: 'lifestyle', sections: [{ code: 's', schema: {}, form: [] }] },
        { code: 'future_step', name: 'Announced, not built' },
        { code: 'legacy_widget' },
        { code: 'oddity', sections: [{ code: 's' }] },
        { name: 'No code at all' },
        42,
        { code: 'constructor' },
        { code: 'reason' },
      ],
      [],
    );
    // A code the registry knows but no screen serves yet.
    const registry = new Map([...intakeStepRegistry, ['future_step', null]]);
    const resolved = steps.map((s) => resolveStep(s, registry));
    expect(resolved.slice(0, 3)).toEqual([
      { kind: 'screen', Screen: ReasonStep },
      { kind: 'screen', Screen: ConsentStep },
      { kind: 'screen', Screen: GenericFormStep },
    ]);
    expect(resolved.slice(3)).toEqual([
      { kind: 'skip', reason: 'not-yet-available' },
      { kind: 'skip', reason: 'unknown' },
      { kind: 'skip', reason: 'malformed' },
      { kind: 'skip', reason: 'malformed' },
      { kind: 'skip', reason: 'malformed' },
      { kind: 'skip', reason: 'unknown' },
      { kind: 'screen', Screen: ReasonStep },
    ]);
    expect(steps.map((s) => s.slug)).toEqual([
      'reason',
      'consent',
      'lifestyle',
      'future_step',
      'legacy_widget',
      'oddity',
      'step',
      'step-2',
      'constructor',
      'reason-2',
    ]);
  });
});

describe('skipped steps in the wizard', () => {
  it('shows a visible note for each step it cannot show and carries on, recording the step as passed', async () => {
    // A code the registry knows but no screen serves yet (every real one has its screen now).
    const registry = intakeStepRegistry as Map<string, StepDefinition | null>;
    registry.set('future_step', null);
    onTestFinished(() => void registry.delete('future_step'));
    const account = db.accounts.get('demo')!;
    account.intake_steps = [
      { code: 'reason', name: 'Reason for visit' },
      { code: 'future_step', name: 'Announced step' },
      { code: 'legacy_widget', name: 'Old widget' },
      { name: 'Broken step' },
      { code: 'consent', name: 'Consent' },
    ];
    account.post_intake_steps = [];
    const { user, router } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await user.type(await screen.findByLabelText(/What would you like help with/), 'Check-up');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Announced step' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Step skipped' })).toHaveTextContent(
      'You can skip “Announced step”: it cannot be filled in online yet. If the clinic needs these answers, they will ask you during your visit.',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Old widget' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Step skipped' })).toHaveTextContent(
      'You can skip “Old widget”: it cannot be filled in online. If the clinic needs these answers, they will ask you during your visit.',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Broken step' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Step skipped' })).toHaveTextContent(
      'You can skip this part of the clinic’s questions: it cannot be filled in online. If the clinic needs these answers, they will ask you during your visit.',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/portal|code|malformed/i);
    const intakeId = new URLSearchParams(router.state.location.search).get('intake')!;
    await waitFor(() =>
      expect(db.intakes.get(intakeId)?.portal_steps_done).toBe('reason,future_step,legacy_widget,step'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { Account } from '@telehealth/client/accounts/schemas';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Room } from '@telehealth/client/rooms/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import type { StepDefinition, StepRegistry } from '@/wizard';
import {
  afterVisit,
  chosenConsultation,
  nextAfter,
  planFlow,
  previousOf,
  stepToRevisit,
  submitLabelOf,
  type Flow,
  type FlowView,
} from './flow';

const Screen = () => null;
const registry: StepRegistry = new Map<string, StepDefinition | null>([
  ['reason', { Screen }],
  ['schedule', { Screen, kinds: ['appointment'] }],
  ['payment', { Screen }],
  ['consent', { Screen }],
  ['pharmacy', { Screen }],
]);

const account: Pick<Account, 'intake_steps' | 'post_intake_steps'> = {
  intake_steps: [
    { code: 'reason', name: 'Reason for visit' },
    { code: 'schedule', name: 'Choose a time' },
    { code: 'payment', name: 'Payment' },
    { code: 'consent', name: 'Consent', next: { title: 'Join the waiting room' } },
  ],
  post_intake_steps: [
    { code: 'pharmacy', name: 'Preferred pharmacy' },
    { code: 'survey', name: 'Quick survey' },
  ],
};

const intake = (fields: Record<string, unknown> = {}): Intake => ({
  id: 'int_1',
  room_code: 'general',
  ...fields,
});

function plan(kind: VisitKind, current: Intake | null, stepSlug?: string): Flow {
  return planFlow({ account, registry, kind, roomCode: 'general', intake: current, stepSlug });
}

/** A view in words, so a table row reads at a glance. */
function describeView(view: FlowView): string {
  if (view.type === 'finish') return 'finish';
  if (view.type === 'step') return `show ${view.step.slug}`;
  const { target } = view;
  switch (target.to) {
    case 'step':
      return `go to ${target.step.slug}`;
    case 'visit':
      return `go to visit ${target.visitId}`;
    case 'room':
      return 'go to the room';
    case 'review':
      return 'go to the review';
    case 'other-room':
      return `go to room ${target.roomCode}`;
  }
}

describe('planFlow: the steps of a kind', () => {
  it.each([
    ['walkin', ['reason', 'payment', 'consent'], ['pharmacy', 'survey']],
    ['econsult', ['reason', 'payment', 'consent'], ['pharmacy', 'survey']],
    ['appointment', ['reason', 'schedule', 'payment', 'consent'], ['pharmacy', 'survey']],
  ] as const)('%s: intake steps %j, then %j, numbered within their phase', (kind, intakeSlugs, postSlugs) => {
    const flow = plan(kind, null);
    expect(flow.intakeSteps.map((s) => s.slug)).toEqual(intakeSlugs);
    expect(flow.postSteps.map((s) => s.slug)).toEqual(postSlugs);
    expect(flow.intakeSteps.map((s) => s.indexInPhase)).toEqual(intakeSlugs.map((_, i) => i));
    expect(flow.steps.map((s) => s.slug)).toEqual([...intakeSlugs, ...postSlugs]);
  });

  it('keeps entries it cannot read as steps, so nothing goes missing silently', () => {
    const flow = planFlow({
      account: { intake_steps: [42, { name: 'No code' }, { code: 'reason' }], post_intake_steps: null },
      registry,
      kind: 'walkin',
      roomCode: 'general',
      intake: null,
    });
    expect(flow.intakeSteps.map((s) => [s.slug, s.isMalformed])).toEqual([
      ['step', true],
      ['step-2', true],
      ['reason', false],
    ]);
    expect(flow.postSteps).toEqual([]);
  });
});

describe('planFlow: what shows for the address and the intake as last read', () => {
  const passed = (slugs: string) => intake({ portal_steps_done: slugs });
  const visited = (slugs: string) => intake({ visit_id: 'vis_1', portal_steps_done: slugs });
  const ALL_INTAKE = 'reason,payment,consent';
  const ALL = `${ALL_INTAKE},pharmacy,survey`;
  const elsewhere = intake({ room_code: 'dermatology' });

  it.each<[string, VisitKind, Intake | null, string | undefined, string]>([
    ['a new walk-in opens on its first step', 'walkin', null, undefined, 'go to reason'],
    ['the first step of a new intake shows', 'walkin', null, 'reason', 'show reason'],
    ['a later step of a new intake leads to the first', 'walkin', null, 'consent', 'go to reason'],
    ['a step of another kind is not in the flow', 'walkin', null, 'schedule', 'go to reason'],
    ['resumes at the first step not passed', 'walkin', passed('reason'), undefined, 'go to payment'],
    ['a passed step may be looked at again', 'walkin', passed('reason'), 'reason', 'show reason'],
    ['the first open step shows', 'walkin', passed('reason'), 'payment', 'show payment'],
    ['no skipping ahead', 'walkin', passed('reason'), 'consent', 'go to payment'],
    ['no post-intake step before the visit', 'walkin', passed('reason'), 'pharmacy', 'go to payment'],
    ['every intake step passed: the finish', 'walkin', passed(ALL_INTAKE), undefined, 'finish'],
    ['every intake step passed: a step seen again', 'walkin', passed(ALL_INTAKE), 'consent', 'show consent'],
    ['an appointment still needs its time', 'appointment', passed(ALL_INTAKE), undefined, 'go to schedule'],
    ['the visit exists: intake steps lead on', 'walkin', visited(ALL_INTAKE), 'reason', 'go to pharmacy'],
    ['the visit exists: the next post step', 'walkin', visited(ALL_INTAKE), 'pharmacy', 'show pharmacy'],
    ['the visit exists: no skipping ahead', 'walkin', visited(ALL_INTAKE), 'survey', 'go to pharmacy'],
    ['everything passed: a post step seen again', 'walkin', visited(ALL), 'survey', 'show survey'],
    ['everything passed: the visit page', 'walkin', visited(ALL), undefined, 'go to visit vis_1'],
    ['an intake of another room', 'walkin', elsewhere, 'reason', 'go to room dermatology'],
  ])('%s', (_, kind, current, stepSlug, expected) => {
    expect(describeView(plan(kind, current, stepSlug).view)).toBe(expected);
  });

  it.each<[string, VisitKind, Intake | null, boolean]>([
    ['no intake yet', 'walkin', null, false],
    ['a step still open', 'walkin', passed('reason,payment'), false],
    ['every intake step passed', 'walkin', passed(ALL_INTAKE), true],
    ['passed for a walk-in, not for an appointment', 'appointment', passed(ALL_INTAKE), false],
    ['the visit exists already', 'walkin', visited(ALL_INTAKE), false],
  ])('the visit can be created: %s → %s', (_, kind, current, expected) => {
    expect(plan(kind, current).canCreateVisit).toBe(expected);
  });

  it('offers to start straight away when the account asks nothing first', () => {
    const flow = planFlow({
      account: { intake_steps: [], post_intake_steps: [] },
      registry,
      kind: 'walkin',
      roomCode: 'general',
      intake: null,
    });
    expect(flow.view).toEqual({ type: 'finish' });
    expect(flow.canCreateVisit).toBe(true);
  });

  it('counts as done what the intake as last read records', () => {
    const flow = plan('walkin', intake({ portal_steps_done: 'reason,payment' }), 'consent');
    expect([...flow.done]).toEqual(['reason', 'payment']);
    expect(describeView(flow.view)).toBe('show consent');
  });
});

describe('planFlow: where buttons lead', () => {
  const flow = plan('appointment', intake({ portal_steps_done: 'reason' }));
  const step = (slug: string) => flow.steps.find((s) => s.slug === slug)!;

  it.each([
    ['reason', { type: 'step', slug: 'schedule' }, 'room', 'Continue'],
    ['schedule', { type: 'step', slug: 'payment' }, 'reason', 'Continue'],
    ['consent', { type: 'create-visit' }, 'payment', 'Book my appointment'],
    ['pharmacy', { type: 'step', slug: 'survey' }, null, 'Continue'],
    ['survey', { type: 'visit' }, 'pharmacy', 'Finish'],
  ])('%s: next %j, back to %s, button “%s”', (slug, next, back, label) => {
    const result = nextAfter(flow, step(slug));
    expect(result.type === 'step' ? { type: 'step', slug: result.step.slug } : result).toEqual(next);
    const previous = previousOf(flow, step(slug));
    expect(previous?.to === 'step' ? previous.step.slug : (previous?.to ?? null)).toBe(back);
    expect(submitLabelOf(flow, step(slug))).toBe(label);
  });

  it.each([
    ['walkin', 'Join the waiting room'],
    ['econsult', 'Send my e-consult'],
    ['appointment', 'Book my appointment'],
  ] as const)('the last intake step of a %s says “%s”', (kind, label) => {
    const own = planFlow({
      account: { intake_steps: [{ code: 'reason' }], post_intake_steps: [] },
      registry,
      kind,
      roomCode: 'general',
      intake: null,
    });
    expect(submitLabelOf(own, own.intakeSteps[0]!)).toBe(label);
  });

  it('after the visit: the first post-intake step, else the visit', () => {
    expect(afterVisit(flow, 'vis_1')).toMatchObject({ to: 'step', step: { slug: 'pharmacy' } });
    const bare = planFlow({
      account: { intake_steps: [], post_intake_steps: [] },
      registry,
      kind: 'walkin',
      roomCode: 'general',
      intake: null,
    });
    expect(afterVisit(bare, 'vis_1')).toEqual({ to: 'visit', visitId: 'vis_1' });
  });

  it.each([
    ['payment', null, 'payment'],
    ['payment', 'payment', null],
    ['schedule', 'consent', 'schedule'],
    [undefined, 'consent', null],
    ['unknown_code', 'consent', null],
  ])('a failure of step %s found on %s sends the patient to %s', (code, from, expected) => {
    expect(stepToRevisit(flow, code, from ? step(from) : null)?.slug ?? null).toBe(expected);
  });
});

describe('chosenConsultation', () => {
  const room: Pick<Room, 'payment'> = {
    payment: {
      consultations: [
        { id: 'c1', description: 'Quick', duration: 15, amount: 49, visible_to_patient: true },
        { id: 'c2', description: 'Staff only', duration: 15, amount: 0, visible_to_patient: false },
      ],
    },
  };
  it.each([
    ['c1', 'c1'],
    ['c2', null],
    ['gone', null],
    [undefined, null],
  ])('the intake names %s: %s', (id, expected) => {
    expect(chosenConsultation(room, intake(id ? { consultation_id: id } : {}))?.id ?? null).toBe(expected);
  });
});

describe('planFlow with known answers (issue 27)', () => {
  const paid = {
    summary: '$49.00 on your Visa ending 4242',
    patch: { custom: { payment_source_id: 'src_1' } },
  };
  const known = new Map([['payment', paid]]);
  const withKnown = (current: Intake | null, stepSlug?: string) =>
    planFlow({ account, registry, kind: 'walkin', roomCode: 'general', intake: current, stepSlug, known });

  it('passes over a known step: reason leads straight to consent, whose button commits', () => {
    const flow = withKnown(intake({ portal_steps_done: 'reason' }));
    expect(describeView(flow.view)).toBe('go to consent');
    const reason = flow.intakeSteps[0]!;
    const consent = flow.intakeSteps[2]!;
    expect(nextAfter(flow, reason)).toEqual({ type: 'step', step: consent });
    expect(submitLabelOf(flow, consent)).toBe('Join the waiting room');
    expect(flow.askedSteps.map((s) => s.slug)).toEqual(['reason', 'consent']);
    expect(flow.canCreateVisit).toBe(false);
  });

  it('Back from consent skips the known step; "Change" may still open it', () => {
    const flow = withKnown(intake({ portal_steps_done: 'reason' }), 'payment');
    expect(describeView(flow.view)).toBe('show payment');
    expect(previousOf(flow, flow.intakeSteps[2]!)).toEqual({ to: 'step', step: flow.intakeSteps[0] });
  });

  it('a step once passed is no longer known: its saved answer is what counts', () => {
    const flow = withKnown(intake({ portal_steps_done: 'reason,payment' }));
    expect(flow.known.size).toBe(0);
    expect(flow.askedSteps.map((s) => s.slug)).toEqual(['reason', 'payment', 'consent']);
  });

  it('every step passed or known: the visit can be made from the review', () => {
    const flow = withKnown(intake({ portal_steps_done: 'reason,consent' }));
    expect(flow.canCreateVisit).toBe(true);
    expect(describeView(flow.view)).toBe('finish');
  });

  it('a known step after the last asked one: the last asked step commits', () => {
    const consentKnown = new Map([['consent', paid]]);
    const flow = planFlow({
      account,
      registry,
      kind: 'walkin',
      roomCode: 'general',
      intake: intake({ portal_steps_done: 'reason' }),
      known: consentKnown,
    });
    expect(nextAfter(flow, flow.intakeSteps[1]!)).toEqual({ type: 'create-visit' });
    expect(submitLabelOf(flow, flow.intakeSteps[1]!)).toBe('Join the waiting room');
  });
});

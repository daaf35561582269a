import { t } from '@lingui/core/macro';
import { Suspense } from 'react';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Consultation, Room } from '@telehealth/client/rooms/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import { Spinner } from '@/components/feedback/status';
import type { IntakePatch, StepRegistry, StepScreen } from '@/wizard';
import { GenericFormStep } from '../../forms/generic-form-step';
import type { WizardStep } from '../../model/steps';
import { SkipNote, type SkipReason } from '../../steps/skip-note';

export type ResolvedStep = { kind: 'screen'; Screen: StepScreen } | { kind: 'skip'; reason: SkipReason };

/** Which screen shows a step: its own, a generic form built from its sections, or a skip note. */
export function resolveStep(ws: WizardStep, registry: StepRegistry): ResolvedStep {
  if (!ws.step) return { kind: 'skip', reason: 'malformed' };
  if (registry.has(ws.step.code)) {
    const definition = registry.get(ws.step.code);
    return definition
      ? { kind: 'screen', Screen: definition.Screen }
      : { kind: 'skip', reason: 'not-yet-available' };
  }
  if (ws.isMalformed) return { kind: 'skip', reason: 'malformed' };
  if (ws.step.sections?.length) return { kind: 'screen', Screen: GenericFormStep };
  return { kind: 'skip', reason: 'unknown' };
}

export interface StepHostProps {
  ws: WizardStep;
  registry: StepRegistry;
  room: Room;
  kind: VisitKind;
  consultation: Consultation | null;
  intake: Intake | null;
  submitLabel: string;
  backHref: string | null;
  /** A reason to show on arrival (a later step sent the patient back here). */
  failure: string | null;
  ensureIntakeId: () => Promise<string>;
  save: (patch: IntakePatch) => Promise<void>;
}

/** One step through the step contract (`@/wizard`): its screen, or a note saying it is skipped. */
export function StepHost({ ws, registry, kind, save, ...shared }: StepHostProps) {
  const resolved = resolveStep(ws, registry);
  if (resolved.kind === 'skip' || !ws.step) {
    return (
      <SkipNote
        key={ws.slug}
        slug={ws.slug}
        title={ws.title}
        reason={resolved.kind === 'skip' ? resolved.reason : 'malformed'}
        submitLabel={shared.submitLabel}
        backHref={shared.backHref}
        onContinue={() => save({})}
      />
    );
  }
  return (
    // A step whose code loads on demand (see the registry) shows this until it has arrived.
    <Suspense key={ws.slug} fallback={<Spinner label={t`Loading this step…`} />}>
      <resolved.Screen
        key={ws.slug}
        step={ws.step}
        slug={ws.slug}
        title={ws.title}
        visitKind={kind}
        save={save}
        {...shared}
      />
    </Suspense>
  );
}

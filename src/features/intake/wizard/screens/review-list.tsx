import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Consultation, Room } from '@telehealth/client/rooms/schemas';
import type { StepRegistry } from '@/wizard';
import { answersInWords } from '../../forms/build-schema';
import type { WizardStep } from '../../model/steps';
import type { Flow } from '../flow';

export interface ReviewListProps {
  flow: Flow;
  registry: StepRegistry;
  room: Room;
  intake: Intake | null;
  consultation: Consultation | null;
  /** The step the button below belongs to: it is answered there, not listed. */
  current: WizardStep | null;
  hrefOf: (step: WizardStep) => string;
}

/** What the review says for one step: its known answer, its saved answer, or that it was answered. */
function summaryOf(
  ws: WizardStep,
  { flow, registry, room, intake, consultation }: ReviewListProps,
  queryClient: ReturnType<typeof useQueryClient>,
): string {
  const known = flow.known.get(ws.slug);
  if (known) return known.summary;
  const definition = ws.step ? registry.get(ws.step.code) : undefined;
  const saved =
    intake && ws.step
      ? definition
        ? (definition.summary?.(intake, { room, consultation, queryClient }) ?? null)
        : answersInWords(ws.step, intake)
      : null;
  return saved ?? t`Answered`;
}

/**
 * The review before the commitment (issue 27): every intake step answered or known, each with its
 * answer in words and a link to change it. Known answers are saved with the button below it.
 */
export function ReviewList(props: ReviewListProps) {
  const queryClient = useQueryClient();
  const { flow, current, hrefOf } = props;
  const rows = flow.intakeSteps.filter(
    (ws) => ws.slug !== current?.slug && (flow.done.has(ws.slug) || flow.known.has(ws.slug)),
  );
  if (rows.length === 0) return null;
  return (
    <section className="card review-list" aria-labelledby="review-title">
      <h2 id="review-title">
        <Trans>Check your answers</Trans>
      </h2>
      <dl>
        {rows.map((ws) => {
          const step = ws.title.toLowerCase();
          return (
            <div key={ws.slug} className="review-row">
              <dt>{ws.title}</dt>
              <dd>
                <span className="review-answer">{summaryOf(ws, props, queryClient)}</span>{' '}
                <Link to={hrefOf(ws)} className="review-change" aria-label={t`Change ${step}`}>
                  <Trans context="link: change an answer">Change</Trans>
                </Link>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

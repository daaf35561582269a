import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, type Ref } from 'react';
import { IntakeStepSchema, type Account, type IntakeStep } from '@telehealth/client/accounts/schemas';
import { accountQueries } from '@/api/accounts/queries';
import { useUpdateIntake } from '@/api/intakes/mutations';
import { intakeQueries } from '@/api/intakes/queries';
import { roomQueries } from '@/api/rooms/queries';
import { visitKindOf } from '@telehealth/client/visits/kinds';
import { visitIntakeId, type Visit } from '@telehealth/client/visits/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { env } from '@/config/env';
import { customSeconds, customValue, type StepScreen, type StepScreenProps } from '@/wizard';
import { SURVEY_FIELDS, surveyCodeOf, surveyStep } from './survey-step';

/** The clinic's post-visit survey: a `survey` step of its flow asking `post_visit_survey`, if it has one. */
export function postVisitSurveyOf(
  account: Pick<Account, 'intake_steps' | 'post_intake_steps'>,
): IntakeStep | null {
  for (const raw of [...(account.post_intake_steps ?? []), ...(account.intake_steps ?? [])]) {
    const step = IntakeStepSchema.safeParse(raw);
    if (step.success && step.data.code === 'survey' && surveyCodeOf(step.data) === 'post_visit_survey') {
      return step.data;
    }
  }
  return null;
}

export interface VisitSurveyProps {
  visit: Visit;
  /** The form a step with `sections` is asked with (the intake feature's generic form, given by the app). */
  Form: StepScreen;
  /** The heading's ref: the visit page moves focus there when the survey notification opened it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The clinic's post-visit survey on a completed visit's page: asked when the clinic has one and this
 * visit's intake holds no answers to it yet. The answers are saved where the wizard's survey step
 * keeps them (custom fields on the visit's intake with the survey's code and the time,
 * docs/spec-decisions.md), so the survey service reads them as this visit's response. A patient
 * cannot read survey responses, so the intake is the record of "already answered".
 */
export function VisitSurvey({ visit, Form, headingRef }: VisitSurveyProps) {
  const account = useQuery(accountQueries.detail(env.VITE_ACCOUNT_CODE));
  const step = account.data ? postVisitSurveyOf(account.data) : null;
  const intakeId = visitIntakeId(visit);
  // Nothing to ask (or nowhere to keep the answers): no section at all. While the clinic's flow is
  // read (it is usually in the cache already, for the portal's name) the section waits too.
  if (!step || !intakeId) return null;
  return <SurveySection visit={visit} intakeId={intakeId} step={step} Form={Form} headingRef={headingRef} />;
}

function SurveySection({
  visit,
  intakeId,
  step,
  Form,
  headingRef,
}: {
  visit: Visit;
  intakeId: string;
  step: IntakeStep;
  Form: StepScreen;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  const intake = useQuery(intakeQueries.detail(intakeId));
  const room = useQuery({ ...roomQueries.detail(visit.room_code ?? ''), enabled: Boolean(visit.room_code) });
  const update = useUpdateIntake();
  const Screen = useMemo(() => surveyStep(Form), [Form]);
  const code = surveyCodeOf(step);
  const thanks = useRef<HTMLParagraphElement>(null);
  const justSent = update.isSuccess;
  useEffect(() => {
    // The form (and its button) is gone: focus goes to the thanks instead of the page's start.
    if (justSent) thanks.current?.focus();
  }, [justSent]);

  const save: StepScreenProps['save'] = async ({ fields, custom }) => {
    await update.mutateAsync({ ...fields, id: intakeId, custom });
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        <Trans>Tell us how it went</Trans>
      </h2>
      <QueryState query={intake} label={t`Loading the survey…`} errorTitle={t`We couldn’t load the survey`}>
        {(data) => {
          const answered =
            customValue(data, SURVEY_FIELDS.code) === code &&
            customSeconds(data, SURVEY_FIELDS.answeredAt) !== null;
          if (answered) {
            return (
              <p ref={thanks} tabIndex={-1} role="status">
                <Trans>Thank you for your answers. They went to the clinic team.</Trans>
              </p>
            );
          }
          if (visit.room_code && !room.data) {
            return (
              <QueryState
                query={room}
                label={t`Loading the survey…`}
                errorTitle={t`We couldn’t load the survey`}
              >
                {() => null}
              </QueryState>
            );
          }
          if (!room.data) return null;
          return (
            <Screen
              step={step}
              slug="post-visit-survey"
              title={step.name?.trim() || t`Survey`}
              room={room.data}
              visitKind={visitKindOf(visit)}
              consultation={null}
              intake={data}
              ensureIntakeId={() => Promise.resolve(intakeId)}
              save={save}
              submitLabel={t`Send my answers`}
              backHref={null}
              failure={null}
            />
          );
        }}
      </QueryState>
    </section>
  );
}

import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { SurveyCodeSchema, type SurveyCode } from '@telehealth/client/surveys/schemas';
import type { StepScreen, StepScreenProps } from '@/wizard';

/**
 * Where a survey's answers are kept (docs/spec-decisions.md): the spec names no way to submit a
 * survey, only `GET {survey_base_url}/surveys/{code}/responses` to read them. The answers travel as
 * custom fields on the intake, the spec's way of carrying extra intake data, beside the survey's
 * code and the time it was answered; the survey service reads them from there into a response
 * (spec 2.16) tied to the intake and its visit.
 */
export const SURVEY_FIELDS = {
  code: 'survey_code',
  answeredAt: 'survey_answered_at',
} as const;

/** The survey a step asks for: its `survey_code` when it names one of spec 2.1, else the post-visit survey. */
export function surveyCodeOf(step: StepScreenProps['step']): Exclude<SurveyCode, 'all'> {
  const parsed = SurveyCodeSchema.safeParse((step as Record<string, unknown>).survey_code);
  return parsed.success && parsed.data !== 'all' ? parsed.data : 'post_visit_survey';
}

/** The step's own introduction (`text`), when it has one. */
function introOf(step: StepScreenProps['step']): string | null {
  const text = (step as Record<string, unknown>).text;
  return typeof text === 'string' && text.trim() ? text.trim() : null;
}

/**
 * The `survey` step: the survey the step defines, its sections asked as any form step asks them
 * (`Form`, given by the app so features stay apart), answers saved on the intake with the survey's
 * code and when it was answered. Questions are optional unless the survey marks them required.
 */
export function surveyStep(Form: StepScreen): StepScreen {
  function SurveyStep(props: StepScreenProps) {
    const code = surveyCodeOf(props.step);
    const intro = introOf(props.step);
    const hasQuestions = (props.step.sections?.length ?? 0) > 0;
    const save = useMemo<StepScreenProps['save']>(
      () => (patch) =>
        props.save({
          ...patch,
          custom: {
            ...patch.custom,
            [SURVEY_FIELDS.code]: code,
            [SURVEY_FIELDS.answeredAt]: String(Math.floor(Date.now() / 1000)),
          },
        }),
      [props, code],
    );
    return (
      <>
        <p>
          {intro ??
            t`Your answers go to the clinic team to help them improve care. They are not part of your medical record.`}
        </p>
        {hasQuestions ? null : (
          <p>
            <Trans>This survey has no questions today.</Trans>
          </p>
        )}
        <Form {...props} save={save} />
      </>
    );
  }
  return SurveyStep;
}

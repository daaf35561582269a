import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EMR_SECTION_NAMES, type EmrSectionName } from '@telehealth/client/emr/schemas';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { i18n } from '@/lib/i18n';
import { formatLocale } from '@/lib/locale';
import { StepFailure, StepFrame, type StepScreenProps } from '@/wizard';
import { RecordSections } from './record-sections';
import { sectionConfig } from './sections';

/** The record sections a step definition asks for, by section `code`; all seven when it names none. */
export function stepSections(step: { sections?: readonly unknown[] | null }): EmrSectionName[] {
  const codes = (step.sections ?? [])
    .map((s) => (typeof s === 'object' && s !== null && 'code' in s ? String(s.code) : ''))
    .filter((code): code is EmrSectionName => (EMR_SECTION_NAMES as readonly string[]).includes(code));
  return codes.length ? codes : [...EMR_SECTION_NAMES];
}

/**
 * `medical_history`: the patient checks the sections of their health record the step asks for,
 * pre-filled from the record. Each section is saved to the record itself (spec 4.10), not to the
 * intake, so moving on saves nothing on the intake but the step being done. "Nothing has changed"
 * is the one-click answer when the record is up to date. The section editors are forms of their
 * own, so they sit above the step's frame rather than inside it (forms cannot nest).
 */
export function MedicalHistoryStep({ step, slug, submitLabel, backHref, failure, save }: StepScreenProps) {
  const me = useQuery(userQueries.me());
  const sections = stepSections(step);
  const [open, setOpen] = useState<EmrSectionName[]>([]);
  const [changed, setChanged] = useState(false);
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  // Until a section is saved, the step's button says the record is unchanged ("Nothing has changed,
  // continue"): one click answers that the record is up to date.
  const next = `${submitLabel.charAt(0).toLocaleLowerCase(formatLocale())}${submitLabel.slice(1)}`;
  const label = changed ? submitLabel : t`Nothing has changed, ${next}`;

  // The way on is always offered: the record is the patient's to keep up to date, never a condition of the visit.
  return (
    <div className="medical-history-step">
      <p>
        <Trans>
          Check that your health record is up to date. Edit a section to change it: each section is saved to
          your record as soon as you save it.
        </Trans>
      </p>
      <QueryState query={me} label={t`Loading your health record…`}>
        {(profile) => (
          <RecordSections
            userId="-"
            viewerId={profile.id}
            sections={sections}
            editable
            onEditingChange={setOpen}
            onSaved={() => setChanged(true)}
          />
        )}
      </QueryState>
      <StepFrame
        form={form}
        slug={slug}
        submitLabel={label}
        backHref={backHref}
        failure={failure}
        onValid={async () => {
          if (open.length > 0) {
            const names = new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(
              open.map((name) => i18n._(sectionConfig(name).words.inSentence)),
            );
            throw new StepFailure(t`Save or cancel your changes to ${names} first.`);
          }
          await save({});
        }}
      />
    </div>
  );
}

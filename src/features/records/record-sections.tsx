import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSaveEmrSection } from '@/api/emr/mutations';
import { emrQueries } from '@/api/emr/queries';
import type { EmrModifiedBy, EmrRecord, EmrSectionName } from '@telehealth/client/emr/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { formatLocale } from '@/lib/locale';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { ListSectionForm, listDefaults } from './list-section-form';
import { ObjectSectionForm, objectDefaults } from './object-section-form';
import { optionLabel, RELATIONS, SECTIONS, type SectionConfig } from './sections';

type SectionRead = {
  data: unknown;
  modified?: number | null;
  modified_by?: EmrModifiedBy;
  data_not_reported?: boolean;
};

function readOf(record: EmrRecord, name: EmrSectionName): SectionRead | undefined {
  return record[name];
}

/** Who last changed a section: the viewer themself, another person ("Dr. Samira Okafor, MD"), or unknown. */
export type Changer = { kind: 'you' } | { kind: 'person'; name: string } | null;

export function whoChanged(person: EmrModifiedBy | undefined, viewerId: string): Changer {
  if (!person) return null;
  if (person.id === viewerId) return { kind: 'you' };
  const name = person.full_name ?? [person.first_name, person.last_name].filter(Boolean).join(' ');
  if (!name) return null;
  return {
    kind: 'person',
    name: `${person.title ? `${person.title} ` : ''}${name}${person.suffix ? `, ${person.suffix}` : ''}`,
  };
}

/** "Last changed {when}", with by whom when known. */
function lastChanged(when: string, who: Changer): string {
  if (!who) return t`Last changed ${when}`;
  if (who.kind === 'you') return t`Last changed ${when} by you`;
  const name = who.name;
  return t`Last changed ${when} by ${name}`;
}

function SectionSummary({
  config,
  read,
  isOwn,
}: {
  config: SectionConfig;
  read: SectionRead | undefined;
  isOwn: boolean;
}) {
  if (read?.data_not_reported) {
    return (
      <p className="section-state">
        {isOwn ? (
          <Trans>Not reported: you preferred not to say.</Trans>
        ) : (
          <Trans>Not reported: the patient preferred not to say.</Trans>
        )}
      </p>
    );
  }
  if (read?.data === null || read?.data === undefined)
    return (
      <p className="section-state">
        <Trans>Not filled in yet.</Trans>
      </p>
    );
  if (config.kind === 'list') {
    const entries = Array.isArray(read.data) ? (read.data as Record<string, unknown>[]) : [];
    if (entries.length === 0) {
      const none = i18n._(config.noneLabel);
      return (
        <p className="section-state">{t({ message: `${none}.`, comment: 'a section answered "none"' })}</p>
      );
    }
    return (
      <ul className="section-entries" aria-label={i18n._(config.title)}>
        {entries.map((entry, index) => {
          const text = typeof entry[config.entryKey] === 'string' ? (entry[config.entryKey] as string) : '';
          const relations = Array.isArray(entry.relations)
            ? new Intl.ListFormat(formatLocale(), { style: 'short', type: 'unit' }).format(
                entry.relations.map((r) =>
                  optionLabel(RELATIONS, String(r)).toLocaleLowerCase(formatLocale()),
                ),
              )
            : '';
          return (
            <li key={`${text}-${index}`}>
              {relations
                ? t({ message: `${text} (${relations})`, comment: 'a family condition (relatives)' })
                : text}
            </li>
          );
        })}
      </ul>
    );
  }
  const data = (read.data ?? {}) as Record<string, unknown>;
  const answered = config.fields.filter(
    (f) => data[f.key] !== null && data[f.key] !== undefined && data[f.key] !== '',
  );
  if (answered.length === 0)
    return (
      <p className="section-state">
        <Trans>Nothing answered yet.</Trans>
      </p>
    );
  return (
    <dl className="section-facts">
      {answered.map((field) => (
        <div key={field.key}>
          <dt>{i18n._(field.label)}</dt>
          <dd>{optionLabel(field.options, String(data[field.key] as string | number))}</dd>
        </div>
      ))}
    </dl>
  );
}

function SectionCard({
  config,
  read,
  userId,
  viewerId,
  editable,
  isEditing,
  setEditing,
  onSaved,
}: {
  config: SectionConfig;
  read: SectionRead | undefined;
  userId: string;
  viewerId: string;
  editable: boolean;
  isEditing: boolean;
  setEditing: (editing: boolean) => void;
  onSaved: (config: SectionConfig) => void;
}) {
  const zone = useViewerTimeZone();
  const save = useSaveEmrSection(userId);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(isEditing);
  useEffect(() => {
    // Back from the editor: the keyboard lands on this section's Edit button again.
    if (wasEditing.current && !isEditing) editRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  const who = whoChanged(read?.modified_by, viewerId);
  const headingId = `emr-${config.name}`;
  const onSave = async (body: Parameters<typeof save.mutateAsync>[0]['body']) => {
    await save.mutateAsync({ name: config.name, body });
    setEditing(false);
    onSaved(config);
  };
  const notReported = read?.data_not_reported === true;
  return (
    <section className="card record-section" aria-labelledby={headingId}>
      <div className="record-section-header">
        <h2 id={headingId}>{i18n._(config.title)}</h2>
        {editable && !isEditing ? (
          <button
            ref={editRef}
            type="button"
            className="btn btn-secondary"
            aria-label={i18n._(config.words.edit)}
            onClick={() => setEditing(true)}
          >
            <Trans context="button: edits a record section">Edit</Trans>
          </button>
        ) : null}
      </div>
      {isEditing ? (
        config.kind === 'list' ? (
          <ListSectionForm
            config={config}
            defaultValues={listDefaults(config, read?.data as Record<string, unknown>[] | null, notReported)}
            onSave={onSave}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <ObjectSectionForm
            config={config}
            defaultValues={objectDefaults(config, read?.data as Record<string, unknown> | null, notReported)}
            onSave={onSave}
            onCancel={() => setEditing(false)}
          />
        )
      ) : (
        <SectionSummary config={config} read={read} isOwn={userId === '-' || userId === viewerId} />
      )}
      {read?.modified ? (
        <p className="section-meta">{lastChanged(formatDateTime(read.modified, zone), who)}</p>
      ) : null}
    </section>
  );
}

export interface RecordSectionsProps {
  /** `-` for the signed-in patient, or the patient's id (providers). */
  userId: string;
  viewerId: string;
  /** Which sections, in this order; all seven when omitted. */
  sections?: readonly EmrSectionName[];
  editable: boolean;
  /** Told which sections have an editor open (the wizard step will not move on past unsaved typing). */
  onEditingChange?: (open: EmrSectionName[]) => void;
  /** Told after each section saved. */
  onSaved?: (name: EmrSectionName) => void;
}

/** The medical record's sections, each shown with who last changed it, and editable in place. */
export function RecordSections({
  userId,
  viewerId,
  sections,
  editable,
  onEditingChange,
  onSaved,
}: RecordSectionsProps) {
  const record = useQuery(emrQueries.record(userId));
  const [editing, setEditing] = useState<EmrSectionName[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const shown = sections ? SECTIONS.filter((s) => sections.includes(s.name)) : SECTIONS;
  const setOpen = (name: EmrSectionName, open: boolean) => {
    const next = open ? [...editing.filter((n) => n !== name), name] : editing.filter((n) => n !== name);
    setEditing(next);
    onEditingChange?.(next);
  };

  return (
    <QueryState
      query={record}
      label={t`Loading the health record…`}
      errorTitle={t`We could not load the health record`}
    >
      {(data) => (
        <div className="record-sections">
          <p className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </p>
          {shown.map((config) => (
            <SectionCard
              key={config.name}
              config={config}
              read={readOf(data, config.name)}
              userId={userId}
              viewerId={viewerId}
              editable={editable}
              isEditing={editing.includes(config.name)}
              setEditing={(open) => setOpen(config.name, open)}
              onSaved={(saved) => {
                setAnnouncement(i18n._(saved.words.saved));
                onSaved?.(saved.name);
              }}
            />
          ))}
        </div>
      )}
    </QueryState>
  );
}

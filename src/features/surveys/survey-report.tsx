import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { TZDate } from '@date-fns/tz';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useRoomName } from '@/api/rooms/room-names';
import { surveyQueries } from '@/api/surveys/queries';
import { visitQueries } from '@/api/visits/queries';
import {
  SURVEY_CODES,
  type SurveyCode,
  type SurveyResponse,
  type SurveyResponseFilter,
} from '@telehealth/client/surveys/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { formatDate, formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { oneDecimal, summarise } from './survey-summary';

export const SURVEY_NAMES: Record<SurveyCode, MessageDescriptor> = {
  all: msg`All surveys`,
  post_visit_survey: msg`After the visit`,
  provider_visit_survey: msg`About the provider`,
  cancel_intake_survey: msg`Cancelled before the visit`,
  cancel_call_survey: msg`Cancelled call`,
};

/** Responses shown per page; the spec pages nothing, so the report pages what `total_count` counts. */
export const PAGE_SIZE = 10;

const VISIT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A `YYYY-MM-DD` day's start (or end) in `zone`, as UNIX seconds. */
function dayBound(day: string, zone: string, end: boolean): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = end ? new TZDate(y, mo - 1, d, 23, 59, 59, zone) : new TZDate(y, mo - 1, d, 0, 0, 0, zone);
  return Math.floor(at.getTime() / 1000);
}

function dayOf(seconds: number, zone: string): string {
  const d = new TZDate(seconds * 1000, zone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The last 30 days, every survey. */
function defaultFilter(zone: string): FilterValues {
  const now = Math.floor(Date.now() / 1000);
  return { code: 'all', from: dayOf(now - 30 * 86400, zone), to: dayOf(now, zone), visits: '' };
}

const visitList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const FilterSchema = z
  .object({
    code: z.enum(SURVEY_CODES),
    from: z.string(),
    to: z.string(),
    visits: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: t`The last day is before the first day.` });
    const bad = visitList(v.visits).find((id) => !VISIT_ID.test(id));
    if (bad !== undefined) {
      const typed = bad.slice(0, 40);
      ctx.addIssue({
        code: 'custom',
        path: ['visits'],
        message: t`“${typed}” is not a visit id. Separate ids with commas, for example vis_123, vis_456.`,
      });
    }
  });
type FilterValues = z.infer<typeof FilterSchema>;

/** "would_recommend" -> "Would recommend". */
const words = (key: string) => {
  const text = key.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** A time the report can show as a date: set, and within what a date can hold. */
const shownTime = (created: SurveyResponse['created']) =>
  !!created && Number.isFinite(new Date(Number(created) * 1000).getTime());

/** Each answer of a response as a label and a value in words; the member and provider ids are shown apart. */
export function readableAnswers(data: SurveyResponse['data']): [string, string][] {
  if (!data) return [];
  return Object.entries(data)
    .filter(([key, value]) => key !== 'member_id' && key !== 'provider_id' && value !== null && value !== '')
    .map(([key, value]): [string, string] => {
      if (typeof value === 'boolean') return [words(key), value ? t`Yes` : t`No`];
      if (typeof value === 'number') return [words(key), String(value)];
      if (typeof value === 'string')
        return [words(key), /^[a-z0-9]+(_[a-z0-9]+)+$/.test(value) ? words(value) : value];
      return [words(key), JSON.stringify(value)];
    });
}

/**
 * Survey responses for the clinic team (spec 4.13, `{survey_base_url}`): one of the five survey
 * codes, a range of days in the viewer's zone, optional visit ids; pages of ten over `total_count`;
 * each response's answers in words.
 */
export function SurveyReport() {
  const zone = useViewerTimeZone();
  const [defaults] = useState(() => defaultFilter(zone));
  const form = useForm<FilterValues>({ resolver: zodResolver(FilterSchema), defaultValues: defaults });
  const [applied, setApplied] = useState<FilterValues>(defaults);
  const [page, setPage] = useState(0);
  const filter = useMemo<SurveyResponseFilter>(() => {
    const visits = visitList(applied.visits);
    return {
      from_time: applied.from ? dayBound(applied.from, zone, false) : undefined,
      to_time: applied.to ? dayBound(applied.to, zone, true) : undefined,
      visit_ids: visits.length ? visits : undefined,
    };
  }, [applied, zone]);
  const list = useQuery(surveyQueries.responses(applied.code, filter));
  const resultsId = useId();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (!moved) return;
    resultsHeading.current?.focus();
    setMoved(false);
  }, [moved]);

  const total = list.data ? Number(list.data.total_count) : 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shown = list.data?.data.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE) ?? [];
  const first = page * PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * PAGE_SIZE);
  const pageNumber = page + 1;
  const goTo = (next: number) => {
    setPage(next);
    setMoved(true);
  };

  return (
    <Page title={t`Survey responses`}>
      <FormProvider {...form}>
        <form
          noValidate
          aria-label={t`Choose responses`}
          onSubmit={(event) =>
            void form.handleSubmit((values) => {
              setApplied(values);
              setPage(0);
            })(event)
          }
        >
          <SelectField<FilterValues>
            name="code"
            label={t`Survey`}
            options={SURVEY_CODES.map((code) => ({ value: code, label: i18n._(SURVEY_NAMES[code]) }))}
          />
          <TextField<FilterValues> name="from" label={t`First day (${zone})`} type="date" />
          <TextField<FilterValues> name="to" label={t`Last day (${zone})`} type="date" />
          <TextField<FilterValues>
            name="visits"
            label={t`Visit ids (optional)`}
            hint={t`Separate several with commas.`}
            autoComplete="off"
          />
          <div className="form-actions">
            <Button type="submit">
              <Trans>Show responses</Trans>
            </Button>
          </div>
        </form>
      </FormProvider>

      <section aria-labelledby={resultsId}>
        <h2 id={resultsId} ref={resultsHeading} tabIndex={-1}>
          {list.data
            ? total === 0
              ? t`No responses`
              : t`Responses ${first}–${last} of ${total}`
            : t({ message: 'Responses', context: 'heading: survey responses, before they are read' })}
        </h2>
        {list.isPending ? <Spinner label={t`Loading responses…`} /> : null}
        {list.data && list.data.data.length ? <SummaryPanel responses={list.data.data} zone={zone} /> : null}
        <DroppedRowsNotice list={list.data?.data} />
        <QueryError query={list} />
        {list.data && total === 0 ? (
          <p>
            <Trans>Nothing matches. Try a longer range of days or another survey.</Trans>
          </p>
        ) : null}
        {shown.length ? (
          <ul className="result-list" aria-label={t`Survey responses`}>
            {shown.map((response) => (
              <li key={response.id} className="card">
                <h3>
                  {i18n._(SURVEY_NAMES[response.survey_code])}
                  {shownTime(response.created) ? ` · ${formatDateTime(Number(response.created), zone)}` : ''}
                </h3>
                <dl className="section-facts">
                  {readableAnswers(response.data).map(([label, value], index) => (
                    // Two keys may read as one label ("would_recommend", "would-recommend").
                    <div key={`${index}:${label}`}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                  <div>
                    <dt>
                      <Trans context="a survey response's visit">Visit</Trans>
                    </dt>
                    <dd>
                      {response.visit_id ? (
                        <VisitTime id={response.visit_id} zone={zone} />
                      ) : (
                        t`None (no visit was made)`
                      )}
                    </dd>
                  </div>
                  <RoomFact code={response.room_code} />
                </dl>
              </li>
            ))}
          </ul>
        ) : null}
        {pages > 1 ? (
          <nav aria-label={t`Pages of responses`} className="form-actions">
            <Button variant="secondary" disabled={page === 0} onClick={() => goTo(page - 1)}>
              <Trans>Previous page</Trans>
            </Button>
            <span>
              <Trans>
                Page {pageNumber} of {pages}
              </Trans>
            </span>
            <Button variant="secondary" disabled={page >= pages - 1} onClick={() => goTo(page + 1)}>
              <Trans>Next page</Trans>
            </Button>
          </nav>
        ) : null}
      </section>
    </Page>
  );
}

/**
 * A response's visit by when it took place (its start, else when it was made) in the viewer's zone;
 * never its id. A visit the viewer cannot read is only said to exist.
 */
function VisitTime({ id, zone }: { id: string; zone: string }) {
  const visit = useQuery({ ...visitQueries.detail(id), retry: false });
  const when = visit.data?.start ?? visit.data?.created;
  if (typeof when === 'number') return <>{formatDateTime(when, zone)}</>;
  return <>{visit.isPending ? t`Loading…` : t`A visit we could not find`}</>;
}

/** The room by its name; left out while unknown (never its code). */
function RoomFact({ code }: { code?: string | null }) {
  const name = useRoomName(code);
  if (!name) return null;
  return (
    <div>
      <dt>
        <Trans>Room</Trans>
      </dt>
      <dd>{name}</dd>
    </div>
  );
}

/** "Rating: 4.2 of 5 from 12 answers". */
function averageWords(question: string, average: string, scale: number | null, count: number): string {
  return scale
    ? t`${question}: ${average} of ${scale} from ${plural(count, { one: '# answer', other: '# answers' })}`
    : t`${question}: ${average} from ${plural(count, { one: '# answer', other: '# answers' })}`;
}

/** "Rating of 5", a column's heading. */
function scaleWords(question: string, scale: number | null): string {
  return scale ? t`${question} of ${scale}` : question;
}

/** How many responses match, each rated question's average, and the same week by week. */
function SummaryPanel({ responses, zone }: { responses: readonly SurveyResponse[]; zone: string }) {
  const headingId = useId();
  const tableId = useId();
  const summary = useMemo(() => summarise(responses, zone), [responses, zone]);
  const responseCount = summary.responses;
  return (
    <section className="card survey-summary" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Summary</Trans>
      </h3>
      <p>{t`${plural(responseCount, { one: '# response', other: '# responses' })} in the chosen days.`}</p>
      {summary.questions.length ? (
        <ul>
          {summary.questions.map((q) => (
            <li key={q.key}>{averageWords(words(q.key), oneDecimal(q.average), q.scale, q.count)}</li>
          ))}
        </ul>
      ) : (
        <p>
          <Trans>None of these responses has a rated question.</Trans>
        </p>
      )}
      {summary.weeks.length ? (
        // Reachable by keyboard when it scrolls sideways (a phone, a longer language).
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={tableId}>
          <table aria-labelledby={tableId}>
            <caption id={tableId}>
              <Trans>By week</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Week starting</Trans>
                </th>
                <th scope="col">
                  <Trans context="column: how many survey responses">Responses</Trans>
                </th>
                {summary.questions.map((q) => (
                  <th scope="col" key={q.key}>
                    {scaleWords(words(q.key), q.scale)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.weeks.map((week) => (
                <tr key={week.start}>
                  <th scope="row">{formatDate(week.start, zone)}</th>
                  <td>{week.responses}</td>
                  {summary.questions.map((q) => {
                    const value = week.averages[q.key];
                    return (
                      <td key={q.key}>{value === null || value === undefined ? '—' : oneDecimal(value)}</td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

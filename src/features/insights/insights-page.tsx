import { queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { listVisitMessages } from '@/api/messages/requests';
import { roomQueries } from '@/api/rooms/queries';
import { surveyQueries } from '@/api/surveys/queries';
import type { SurveyResponseListBody } from '@/api/surveys/schemas';
import { userQueries } from '@/api/users/queries';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@/api/visits/schemas';
import { QueryError, QueryState } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { formatDate, zoneInWords } from '@/lib/dates';
import { formatLocale, plural } from '@/lib/locale';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { InsightsChart } from './insights-chart';
import {
  INSIGHT_WEEKS,
  econsultsOf,
  firstReplyHours,
  insightsWindow,
  median,
  oneDecimal,
  percentile,
  satisfactionByWeek,
  visitInsights,
  type InsightsWindow,
  type VisitInsights,
} from './insights-model';
import './insights.css';

/**
 * At most this many e-consult threads are read for the reply figure: one request each, the
 * newest e-consults the viewer takes part in (only participants may read a thread, spec 4.15).
 */
export const REPLY_SAMPLE = 12;
/** The opening of a thread is enough to find the first reply (oldest first is the default order). */
const OPENING_MESSAGES = 20;

/** Same query as the room names of visit lists, so the clinic's rooms are read once. */
const ROOMS_QUERY = roomQueries.list({ page: 1, limit: 100 });

const shortDate = (seconds: number, zone: string) =>
  new Intl.DateTimeFormat(formatLocale(), { month: 'short', day: 'numeric', timeZone: zone }).format(
    new Date(seconds * 1000),
  );
const minutes = (value: number | null) => (value === null ? '—' : `${oneDecimal(value)} min`);
const counted = (n: number, one: string, many = `${one}s`) =>
  plural(n, { one: `# ${one}`, other: `# ${many}` });

/**
 * Clinic insights for the clinic's staff: walk-in waits, visits by week, no-shows and
 * cancellations, e-consult reply times and survey scores over the last eight weeks, from
 * `GET /visits`, the e-consult threads the viewer takes part in, and the survey responses.
 */
export function InsightsPage() {
  const zone = useViewerTimeZone();
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const span = useMemo(() => insightsWindow(now, zone), [now, zone]);
  // `GET /visits` is not paged (spec 4.4): one read from the span's first instant.
  const visitList = useQuery(visitQueries.list({ start_time: span.start - 1 }));
  const surveys = useQuery(surveyQueries.responses('all', { from_time: span.start, to_time: now }));
  const first = span.days[0];
  const last = span.days.at(-1);

  return (
    <Page title="Clinic insights">
      <p>
        The last {INSIGHT_WEEKS} weeks
        {first && last ? `, ${formatDate(first.start, zone)} to ${formatDate(last.start, zone)}` : ''}, in{' '}
        {zoneInWords(zone)}, for the rooms you work in.
      </p>
      <QueryState query={visitList} label="Loading visits…" errorTitle="We couldn't load the clinic's visits">
        {(list) => <VisitSections visits={list} span={span} zone={zone} />}
      </QueryState>
      <Satisfaction query={surveys} span={span} zone={zone} />
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="insights-figures">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function VisitSections({ visits, span, zone }: { visits: Visit[]; span: InsightsWindow; zone: string }) {
  const figures = useMemo(() => visitInsights(visits, span, zone), [visits, span, zone]);
  return (
    <>
      <Waits figures={figures} zone={zone} />
      <VisitCounts figures={figures} zone={zone} />
      <Replies visits={visits} span={span} zone={zone} />
    </>
  );
}

function Waits({ figures, zone }: { figures: VisitInsights; zone: string }) {
  const rooms = useQuery(ROOMS_QUERY);
  const roomName = (code: string) =>
    rooms.data?.find((room) => room.code === code)?.name ?? 'A room no longer listed';
  const { overall } = figures;
  const busiest = [...figures.days].sort((a, b) => (b.waits.median ?? 0) - (a.waits.median ?? 0))[0];
  return (
    <Section title="Walk-in waits">
      <p>From joining the queue to the start of the visit.</p>
      <Figures
        items={[
          ['Median wait', minutes(overall.median)],
          ['90th percentile', minutes(overall.p90)],
          ['Walk-ins seen', String(overall.count)],
        ]}
      />
      {overall.count === 0 ? (
        <p>No walk-in was seen in these weeks.</p>
      ) : (
        <>
          <InsightsChart
            title="Walk-in wait by day"
            summary={`Median ${minutes(overall.median)}, 90th percentile ${minutes(overall.p90)} over ${counted(overall.count, 'walk-in')}.${
              busiest?.waits.median
                ? ` Longest median on ${formatDate(busiest.start, zone)}: ${minutes(busiest.waits.median)}.`
                : ''
            }`}
            kind="lines"
            unit="minutes"
            labelEvery={14}
            categories={figures.days.map((d) => shortDate(d.start, zone))}
            series={[
              { name: 'Median', values: figures.days.map((d) => d.waits.median) },
              { name: '90th percentile', values: figures.days.map((d) => d.waits.p90) },
            ]}
            table={
              <table>
                <caption className="visually-hidden">Walk-in wait by day</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Walk-ins seen</th>
                    <th scope="col">Median wait</th>
                    <th scope="col">90th percentile</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.days.map((d) => (
                    <tr key={d.key}>
                      <th scope="row">{formatDate(d.start, zone)}</th>
                      <td>{d.waits.count}</td>
                      <td>{minutes(d.waits.median)}</td>
                      <td>{minutes(d.waits.p90)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
          {rooms.isPending ? <Spinner label="Loading room names…" /> : null}
          <QueryError query={rooms} />
          {rooms.data ? (
            <InsightsChart
              title="Walk-in wait by room"
              summary={figures.rooms
                .map(
                  (r) =>
                    `${roomName(r.code)}: median ${minutes(r.median)}, 90th percentile ${minutes(r.p90)}`,
                )
                .join('; ')}
              kind="bars"
              unit="minutes"
              categories={figures.rooms.map((r) => roomName(r.code))}
              series={[
                { name: 'Median', values: figures.rooms.map((r) => r.median) },
                { name: '90th percentile', values: figures.rooms.map((r) => r.p90) },
              ]}
              table={
                <table>
                  <caption className="visually-hidden">Walk-in wait by room</caption>
                  <thead>
                    <tr>
                      <th scope="col">Room</th>
                      <th scope="col">Walk-ins seen</th>
                      <th scope="col">Median wait</th>
                      <th scope="col">90th percentile</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.rooms.map((r) => (
                      <tr key={r.code}>
                        <th scope="row">{roomName(r.code)}</th>
                        <td>{r.count}</td>
                        <td>{minutes(r.median)}</td>
                        <td>{minutes(r.p90)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              }
            />
          ) : null}
        </>
      )}
    </Section>
  );
}

function VisitCounts({ figures, zone }: { figures: VisitInsights; zone: string }) {
  const { totals, weeks } = figures;
  const weekLabels = weeks.map((w) => shortDate(w.start, zone));
  return (
    <>
      <Section title="Walk-ins and appointments">
        <Figures
          items={[
            ['Walk-ins', String(totals.walkins)],
            ['Appointments', String(totals.appointments)],
            ['E-consults', String(totals.econsults)],
          ]}
        />
        <InsightsChart
          title="Visits by week"
          summary={`${counted(totals.walkins, 'walk-in')} and ${counted(totals.appointments, 'appointment')} over ${counted(weeks.length, 'week')}; busiest week ${
            weekLabels[
              weeks.reduce(
                (best, w, i) =>
                  w.walkins + w.appointments > (weeks[best]?.walkins ?? 0) + (weeks[best]?.appointments ?? 0)
                    ? i
                    : best,
                0,
              )
            ] ?? ''
          }.`}
          kind="bars"
          unit="visits"
          categories={weekLabels}
          series={[
            { name: 'Walk-ins', values: weeks.map((w) => w.walkins) },
            { name: 'Appointments', values: weeks.map((w) => w.appointments) },
          ]}
          table={
            <table>
              <caption className="visually-hidden">Visits by day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Walk-ins</th>
                  <th scope="col">Appointments</th>
                </tr>
              </thead>
              <tbody>
                {figures.days.map((d) => (
                  <tr key={d.key}>
                    <th scope="row">{formatDate(d.start, zone)}</th>
                    <td>{d.walkins}</td>
                    <td>{d.appointments}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </Section>
      <Section title="No-shows and cancellations">
        <p>
          A no-show is a walk-in or appointment that was closed without ever starting, or that is still
          waiting an hour after its end. A cancellation is a visit cancelled by the patient or the clinic.
        </p>
        <Figures
          items={[
            ['No-shows', String(totals.noShows)],
            ['Cancellations', String(totals.cancellations)],
          ]}
        />
        <InsightsChart
          title="No-shows and cancellations by week"
          summary={`${counted(totals.noShows, 'no-show')} and ${counted(totals.cancellations, 'cancellation')} of ${counted(
            totals.walkins + totals.appointments,
            'walk-in or appointment',
            'walk-ins and appointments',
          )}.`}
          kind="bars"
          unit="visits"
          categories={weekLabels}
          series={[
            { name: 'No-shows', values: weeks.map((w) => w.noShows) },
            { name: 'Cancellations', values: weeks.map((w) => w.cancellations) },
          ]}
          table={
            <table>
              <caption className="visually-hidden">No-shows and cancellations by week</caption>
              <thead>
                <tr>
                  <th scope="col">Week starting</th>
                  <th scope="col">Walk-ins and appointments</th>
                  <th scope="col">No-shows</th>
                  <th scope="col">Cancellations</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((w) => (
                  <tr key={w.start}>
                    <th scope="row">{formatDate(w.start, zone)}</th>
                    <td>{w.walkins + w.appointments}</td>
                    <td>{w.noShows}</td>
                    <td>{w.cancellations}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </Section>
    </>
  );
}

/** The opening of one e-consult's thread; not retried (a thread the viewer may not read stays out). */
const openingOf = (visitId: string) =>
  queryOptions({
    queryKey: ['messages', 'opening', visitId] as const,
    queryFn: ({ signal }) => listVisitMessages(visitId, { limit: OPENING_MESSAGES }, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

const takesPart = (visit: Visit, userId: string) =>
  String(visit.provider_id ?? '') === userId ||
  (visit.hosts ?? []).some((h) => (typeof h === 'object' ? String(h.id) : String(h)) === userId);

function Replies({ visits, span, zone }: { visits: Visit[]; span: InsightsWindow; zone: string }) {
  const me = useQuery(userQueries.me());
  const econsults = useMemo(() => econsultsOf(visits, span), [visits, span]);
  const sample = useMemo(
    () => (me.data ? econsults.filter((v) => takesPart(v, String(me.data.id))).slice(0, REPLY_SAMPLE) : []),
    [econsults, me.data],
  );
  const threads = useQueries({ queries: sample.map((v) => openingOf(v.id)) });
  const replies = sample.flatMap((visit, i) => {
    const data = threads[i]?.data;
    const hours = data ? firstReplyHours(visit, data.data) : null;
    return hours === null ? [] : [{ visit, hours }];
  });
  const loading = me.isPending || threads.some((q) => q.isPending);
  const hours = replies.map((r) => r.hours);
  const byWeek = span.weeks.map((start, i) => {
    const end = span.weeks[i + 1] ?? Infinity;
    const week = replies.filter((r) => Number(r.visit.created) >= start && Number(r.visit.created) < end);
    return { start, count: week.length, median: median(week.map((r) => r.hours)) };
  });
  const hoursText = (value: number | null) => (value === null ? '—' : `${oneDecimal(value)} h`);
  return (
    <Section title="E-consult replies">
      <p>
        Time from the e-consult to the first written reply, read from the threads of the{' '}
        {counted(REPLY_SAMPLE, 'newest e-consult')} you take part in ({counted(econsults.length, 'e-consult')}{' '}
        in your rooms in these weeks).
      </p>
      {loading ? <Spinner label="Loading e-consult threads…" /> : null}
      <QueryError query={me} />
      {!loading && replies.length === 0 ? (
        <p>No e-consult you take part in has a reply in these weeks.</p>
      ) : null}
      {replies.length ? (
        <>
          <Figures
            items={[
              ['Median first reply', hoursText(median(hours))],
              ['90th percentile', hoursText(percentile(hours, 90))],
              ['Threads read', `${replies.length} of ${sample.length}`],
            ]}
          />
          <InsightsChart
            title="First reply by week"
            summary={`Median ${hoursText(median(hours))}, 90th percentile ${hoursText(percentile(hours, 90))} over ${counted(
              replies.length,
              'e-consult',
            )}.`}
            kind="bars"
            unit="hours"
            categories={byWeek.map((w) => shortDate(w.start, zone))}
            series={[{ name: 'Median first reply', values: byWeek.map((w) => w.median) }]}
            table={
              <table>
                <caption className="visually-hidden">First reply by week</caption>
                <thead>
                  <tr>
                    <th scope="col">Week starting</th>
                    <th scope="col">E-consults read</th>
                    <th scope="col">Median first reply</th>
                  </tr>
                </thead>
                <tbody>
                  {byWeek.map((w) => (
                    <tr key={w.start}>
                      <th scope="row">{formatDate(w.start, zone)}</th>
                      <td>{w.count}</td>
                      <td>{hoursText(w.median)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
        </>
      ) : null}
    </Section>
  );
}

function Satisfaction({
  query,
  span,
  zone,
}: {
  query: UseQueryResult<SurveyResponseListBody>;
  span: InsightsWindow;
  zone: string;
}) {
  return (
    <Section title="Satisfaction">
      <QueryState
        query={query}
        label="Loading survey responses…"
        errorTitle="We couldn't load the survey responses"
      >
        {(body) => {
          const weeks = satisfactionByWeek(body.data, span, zone);
          const scored = weeks.filter((w) => w.average !== null);
          const count = weeks.reduce((n, w) => n + w.responses, 0);
          const firstWeek = scored[0];
          const lastWeek = scored.at(-1);
          if (!firstWeek || !lastWeek) return <p>No survey response with a score in these weeks.</p>;
          return (
            <>
              <p>Average score out of 5 from survey responses, by week.</p>
              <InsightsChart
                title="Average score by week"
                summary={`${counted(count, 'scored response')}; from ${oneDecimal(firstWeek.average ?? 0)} in the week of ${formatDate(
                  firstWeek.start,
                  zone,
                )} to ${oneDecimal(lastWeek.average ?? 0)} in the week of ${formatDate(lastWeek.start, zone)}, out of 5.`}
                kind="lines"
                unit="of 5"
                max={5}
                categories={weeks.map((w) => shortDate(w.start, zone))}
                series={[{ name: 'Average score', values: weeks.map((w) => w.average) }]}
                table={
                  <table>
                    <caption className="visually-hidden">Average score by week</caption>
                    <thead>
                      <tr>
                        <th scope="col">Week starting</th>
                        <th scope="col">Scored responses</th>
                        <th scope="col">Average of 5</th>
                      </tr>
                    </thead>
                    <tbody>
                      {weeks.map((w) => (
                        <tr key={w.start}>
                          <th scope="row">{formatDate(w.start, zone)}</th>
                          <td>{w.responses}</td>
                          <td>{w.average === null ? '—' : oneDecimal(w.average)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                }
              />
            </>
          );
        }}
      </QueryState>
    </Section>
  );
}

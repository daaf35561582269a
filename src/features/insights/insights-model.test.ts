import { describe, expect, it } from 'vitest';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import type { SurveyResponse } from '@telehealth/client/surveys/schemas';
import type { Visit } from '@telehealth/client/visits/schemas';
import {
  dayKeyOf,
  firstReplyHours,
  insightsWindow,
  median,
  outcomeOf,
  percentile,
  satisfactionByWeek,
  visitInsights,
  walkinWaitMinutes,
} from './insights-model';

const NY = 'America/New_York';
const MIN = 60;
const HOUR = 3600;
/** 2026-03-20 12:00 in New York (EDT): the window spans the 8 March change to summer time. */
const NOW = Date.UTC(2026, 2, 20, 16, 0) / 1000;

const visit = (over: Partial<Visit>): Visit => ({ id: 'v', status: 30, member_id: 'm', ...over });
/** A walk-in that arrived at `at` and began `wait` minutes later. */
const walkin = (at: number, wait: number, room = 'general'): Visit =>
  visit({ type: 1, subtype: 3, created: at, start: at, actual_start: at + wait * MIN, room_code: room });

describe('medians and percentiles', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('reads the 90th percentile by nearest rank', () => {
    expect(percentile([], 90)).toBeNull();
    expect(percentile([3], 90)).toBe(3);
    expect(percentile([10, 1, 2, 3, 4, 5, 6, 7, 8, 9], 90)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
    expect(percentile([5, 1], 50)).toBe(1);
  });
});

describe('the eight-week window', () => {
  it('has 56 calendar days ending today, one per date across the change to summer time', () => {
    const window = insightsWindow(NOW, NY);
    expect(window.days).toHaveLength(56);
    expect(window.days.at(-1)?.key).toBe('2026-03-20');
    expect(window.days[0]?.key).toBe('2026-01-24');
    expect(new Set(window.days.map((d) => d.key)).size).toBe(56);
    const change = window.days.findIndex((d) => d.key === '2026-03-08');
    const [a, b, c] = window.days.slice(change, change + 3).map((d) => d.start);
    // The day of the change is 23 hours long; the next one is 24 again.
    expect((b ?? 0) - (a ?? 0)).toBe(23 * HOUR);
    expect((c ?? 0) - (b ?? 0)).toBe(24 * HOUR);
    expect(window.weeks.length).toBeGreaterThanOrEqual(8);
  });

  it('puts a late evening visit on its own day in the viewer’s zone, not the next day in UTC', () => {
    const lateOnTheChange = Date.UTC(2026, 2, 9, 3, 30) / 1000; // 11:30 PM EDT on 8 March
    expect(dayKeyOf(lateOnTheChange, NY)).toBe('2026-03-08');
    expect(dayKeyOf(lateOnTheChange, 'Europe/London')).toBe('2026-03-09');
    const window = insightsWindow(NOW, NY);
    const figures = visitInsights([walkin(lateOnTheChange, 12)], window, NY);
    expect(figures.days.find((d) => d.key === '2026-03-08')?.walkins).toBe(1);
    expect(figures.days.find((d) => d.key === '2026-03-09')?.walkins).toBe(0);
  });
});

describe('walk-in waits', () => {
  it('runs from arrival to the moment the visit began, and ignores visits that never began', () => {
    const at = NOW - 2 * HOUR;
    expect(walkinWaitMinutes(walkin(at, 18))).toBe(18);
    expect(walkinWaitMinutes(visit({ type: 1, created: at, start: at }))).toBeNull();
    expect(walkinWaitMinutes(visit({ type: 2, created: at, actual_start: at + 600 }))).toBeNull();
    expect(walkinWaitMinutes(visit({ type: 1, created: at, actual_start: at - 60 }))).toBeNull();
    // Made days ahead and begun today: not a wait in the queue.
    expect(walkinWaitMinutes(visit({ type: 1, created: at - 3 * 86400, actual_start: at }))).toBeNull();
  });

  it('summarises waits by day and by room', () => {
    const window = insightsWindow(NOW, NY);
    const day = Date.UTC(2026, 2, 18, 14) / 1000;
    const visits = [
      walkin(day, 5),
      walkin(day + HOUR, 10),
      walkin(day + 2 * HOUR, 30),
      walkin(day, 40, 'after-hours'),
      walkin(window.start - HOUR, 99),
    ];
    const figures = visitInsights(visits, window, NY);
    expect(figures.overall).toEqual({ count: 4, median: 20, p90: 40 });
    expect(figures.days.find((d) => d.key === '2026-03-18')?.waits).toEqual({
      count: 4,
      median: 20,
      p90: 40,
    });
    expect(figures.rooms).toEqual([
      { code: 'after-hours', count: 1, median: 40, p90: 40 },
      { code: 'general', count: 3, median: 10, p90: 30 },
    ]);
  });
});

describe('no-shows and cancellations', () => {
  const start = NOW - 5 * HOUR;
  const appointment = (over: Partial<Visit>) =>
    visit({ type: 2, subtype: 3, start, end: start + 30 * MIN, created: start - 86400, ...over });

  it('counts cancelled visits as cancellations and visits that began as held', () => {
    expect(outcomeOf(appointment({ status: 40 }), NOW)).toBe('cancelled');
    expect(outcomeOf(appointment({ status: 30, actual_start: start }), NOW)).toBe('held');
    expect(outcomeOf(appointment({ status: 25 }), NOW)).toBe('held');
  });

  it('counts a closed visit that never began, or one an hour past its end, as a no-show', () => {
    expect(outcomeOf(appointment({ status: 30 }), NOW)).toBe('noShow');
    expect(outcomeOf(appointment({ status: 20 }), NOW)).toBe('noShow');
    expect(outcomeOf(appointment({ status: 20 }), start + 30 * MIN + 59 * MIN)).toBe('open');
    expect(outcomeOf(appointment({ status: 10, start: NOW + HOUR, end: NOW + 2 * HOUR }), NOW)).toBe('open');
  });

  it('never counts an e-consult as a no-show', () => {
    const econsult = visit({ type: 1, subtype: 4, status: 20, start: null, created: start - 9 * 86400 });
    expect(outcomeOf(econsult, NOW)).toBe('open');
    expect(outcomeOf({ ...econsult, status: 30 }, NOW)).toBe('held');
  });

  it('adds them up by week', () => {
    const window = insightsWindow(NOW, NY);
    const figures = visitInsights(
      [appointment({ status: 40 }), appointment({ status: 30 }), appointment({ actual_start: start })],
      window,
      NY,
    );
    expect(figures.totals).toMatchObject({ appointments: 3, noShows: 1, cancellations: 1 });
    expect(figures.weeks.at(-1)).toMatchObject({ appointments: 3, noShows: 1, cancellations: 1 });
  });
});

describe('e-consult replies and satisfaction', () => {
  const created = NOW - 3 * 86400;
  const econsult = visit({ id: 'e1', type: 1, subtype: 4, created, member_id: 'pat' });
  const message = (actor: string, type: number, at: number): VisitMessage => ({
    id: `${actor}-${at}`,
    actor: { id: actor, type, display_name: 'Someone' },
    content: 'Hello',
    created: at,
  });

  it('measures the first reply by someone other than the patient', () => {
    expect(
      firstReplyHours(econsult, [
        message('pat', 200, created + 60),
        message('doc', 400, created + 3 * HOUR),
        message('doc', 400, created + 5 * HOUR),
      ]),
    ).toBe(3);
    expect(firstReplyHours(econsult, [message('pat', 200, created + 60)])).toBeNull();
  });

  it('averages 1–5 scores by week and leaves weeks without scores empty', () => {
    const window = insightsWindow(NOW, NY);
    const response = (at: number, data: SurveyResponse['data']): SurveyResponse => ({
      id: `r${at}`,
      survey_code: 'post_visit_survey',
      created: at,
      data,
    });
    const weeks = satisfactionByWeek(
      [
        response(NOW - HOUR, { rating: 4, member_id: 'pat' }),
        response(NOW - 2 * HOUR, { rating: 5 }),
        response(NOW - 3 * HOUR, { reason: 'Felt better' }),
      ],
      window,
      NY,
    );
    expect(weeks.at(-1)).toEqual({ start: window.weeks.at(-1), responses: 2, average: 4.5 });
    expect(weeks[0]?.average).toBeNull();
  });
});

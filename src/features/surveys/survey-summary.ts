import { TZDate } from '@date-fns/tz';
import { startOfWeek } from 'date-fns';
import type { SurveyResponse } from '@telehealth/client/surveys/schemas';

/**
 * Answers in words that have an order, best first (the post-visit survey's "How easy was it to get
 * care today?"): scored from the top of the scale down, so 4 of 4 is "very easy".
 */
const ORDERED_WORDS: readonly (readonly string[])[] = [['very_easy', 'easy', 'hard', 'very_hard']];

export interface RatedQuestion {
  key: string;
  /** The top of the scale ("of 4"), or null when the answers do not say. */
  scale: number | null;
}

export interface QuestionAverage extends RatedQuestion {
  average: number;
  count: number;
}

export interface WeekRow {
  /** The week's first day (Monday) in the viewer's zone, as UNIX seconds. */
  start: number;
  responses: number;
  /** Per rated question key: the week's average, or null without answers that week. */
  averages: Record<string, number | null>;
}

export interface SurveySummary {
  responses: number;
  questions: QuestionAverage[];
  weeks: WeekRow[];
}

/** An answer's score, or null when it is not a rating. */
function scoreOf(value: unknown): { score: number; scale: number | null } | null {
  if (typeof value === 'number' && Number.isFinite(value)) return { score: value, scale: null };
  if (typeof value !== 'string') return null;
  for (const order of ORDERED_WORDS) {
    const at = order.indexOf(value);
    if (at >= 0) return { score: order.length - at, scale: order.length };
  }
  return null;
}

/** A numeric scale read from its answers: 1–5 and 0–10 are the usual ones. */
function numericScale(values: number[]): number | null {
  if (values.every((v) => v >= 1 && v <= 5)) return 5;
  if (values.every((v) => v >= 0 && v <= 10)) return 10;
  return null;
}

const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The figures at the top of the survey report: how many responses, each rated question's average
 * over them, and the same by week (weeks start on Monday in the viewer's zone, oldest first).
 * The ids kept in the answers (member, provider) are not questions.
 */
export function summarise(responses: readonly SurveyResponse[], zone: string): SurveySummary {
  const scores = new Map<string, { values: number[]; scale: number | null }>();
  const weeks = new Map<number, { responses: number; values: Map<string, number[]> }>();
  for (const response of responses) {
    const created = Number(response.created);
    // A time past what a date can hold is counted, but in no week.
    const week =
      created > 0 && Number.isFinite(new Date(created * 1000).getTime()) ? weekStart(created, zone) : null;
    const bucket =
      week === null ? null : (weeks.get(week) ?? { responses: 0, values: new Map<string, number[]>() });
    if (bucket && week !== null) {
      bucket.responses += 1;
      weeks.set(week, bucket);
    }
    for (const [key, value] of Object.entries(response.data ?? {})) {
      if (key === 'member_id' || key === 'provider_id') continue;
      const scored = scoreOf(value);
      if (!scored) continue;
      const entry = scores.get(key) ?? { values: [], scale: scored.scale };
      entry.values.push(scored.score);
      scores.set(key, entry);
      if (bucket) bucket.values.set(key, [...(bucket.values.get(key) ?? []), scored.score]);
    }
  }
  const questions = [...scores.entries()].map(([key, { values, scale }]) => ({
    key,
    scale: scale ?? numericScale(values),
    average: average(values),
    count: values.length,
  }));
  return {
    responses: responses.length,
    questions,
    weeks: [...weeks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([start, bucket]) => ({
        start,
        responses: bucket.responses,
        averages: Object.fromEntries(
          questions.map((q) => {
            const values = bucket.values.get(q.key);
            return [q.key, values?.length ? average(values) : null];
          }),
        ),
      })),
  };
}

function weekStart(seconds: number, zone: string): number {
  return Math.floor(startOfWeek(new TZDate(seconds * 1000, zone), { weekStartsOn: 1 }).getTime() / 1000);
}

/** "3.4" (one decimal, a trailing ".0" dropped). */
export const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

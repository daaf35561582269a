import { describe, expect, it } from 'vitest';
import type { SurveyResponse } from '@telehealth/client/surveys/schemas';
import { oneDecimal, summarise } from './survey-summary';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const response = (id: string, created: number, data: Record<string, unknown>) =>
  ({ id, survey_code: 'post_visit_survey', created, data }) as unknown as SurveyResponse;

describe('survey summary', () => {
  const responses = [
    response('a', at('2026-11-02T15:00:00Z'), { ease: 'very_easy', rating: 5, member_id: 'usr_1' }),
    response('b', at('2026-11-04T15:00:00Z'), { ease: 'hard', rating: 3, comment: 'Slow' }),
    response('c', at('2026-11-10T15:00:00Z'), { ease: 'easy', would_recommend: true }),
  ];

  it('averages each rated question on its scale and counts its answers', () => {
    const summary = summarise(responses, 'America/New_York');
    expect(summary.responses).toBe(3);
    expect(summary.questions).toEqual([
      { key: 'ease', scale: 4, average: 3, count: 3 },
      { key: 'rating', scale: 5, average: 4, count: 2 },
    ]);
  });

  it('groups by week starting on Monday in the viewer’s zone, oldest first', () => {
    for (const zone of ['America/New_York', 'Asia/Tokyo']) {
      const { weeks } = summarise(responses, zone);
      expect(weeks.map((w) => w.responses)).toEqual([2, 1]);
      expect(weeks[0]?.averages).toEqual({ ease: 3, rating: 4 });
      expect(weeks[1]?.averages).toEqual({ ease: 3, rating: null });
    }
  });

  it('rounds to one decimal', () => {
    expect(oneDecimal(3.4444)).toBe('3.4');
    expect(oneDecimal(3)).toBe('3');
  });
});

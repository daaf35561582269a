import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { formatDateTime } from '@/lib/dates';
import { SEED_VISITS, seedSurveyResponse } from '@telehealth/mock/seed/ids';
import { readableAnswers } from './survey-report';

async function openReport() {
  const utils = renderRoute('/provider/surveys', { as: 'demo-provider' });
  await screen.findByRole('list', { name: 'Survey responses' });
  return utils;
}

/** Seeded responses of the demo clinic within the last `days` days. */
function seededWithin(days: number, code?: string): number {
  const since = Math.floor(Date.now() / 1000) - days * 86400;
  return [...db.surveyResponses.values()].filter(
    (r) =>
      r.clinic_code === 'demo' && Number(r.created) >= since - 86400 && (!code || r.survey_code === code),
  ).length;
}

describe('survey responses report', () => {
  it('lists the clinic’s responses of the last 30 days in pages of ten, with answers in words', async () => {
    const { user } = await openReport();
    const heading = screen.getByRole('heading', { level: 2, name: /^Responses 1–10 of \d+$/ });
    const total = Number(/of (\d+)/.exec(heading.textContent)?.[1]);
    expect(total).toBeGreaterThan(10);
    expect(total).toBeLessThanOrEqual(seededWithin(31));
    const list = screen.getByRole('list', { name: 'Survey responses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).not.toHaveTextContent('Not this clinic');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('heading', { level: 2, name: /^Responses 11–/ })).toHaveFocus();
    expect(screen.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeInTheDocument();
  });

  it('names rooms and visits in words and sums up the responses by question and by week', async () => {
    const visit = db.visits.get(SEED_VISITS.walkInWaiting)!;
    const response = db.surveyResponses.get(seedSurveyResponse(1).id)!;
    db.surveyResponses.set(response.id, { ...response, visit_id: visit.id, room_code: 'general' });
    await openReport();
    const list = screen.getByRole('list', { name: 'Survey responses' });
    expect(await within(list).findAllByText('General practice')).not.toHaveLength(0);
    expect(
      await within(list).findByText(formatDateTime(Number(visit.start ?? visit.created), 'America/New_York')),
    ).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/vis_|room_|dermatology\b/);
    const summary = screen.getByRole('region', { name: 'Summary' });
    const heading = screen.getByRole('heading', { level: 2, name: /^Responses 1–10 of \d+$/ });
    const total = Number(/of (\d+)/.exec(heading.textContent)?.[1]);
    expect(within(summary).getByText(`${total} responses in the chosen days.`)).toBeInTheDocument();
    expect(within(summary).getByText(/^Rating: \d(\.\d)? of 5 from \d+ answers$/)).toBeInTheDocument();
    const weeks = within(summary).getByRole('table', { name: 'By week' });
    expect(within(weeks).getByRole('columnheader', { name: 'Week starting' })).toBeInTheDocument();
    const rows = within(weeks).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(1);
    const counted = rows.map((row) => Number(within(row).getAllByRole('cell')[0]?.textContent));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('filters by survey and visit ids, and explains a bad filter without losing it', async () => {
    const { user } = await openReport();
    await user.selectOptions(screen.getByLabelText('Survey'), 'post_visit_survey');
    await user.type(screen.getByRole('textbox', { name: /Visit ids/ }), 'vis_s1, not a visit');
    await user.click(screen.getByRole('button', { name: 'Show responses' }));
    expect(
      await screen.findByText(
        '“not a visit” is not a visit id. Separate ids with commas, for example vis_123, vis_456.',
      ),
    ).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /Visit ids/ });
    await user.clear(field);
    await user.type(field, 'vis_s1, vis_s5');
    await user.click(screen.getByRole('button', { name: 'Show responses' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /^Responses 1–\d of \d$/ }),
    ).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Survey responses' })).getAllByRole('listitem');
    for (const item of items) {
      expect(item).toHaveTextContent(/^After the visit/);
      // The seeded responses name visits no stored visit has: said in words, never by id.
      expect(await within(item).findByText('A visit we could not find')).toBeInTheDocument();
      expect(item).not.toHaveTextContent(/vis_s/);
    }
  });

  it('refuses a last day before the first day', async () => {
    const { user } = await openReport();
    const from = screen.getByLabelText(/^First day/);
    await user.clear(from);
    await user.type(from, '2026-11-20');
    const to = screen.getByLabelText(/^Last day/);
    await user.clear(to);
    await user.type(to, '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show responses' }));
    expect(await screen.findByText('The last day is before the first day.')).toBeInTheDocument();
  });

  it('reads answers in words', () => {
    expect(
      readableAnswers({
        reason: 'Quick and easy',
        rating: 4,
        would_recommend: false,
        ease: 'very_easy',
        member_id: 'usr_1',
        provider_id: 'usr_2',
      }),
    ).toEqual([
      ['Reason', 'Quick and easy'],
      ['Rating', '4'],
      ['Would recommend', 'No'],
      ['Ease', 'Very easy'],
    ]);
  });

  it('shows responses whose answers share a label, name object properties or carry a time past any date', async () => {
    const response = (id: string, data: unknown, created: number) =>
      `{"id":"${id}","survey_code":"post_visit_survey","clinic_code":"demo","data":${JSON.stringify(data)},"created":${created}}`;
    const body = `{"data":[${[
      response('a', { would_recommend: true, 'would-recommend': false, reason: 'x'.repeat(5000) }, 1_000),
      response('b', { constructor: 'c', toString: 't', list: [1, { b: 2 }] }, 1_000),
      // Large times read as milliseconds (TimestampSchema); this one is past any date even so.
      response('c', { reason: 'Far future' }, 1e20),
    ].join(',')}],"total_count":3}`;
    server.use(
      http.get(
        '*/survey/surveys/:code/responses',
        () => new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    await openReport();
    const items = within(screen.getByRole('list', { name: 'Survey responses' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/Would recommendYesWould recommendNo/);
    expect(items[1]).toHaveTextContent(/ConstructorcToStringtList\[1,\{"b":2\}\]/);
    expect(items[2]).toHaveTextContent(/^After the visitReasonFar future/);
  });
});

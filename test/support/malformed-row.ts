import { getResponse, http, HttpResponse } from 'msw';
import { handlers } from '@telehealth/mock/handlers/index';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';

/**
 * Answers `GET {path}` as the mock does, with one malformed row slipped into its `data` list after
 * the first row: what a real server's odd record looks like to the screen reading the list.
 */
export function withMalformedRow(path: string, row: Record<string, unknown>): void {
  server.use(
    http.get(api(path), async ({ request }) => {
      const answer = await getResponse(handlers, request);
      if (!answer?.ok) return answer;
      const body = (await answer.json()) as { data?: unknown };
      if (!Array.isArray(body.data)) return HttpResponse.json(body, { status: answer.status });
      const [first, ...rest] = body.data as unknown[];
      const data = first === undefined ? [row] : [first, row, ...rest];
      return HttpResponse.json({ ...body, data }, { status: answer.status });
    }),
  );
}

import { http, HttpResponse } from 'msw';
import { notImplemented } from '../lib/errors.ts';
import { api, messagesApi, surveyApi } from '../lib/routes.ts';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Every endpoint of the spec that no family implements yet answers 501 with a clear body, so
 * nothing silently pretends. Families register before this list, so theirs win.
 */
const SPEC_ENDPOINTS: [Method, string, (p: string) => string][] = [];

export const notImplementedHandlers = [
  ...SPEC_ENDPOINTS.map(([method, path, base]) =>
    http[method](base(path), () => notImplemented(method.toUpperCase(), path)),
  ),
  // Anything else under the API bases is not a route of the spec.
  http.all(api('/*'), ({ request }) =>
    HttpResponse.json(
      { code: 404, message: `No route ${request.method} ${new URL(request.url).pathname}` },
      { status: 404 },
    ),
  ),
  http.all(messagesApi('/*'), () => HttpResponse.json({ code: 404, message: 'Not found' }, { status: 404 })),
  http.all(surveyApi('/*'), () => HttpResponse.json({ code: 404, message: 'Not found' }, { status: 404 })),
];

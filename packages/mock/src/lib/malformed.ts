import { http, HttpResponse } from 'msw';

/**
 * A path whose percent-encoding does not decode answers 400 in the spec's `{code, message}`
 * shape before any route is matched (matching would throw, and the caller would see a 500).
 */
export const malformedPathHandler = http.all(/.*/, ({ request }) => {
  try {
    decodeURIComponent(new URL(request.url).pathname);
    return undefined;
  } catch {
    return HttpResponse.json(
      { code: 400, message: 'The path has a malformed percent-encoding' },
      { status: 400 },
    );
  }
});

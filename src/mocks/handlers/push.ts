import type { HttpHandler } from 'msw';

/** Handlers of this family (spec section 4); endpoints not listed here still answer 501. */
export const pushHandlers: HttpHandler[] = [];

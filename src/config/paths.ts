import type { VisitKind } from '@telehealth/client/visits/kinds';

/** The names of a pattern's `:params`, in order; a trailing `?` marks one optional. */
type ParamArgs<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [...ParamArg<Name>, ...ParamArgs<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? ParamArg<Name>
    : [];
type ParamArg<Name extends string> = Name extends `${string}?` ? [string?] : [string];

/** A page's address: its route pattern for the router and the builder for links, from one string. */
export type Route<P extends string = string, A extends unknown[] = never[]> = ((...args: A) => string) & {
  readonly pattern: P;
};

/**
 * Defines a page once: `route('/patient/visits/:id')` is both the pattern the router mounts
 * (`.pattern`) and a builder taking the params in order (`(id) => '/patient/visits/x'`). `query`, when
 * given, takes the arguments after the params and returns the search parameters (undefined ones dropped).
 */
export function route<P extends string>(pattern: P): Route<P, ParamArgs<P>>;
export function route<P extends string, Q extends unknown[]>(
  pattern: P,
  query: (...args: Q) => Record<string, string | undefined>,
): Route<P, [...ParamArgs<P>, ...Q]>;
export function route(
  pattern: string,
  query?: (...args: unknown[]) => Record<string, string | undefined>,
): Route<string, unknown[]> {
  const segments = pattern.split('/');
  const paramCount = segments.filter((segment) => segment.startsWith(':')).length;
  const build = (...args: unknown[]) => {
    let index = 0;
    const path = segments
      .map((segment) => {
        if (!segment.startsWith(':')) return segment;
        const value = args[index++] as string | undefined;
        return value === undefined || value === '' ? null : encodeURIComponent(value);
      })
      .filter((segment) => segment !== null)
      .join('/');
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query?.(...args.slice(paramCount)) ?? {})) {
      if (value !== undefined && value !== '') search.set(key, value);
    }
    const searchText = search.toString();
    return `${path || '/'}${searchText ? `?${searchText}` : ''}`;
  };
  return Object.assign(build, { pattern });
}

export type SignedOutReason = 'idle' | 'expired' | 'offline' | 'other-tab' | 'identity-changed';

/**
 * The intake wizard; `intakeId` (an opaque id, no answers) lets reload and sign-in resume the same
 * intake; `kind` is the kind of visit chosen on the room page before there is an intake.
 */
const intakePage = route('/patient/rooms/:roomCode/intake/:step?', (intakeId?: string, kind?: VisitKind) => ({
  intake: intakeId,
  kind,
}));

/**
 * Every in-app URL is built here, each from the same definition the router mounts (see
 * app/routes/registry); components never write a path literal. A builder joins with its route.
 */
export const paths = {
  home: route('/'),
  signIn: route('/sign-in', (returnTo?: string) => ({ returnTo })),
  devSignIn: route('/dev/sign-in', (returnTo?: string) => ({ returnTo })),
  auth: route('/auth'),
  linkInvalid: route('/auth/invalid'),
  /** `returnTo`: where "Sign in again" leads back to (a session that ended by itself, not a chosen sign-out). */
  signedOut: route('/signed-out', (reason?: SignedOutReason, returnTo?: string) => ({ reason, returnTo })),
  terms: route('/terms', (returnTo?: string) => ({ returnTo })),
  /**
   * The patient's menu has five destinations (Home, Visits, Health, Documents, Account, see
   * app/routes/patient/nav.ts); a grouped one keeps its pages under one address (`/patient/health/…`).
   * Addresses from before the grouping are `movedPatientPaths`, each redirected to its page here.
   */
  patient: {
    home: route('/patient'),
    /**
     * Visits: the list of every kind together, appointments, and starting a new one. The router prefers
     * the fixed `start` and `appointments` over a visit id there (ids are the server's generated strings).
     */
    visits: route('/patient/visits'),
    visit: route('/patient/visits/:id'),
    /** The scheduled visits, a section of Visits. */
    appointments: route('/patient/visits/appointments'),
    appointment: route('/patient/appointments/:id'),
    /** "Start a visit": the clinic's rooms, a section of Visits. */
    rooms: route('/patient/visits/start'),
    room: route('/patient/rooms/:code'),
    intake: intakePage,
    /** The wizard's start for one kind of visit, chosen on the room page (no intake yet): the same page. */
    intakeStart: Object.assign(
      (roomCode: string, kind: VisitKind, step?: string) => intakePage(roomCode, step, undefined, kind),
      { pattern: intakePage.pattern },
    ),
    documents: route('/patient/documents'),
    /** Health: the record, readings, pharmacies and prescriptions; the bare address opens the record. */
    health: route('/patient/health'),
    records: route('/patient/health/record'),
    readings: route('/patient/health/readings'),
    pharmacies: route('/patient/health/pharmacies'),
    /** Account: profile, insurance and saved cards; the bare address opens the profile. */
    account: route('/patient/account'),
    profile: route('/patient/account/profile'),
    insurance: route('/patient/account/insurance'),
    /** Saved cards: one wallet across rooms (payments). */
    payments: route('/patient/account/cards'),
    notifications: route('/patient/notifications'),
  },
  provider: {
    home: route('/provider'),
    visits: route('/provider/visits'),
    visit: route('/provider/visits/:id'),
    /** "My patients": the patients of the provider's visits. */
    patients: route('/provider/patients'),
    patient: route('/provider/patients/:patientId'),
    schedule: route('/provider/schedule'),
    surveys: route('/provider/surveys'),
    insights: route('/provider/insights'),
    profile: route('/provider/profile'),
    notifications: route('/provider/notifications'),
  },
  admin: {
    home: route('/admin'),
    users: route('/admin/users'),
    /** One user: profile and room associations (no name in the address, only the id). */
    user: route('/admin/users/:userId'),
    rooms: route('/admin/rooms'),
    room: route('/admin/rooms/:code'),
    recordings: route('/admin/recordings'),
    webhooks: route('/admin/webhooks'),
    /** A patient's insurance cards, edited with the clinic admin token. */
    userInsurance: route('/admin/users/:userId/insurance'),
    claims: route('/admin/claims'),
    referenceLists: route('/admin/reference-lists'),
  },
} as const;

/**
 * The patient's addresses before the grouped menu (bookmarks, old e-mails, links in other apps), each
 * redirected to the `paths.patient` page of the same name with its query and fragment. Only the
 * redirects use them: links go to `paths`.
 */
export const movedPatientPaths = {
  rooms: route('/patient/rooms'),
  appointments: route('/patient/appointments'),
  records: route('/patient/records'),
  pharmacies: route('/patient/pharmacies'),
  readings: route('/patient/readings'),
  profile: route('/patient/profile'),
  insurance: route('/patient/insurance'),
  payments: route('/patient/payments'),
} as const satisfies Partial<Record<keyof typeof paths.patient, Route<string, []>>>;

/**
 * Returns `next` only when it is a path on this origin; anything else (other origins,
 * protocol-relative, backslash tricks, javascript:, control characters) becomes null.
 */
export function safeInAppPath(next: unknown, origin: string = window.location.origin): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return null;
  // Browsers strip tab/CR/LF inside URLs, which turns "/\t/evil" into "//evil": refuse them outright.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The video room a visit joins: https://{account_code}.{room_host}/{room_code}. */
export function roomJoinUrl(accountCode: string, roomHost: string, roomCode: string): string {
  return `https://${encodeURIComponent(accountCode)}.${roomHost}/${encodeURIComponent(roomCode)}`;
}

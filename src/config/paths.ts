/** Every in-app URL is built here; components never write a path literal. */
export const paths = {
  home: () => '/',
  signIn: (returnTo?: string) =>
    returnTo ? `/sign-in?returnTo=${encodeURIComponent(returnTo)}` : '/sign-in',
  devSignIn: () => '/dev/sign-in',
  auth: () => '/auth',
  linkInvalid: () => '/auth/invalid',
  /** `returnTo`: where "Sign in again" leads back to (a session that ended by itself, not a chosen sign-out). */
  signedOut: (
    reason?: 'idle' | 'expired' | 'offline' | 'other-tab' | 'identity-changed',
    returnTo?: string,
  ) => {
    const query = new URLSearchParams();
    if (reason) query.set('reason', reason);
    if (returnTo) query.set('returnTo', returnTo);
    const search = query.toString();
    return search ? `/signed-out?${search}` : '/signed-out';
  },
  terms: (returnTo?: string) => (returnTo ? `/terms?returnTo=${encodeURIComponent(returnTo)}` : '/terms'),
  patient: {
    home: () => '/patient',
    profile: () => '/patient/profile',
    visits: () => '/patient/visits',
    visit: (id: string) => `/patient/visits/${encodeURIComponent(id)}`,
    rooms: () => '/patient/rooms',
    room: (code: string) => `/patient/rooms/${encodeURIComponent(code)}`,
    /** The intake wizard; `intakeId` (an opaque id, no answers) lets reload and sign-in resume the same intake. */
    intake: (roomCode: string, step?: string, intakeId?: string) =>
      `/patient/rooms/${encodeURIComponent(roomCode)}/intake${step ? `/${encodeURIComponent(step)}` : ''}${
        intakeId ? `?intake=${encodeURIComponent(intakeId)}` : ''
      }`,
    /** The wizard's start for one kind of visit, chosen on the room page (no intake yet). */
    intakeStart: (roomCode: string, kind: 'walkin' | 'econsult' | 'appointment', step?: string) =>
      `/patient/rooms/${encodeURIComponent(roomCode)}/intake${step ? `/${encodeURIComponent(step)}` : ''}?kind=${kind}`,
    documents: () => '/patient/documents',
    records: () => '/patient/records',
    insurance: () => '/patient/insurance',
    pharmacies: () => '/patient/pharmacies',
    payments: () => '/patient/payments',
    notifications: () => '/patient/notifications',
  },
  provider: {
    home: () => '/provider',
    visits: () => '/provider/visits',
    visit: (id: string) => `/provider/visits/${encodeURIComponent(id)}`,
    patient: (id: string) => `/provider/patients/${encodeURIComponent(id)}`,
    schedule: () => '/provider/schedule',
    profile: () => '/provider/profile',
    notifications: () => '/provider/notifications',
  },
  admin: {
    home: () => '/admin',
    users: () => '/admin/users',
    rooms: () => '/admin/rooms',
    recordings: () => '/admin/recordings',
  },
  guest: {
    visit: (id: string) => `/guest/visits/${encodeURIComponent(id)}`,
  },
} as const;

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

/**
 * User types of spec 2.1. Kept apart from the schemas so the first page (which routes by user type)
 * does not load zod.
 */
export const USER_TYPE = {
  admin: 100,
  member: 200,
  company: 300,
  provider: 400,
  kiosk: 500,
  guest: 600,
  phoneBridge: 700,
} as const;

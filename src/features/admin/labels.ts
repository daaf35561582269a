import type { User } from '@/api/users/schemas';

const TYPE_LABEL: Record<number, string> = {
  100: 'Administrator',
  200: 'Patient',
  300: 'Company',
  400: 'Provider',
  500: 'Kiosk',
  600: 'Guest',
  700: 'Phone bridge',
};

const SUBTYPE_LABEL: Record<string, string> = {
  '460': 'Medical assistant',
  '470': 'Customer service representative',
  '480': 'Paramedic',
  '482': 'Doctor',
  '484': 'Nurse',
};

/** A user's type in words (spec 2.1). */
export function typeLabel(user: Pick<User, 'type'>): string {
  return (typeof user.type === 'number' ? TYPE_LABEL[user.type] : undefined) ?? 'Other';
}

/** A provider's subtype in words, or null for users without one. */
export function subtypeLabel(user: Pick<User, 'subtype'>): string | null {
  const code = user.subtype?.trim();
  if (!code) return null;
  return SUBTYPE_LABEL[code] ?? `Subtype ${code}`;
}

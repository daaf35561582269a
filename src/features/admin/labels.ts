import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { User } from '@telehealth/client/users/schemas';
import { i18n } from '@/lib/i18n';

const TYPE_LABEL: Record<number, MessageDescriptor> = {
  100: msg`Administrator`,
  200: msg`Patient`,
  300: msg({ message: 'Company', context: 'user type' }),
  400: msg`Provider`,
  500: msg({ message: 'Kiosk', context: 'user type' }),
  600: msg({ message: 'Guest', context: 'user type' }),
  700: msg`Phone bridge`,
};

const SUBTYPE_LABEL: Record<string, MessageDescriptor> = {
  '460': msg`Medical assistant`,
  '470': msg`Customer service representative`,
  '480': msg`Paramedic`,
  '482': msg`Doctor`,
  '484': msg`Nurse`,
};

/** A user's type in words (spec 2.1). */
export function typeLabel(user: Pick<User, 'type'>): string {
  const label = typeof user.type === 'number' ? TYPE_LABEL[user.type] : undefined;
  return label ? i18n._(label) : t({ message: 'Other', context: 'user type' });
}

/** A provider's subtype in words, or null for users without one. */
export function subtypeLabel(user: Pick<User, 'subtype'>): string | null {
  const code = user.subtype?.trim();
  if (!code) return null;
  const label = SUBTYPE_LABEL[code];
  return label ? i18n._(label) : t`Subtype ${code}`;
}

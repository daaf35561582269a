import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SlotGroup } from '@telehealth/client/slots/schemas';
import { formatDate, formatTime, zoneInWordsAt } from '@/lib/dates';
import { i18n } from '@/lib/i18n';

const ORDER = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The repeat days' names (the group sends them in English, any case). */
const WEEKDAYS: Record<string, MessageDescriptor> = {
  sunday: msg`Sunday`,
  monday: msg`Monday`,
  tuesday: msg`Tuesday`,
  wednesday: msg`Wednesday`,
  thursday: msg`Thursday`,
  friday: msg`Friday`,
  saturday: msg`Saturday`,
};

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  const most = words.slice(0, -1).join(', ');
  const last = words[words.length - 1];
  return t({ message: `${most} and ${last}`, context: 'the last two of a list of weekdays' });
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
const dayName = (day: string) => {
  const name = WEEKDAYS[day];
  return name ? i18n._(name) : capital(day);
};

/** A group's repeat rule in words: "Every Monday and Wednesday, 9:00 AM – 5:00 PM (Eastern Time), …". */
export function repeatRuleInWords(group: SlotGroup): string {
  const zone = group.timezone ?? 'UTC';
  const days = [...(group.repeat_day ?? [])]
    .map((d) => d.toLowerCase())
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
    .map(dayName);
  const weeks = group.repeat_week ?? 1;
  const dayList = list(days);
  const date = group.date_start !== undefined ? formatDate(group.date_start, zone) : '';
  const when =
    group.repeat === true
      ? days.length > 0
        ? weeks > 1
          ? t`Every ${weeks} weeks on ${dayList}`
          : t`Every ${dayList}`
        : weeks > 1
          ? t`Every day, every ${weeks} weeks`
          : t`Every day`
      : group.date_start !== undefined
        ? t`Once, on ${date}`
        : t`Once`;
  const hours =
    group.time_start !== undefined && group.time_end !== undefined
      ? `, ${formatTime(group.time_start, zone)} – ${formatTime(group.time_end, zone)} (${zoneInWordsAt(group.time_start, zone)})`
      : '';
  const from = group.date_start !== undefined ? formatDate(group.date_start, zone) : '';
  const to = group.date_end !== undefined ? formatDate(group.date_end, zone) : '';
  const range =
    group.repeat === true && group.date_start !== undefined && group.date_end !== undefined
      ? `, ${t({ message: `from ${from} to ${to}`, context: 'the dates a repeated slot group runs' })}`
      : '';
  return `${when}${hours}${range}`;
}

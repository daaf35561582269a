import type { SlotGroup } from '@/api/slots/schemas';
import { formatDate, formatTime, zoneInWordsAt } from '@/lib/dates';

const ORDER = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** A group's repeat rule in words: "Every Monday and Wednesday, 9:00 AM – 5:00 PM (Eastern Time), …". */
export function repeatRuleInWords(group: SlotGroup): string {
  const zone = group.timezone ?? 'UTC';
  const days = [...(group.repeat_day ?? [])]
    .map((d) => d.toLowerCase())
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
    .map(capital);
  const weeks = group.repeat_week ?? 1;
  const every = weeks > 1 ? `Every ${weeks} weeks on` : 'Every';
  const when =
    group.repeat === true
      ? days.length > 0
        ? `${every} ${list(days)}`
        : weeks > 1
          ? `Every day, every ${weeks} weeks`
          : 'Every day'
      : group.date_start !== undefined
        ? `Once, on ${formatDate(group.date_start, zone)}`
        : 'Once';
  const hours =
    group.time_start !== undefined && group.time_end !== undefined
      ? `, ${formatTime(group.time_start, zone)} – ${formatTime(group.time_end, zone)} (${zoneInWordsAt(group.time_start, zone)})`
      : '';
  const range =
    group.repeat === true && group.date_start !== undefined && group.date_end !== undefined
      ? `, from ${formatDate(group.date_start, zone)} to ${formatDate(group.date_end, zone)}`
      : '';
  return `${when}${hours}${range}`;
}

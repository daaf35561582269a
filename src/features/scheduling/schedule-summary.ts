import { t } from '@lingui/core/macro';
import { userQueries } from '@/api/users/queries';
import { browserTimeZone, formatDate, formatTime, isValidTimeZone, zoneInWords } from '@/lib/dates';
import { CUSTOM_FIELDS, customSeconds, type StepDefinition } from '@/wizard';

/** The chosen time for the review, in the viewer's zone named in words ("Thu, Dec 3, 2026 at 9:00 AM, Eastern Time"). */
export const scheduleSummary: NonNullable<StepDefinition['summary']> = (intake, { queryClient }) => {
  const start = customSeconds(intake, CUSTOM_FIELDS.slotStart);
  if (start === null) return null;
  const timezone = queryClient.getQueryData(userQueries.me().queryKey)?.timezone;
  const zone = isValidTimeZone(timezone) ? timezone : browserTimeZone();
  const date = formatDate(start, zone);
  const time = formatTime(start, zone);
  const zoneName = zoneInWords(zone);
  return t`${date} at ${time}, ${zoneName}`;
};

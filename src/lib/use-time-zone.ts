import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { browserTimeZone, isValidTimeZone } from './dates';

/** The zone every time is shown in: the profile's time zone, else the browser's. */
export function useViewerTimeZone(): string {
  const { data } = useQuery({ ...userQueries.me(), enabled: true });
  return isValidTimeZone(data?.timezone) ? data.timezone : browserTimeZone();
}

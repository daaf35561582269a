import type { Db } from '../db';
import { PROVIDERS } from './users';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Open slots for every provider over the next 30 days, in 30-minute steps during clinic hours. */
export function seedSlots(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const dayStart = t - (t % DAY);
  for (const p of PROVIDERS) {
    const groupId = `grp_${p.id}`;
    db.slotGroups.set(groupId, {
      id: groupId,
      date_start: String(dayStart),
      date_end: String(dayStart + 30 * DAY),
      time_start: String(dayStart + 14 * HOUR),
      time_end: String(dayStart + 22 * HOUR),
      repeat: true,
      repeat_day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      repeat_week: 1,
      account_code: 'demo',
      provider_id: p.id,
      visit_type: 'one',
      consultation: 'cons_general_30',
      timezone: 'America/New_York',
      created: t - 40 * DAY,
      modified: t - 40 * DAY,
    });
    for (let d = 0; d < 30; d += 1) {
      const day = dayStart + d * DAY;
      const weekday = new Date(day * 1000).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      // 14:00-22:00 UTC is 9:00-17:00 / 10:00-18:00 on the US east coast.
      for (let h = 14 * 2; h < 22 * 2; h += 1) {
        const start = day + h * 30 * MIN;
        if (start < t + HOUR) continue;
        // Deterministically leave some slots taken so the picker shows gaps.
        if ((d * 7 + h + p.id.length) % 5 === 0) continue;
        const id = `slot_${p.id.replace('usr_', '')}_${d}_${h}`;
        db.slots.set(id, {
          id,
          provider_id: p.id,
          account_code: 'demo',
          start,
          end: start + 30 * MIN,
          group_id: groupId,
          status: 10,
          created: t - 40 * DAY,
          modified: t - 40 * DAY,
          _room_codes: p.rooms,
        });
      }
    }
  }
}

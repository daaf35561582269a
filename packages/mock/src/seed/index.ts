import type { Db } from '../db.ts';
import { seedAccounts } from './account.ts';
import { seedBilling } from './billing.ts';
import { seedHistory } from './history.ts';
import { seedInsurance } from './insurance.ts';
import { seedNotifications } from './notifications.ts';
import { seedProviderTraffic } from './provider-traffic.ts';
import { seedRecordings } from './recordings.ts';
import { seedRooms } from './rooms.ts';
import { seedBookings, seedSlots } from './slots.ts';
import { seedVisits } from './visits.ts';
import { seedRecords } from './records.ts';
import { seedSurveys } from './surveys.ts';
import { seedUsers } from './users.ts';

export interface SeedOptions {
  /**
   * The eight weeks of closed visits and survey answers behind the clinic insights (default on).
   * Tests of today's lists may leave them out, so a list of the day's traffic stays short.
   */
  history?: boolean;
}

/** Builds the demo clinic. Deterministic for the same `now`; times are relative to it. */
export function seedDatabase(db: Db, now: number, { history = true }: SeedOptions = {}): void {
  seedAccounts(db);
  seedUsers(db, now);
  seedRooms(db, now);
  seedVisits(db, now);
  seedRecordings(db, now);
  seedNotifications(db, now);
  seedSlots(db, now);
  seedRecords(db, now);
  seedSurveys(db, now);
  seedBilling(db, now);
  seedInsurance(db, now);
  seedProviderTraffic(db, now);
  if (history) seedHistory(db, now);
  // Last: bookings go on slots no other seeded visit overlaps.
  seedBookings(db, now);
}

export { PERSONAS, type Persona } from './personas.ts';

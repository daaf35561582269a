import type { Db } from '../db';
import { seedAccounts } from './account';
import { seedBilling } from './billing';
import { seedHistory } from './history';
import { seedInsurance } from './insurance';
import { seedNotifications } from './notifications';
import { seedProviderTraffic } from './provider-traffic';
import { seedRecordings } from './recordings';
import { seedRooms } from './rooms';
import { seedBookings, seedSlots } from './slots';
import { seedVisits } from './visits';
import { seedRecords } from './records';
import { seedSurveys } from './surveys';
import { seedUsers } from './users';

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

export { PERSONAS, type Persona } from './personas';

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

/** Builds the demo clinic. Deterministic for the same `now`; times are relative to it. */
export function seedDatabase(db: Db, now: number): void {
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
  seedHistory(db, now);
  // Last: bookings go on slots no other seeded visit overlaps.
  seedBookings(db, now);
}

export { PERSONAS, type Persona } from './personas';

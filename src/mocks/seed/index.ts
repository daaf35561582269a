import type { Db } from '../db';
import { seedAccounts } from './account';
import { seedNotifications } from './notifications';
import { seedRooms } from './rooms';
import { seedSlots } from './slots';
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
  seedNotifications(db, now);
  seedSlots(db, now);
  seedRecords(db, now);
  seedSurveys(db, now);
}

export { PERSONAS, type Persona } from './personas';

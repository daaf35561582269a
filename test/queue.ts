import { beforeEach } from 'vitest';
import { db } from '@telehealth/mock/db';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';

/**
 * Casey Morgan waits in General practice in the seed (`vis_walkin_waiting`), and a patient already
 * waiting in a room is led back to that place instead of starting a second walk-in there. Tests
 * that walk her through a new walk-in in that room call this at the top of the file: her seeded
 * walk-in is over (completed) before each test.
 */
export function endSeededWalkinBeforeEach(): void {
  beforeEach(() => {
    const visit = db.visits.get(SEED_VISITS.walkInWaiting);
    if (visit) visit.status = 30;
  });
}

import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

const waitingIn = (db: ReturnType<typeof renderRoute>['db'], room: string) =>
  [...db.visits.values()].filter(
    (v) => v.member_id === SEED_USERS.patient && v.room_code === room && v.type === 1 && v.status === 10,
  );

describe('a second walk-in while one is waiting', () => {
  it('says so at the start and leads back to the place in line', async () => {
    // Casey Morgan waits in General practice (vis_walkin_waiting).
    const { user, db, router } = renderRoute('/patient/rooms/general/intake?kind=walkin', {
      as: 'demo-patient',
    });
    const intakes = db.intakes.size;
    const note = await screen.findByRole('note', { name: 'You are already waiting in line' });
    expect(note).toHaveTextContent(/General practice/);
    await user.click(screen.getByRole('link', { name: 'Go back to your place in line' }));
    expect(router.state.location.pathname).toBe(`/patient/visits/${SEED_VISITS.walkInWaiting}`);
    expect(db.intakes.size).toBe(intakes);
    expect(waitingIn(db, 'general').map((v) => v.id)).toEqual([SEED_VISITS.walkInWaiting]);
  });
});

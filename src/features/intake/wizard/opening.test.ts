import { describe, expect, it } from 'vitest';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import type { Visit } from '@telehealth/client/visits/schemas';
import { openWizard, type OpeningInput } from './opening';

const intake = (fields: Record<string, unknown> = {}): Intake => ({
  id: 'int_1',
  room_code: 'general',
  ...fields,
});

describe('openWizard: which kind, or why none yet', () => {
  const room = (kinds: Partial<Record<VisitKind, boolean>>, closed = false): OpeningInput['room'] => ({
    visits: {
      walkin: { enabled: kinds.walkin ?? false },
      appointment: { enabled: kinds.appointment ?? false },
      econsult: { enabled: kinds.econsult ?? false },
    },
    operation_settings: { is_closed: closed },
  });
  const full = { portal_extensions: ['econsult-rooms' as const] };
  const spec = {};
  const waiting: Visit = { id: 'vis_waiting', status: 10, type: 1, room_code: 'general' };
  const booked: Visit = { id: 'vis_booked', status: 20, type: 2, room_code: 'general' };
  const input = (over: Partial<OpeningInput>): OpeningInput => ({
    account: full,
    room: room({ walkin: true }),
    intake: null,
    roomVisits: [],
    roomVisitsPending: false,
    ...over,
  });

  const twoKinds = room({ walkin: true, appointment: true });
  const threeKinds = room({ walkin: true, appointment: true, econsult: true });
  const flow = (kind: VisitKind) => ({ type: 'flow', kind });
  const choose = (...kinds: VisitKind[]) => ({ type: 'choose-kind', kinds });
  const closed = { type: 'closed' };

  it.each<[string, Partial<OpeningInput>, unknown]>([
    ['the room’s only kind', {}, flow('walkin')],
    ['several kinds: the patient chooses', { room: twoKinds }, choose('walkin', 'appointment')],
    [
      'the kind asked for on the room page',
      { room: twoKinds, requestedKind: 'appointment' },
      flow('appointment'),
    ],
    [
      'e-consults where the server offers them',
      { room: threeKinds, requestedKind: 'econsult' },
      flow('econsult'),
    ],
    [
      'no e-consults on a spec server, even when asked for',
      { account: spec, room: threeKinds, requestedKind: 'econsult' },
      choose('walkin', 'appointment'),
    ],
    ['a closed room takes no walk-in', { room: room({ walkin: true }, true) }, closed],
    [
      'a closed room still takes e-consults',
      { room: room({ walkin: true, econsult: true }, true) },
      flow('econsult'),
    ],
    ['a room that takes nothing', { room: room({}) }, closed],
    [
      'the kind saved on the intake wins',
      { room: twoKinds, requestedKind: 'walkin', intake: intake({ visit_kind: 'appointment' }) },
      flow('appointment'),
    ],
    [
      'an intake of type 2 is an appointment',
      { room: twoKinds, intake: intake({ type: '2' }) },
      flow('appointment'),
    ],
    [
      'an intake without a kind takes the first on offer',
      { room: twoKinds, intake: intake() },
      flow('walkin'),
    ],
    [
      'a new walk-in waits for the room’s visits',
      { roomVisits: undefined, roomVisitsPending: true },
      { type: 'loading' },
    ],
    [
      'a new walk-in where the patient waits already',
      { roomVisits: [booked, waiting] },
      { type: 'already-waiting', visitId: 'vis_waiting' },
    ],
    ['a new walk-in where the room’s visits could not be read', { roomVisits: undefined }, flow('walkin')],
    ['an appointment is no place in line', { roomVisits: [booked] }, flow('walkin')],
    ['an intake under way is not sent back', { intake: intake(), roomVisits: [waiting] }, flow('walkin')],
  ])('%s', (_, over, expected) => {
    expect(openWizard(input(over))).toEqual(expected);
  });
});

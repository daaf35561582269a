import { useQueries, useQuery } from '@tanstack/react-query';
import { offersExtension } from '@/api/accounts/extensions';
import { accountQueries } from '@/api/accounts/queries';
import { formatPrice, isFreeConsultation, roomCurrency } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import type { Consultation, Room, RoomProvider } from '@telehealth/client/rooms/schemas';
import { isRoomClosed, roomVisitKinds } from '@telehealth/client/rooms/visit-settings';
import { env } from '@/config/env';

/**
 * Where a refill request goes (docs/spec-decisions.md, "Prescription refill requests (issue 27)"):
 * an e-consult in a room of this clinic that takes e-consults and charges nothing for one (no
 * charged consultation at all, or a free one to name), the prescriber's own room first. The spec's
 * prescription names its prescriber only by `PrescriberName`, matched against the room's providers
 * by first and last name.
 */
export type RefillRooms =
  /** Requests can be sent; `targetFor` picks the room of each prescription. */
  | { kind: 'free'; targetFor: (prescriberName: string | null | undefined) => RefillTarget }
  /** Every room that takes e-consults charges for them: the patient starts one through the wizard. */
  | { kind: 'paid'; room: Room; price: string }
  /** No room takes e-consults (or the server does not say which do). */
  | { kind: 'none' };

export interface RefillTarget {
  roomCode: string;
  roomName: string;
  /** A free consultation to name on the intake, when the room charges for others. */
  consultationId: string | null;
}

/** "samira okafor" from "Dr. Samira Okafor, MD". */
function normalisedName(value: string): string {
  return value
    .split(',')[0]!
    .toLowerCase()
    .replace(/\bdr\.?\s+/g, '')
    .replace(/[^a-z\s'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function isPrescriberIn(providers: readonly RoomProvider[], prescriberName: string): boolean {
  const prescriber = normalisedName(prescriberName);
  if (!prescriber) return false;
  return providers.some((p) => {
    const name = normalisedName(`${p.first_name ?? ''} ${p.last_name ?? ''}`);
    return name !== '' && prescriber === name;
  });
}

/** The free consultation a refill names: one that says "refill", else any free one. */
function freeConsultation(room: Room): Consultation | null {
  const free = (room.payment?.consultations ?? []).filter(isFreeConsultation);
  return free.find((c) => /refill/i.test(c.description ?? '')) ?? free[0] ?? null;
}

const chargedConsultations = (room: Room): Consultation[] =>
  (room.payment?.consultations ?? []).filter((c) => !isFreeConsultation(c));

/** The room's cheapest charged consultation (0 when it charges for none). */
function lowestCharge(room: Room): number {
  const amounts = chargedConsultations(room).map((c) => Number(c.amount) || 0);
  return amounts.length ? Math.min(...amounts) : 0;
}

/** A room takes a free e-consult: no consultation of it is charged, or one of them is free. */
function isFreeForEconsult(room: Room): boolean {
  const consultations = room.payment?.consultations ?? [];
  return consultations.every(isFreeConsultation) || freeConsultation(room) !== null;
}

/** Decides the refill rooms from the clinic's room details and, per room, its providers. */
export function refillRooms(
  rooms: readonly Room[],
  providersOf: (code: string) => readonly RoomProvider[],
  econsultRooms: boolean,
): RefillRooms {
  // Open rooms first (a closed room still takes e-consults, answered once it opens), then the cheapest.
  const econsult = rooms
    .filter((room) => room.active !== false && roomVisitKinds(room, econsultRooms).includes('econsult'))
    .sort((a, b) => Number(isRoomClosed(a)) - Number(isRoomClosed(b)) || lowestCharge(a) - lowestCharge(b));
  const free = econsult.filter(isFreeForEconsult);
  const first = econsult[0];
  if (!first) return { kind: 'none' };
  if (free.length === 0) {
    const charged = chargedConsultations(first).sort((a, b) => Number(a.amount) - Number(b.amount))[0];
    return { kind: 'paid', room: first, price: charged ? formatPrice(charged, roomCurrency(first)) : '' };
  }
  return {
    kind: 'free',
    targetFor: (prescriberName) => {
      const room =
        (prescriberName
          ? free.find((r) => isPrescriberIn(providersOf(r.code), prescriberName))
          : undefined) ?? free[0]!;
      const consultation = chargedConsultations(room).length > 0 ? freeConsultation(room) : null;
      return { roomCode: room.code, roomName: room.name, consultationId: consultation?.id ?? null };
    },
  };
}

/** The clinic's rooms, each read in detail (the list gives no settings), shared with other room lists. */
const ROOM_LIST = roomQueries.list({ page: 1, limit: 100 });

/**
 * The refill rooms of this clinic, or null while they are being read. A room or provider list that
 * cannot be read counts as offering nothing (the page then explains instead of offering a button
 * that could fail).
 */
export function useRefillRooms(enabled: boolean): RefillRooms | null {
  // Which rooms take e-consults is the `econsult-rooms` extension: wait for the account record.
  const account = useQuery({ ...accountQueries.detail(env.VITE_ACCOUNT_CODE), enabled });
  const econsultRooms = offersExtension(account.data, 'econsult-rooms');
  const list = useQuery({ ...ROOM_LIST, enabled });
  const details = useQueries({
    queries: (enabled ? (list.data ?? []) : []).map((room) => roomQueries.detail(room.code)),
  });
  const rooms = details.flatMap((d) => (d.data ? [d.data] : []));
  const econsult = rooms.filter((room) => roomVisitKinds(room, econsultRooms).includes('econsult'));
  const providers = useQueries({
    queries: econsult.map((room) => roomQueries.providers(room.code)),
  });
  if (!enabled) return null;
  if (
    account.isPending ||
    list.isPending ||
    details.some((d) => d.isPending) ||
    providers.some((p) => p.isPending)
  )
    return null;
  const byRoom = new Map(econsult.map((room, i) => [room.code, providers[i]?.data ?? []]));
  return refillRooms(rooms, (code) => byRoom.get(code) ?? [], econsultRooms);
}

import { plural, t } from '@lingui/core/macro';
import { patientConsultations, formatPrice, roomCurrency } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import type { Room, RoomProvider } from '@telehealth/client/rooms/schemas';
import { userQueries } from '@/api/users/queries';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@telehealth/client/visits/schemas';
import {
  CUSTOM_FIELDS,
  customValue,
  providerIdOf,
  type KnownAnswer,
  type KnownContext,
  type StepDefinition,
} from '@/wizard';
import { US_STATES } from '../model/us-states';
import { providerName } from './provider-step';

/**
 * The intake's own steps when their answers are already known (issue 27): where the patient is and
 * how to reach them (the profile), who they see and what kind of consultation (the only one there
 * is), and photos (optional outside e-consults). The
 * review confirms each one, with a link to change it.
 */

const stateName = (code: string) => US_STATES.find((s) => s.code === code.toUpperCase())?.name;
const isPhone = (v: string) => /^[\d\s()+.-]+$/.test(v) && v.replace(/\D/g, '').length >= 10;

type Summary = NonNullable<StepDefinition['summary']>;

/** `location`: the profile's state and phone, confirmed on the review. */
export async function knownLocation({ queryClient }: KnownContext): Promise<KnownAnswer | null> {
  const me = await queryClient.fetchQuery(userQueries.me());
  const state = typeof me.state === 'string' ? me.state.trim().toUpperCase() : '';
  const phone = typeof me.phone === 'string' ? me.phone.trim() : '';
  const name = stateName(state);
  if (!name || !isPhone(phone)) return null;
  return {
    summary: t`${name}, phone ${phone}. Change this if you are somewhere else right now.`,
    patch: { fields: { location: state, phone } },
  };
}

export const locationSummary: Summary = (intake) => {
  const state = typeof intake.location === 'string' ? stateName(intake.location) : undefined;
  const phone = typeof intake.phone === 'string' ? intake.phone : '';
  if (!state) return null;
  return phone ? t`${state}, phone ${phone}` : state;
};

/** The patient's latest visit in this room that passes `test`, newest first by creation. */
async function latestVisitHere(ctx: KnownContext, test: (v: Visit) => boolean): Promise<Visit | null> {
  const visits = await ctx.queryClient.fetchQuery(visitQueries.list({ room_code: ctx.room.code }));
  const newestFirst = [...visits].sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
  return newestFirst.find(test) ?? null;
}

/**
 * `provider`: the room's only provider; for a walk-in or an e-consult whoever is free first (the
 * shortest wait); for an appointment the one the patient saw last time here, if still listed.
 */
export async function knownProvider(ctx: KnownContext): Promise<KnownAnswer | null> {
  const providers = await ctx.queryClient.fetchQuery(roomQueries.providers(ctx.room.code));
  if (providers.length !== 1 && ctx.visitKind !== 'appointment') {
    return {
      summary: t`First available, usually the shortest wait`,
      patch: { fields: { provider_id: '0' } },
    };
  }
  const last = providers.length === 1 ? null : await latestVisitHere(ctx, (v) => v.provider_id != null);
  const chosen =
    providers.length === 1
      ? providers[0]
      : providers.find((p) => last?.provider_id != null && String(p.id) === String(last.provider_id));
  if (!chosen) return null;
  const name = providerName(chosen);
  return {
    summary: providers.length === 1 ? name : t`${name}, who you saw last time`,
    patch: { fields: { provider_id: String(chosen.id) } },
  };
}

export const providerSummary: Summary = (intake, { room, queryClient }) => {
  const id = providerIdOf(intake);
  if (!id || id === '0') return t`First available`;
  const providers = queryClient.getQueryData<RoomProvider[]>(roomQueries.providers(room.code).queryKey);
  const chosen = providers?.find((p) => String(p.id) === id);
  return chosen ? providerName(chosen) : null;
};

function consultationWords(room: Room, id: string): string | null {
  const c = patientConsultations(room).find((x) => x.id === id);
  if (!c) return null;
  const price = formatPrice(c, roomCurrency(room));
  if (c.description) {
    const description = c.description;
    return t`${description}, ${price}`;
  }
  return t`Consultation, ${price}`;
}

/**
 * `consultation`: the room's only one. With several the patient chooses each time: they differ in
 * price and length, and a guess from last time would decide what the patient pays.
 */
export function knownConsultation(ctx: KnownContext): Promise<KnownAnswer | null> {
  const offered = patientConsultations(ctx.room);
  const only = offered.length === 1 ? offered[0] : undefined;
  const words = only ? consultationWords(ctx.room, only.id) : null;
  if (!only || !words) return Promise.resolve(null);
  return Promise.resolve({ summary: words, patch: { custom: { [CUSTOM_FIELDS.consultationId]: only.id } } });
}

export const consultationSummary: Summary = (intake, { room }) => {
  const id = customValue(intake, CUSTOM_FIELDS.consultationId);
  return id ? consultationWords(room, id) : null;
};

/** `attachments`: optional outside e-consults, so "none" is confirmed on the review; an e-consult asks. */
export function knownAttachments({ visitKind }: KnownContext): Promise<KnownAnswer | null> {
  if (visitKind === 'econsult') return Promise.resolve(null);
  return Promise.resolve({
    summary: t`No photos or documents added. Add some if they would help the clinician.`,
    patch: { custom: { [CUSTOM_FIELDS.attachmentIds]: '' } },
  });
}

export const attachmentsSummary: Summary = (intake) => {
  const ids = (customValue(intake, CUSTOM_FIELDS.attachmentIds) ?? '').split(',').filter(Boolean);
  const count = Math.max(ids.length, intake.attachments?.length ?? 0);
  return count === 0
    ? t`No photos or documents added`
    : t`${plural(count, { one: '# file added', other: '# files added' })}`;
};

export const reasonSummary: Summary = (intake) => intake.reason_for_visit?.trim() || null;

export const consentSummary: Summary = (intake) =>
  customValue(intake, CUSTOM_FIELDS.consentAccepted) ? t`You agreed` : null;

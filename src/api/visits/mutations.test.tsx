import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { payIntake } from '~test/payments';
import { sessionFor } from '~test/render';
import { createAppContext } from '@/app/create-app';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { useAddEconsultVisit, useAddWalkinVisit, useVisitAction } from './mutations';
import { messageQueries } from '../messages/queries';
import { visitQueries } from './queries';
import { SEED_CONSULTATIONS, SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';
import { buildIntake } from '~test/builders';

function setup(persona: Parameters<typeof sessionFor>[0] = 'demo-patient-2') {
  const context = createAppContext(window.sessionStorage);
  context.session.signIn(sessionFor(persona));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={context.queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient: context.queryClient, wrapper };
}

/** An intake of usr_patient2 for `consultation`, paid as the payment step pays it before the visit. */
async function addPaidIntake(id: string, roomCode: string, consultation: string) {
  db.intakes.set(id, buildIntake({ id, member: SEED_USERS.patient2, room_code: roomCode, consultation }));
  const headers = { 'X-ApiToken': sessionFor('demo-patient-2').token.token, 'X-AccountCode': 'demo' };
  await payIntake(id, headers);
}

afterEach(() => server.events.removeAllListeners());

describe('visit creation hooks', () => {
  it('creates a walk-in with the intake id standing in for visit_data_id, caches it and invalidates visit lists', async () => {
    await addPaidIntake('int_hook', 'general', SEED_CONSULTATIONS.generalQuick);
    const urls: URL[] = [];
    server.events.on('request:start', ({ request }) => urls.push(new URL(request.url)));
    const { queryClient, wrapper } = setup();
    await queryClient.fetchQuery(visitQueries.list({}));
    const { result } = renderHook(() => useAddWalkinVisit(), { wrapper });
    const visit = await act(() =>
      result.current.mutateAsync({ intake_id: 'int_hook', room_code: 'general' }),
    );

    const sent = urls.find((u) => u.pathname.endsWith('/visits/add_walkin'));
    expect(sent?.searchParams.get('visit_data_id')).toBe('int_hook');
    expect(sent?.searchParams.get('room_code')).toBe('general');
    expect(queryClient.getQueryData(visitQueries.detail(visit.id).queryKey)).toEqual(visit);
    expect(queryClient.getQueryState(visitQueries.list({}).queryKey)?.isInvalidated).toBe(true);
    expect(db.intakes.get('int_hook')?.visit_id).toBe(visit.id);
  });

  it('answers a second call for the same intake with the same visit', async () => {
    await addPaidIntake('int_hook2', 'general', SEED_CONSULTATIONS.generalQuick);
    const { wrapper } = setup();
    const { result } = renderHook(() => useAddWalkinVisit(), { wrapper });
    const first = await act(() =>
      result.current.mutateAsync({ intake_id: 'int_hook2', room_code: 'general' }),
    );
    const second = await act(() =>
      result.current.mutateAsync({ intake_id: 'int_hook2', room_code: 'general' }),
    );
    expect(second.id).toBe(first.id);
    expect([...db.visits.values()].filter((v) => v.intake_id === 'int_hook2')).toHaveLength(1);
  });

  it('creates an e-consult with a JSON body and caches it', async () => {
    await addPaidIntake('int_hook3', 'dermatology', SEED_CONSULTATIONS.dermPhoto);
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => useAddEconsultVisit(), { wrapper });
    const visit = await act(() =>
      result.current.mutateAsync({ intake_id: 'int_hook3', room_code: 'dermatology' }),
    );
    expect(visit.subtype).toBe(4);
    expect(visit.start).toBeNull();
    expect(queryClient.getQueryData(visitQueries.detail(visit.id).queryKey)).toEqual(visit);
  });
});

describe('provider actions', () => {
  it('accepting an e-consult updates every cached list at once and asks its message reads again', async () => {
    const { queryClient, wrapper } = setup('demo-nurse');
    const pending = visitQueries.list({ room_code: 'dermatology', status: 10 });
    await queryClient.fetchQuery(pending);
    queryClient.setQueryData(messageQueries.thread(SEED_VISITS.econsultNew1), {
      messages: [],
      start: 0,
      total: 0,
    });
    queryClient.setQueryData(messageQueries.thread('vis_other'), { messages: [], start: 0, total: 0 });
    const { result } = renderHook(() => useVisitAction(SEED_VISITS.econsultNew1), { wrapper });
    let listDuring: unknown;
    // The list as it stands when the visit page first shows the accept (before any refetch answers).
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      const detail = queryClient.getQueryData(visitQueries.detail(SEED_VISITS.econsultNew1).queryKey);
      if (listDuring !== undefined || !detail?.provider_id) return;
      listDuring = queryClient
        .getQueryData(pending.queryKey)
        ?.find((v) => v.id === SEED_VISITS.econsultNew1)?.provider_id;
    });
    await act(() => result.current.mutateAsync({ action: 'take', providerId: SEED_USERS.nurse }));
    unsubscribe();
    expect(listDuring).toBe(SEED_USERS.nurse);
    expect(db.visits.get(SEED_VISITS.econsultNew1)?.provider_id).toBe(SEED_USERS.nurse);
    expect(
      queryClient.getQueryData(visitQueries.detail(SEED_VISITS.econsultNew1).queryKey)?.provider_id,
    ).toBe(SEED_USERS.nurse);
    expect(queryClient.getQueryState(messageQueries.thread(SEED_VISITS.econsultNew1))?.isInvalidated).toBe(
      true,
    );
    expect(queryClient.getQueryState(messageQueries.thread('vis_other'))?.isInvalidated).toBe(false);
  });
});

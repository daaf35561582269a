import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { erxQueries } from '@/api/erx/queries';
import { DEFAULT_PRESCRIPTION_STATUS, type Prescription } from '@telehealth/client/erx/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { RefillRequest, type RefillProgressStore } from './refill-request';
import { useRefillRooms, type RefillRooms } from './refill-room';

/**
 * Statuses the list can be filtered by; `Current` is what the spec says to send by default. The
 * value is the spec's; the words are the portal's: the option, the list's name and its empty state.
 */
const STATUSES = [
  {
    value: 'Current',
    label: msg({ message: 'Current', context: 'prescription status' }),
    list: msg`Current prescriptions`,
    empty: msg`No current prescriptions`,
  },
  {
    value: 'Completed',
    label: msg({ message: 'Completed', context: 'prescription status' }),
    list: msg`Completed prescriptions`,
    empty: msg`No completed prescriptions`,
  },
  {
    value: 'Discontinued',
    label: msg({ message: 'Discontinued', context: 'prescription status' }),
    list: msg`Discontinued prescriptions`,
    empty: msg`No discontinued prescriptions`,
  },
];

/** A current prescription can be refilled; a completed or discontinued one cannot. */
const isCurrent = (rx: Prescription, status: string) =>
  (rx.Status ?? status).toLowerCase() === DEFAULT_PRESCRIPTION_STATUS.toLowerCase();

/**
 * Prescriptions (spec 4.9): drug, directions, quantity, status and prescriber. With
 * `canRequestRefill` (the patient's own page) a current prescription offers "Request a refill"
 * where the clinic takes free e-consults, and the list says what to do instead where it does not.
 */
export function PrescriptionsList({
  userId,
  heading,
  canRequestRefill = false,
}: {
  userId: string;
  heading: string;
  canRequestRefill?: boolean;
}) {
  const [status, setStatus] = useState(DEFAULT_PRESCRIPTION_STATUS);
  const list = useQuery(erxQueries.prescriptions(userId, status));
  const selectId = useId();
  const hasCurrent = canRequestRefill && (list.data ?? []).some((rx) => isCurrent(rx, status));
  const rooms = useRefillRooms(hasCurrent);
  const pharmacies = useQuery({ ...erxQueries.pharmacies(userId), enabled: hasCurrent });
  // Survives a change of filter, so a request under way is never started a second time.
  const [refills] = useState<RefillProgressStore>(() => new Map());
  const words = STATUSES.find((s) => s.value === status) ?? STATUSES[0]!;
  return (
    <section aria-labelledby="prescriptions-heading" className="prescriptions">
      <h2 id="prescriptions-heading">{heading}</h2>
      <div className="field">
        <label htmlFor={selectId}>
          <Trans>Show prescriptions</Trans>
        </label>
        <select id={selectId} value={status} onChange={(event) => setStatus(event.target.value)}>
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {i18n._(s.label)}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? <Spinner label={t`Loading prescriptions…`} /> : null}
      <QueryError query={list} title={t`We could not load the prescriptions`} />
      <DroppedRowsNotice list={list.data} />
      {list.data?.length === 0 ? <EmptyState title={i18n._(words.empty)} /> : null}
      {hasCurrent && rooms ? <RefillNote rooms={rooms} /> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="result-list" aria-label={i18n._(words.list)}>
          {list.data.map((rx) => (
            <li key={rx.ID} className="card">
              <h3>{rx.Drug}</h3>
              <dl className="section-facts">
                {rx.Directions ? (
                  <div>
                    <dt>
                      <Trans>Directions</Trans>
                    </dt>
                    <dd>{rx.Directions}</dd>
                  </div>
                ) : null}
                {rx.Qty !== null && rx.Qty !== undefined ? (
                  <div>
                    <dt>
                      <Trans>Quantity</Trans>
                    </dt>
                    <dd>{rx.Qty}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>
                    <Trans>Status</Trans>
                  </dt>
                  <dd>{rx.Status ?? i18n._(words.label)}</dd>
                </div>
                {rx.PrescriberName ? (
                  <div>
                    <dt>
                      <Trans>Prescribed by</Trans>
                    </dt>
                    <dd>{rx.PrescriberName}</dd>
                  </div>
                ) : null}
              </dl>
              {hasCurrent && rooms?.kind === 'free' && pharmacies.isSuccess && isCurrent(rx, status) ? (
                <RefillRequest
                  prescription={rx}
                  target={rooms.targetFor(rx.PrescriberName)}
                  pharmacies={pharmacies.data}
                  store={refills}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Where refills cannot be requested here, what the patient can do instead. */
function RefillNote({ rooms }: { rooms: RefillRooms }) {
  if (rooms.kind === 'paid') {
    const roomName = rooms.room.name;
    const price = rooms.price;
    const start = paths.patient.intakeStart(rooms.room.code, 'econsult');
    return (
      <p className="muted">
        {price ? (
          <Trans>
            Refill requests go to the clinic as an e-consult, and e-consults in {roomName} are paid ({price}).
            To ask for a refill, <Link to={start}>start an e-consult</Link> and name the medicine, or call the
            clinic.
          </Trans>
        ) : (
          <Trans>
            Refill requests go to the clinic as an e-consult, and e-consults in {roomName} are paid. To ask
            for a refill, <Link to={start}>start an e-consult</Link> and name the medicine, or call the
            clinic.
          </Trans>
        )}
      </p>
    );
  }
  if (rooms.kind === 'none')
    return (
      <p className="muted">
        <Trans>
          This clinic doesn’t take refill requests online. To ask for a refill, call the clinic or ask your
          pharmacy to contact the prescriber.
        </Trans>
      </p>
    );
  return null;
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { erxQueries } from '@/api/erx/queries';
import { DEFAULT_PRESCRIPTION_STATUS, type Prescription } from '@/api/erx/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { paths } from '@/config/paths';
import { RefillRequest, type RefillProgressStore } from './refill-request';
import { useRefillRooms, type RefillRooms } from './refill-room';

/** Statuses the list can be filtered by; `Current` is what the spec says to send by default. */
const STATUSES = [
  { value: 'Current', label: 'Current' },
  { value: 'Completed', label: 'Completed' },
  { value: 'Discontinued', label: 'Discontinued' },
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
  return (
    <section aria-labelledby="prescriptions-heading" className="prescriptions">
      <h2 id="prescriptions-heading">{heading}</h2>
      <div className="field">
        <label htmlFor={selectId}>Show prescriptions</label>
        <select id={selectId} value={status} onChange={(event) => setStatus(event.target.value)}>
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? <Spinner label="Loading prescriptions…" /> : null}
      <QueryError query={list} title="We could not load the prescriptions" />
      <DroppedRowsNotice list={list.data} />
      {list.data?.length === 0 ? <EmptyState title={`No ${status.toLowerCase()} prescriptions`} /> : null}
      {hasCurrent && rooms ? <RefillNote rooms={rooms} /> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="result-list" aria-label={`${status} prescriptions`}>
          {list.data.map((rx) => (
            <li key={rx.ID} className="card">
              <h3>{rx.Drug}</h3>
              <dl className="section-facts">
                {rx.Directions ? (
                  <div>
                    <dt>Directions</dt>
                    <dd>{rx.Directions}</dd>
                  </div>
                ) : null}
                {rx.Qty !== null && rx.Qty !== undefined ? (
                  <div>
                    <dt>Quantity</dt>
                    <dd>{rx.Qty}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Status</dt>
                  <dd>{rx.Status ?? status}</dd>
                </div>
                {rx.PrescriberName ? (
                  <div>
                    <dt>Prescribed by</dt>
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
  if (rooms.kind === 'paid')
    return (
      <p className="muted">
        Refill requests go to the clinic as an e-consult, and e-consults in {rooms.room.name} are paid
        {rooms.price ? ` (${rooms.price})` : ''}. To ask for a refill,{' '}
        <Link to={paths.patient.intakeStart(rooms.room.code, 'econsult')}>start an e-consult</Link> and name
        the medicine, or call the clinic.
      </p>
    );
  if (rooms.kind === 'none')
    return (
      <p className="muted">
        This clinic doesn’t take refill requests online. To ask for a refill, call the clinic or ask your
        pharmacy to contact the prescriber.
      </p>
    );
  return null;
}

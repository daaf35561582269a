import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { erxQueries } from '@/api/erx/queries';
import { DEFAULT_PRESCRIPTION_STATUS } from '@/api/erx/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';

/** Statuses the list can be filtered by; `Current` is what the spec says to send by default. */
const STATUSES = [
  { value: 'Current', label: 'Current' },
  { value: 'Completed', label: 'Completed' },
  { value: 'Discontinued', label: 'Discontinued' },
];

/** Prescriptions (spec 4.9): drug, directions, quantity, status and prescriber. */
export function PrescriptionsList({ userId, heading }: { userId: string; heading: string }) {
  const [status, setStatus] = useState(DEFAULT_PRESCRIPTION_STATUS);
  const list = useQuery(erxQueries.prescriptions(userId, status));
  const selectId = useId();
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
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { insuranceQueries } from '@/api/insurance/queries';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { matchOptions } from './insurer-combobox';

type ListKey = 'dxs' | 'procedures' | 'billing_modifiers' | 'insurers' | 'carriers';
const LISTS: { key: ListKey; label: string }[] = [
  { key: 'dxs', label: 'Diagnoses' },
  { key: 'procedures', label: 'Procedures' },
  { key: 'billing_modifiers', label: 'Billing modifiers' },
  { key: 'insurers', label: 'Insurers' },
  { key: 'carriers', label: 'Carriers' },
];

interface Row {
  code: string;
  text: string;
}

function useList(key: ListKey) {
  const dxs = useQuery({ ...insuranceQueries.diagnoses(), enabled: key === 'dxs' });
  const procedures = useQuery({
    ...insuranceQueries.billingReference('procedures'),
    enabled: key === 'procedures',
  });
  const modifiers = useQuery({
    ...insuranceQueries.billingReference('billing_modifiers'),
    enabled: key === 'billing_modifiers',
  });
  const insurers = useQuery({ ...insuranceQueries.insurers(), enabled: key === 'insurers' });
  const carriers = useQuery({ ...insuranceQueries.carriers(), enabled: key === 'carriers' });
  const query = { dxs, procedures, billing_modifiers: modifiers, insurers, carriers }[key];
  const rows = useMemo<Row[]>(() => {
    switch (key) {
      case 'dxs':
        return (dxs.data ?? []).map((d) => ({ code: d.code, text: d.description ?? '' }));
      case 'carriers':
        return (carriers.data ?? []).map((c) => ({ code: c.code, text: c.name }));
      case 'insurers':
        return (insurers.data ?? []).map((i) => ({ code: i.id, text: i.text }));
      case 'procedures':
        return (procedures.data ?? []).map((p) => ({ code: p.id, text: p.description ?? p.text }));
      case 'billing_modifiers':
        return (modifiers.data ?? []).map((p) => ({ code: p.id, text: p.description ?? p.text }));
    }
  }, [key, dxs.data, procedures.data, modifiers.data, insurers.data, carriers.data]);
  return {
    rows,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

const ROW = 40;

/** Billing reference lists for admins: pick a list, search by code or words, scroll (virtualised). */
export function ReferenceLists() {
  const [list, setList] = useState<ListKey>('dxs');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const data = useList(list);
  const haystack = useMemo(() => data.rows.map((r) => `${r.code} ${r.text}`.toLowerCase()), [data.rows]);
  const matches = useMemo(() => matchOptions(haystack, deferred), [haystack, deferred]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  const selectId = useId();
  const searchId = useId();
  const label = LISTS.find((l) => l.key === list)?.label ?? '';

  return (
    <div className="card">
      <div className="form-grid">
        <div className="field">
          <label htmlFor={selectId}>List</label>
          <select id={selectId} value={list} onChange={(e) => setList(e.target.value as ListKey)}>
            {LISTS.map((l) => (
              <option key={l.key} value={l.key}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={searchId}>Search by code or words</label>
          <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      {data.isPending ? <Spinner label={`Loading ${label.toLowerCase()}…`} /> : null}
      <QueryError query={data} />
      {!data.isPending && !data.isError ? (
        <>
          <p role="status" aria-live="polite">
            {matches.length} of {data.rows.length} {label.toLowerCase()}
          </p>
          <div
            ref={scrollRef}
            role="list"
            aria-label={label}
            tabIndex={0}
            style={{ maxHeight: 480, overflowY: 'auto', position: 'relative' }}
          >
            <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = data.rows[matches[item.index] ?? -1];
                if (!row) return null;
                return (
                  <div
                    key={row.code}
                    role="listitem"
                    aria-setsize={matches.length}
                    aria-posinset={item.index + 1}
                    style={{
                      position: 'absolute',
                      top: 0,
                      insetInline: 0,
                      height: ROW,
                      transform: `translateY(${item.start}px)`,
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    <strong>{row.code}</strong> {row.text}
                  </div>
                );
              })}
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}

import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { insuranceQueries } from '@/api/insurance/queries';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { i18n } from '@/lib/i18n';
import { matchOptions } from './insurer-combobox';

type ListKey = 'dxs' | 'procedures' | 'billing_modifiers' | 'insurers' | 'carriers';
const LISTS: { key: ListKey; label: MessageDescriptor }[] = [
  { key: 'dxs', label: msg`Diagnoses` },
  { key: 'procedures', label: msg`Procedures` },
  { key: 'billing_modifiers', label: msg`Billing modifiers` },
  { key: 'insurers', label: msg`Insurers` },
  { key: 'carriers', label: msg`Carriers` },
];

/** "Loading diagnoses…" and "12 of 500 diagnoses", each a whole sentence per list. */
function listWords(key: ListKey, shown: number, total: number) {
  switch (key) {
    case 'dxs':
      return { loading: t`Loading diagnoses…`, count: t`${shown} of ${total} diagnoses` };
    case 'procedures':
      return { loading: t`Loading procedures…`, count: t`${shown} of ${total} procedures` };
    case 'billing_modifiers':
      return { loading: t`Loading billing modifiers…`, count: t`${shown} of ${total} billing modifiers` };
    case 'insurers':
      return { loading: t`Loading insurers…`, count: t`${shown} of ${total} insurers` };
    case 'carriers':
      return { loading: t`Loading carriers…`, count: t`${shown} of ${total} carriers` };
  }
}

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
  const listLabel = LISTS.find((l) => l.key === list)?.label;
  const label = listLabel ? i18n._(listLabel) : '';
  const words = listWords(list, matches.length, data.rows.length);

  return (
    <div className="card">
      <div className="form-grid">
        <div className="field">
          <label htmlFor={selectId}>
            <Trans>List</Trans>
          </label>
          <select id={selectId} value={list} onChange={(e) => setList(e.target.value as ListKey)}>
            {LISTS.map((l) => (
              <option key={l.key} value={l.key}>
                {i18n._(l.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={searchId}>
            <Trans>Search by code or words</Trans>
          </label>
          <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      {data.isPending ? <Spinner label={words.loading} /> : null}
      <QueryError query={data} />
      {!data.isPending && !data.isError ? (
        <>
          <p role="status" aria-live="polite">
            {words.count}
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

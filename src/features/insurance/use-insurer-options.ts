import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { insuranceQueries } from '@/api/insurance/queries';
import type { InsurerOption } from './insurer-combobox';

/** Insurers and carriers in one list for the search: the code is stored, the name shown. */
export function useInsurerOptions() {
  const insurers = useQuery(insuranceQueries.insurers());
  const carriers = useQuery(insuranceQueries.carriers());
  const options = useMemo<InsurerOption[]>(() => {
    const out: InsurerOption[] = [];
    for (const i of insurers.data ?? []) out.push({ code: i.id, name: i.text, detail: t`Insurer` });
    for (const c of carriers.data ?? []) {
      const a = c.billing_system?.address;
      const where = [a?.city, a?.state].filter(Boolean).join(', ');
      out.push({ code: c.code, name: c.name, detail: where ? t`Carrier, ${where}` : t`Carrier` });
    }
    return out;
  }, [insurers.data, carriers.data]);
  const byCode = useMemo(() => new Map(options.map((o) => [o.code, o])), [options]);
  return {
    options,
    nameOf: (code: string | null | undefined) => (code ? (byCode.get(code)?.name ?? code) : '—'),
    isPending: insurers.isPending || carriers.isPending,
    isError: insurers.isError || carriers.isError,
    refetch: () => {
      void insurers.refetch();
      void carriers.refetch();
    },
  };
}

import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSubmit, useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import {
  getPharmacySearch,
  PharmacySearchUnavailable,
  type PharmacySearchResult,
} from '@/lib/pharmacy-search';
import { formatPhone, pharmacyAddress } from './format';

const SearchSchema = z.object({
  text: z
    .string()
    .trim()
    .min(2, { error: () => t`Type at least two letters of a pharmacy name or city, or a ZIP code.` })
    .max(80, { error: () => t`Keep the search under 80 characters.` }),
});
type SearchValues = z.infer<typeof SearchSchema>;

/**
 * Finds pharmacies through the configured search provider (lib/pharmacy-search) by name, city or
 * ZIP, nearest to the patient first. `onChoose` receives the provider's result as it came.
 */
export function PharmacyFinder({
  originZip,
  onChoose,
  chooseLabel,
}: {
  originZip: string | null | undefined;
  onChoose: (result: PharmacySearchResult, type: string) => Promise<void> | void;
  chooseLabel?: string;
}) {
  const form = useForm<SearchValues>({ resolver: zodResolver(SearchSchema), defaultValues: { text: '' } });
  const [results, setResults] = useState<PharmacySearchResult[] | null>(null);
  const [searched, setSearched] = useState('');
  const [choosing, setChoosing] = useState<string | null>(null);
  const search = getPharmacySearch();
  const choose =
    chooseLabel ?? t({ message: 'Choose', context: 'button: picks a pharmacy found by the search' });
  const count = results?.length ?? 0;
  const zip = originZip;

  const submit = useSubmit({
    form,
    action: async ({ text }) => {
      const found = await search.search({ text, originZip, limit: 20 });
      setResults(found);
      setSearched(text);
    },
    failure: (error) =>
      error instanceof PharmacySearchUnavailable
        ? error.message
        : t`We could not search for pharmacies just now. Please try again.`,
  });

  // One choice at a time: the row being saved shows it, and other rows wait.
  const choice = useSingleFlight(async (result: PharmacySearchResult) => {
    setChoosing(result.id);
    try {
      await onChoose(result, search.type);
    } finally {
      setChoosing(null);
    }
  });

  return (
    <div className="pharmacy-finder">
      <FormProvider {...form}>
        <form noValidate role="search" aria-label={t`Find a pharmacy`} onSubmit={submit.onSubmit}>
          <TextField<SearchValues>
            name="text"
            label={t`Pharmacy name, city or ZIP code`}
            hint={zip ? t`Distances are from your ZIP code, ${zip}.` : undefined}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" isBusy={submit.isBusy} busyLabel={t`Searching…`}>
            <Trans context="button: searches for pharmacies">Search</Trans>
          </Button>
        </form>
      </FormProvider>
      <FormError message={submit.formError} />
      <div role="status" aria-live="polite" className="finder-status">
        {results === null
          ? null
          : results.length === 0
            ? t`No pharmacies found for “${searched}”. Try a nearby ZIP code or the city name.`
            : t`${plural(count, { one: '# pharmacy', other: '# pharmacies' })} found for “${searched}”.`}
      </div>
      {results && results.length > 0 ? (
        <ul className="result-list" aria-label={t`Pharmacies found`}>
          {results.map((result) => {
            const phone = formatPhone(result.phone);
            const miles = result.distance !== null ? result.distance.toFixed(1) : '';
            return (
              <li key={result.id} className="card">
                <h3>{result.name}</h3>
                <p>{pharmacyAddress(result)}</p>
                <p>
                  {t`Phone ${phone}`}
                  {miles ? <> · {t`${miles} miles away`}</> : ''}
                </p>
                <Button
                  variant="secondary"
                  isBusy={choosing === result.id}
                  busyLabel={t`Saving…`}
                  aria-label={`${choose} ${result.name}, ${result.address}`}
                  onClick={() => void choice.run(result)}
                >
                  {choose}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

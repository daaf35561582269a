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
    .min(2, 'Type at least two letters of a pharmacy name or city, or a ZIP code.')
    .max(80, 'Keep the search under 80 characters.'),
});
type SearchValues = z.infer<typeof SearchSchema>;

/**
 * Finds pharmacies through the configured search provider (lib/pharmacy-search) by name, city or
 * ZIP, nearest to the patient first. `onChoose` receives the provider's result as it came.
 */
export function PharmacyFinder({
  originZip,
  onChoose,
  chooseLabel = 'Choose',
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
        : 'We could not search for pharmacies just now. Please try again.',
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
        <form noValidate role="search" aria-label="Find a pharmacy" onSubmit={submit.onSubmit}>
          <TextField<SearchValues>
            name="text"
            label="Pharmacy name, city or ZIP code"
            hint={originZip ? `Distances are from your ZIP code, ${originZip}.` : undefined}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" isBusy={submit.isBusy} busyLabel="Searching…">
            Search
          </Button>
        </form>
      </FormProvider>
      <FormError message={submit.formError} />
      <div role="status" aria-live="polite" className="finder-status">
        {results === null
          ? null
          : results.length === 0
            ? `No pharmacies found for “${searched}”. Try a nearby ZIP code or the city name.`
            : `${results.length} ${results.length === 1 ? 'pharmacy' : 'pharmacies'} found for “${searched}”.`}
      </div>
      {results && results.length > 0 ? (
        <ul className="result-list" aria-label="Pharmacies found">
          {results.map((result) => (
            <li key={result.id} className="card">
              <h3>{result.name}</h3>
              <p>{pharmacyAddress(result)}</p>
              <p>
                {`Phone ${formatPhone(result.phone)}`}
                {result.distance !== null ? ` · ${result.distance.toFixed(1)} miles away` : ''}
              </p>
              <Button
                variant="secondary"
                isBusy={choosing === result.id}
                busyLabel="Saving…"
                aria-label={`${chooseLabel} ${result.name}, ${result.address}`}
                onClick={() => void choice.run(result)}
              >
                {chooseLabel}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

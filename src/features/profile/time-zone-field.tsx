import { memo, useId, useMemo, useState } from 'react';
import { useFormContext, useWatch, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '@/components/ui/field';
import { formatTime, isValidTimeZone, listTimeZones, zoneLabel } from '@/lib/dates';

/** Every zone the browser knows, plus UTC (which Intl lists under no region). */
export function timeZoneOptions(): string[] {
  const zones = listTimeZones();
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** Several hundred options: rendered once, not on every keystroke in the field. */
const ZoneOptions = memo(function ZoneOptions({ id, zones }: { id: string; zones: string[] }) {
  return (
    <datalist id={id}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});

/**
 * A searchable time zone input: the browser's own combobox over the IANA names (`<input list>`),
 * validated by the form schema, with a preview of the current time in the chosen zone.
 */
export function TimeZoneField<T extends FieldValues>({ name, label }: { name: Path<T>; label: string }) {
  const listId = useId();
  const zones = useMemo(() => timeZoneOptions(), []);
  const { control } = useFormContext<T>();
  const value = useWatch({ control, name }) as unknown;
  // The preview needs no ticking: the minute it shows when the page opened is enough.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const preview =
    typeof value === 'string' && isValidTimeZone(value)
      ? `${formatTime(now, value)} ${zoneLabel(now, value)}`
      : null;
  return (
    <>
      <TextField<T>
        name={name}
        label={label}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        hint={
          <>
            Type part of a city or region (for example New_York or Paris) and pick from the list. Every time
            in the portal is shown in this zone.
            {preview ? <> It is now {preview} there.</> : null}
          </>
        }
        required
      />
      <ZoneOptions id={listId} zones={zones} />
    </>
  );
}

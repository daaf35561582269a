import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { formatTime, isValidTimeZone, zoneInWords } from '@/lib/dates';
import { deviceZone, listedZoneName, timeZoneOptions, zoneOption } from './time-zone-options';

/**
 * The profile's time zone, chosen by city, country or region in words ("New York — Eastern Time
 * (UTC−5)"), with this device's zone one tap away. The form holds the IANA name the API takes;
 * the patient never sees it. The full list (several hundred zones, each named through Intl) is
 * built while the page is idle, or when the box is first focused, not on the first render.
 */
export function TimeZoneField<T extends FieldValues>({ name, label }: { name: Path<T>; label: string }) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name, control });
  // The offsets and the preview need no ticking: the hour the page opened is enough.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const [isListWanted, setListWanted] = useState(false);
  const [deviceChosen, setDeviceChosen] = useState(false);

  useEffect(() => {
    const idle = (window as { requestIdleCallback?: (run: () => void) => number }).requestIdleCallback;
    if (idle) {
      const handle = idle(() => timeZoneOptions(now));
      return () => (window as { cancelIdleCallback?: (handle: number) => void }).cancelIdleCallback?.(handle);
    }
    const handle = window.setTimeout(() => timeZoneOptions(now), 500);
    return () => window.clearTimeout(handle);
  }, [now]);

  const raw: unknown = field.value;
  const value = typeof raw === 'string' && isValidTimeZone(raw) ? listedZoneName(raw) : '';
  const all = useMemo(() => (isListWanted ? timeZoneOptions(now) : null), [isListWanted, now]);
  const chosen = useMemo(
    () => (value ? (all?.find((o) => o.value === value) ?? zoneOption(value, now)) : undefined),
    [all, value, now],
  );
  const options = all ?? (chosen ? [chosen] : []);
  const device = deviceZone();
  const isDevice = value !== '' && value === device;

  // A refusal of the zone by the server names the API's identifiers; the patient reads this instead.
  const error =
    fieldState.error?.type === 'server'
      ? t`The clinic could not use this time zone. Choose another from the list, or use this device’s time zone.`
      : (fieldState.error?.message ?? undefined);
  const time = value ? formatTime(now, value) : '';
  const deviceName = zoneInWords(device);
  const chosenLabel = chosen?.label ?? '';

  return (
    <div className="zone-field">
      <Combobox
        label={label}
        required
        name={field.name}
        inputRef={field.ref}
        options={options}
        value={chosen?.value ?? ''}
        valueLabel={chosen?.label}
        onChange={(next) => {
          setDeviceChosen(false);
          field.onChange(next);
        }}
        onBlur={field.onBlur}
        onFocus={() => setListWanted(true)}
        error={error}
        noMatches={(typed) =>
          t`No time zone matches “${typed}”. Try the nearest big city, your country or a region such as Europe.`
        }
        hint={
          <>
            <Trans>
              Type a city, a country or a name such as “Eastern”, then choose from the list. Every time in the
              portal is shown in this zone.
            </Trans>
            {value ? (
              <>
                {' '}
                <Trans>It is now {time} there.</Trans>
              </>
            ) : null}
          </>
        }
      />
      <Button
        variant="secondary"
        className="zone-device"
        onClick={() => {
          field.onChange(device);
          setDeviceChosen(true);
        }}
      >
        <Trans>Use this device’s time zone ({deviceName})</Trans>
      </Button>
      <p className="field-hint" role="status">
        {deviceChosen && isDevice && chosen
          ? t`Chosen: ${chosenLabel}.`
          : isDevice
            ? t`This is the time zone of this device.`
            : ''}
      </p>
    </div>
  );
}

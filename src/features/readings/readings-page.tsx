import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { TZDate } from '@date-fns/tz';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useRegisterDevice, useSubmitMeasurement } from '@/api/health/mutations';
import {
  DeviceTypeSchema,
  isKnownDeviceType,
  type Device,
  type DeviceType,
} from '@telehealth/client/health/schemas';

/** A registered device whose type code this page has readings for. */
type KnownDevice = Device & { type: DeviceType };
import { fieldRefusal, isApiError } from '@telehealth/client/errors';
import { useSubmit } from '@/components/form';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormError, RadioGroupField, SelectField, TextField } from '@/components/ui/field';
import { formatDateTime, zoneInWords } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import {
  converted,
  deviceLabel,
  kindConfig,
  measurementValues,
  portalDevice,
  READING_KINDS,
  say,
  unitLabel,
  unitOf,
} from './kinds';
import { DeviceForm } from './device-form';
import type { Reading } from './history';
import { ReadingHistory } from './reading-history';
import { readingSchema, refusedField, secondsAt, type ReadingValues } from './reading-form-schema';

interface SentReading {
  id: string;
  text: string;
  other: string | null;
  device: string;
  at: number;
  /** The same reading for the charts. */
  reading: Reading;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "Measured with" values of devices the patient registered: the prefix keeps them apart from types. */
const OWN = 'own:';
const nowSeconds = () => Math.floor(Date.now() / 1000);

function nowFields(zone: string): Pick<ReadingValues, 'date' | 'time'> {
  const d = new TZDate(Date.now(), zone);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/**
 * Health readings (spec 4.11): the patient types a reading from a device (blood pressure, weight,
 * glucose, temperature, oxygen, heart rate, steps, active minutes) in the unit the device shows;
 * it is checked for plausibility, then sent as entered with `POST /health`. The portal registers a
 * device per device type for typed readings (`POST /users/-/devices`) before the first one. The
 * spec cannot read readings back, so the page lists what was sent from it now, and says so; the same
 * readings are charted by kind in the order they were taken (a diary copied in shows its trend).
 */
export function ReadingsPage() {
  const zone = useViewerTimeZone();
  const schema = useMemo(() => readingSchema(zone, nowSeconds), [zone]);
  const form = useForm<ReadingValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      kind: 'bp',
      unit: 'mmHg',
      device: 'blood_pressure_monitor',
      first: '',
      second: '',
      ...nowFields(zone),
    },
  });
  const registerDevice = useRegisterDevice();
  const sendMeasurement = useSubmitMeasurement();
  const registered = useRef(new Set<DeviceType>());
  const [ownDevices, setOwnDevices] = useState<KnownDevice[]>([]);
  const [sent, setSent] = useState<SentReading[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const kind = useWatch({ control: form.control, name: 'kind' });
  const unit = useWatch({ control: form.control, name: 'unit' });
  const device = useWatch({ control: form.control, name: 'device' });
  const config = kindConfig(kind);
  const deviceOptions = useMemo(
    () => [
      ...config.devices.map((d) => ({ value: d, label: deviceLabel(d) })),
      ...ownDevices
        .filter((d) => config.devices.includes(d.type))
        .map((d) => ({
          value: `${OWN}${d.device_id}`,
          label: `${d.device_name ?? d.device_id} (${deviceLabel(d.type)})`,
        })),
    ],
    [config, ownDevices],
  );
  const sentHeadingId = useId();
  const history = useMemo(() => sent.map((s) => s.reading), [sent]);

  // A new kind starts with empty values (a weight is no systolic) and its own units and devices; a
  // choice that no longer fits moves to the usual one.
  const shownKind = useRef(kind);
  useEffect(() => {
    if (shownKind.current !== kind) {
      shownKind.current = kind;
      form.setValue('first', '');
      form.setValue('second', '');
      form.setValue('unit', config.units[0]?.value ?? '');
      form.setValue('device', config.devices[0] ?? '');
      form.clearErrors(['first', 'second']);
      return;
    }

    if (!config.units.some((u) => u.value === unit)) form.setValue('unit', config.units[0]?.value ?? '');
    if (!deviceOptions.some((d) => d.value === device)) form.setValue('device', config.devices[0] ?? '');
  }, [kind, config, unit, device, deviceOptions, form]);

  const refused = useRef<'first' | 'second' | null>(null);
  const send = async (values: ReadingValues) => {
    setAnnouncement('');
    const chosen = kindConfig(values.kind);
    const own = ownDevices.find((d) => `${OWN}${d.device_id}` === values.device);
    const type = own ? own.type : DeviceTypeSchema.parse(values.device);
    const deviceId = own ? own.device_id : portalDevice(type).device_id;
    const first = Number(values.first.trim().replace(',', '.'));
    const second = chosen.second ? Number(values.second.trim().replace(',', '.')) : null;
    const at = secondsAt(values.date, values.time, zone) ?? Math.floor(Date.now() / 1000);
    try {
      if (!own && !registered.current.has(type)) {
        await registerDevice.mutateAsync(portalDevice(type));
        registered.current.add(type);
      }
      const result = await sendMeasurement.mutateAsync({
        type,
        date: values.date,
        time: at,
        device_id: deviceId,
        data_type: chosen.kind,
        data_class: 'body',
        ...measurementValues(chosen, values.unit, first, second),
      });
      const unitName = unitLabel(unitOf(chosen, values.unit));
      const numbers = second === null ? [first] : [first, second];
      const text = `${say(chosen.label)}: ${numbers.join('/')} ${unitName}`;
      const deviceWords = own ? `${own.device_name ?? own.device_id}` : deviceLabel(type);
      setSent((list) => [
        {
          id: String(result.id),
          text,
          other: converted(chosen, values.unit, numbers),
          device: deviceWords,
          at,
          reading: {
            id: String(result.id),
            kind: chosen.kind,
            unit: values.unit,
            values: numbers,
            at,
            device: deviceWords,
          },
        },
        ...list,
      ]);
      setAnnouncement(t`Sent. ${text}.`);
      form.reset({ ...values, first: '', second: '', ...nowFields(zone) });
    } catch (error) {
      // The refusal names the reading in the sentence ("this weight: …"), which a field label cannot.
      const refusal = fieldRefusal(error);
      const field = refusal ? refusedField(refusal.path) : null;
      if (!refusal || !field) throw error;
      const label = say(field === 'second' ? (chosen.second ?? chosen.first) : chosen.first);
      const measure = label.toLowerCase();
      const reason = refusal.text;
      form.setError(field, {
        message: t`The clinic could not accept this ${measure}: ${reason}.`,
      });
      // Focus moves there once the form is enabled again (a disabled field cannot take it).
      refused.current = field;
    }
  };
  const submit = useSubmit({
    form,
    action: send,
    failure: (error) => {
      const problem = isApiError(error) ? error.userMessage : t`Something went wrong while sending.`;
      return t`${problem} Your reading is still here; press Send reading to try again.`;
    },
  });
  const busy = submit.isBusy;
  useEffect(() => {
    if (busy || !refused.current) return;
    form.setFocus(refused.current);
    refused.current = null;
  }, [busy, form]);
  const zoneName = zoneInWords(zone);
  return (
    <Page title={t`Health readings`}>
      <p className="page-intro">
        <Trans>
          Send your care team a reading from a home device. Enter it in the unit your device shows: it is sent
          as you enter it.
        </Trans>
      </p>
      <FormProvider {...form}>
        <form noValidate aria-label={t`Send a reading`} onSubmit={submit.onSubmit}>
          <fieldset disabled={busy} className="plain-fieldset">
            <SelectField<ReadingValues>
              name="kind"
              label={t`What are you sending?`}
              options={READING_KINDS.map((k) => ({ value: k.kind, label: say(k.label) }))}
            />
            <TextField<ReadingValues>
              name="first"
              label={say(config.first)}
              inputMode="decimal"
              autoComplete="off"
              required
            />
            {config.second ? (
              <TextField<ReadingValues>
                name="second"
                label={say(config.second)}
                inputMode="decimal"
                autoComplete="off"
                required
              />
            ) : null}
            {config.units.length > 1 ? (
              <RadioGroupField<ReadingValues>
                name="unit"
                label={t`Unit`}
                options={config.units.map((u) => ({ value: u.value, label: unitLabel(u) }))}
              />
            ) : null}
            <SelectField<ReadingValues> name="device" label={t`Measured with`} options={deviceOptions} />
            <TextField<ReadingValues> name="date" label={t`Day taken`} type="date" required />
            <TextField<ReadingValues> name="time" label={t`Time taken (${zoneName})`} type="time" required />
          </fieldset>
          <FormError message={submit.formError} />
          <div className="form-actions">
            <Button type="submit" isBusy={busy} busyLabel={t`Sending…`}>
              <Trans>Send reading</Trans>
            </Button>
          </div>
        </form>
      </FormProvider>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <section aria-labelledby={sentHeadingId}>
        <h2 id={sentHeadingId}>
          <Trans>Sent from this page</Trans>
        </h2>
        <p>
          <Trans>
            The clinic keeps your readings, but this portal cannot show readings sent earlier or from other
            apps. This list and the charts below show what you send now, until you leave the page. Copying
            readings from a diary? Enter the day and time you took each one: the charts put them in order.
          </Trans>
        </p>
        {sent.length === 0 ? (
          <p>
            <Trans>Nothing sent yet.</Trans>
          </p>
        ) : (
          <ul className="result-list" aria-label={t`Readings sent`}>
            {sent.map((r) => {
              const taken = formatDateTime(r.at, zone);
              return (
                <li key={r.id}>
                  <strong>{r.text}</strong>
                  {r.other ? ` (${r.other})` : null} · {r.device} ·{' '}
                  <Trans context="a reading: taken at a time">taken {taken}</Trans>
                </li>
              );
            })}
          </ul>
        )}
        <ReadingHistory readings={history} zone={zone} />
      </section>
      <DeviceForm
        onRegistered={(added) =>
          setOwnDevices((list) => {
            const rest = list.filter((d) => d.device_id !== added.device_id);
            // A code this page has no readings for (the spec omits the real codes) is not offered.
            const type = added.type;
            return isKnownDeviceType(type) ? [...rest, { ...added, type }] : rest;
          })
        }
      />
    </Page>
  );
}

import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useRegisterDevice } from '@/api/health/mutations';
import { DEVICE_TYPES, type Device } from '@telehealth/client/health/schemas';
import { isApiError } from '@telehealth/client/errors';
import { useSubmit } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError, SelectField, TextField } from '@/components/ui/field';
import { deviceLabel } from './kinds';

const DeviceFormSchema = z.object({
  device_name: z
    .string()
    .trim()
    .min(1, { error: () => t`Give the device a name you will recognise, such as “Bathroom scale”.` })
    .max(60, { error: () => t`Keep the name under 60 characters.` }),
  type: z.enum(DEVICE_TYPES, { error: () => t`Choose what kind of device it is.` }),
  device_id: z
    .string()
    .trim()
    .min(1, { error: () => t`Enter the serial number or ID printed on the device or shown in its app.` })
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, {
      error: () => t`Use only letters, digits, dots, dashes and colons (up to 64).`,
    }),
});
type DeviceFormValues = z.input<typeof DeviceFormSchema>;

/**
 * Registers a home device (`POST /users/-/devices`); the spec cannot list devices, so the page keeps
 * the ones registered during this visit and offers them under "Measured with".
 */
export function DeviceForm({ onRegistered }: { onRegistered: (device: Device) => void }) {
  const form = useForm<DeviceFormValues>({
    resolver: zodResolver(DeviceFormSchema),
    defaultValues: { device_name: '', type: 'body_scale', device_id: '' },
  });
  const register = useRegisterDevice();
  const [done, setDone] = useState('');
  const headingId = useId();
  const submit = useSubmit({
    form,
    action: async (values) => {
      setDone('');
      const input = DeviceFormSchema.parse(values);
      const device = await register.mutateAsync(input);
      onRegistered({ ...device, device_name: device.device_name ?? input.device_name });
      const name = input.device_name;
      setDone(t`${name} is registered. Choose it under “Measured with”.`);
      form.reset({ device_name: '', type: values.type, device_id: '' });
    },
    failure: (error) => {
      const problem = isApiError(error) ? error.userMessage : t`Something went wrong.`;
      return t`${problem} What you typed is still here; press Register device to try again.`;
    },
  });
  const busy = submit.isBusy;
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>
        <Trans>Register a home device</Trans>
      </h2>
      <p>
        <Trans>Optional: register a device so your readings say which one took them.</Trans>
      </p>
      <FormProvider {...form}>
        <form noValidate aria-labelledby={headingId} onSubmit={submit.onSubmit}>
          <fieldset disabled={busy} className="plain-fieldset">
            <TextField<DeviceFormValues>
              name="device_name"
              label={t`Device name`}
              autoComplete="off"
              required
            />
            <SelectField<DeviceFormValues>
              name="type"
              label={t`Kind of device`}
              options={DEVICE_TYPES.map((type) => ({ value: type, label: deviceLabel(type) }))}
            />
            <TextField<DeviceFormValues>
              name="device_id"
              label={t`Serial number or ID`}
              autoComplete="off"
              required
            />
          </fieldset>
          <FormError message={submit.formError} />
          <div className="form-actions">
            <Button type="submit" variant="secondary" isBusy={busy} busyLabel={t`Registering…`}>
              <Trans>Register device</Trans>
            </Button>
          </div>
          <p role="status">{done}</p>
        </form>
      </FormProvider>
    </section>
  );
}

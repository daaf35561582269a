import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@telehealth/client/errors';
import { FormError, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { useSubmit } from './use-submit';

interface Values {
  phone: string;
  note: string;
}

/** A form whose server answers after `delay` ms, with `answer` (nothing, or an error to throw). */
function PhoneForm({ send }: { send: (values: Values) => Promise<void> }) {
  const form = useForm<Values>({ defaultValues: { phone: '', note: '' } });
  const submit = useSubmit({
    form,
    action: send,
    fields: { pcp_phone: { name: 'phone', label: 'Phone' } },
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit.onSubmit}>
        <FormError message={submit.formError} />
        <fieldset disabled={submit.isBusy}>
          <TextField<Values> name="phone" label="Phone" />
          <TextField<Values> name="note" label="Note" />
          <Button type="submit" isBusy={submit.isBusy} busyLabel="Saving…">
            Save
          </Button>
        </fieldset>
      </form>
    </FormProvider>
  );
}

const refusal = (message: string) => new ApiError({ kind: 'http', status: 400, serverMessage: message });

describe('useSubmit', () => {
  it('sends once for a double click and Enter, and is busy until the answer comes', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const sent: Values[] = [];
    render(
      <PhoneForm
        send={(values) => {
          sent.push(values);
          return new Promise<void>((resolve) => (release = resolve));
        }}
      />,
    );
    await user.type(screen.getByLabelText('Phone'), '5551234567');
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(sent).toEqual([{ phone: '5551234567', note: '' }]);
  });

  it('puts the server refusal of a named field on that field, focused, and keeps every answer', async () => {
    const user = userEvent.setup();
    render(<PhoneForm send={() => Promise.reject(refusal('pcp_phone: must be exactly 10 digits'))} />);
    await user.type(screen.getByLabelText('Phone'), '555');
    await user.type(screen.getByLabelText('Note'), 'after lunch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Phone must be exactly 10 digits.'));
    expect(phone).toHaveValue('555');
    expect(screen.getByLabelText('Note')).toHaveValue('after lunch');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure once for the whole form, in safe words, and clears it on the next try', async () => {
    const user = userEvent.setup();
    let fail = true;
    render(
      <PhoneForm
        send={() =>
          fail
            ? Promise.reject(new ApiError({ kind: 'http', status: 503, serverMessage: '<b>boom</b>' }))
            : Promise.resolve()
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic is having trouble right now.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('boom');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('treats a refusal of a field the form does not have as a form-level message', async () => {
    const user = userEvent.setup();
    render(<PhoneForm send={() => Promise.reject(refusal('email: is already taken'))} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).not.toHaveAccessibleDescription(expect.stringContaining('taken'));
  });
});

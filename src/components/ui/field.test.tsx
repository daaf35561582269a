import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { firstErrorPath, TextField, useFocusWhenEnabled } from './field';

interface Values {
  name: string;
  dose: string;
}

/** A resolver that answers a moment later, as an async schema check does under load. */
const slowResolver: Resolver<Values> = async (values): Promise<ResolverResult<Values>> => {
  await new Promise((resolve) => setTimeout(resolve, 30));
  if (values.dose) return { values, errors: {} };
  return { values: {}, errors: { dose: { type: 'required', message: 'Enter the dose.' } } };
};

function DoseForm({ refuseOnServer = false }: { refuseOnServer?: boolean }) {
  const form = useForm<Values>({ resolver: slowResolver, defaultValues: { name: 'Ibuprofen', dose: '' } });
  const { onInvalid, focusLater } = useFocusWhenEnabled(form);
  const busy = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(async () => {
            // The server's answer takes a moment, and names the field it refused.
            await new Promise((resolve) => setTimeout(resolve, 20));
            if (refuseOnServer) focusLater('name');
          }, onInvalid)(event)
        }
      >
        <fieldset disabled={busy}>
          <TextField<Values> name="name" label="Medicine" />
          <TextField<Values> name="dose" label="Dose" />
          <button type="submit">Save</button>
        </fieldset>
      </form>
    </FormProvider>
  );
}

describe('useFocusWhenEnabled', () => {
  it('puts focus on the first refused field once a disabled form is enabled again', async () => {
    const user = userEvent.setup();
    render(<DoseForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the dose.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Dose/ })).toHaveFocus());
  });

  it('focuses a field the server refused once the submit is over', async () => {
    const user = userEvent.setup();
    render(<DoseForm refuseOnServer />);
    await user.type(screen.getByRole('textbox', { name: /^Dose/ }), '9000 mg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Medicine/ })).toHaveFocus());
  });
});

describe('firstErrorPath', () => {
  it('finds a row inside a list, skipping rows without errors', () => {
    const errors = { entries: [undefined, { value: { type: 'too_small', message: 'Row 2 is empty.' } }] };
    expect(firstErrorPath(errors)).toBe('entries.1.value');
  });

  it('keeps the order the errors were reported in', () => {
    const errors = {
      values: { drinks: { type: 'custom', message: 'Enter a number.' } },
      answer: { type: 'custom', message: 'Choose one.' },
    };
    expect(firstErrorPath(errors)).toBe('values.drinks');
  });

  it('is null when nothing names a field', () => {
    expect(firstErrorPath({})).toBeNull();
  });
});

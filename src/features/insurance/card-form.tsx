import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useEffect, useState } from 'react';
import { fieldRefusal } from '@/api/errors';
import { useSaveInsuranceCard } from '@/api/insurance/mutations';
import type { InsuranceAuth, InsuranceCard, InsuranceCardType } from '@/api/insurance/schemas';
import { Button } from '@/components/ui/button';
import {
  CheckboxField,
  FormError,
  RadioGroupField,
  SelectField,
  TextField,
  useFocusWhenEnabled,
} from '@/components/ui/field';
import {
  CARD_LABELS,
  CARD_TYPE_LABEL,
  CardFormSchema,
  GENDERS,
  RESPONSIBLE_PARTIES,
  cardDefaults,
  cardFieldOf,
  toCardInput,
  todayIso,
  type CardFormInput,
  type CardFormValues,
} from './card-form-schema';
import { InsurerCombobox } from './insurer-combobox';
import { useInsurerOptions } from './use-insurer-options';

/**
 * Adds or edits one card (POST /users/{id}/insurances/{card_type}). Every field of spec 2.11;
 * checked here first, and a server refusal about one field lands on that field. While saving
 * the fieldset is disabled and the button busy, so one click sends one request; on failure
 * everything typed stays.
 */
export function CardForm({
  userId,
  cardType,
  card,
  auth = 'user',
  onSaved,
  onCancel,
}: {
  userId: string;
  cardType: InsuranceCardType;
  card: InsuranceCard | null;
  auth?: InsuranceAuth;
  onSaved: (card: InsuranceCard) => void;
  onCancel?: () => void;
}) {
  const insurers = useInsurerOptions();
  const save = useSaveInsuranceCard(userId, auth);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CardFormInput, unknown, CardFormValues>({
    resolver: zodResolver(CardFormSchema),
    defaultValues: cardDefaults(card),
    mode: 'onTouched',
  });
  const { onInvalid } = useFocusWhenEnabled(form);
  // Opening the form moves focus to its first field, so keyboard users start there.
  const { setFocus } = form;
  useEffect(() => {
    setFocus('insurer_code');
  }, [setFocus]);
  const party = useWatch({ control: form.control, name: 'responsible_party' });
  const someoneElse = party !== 'self';

  const onValid = async (values: CardFormValues) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ cardType, input: toCardInput(values) });
      onSaved(saved);
    } catch (error) {
      const refusal = fieldRefusal(error);
      const field = refusal ? cardFieldOf(refusal.path) : null;
      if (refusal && field) {
        const message = `The clinic did not accept this: ${CARD_LABELS[field].toLowerCase()} ${refusal.text}.`;
        form.setError(field, { message }, { shouldFocus: true });
        return;
      }
      setFormError(
        `The card was not saved. ${error instanceof Error && 'userMessage' in error ? String(error.userMessage) : 'Please try again.'}`,
      );
    }
  };

  const headingId = `card-form-${cardType}`;
  return (
    <FormProvider {...form}>
      <form
        className="card"
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
      >
        <h3 id={headingId}>
          {card ? 'Edit' : 'Add'} {CARD_TYPE_LABEL[cardType].toLowerCase()}
        </h3>
        <fieldset disabled={form.formState.isSubmitting} className="plain-fieldset">
          <legend className="visually-hidden">{CARD_TYPE_LABEL[cardType]}</legend>
          {insurers.isError ? (
            <p role="alert">
              The list of insurers could not be loaded.{' '}
              <Button variant="link" onClick={insurers.refetch}>
                Try again
              </Button>
            </p>
          ) : null}
          <Controller
            control={form.control}
            name="insurer_code"
            render={({ field, fieldState }) => (
              <InsurerCombobox
                label={CARD_LABELS.insurer_code}
                hint={
                  insurers.isPending
                    ? 'Loading the list of insurers…'
                    : 'Type part of the name as it appears on your card, then choose it from the list.'
                }
                required
                options={insurers.options}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <div className="form-grid">
            <TextField<CardFormInput>
              name="subscriber_number"
              label={CARD_LABELS.subscriber_number}
              required
              autoComplete="off"
              spellCheck={false}
            />
            <TextField<CardFormInput>
              name="group_number"
              label={CARD_LABELS.group_number}
              hint="If your card shows one."
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <SelectField<CardFormInput>
            name="responsible_party"
            label={CARD_LABELS.responsible_party}
            options={[...RESPONSIBLE_PARTIES]}
            required
          />
          <fieldset className="plain-fieldset">
            <legend>
              {someoneElse ? 'The person who holds this insurance (guarantor)' : 'Guarantor (if not you)'}
            </legend>
            <div className="form-grid">
              <TextField<CardFormInput>
                name="guarantor_first_name"
                label={CARD_LABELS.guarantor_first_name}
                required={someoneElse}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_middle_name"
                label={CARD_LABELS.guarantor_middle_name}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_last_name"
                label={CARD_LABELS.guarantor_last_name}
                required={someoneElse}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_dob"
                label={CARD_LABELS.guarantor_dob}
                type="date"
                max={todayIso()}
                required={someoneElse}
              />
            </div>
            <RadioGroupField<CardFormInput>
              name="guarantor_gender"
              label={CARD_LABELS.guarantor_gender}
              options={[...GENDERS, { value: '', label: 'Prefer not to say' }]}
            />
            <TextField<CardFormInput>
              name="guarantor_address"
              label={CARD_LABELS.guarantor_address}
              autoComplete="off"
            />
            <TextField<CardFormInput>
              name="guarantor_address_2"
              label={CARD_LABELS.guarantor_address_2}
              autoComplete="off"
            />
            <div className="form-grid">
              <TextField<CardFormInput>
                name="guarantor_city"
                label={CARD_LABELS.guarantor_city}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_state"
                label={CARD_LABELS.guarantor_state}
                hint="Two letters, like NY."
                maxLength={2}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_zip"
                label={CARD_LABELS.guarantor_zip}
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
          </fieldset>
          <CheckboxField<CardFormInput>
            name="consent"
            label="I agree that the clinic may use this card to check my coverage and bill my insurer."
          />
          <FormError message={formError} />
          <div className="form-actions">
            <Button type="submit" isBusy={form.formState.isSubmitting} busyLabel="Saving the card…">
              Save {cardType} card
            </Button>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel} disabled={form.formState.isSubmitting}>
                Cancel
              </Button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}

import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useEffect, useState } from 'react';
import { fieldRefusal } from '@telehealth/client/errors';
import { useSaveInsuranceCard } from '@/api/insurance/mutations';
import type { InsuranceAuth, InsuranceCard, InsuranceCardType } from '@telehealth/client/insurance/schemas';
import { Button } from '@/components/ui/button';
import {
  CheckboxField,
  FormError,
  RadioGroupField,
  SelectField,
  TextField,
  useFocusWhenEnabled,
} from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import {
  CARD_LABELS,
  CARD_TYPE_LABEL,
  CardFormSchema,
  cardTypeWords,
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
  const words = cardTypeWords(cardType);
  const parties = RESPONSIBLE_PARTIES.map((p) => ({ value: p.value, label: i18n._(p.label) }));
  const genders = GENDERS.map((g) => ({ value: g.value, label: i18n._(g.label) }));

  const onValid = async (values: CardFormValues) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ cardType, input: toCardInput(values) });
      onSaved(saved);
    } catch (error) {
      const refusal = fieldRefusal(error);
      const field = refusal ? cardFieldOf(refusal.path) : null;
      if (refusal && field) {
        const name = i18n._(CARD_LABELS[field]).toLowerCase();
        const reason = refusal.text;
        const message = t`The clinic did not accept this: ${name} ${reason}.`;
        form.setError(field, { message }, { shouldFocus: true });
        return;
      }
      const reason =
        error instanceof Error && 'userMessage' in error ? String(error.userMessage) : t`Please try again.`;
      setFormError(t`The card was not saved. ${reason}`);
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
        <h3 id={headingId}>{card ? words.editHeading : words.addHeading}</h3>
        <fieldset disabled={form.formState.isSubmitting} className="plain-fieldset">
          <legend className="visually-hidden">{i18n._(CARD_TYPE_LABEL[cardType])}</legend>
          {insurers.isError ? (
            <p role="alert">
              <Trans>The list of insurers could not be loaded.</Trans>{' '}
              <Button variant="link" onClick={insurers.refetch}>
                <Trans>Try again</Trans>
              </Button>
            </p>
          ) : null}
          <Controller
            control={form.control}
            name="insurer_code"
            render={({ field, fieldState }) => (
              <InsurerCombobox
                label={i18n._(CARD_LABELS.insurer_code)}
                hint={
                  insurers.isPending
                    ? t`Loading the list of insurers…`
                    : t`Type part of the name as it appears on your card, then choose it from the list.`
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
              label={i18n._(CARD_LABELS.subscriber_number)}
              required
              autoComplete="off"
              spellCheck={false}
            />
            <TextField<CardFormInput>
              name="group_number"
              label={i18n._(CARD_LABELS.group_number)}
              hint={t`If your card shows one.`}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <SelectField<CardFormInput>
            name="responsible_party"
            label={i18n._(CARD_LABELS.responsible_party)}
            options={parties}
            required
          />
          <fieldset className="plain-fieldset">
            <legend>
              {someoneElse ? t`The person who holds this insurance (guarantor)` : t`Guarantor (if not you)`}
            </legend>
            <div className="form-grid">
              <TextField<CardFormInput>
                name="guarantor_first_name"
                label={i18n._(CARD_LABELS.guarantor_first_name)}
                required={someoneElse}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_middle_name"
                label={i18n._(CARD_LABELS.guarantor_middle_name)}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_last_name"
                label={i18n._(CARD_LABELS.guarantor_last_name)}
                required={someoneElse}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_dob"
                label={i18n._(CARD_LABELS.guarantor_dob)}
                type="date"
                max={todayIso()}
                required={someoneElse}
              />
            </div>
            <RadioGroupField<CardFormInput>
              name="guarantor_gender"
              label={i18n._(CARD_LABELS.guarantor_gender)}
              options={[...genders, { value: '', label: t`Prefer not to say` }]}
            />
            <TextField<CardFormInput>
              name="guarantor_address"
              label={i18n._(CARD_LABELS.guarantor_address)}
              autoComplete="off"
            />
            <TextField<CardFormInput>
              name="guarantor_address_2"
              label={i18n._(CARD_LABELS.guarantor_address_2)}
              autoComplete="off"
            />
            <div className="form-grid">
              <TextField<CardFormInput>
                name="guarantor_city"
                label={i18n._(CARD_LABELS.guarantor_city)}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_state"
                label={i18n._(CARD_LABELS.guarantor_state)}
                hint={t`Two letters, like NY.`}
                maxLength={2}
                autoComplete="off"
              />
              <TextField<CardFormInput>
                name="guarantor_zip"
                label={i18n._(CARD_LABELS.guarantor_zip)}
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
          </fieldset>
          <CheckboxField<CardFormInput>
            name="consent"
            label={t`I agree that the clinic may use this card to check my coverage and bill my insurer.`}
          />
          <FormError message={formError} />
          <div className="form-actions">
            <Button type="submit" isBusy={form.formState.isSubmitting} busyLabel={t`Saving the card…`}>
              {words.save}
            </Button>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel} disabled={form.formState.isSubmitting}>
                <Trans>Cancel</Trans>
              </Button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}

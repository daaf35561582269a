import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { billingQueries } from '@/api/billing/queries';
import { useQuoteInvoice, useUpdatePaymentSource } from '@/api/billing/mutations';
import type { InvoiceResult, PaymentSource } from '@telehealth/client/billing/schemas';
import { isApiError } from '@telehealth/client/errors';
import { formatMoney, isFreeConsultation, roomCurrency } from '@/api/rooms/consultations';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import {
  customValue,
  providerIdOf,
  StepFailure,
  StepFrame,
  useDraftDefaults,
  type BeforeVisitContext,
  type StepScreenProps,
} from '@/wizard';
import { i18n } from '@/lib/i18n';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { AddCard } from './add-card';
import { cardName, expiryText, isExpired, sourceScope } from './cards';
import {
  chargeIntakeOnce,
  continueWithoutCharging,
  PAYMENT_FIELDS,
  PaymentNotMade,
  UNCONFIRMED_ON_SPEC_TERMS,
} from './charge';
import { chargeMemory, type ChargeRecord } from './charge-memory';

const PaymentSchema = z.object({
  sourceId: z.string(),
  promoCode: z
    .string()
    .trim()
    .max(64, { error: () => t`A coupon code is at most 64 characters.` }),
  /** The code last checked and accepted; empty when none. */
  appliedCode: z.string(),
});
type PaymentValues = z.infer<typeof PaymentSchema>;

const NEW_CARD = '__new__';

function CardChoices({
  sources,
  scope,
  onAdded,
}: {
  sources: PaymentSource[];
  scope: { room_code: string; provider_id?: string };
  onAdded: (source: PaymentSource) => void;
}) {
  const { setValue, control, getFieldState, formState } = useFormContext<PaymentValues>();
  const error = getFieldState('sourceId', formState).error?.message;
  const selected = useWatch({ control, name: 'sourceId' });
  const name = useId();
  // Controlled radios: a card added a moment ago is chosen at once, whatever order React renders in.
  const choose = (id: string) => setValue('sourceId', id, { shouldDirty: true });
  const errorId = useId();
  const zone = useViewerTimeZone();
  // The month a card is judged by: read once (a page is not kept open into the next month).
  const [now] = useState(() => Date.now() / 1000);
  return (
    <fieldset
      className="field field-radio choice-list"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        <Trans>Pay with</Trans>
      </legend>
      {sources.map((source) => {
        const expired = isExpired(source, now, zone);
        const card = cardName(source);
        const expiry = expiryText(source);
        return (
          <label key={source.id} className="choice">
            <input
              type="radio"
              name={name}
              value={source.id}
              disabled={expired}
              checked={selected === source.id}
              onChange={() => choose(source.id)}
            />
            <span className="choice-body">
              <span className="choice-title">{source.is_default ? t`${card} (default)` : card}</span>
              <span className="choice-detail">
                {expired ? t`Expired ${expiry}: choose another card` : t`Expires ${expiry}`}
              </span>
            </span>
          </label>
        );
      })}
      <label className="choice">
        <input
          type="radio"
          name={name}
          value={NEW_CARD}
          checked={selected === NEW_CARD}
          onChange={() => choose(NEW_CARD)}
        />
        <span className="choice-body">
          <span className="choice-title">
            <Trans>Add a new card</Trans>
          </span>
        </span>
      </label>
      {selected === NEW_CARD ? (
        <AddCard scope={scope} offerDefault={sources.length > 0} onAdded={onAdded} />
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function couponRefusal(result: InvoiceResult): string | null {
  if (!result.coupon || result.coupon.valid) return null;
  const reason = result.coupon.message;
  return reason ? t`That code cannot be used. ${reason}` : t`That code cannot be used.`;
}

function quoteError(error: unknown): string {
  if (
    isApiError(error) &&
    error.kind === 'http' &&
    error.status !== null &&
    error.status < 500 &&
    error.serverMessage
  ) {
    const reason = error.serverMessage;
    return t`We could not check the code: ${reason}`;
  }
  if (!isApiError(error)) return t`We could not check the code.`;
  const reason = error.userMessage;
  return t`We could not check the code. ${reason}`;
}

/**
 * `payment`: the consultation's price, a coupon checked with the clinic, and the card to pay with
 * (a saved one, or a new one through the card processor's own fields). The choices are saved on
 * the intake; the charge itself happens once, in `chargeOnce`, when the intake steps are done.
 */
export function PaymentStep(props: StepScreenProps) {
  // A charge this browser already sent for the intake, on a server that cannot say whether it was
  // paid (docs/spec-decisions.md "Money on the spec's terms"): nothing is charged again from here.
  const [earlier] = useState(() => (props.intake ? chargeMemory().get(props.intake.id) : null));
  const isFree = !props.consultation || isFreeConsultation(props.consultation);
  if (earlier && !isFree) return <ChargeAlreadySent {...props} record={earlier} />;
  return <ChoosePayment {...props} />;
}

/**
 * The payment step once this browser has sent the charge: no card or coupon to choose. Paid: says
 * so. Outcome unknown: says so plainly, and going on creates the visit without charging again.
 */
function ChargeAlreadySent({
  slug,
  room,
  intake,
  submitLabel,
  backHref,
  save,
  failure,
  record,
}: StepScreenProps & { record: ChargeRecord }) {
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const isPaid = record.state === 'paid';
  const amount =
    record.amountDue !== undefined
      ? formatMoney(record.amountDue, record.currency ?? roomCurrency(room))
      : null;
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      failure={failure === i18n._(UNCONFIRMED_ON_SPEC_TERMS) ? null : failure}
      onValid={async () => {
        if (!isPaid && intake) continueWithoutCharging(intake.id);
        await save({});
      }}
    >
      {isPaid ? (
        <p role="status">
          {amount ? (
            <Trans>Your payment of {amount} went through. There is nothing more to pay.</Trans>
          ) : (
            <Trans>Your payment went through. There is nothing more to pay.</Trans>
          )}
        </p>
      ) : (
        <section className="banner banner-warning" role="alert" aria-labelledby={`${slug}-unconfirmed`}>
          <h2 id={`${slug}-unconfirmed`}>
            <Trans>We could not confirm your payment</Trans>
          </h2>
          <p>{i18n._(UNCONFIRMED_ON_SPEC_TERMS)}</p>
        </section>
      )}
    </StepFrame>
  );
}

function ChoosePayment(props: StepScreenProps) {
  const { slug, room, intake, consultation, submitLabel, backHref, save, failure, ensureIntakeId } = props;
  const currency = roomCurrency(room);
  const scope = sourceScope(room, providerIdOf(intake));
  const isFree = !consultation || isFreeConsultation(consultation);
  const sources = useQuery({ ...billingQueries.sources({ ...scope, type: 'card' }), enabled: !isFree });
  const quote = useQuoteInvoice();
  const makeDefault = useUpdatePaymentSource();
  const [quoted, setQuoted] = useState<InvoiceResult | null>(null);
  const promoId = useId();

  const defaultValues = useDraftDefaults<PaymentValues>(slug, () => {
    const code = customValue(intake, PAYMENT_FIELDS.promoCode) ?? '';
    return {
      sourceId: customValue(intake, PAYMENT_FIELDS.sourceId) ?? '',
      promoCode: code,
      appliedCode: code,
    };
  });
  const form = useForm<PaymentValues>({ resolver: zodResolver(PaymentSchema), defaultValues });
  const { register, setValue, setError, clearErrors, getValues, control, getFieldState, formState } = form;

  // The saved card, else the default one, once the list is here (and nothing usable chosen yet).
  const list = useMemo(() => sources.data ?? [], [sources.data]);
  const chosen = useWatch({ control, name: 'sourceId' });
  const initialised = useRef(false);
  const zone = useViewerTimeZone();
  useEffect(() => {
    if (!sources.data || initialised.current) return;
    initialised.current = true;
    // An expired card is never chosen for the patient (it would become the default when paying).
    const usable = (s: PaymentSource) => !isExpired(s, Date.now() / 1000, zone);
    if (chosen === NEW_CARD || list.some((s) => s.id === chosen && usable(s))) return;
    const fallback = list.find((s) => s.is_default && usable(s)) ?? list.find(usable);
    setValue('sourceId', fallback?.id ?? NEW_CARD);
  }, [sources.data, list, chosen, setValue, zone]);

  const applied = useWatch({ control, name: 'appliedCode' });
  const promoError = getFieldState('promoCode', formState).error?.message;

  /** Checks a code with the clinic; true when it is accepted (or there is none). */
  const checkCode = async (code: string): Promise<boolean> => {
    clearErrors('promoCode');
    const intakeId = await ensureIntakeId();
    const result = await quote.mutateAsync({ intake_id: intakeId, ...(code ? { promo_code: code } : {}) });
    const refusal = couponRefusal(result);
    if (refusal) {
      setValue('appliedCode', '');
      setQuoted({ ...result, coupon: null, amount_due: result.consultation?.amount ?? result.amount_due });
      setError('promoCode', { message: refusal }, { shouldFocus: true });
      return false;
    }
    setValue('appliedCode', result.coupon?.id ?? '');
    setQuoted(result);
    return true;
  };

  const apply = useSingleFlight(async () => {
    const code = getValues('promoCode').trim();
    if (!code) {
      setError('promoCode', { message: t`Enter a coupon code first.` }, { shouldFocus: true });
      return;
    }
    try {
      await checkCode(code);
    } catch (error) {
      setError('promoCode', { message: quoteError(error) }, { shouldFocus: true });
    }
  });

  const onValid = async (values: PaymentValues) => {
    if (isFree) {
      await save({ custom: { [PAYMENT_FIELDS.sourceId]: '', [PAYMENT_FIELDS.promoCode]: '' } });
      return;
    }
    const code = values.promoCode.trim().toUpperCase();
    // A code typed but not checked yet is checked now; a refused one stops here with its reason.
    if (code && code !== values.appliedCode.toUpperCase()) {
      let ok: boolean;
      try {
        ok = await checkCode(code);
      } catch (error) {
        setError('promoCode', { message: quoteError(error) }, { shouldFocus: true });
        throw new StepFailure(t`Your coupon could not be checked.`);
      }
      if (!ok) throw new StepFailure(t`Please fix the coupon code, or clear it to pay the full price.`);
    }
    const card = list.find((s) => s.id === values.sourceId);
    if (!card || isExpired(card, Date.now() / 1000, zone)) {
      setError('sourceId', { message: t`Choose a card, or save a new card first.` }, { shouldFocus: true });
      throw new StepFailure(t`Choose how you want to pay.`);
    }
    // The spec's invoice call names no card: a server charges the default one. The chosen card
    // becomes the default, so the card charged is the one chosen on any server.
    if (!card.is_default) {
      try {
        await makeDefault.mutateAsync({ id: card.id, input: { is_default: true, ...scope } });
      } catch (error) {
        const name = cardName(card);
        if (!isApiError(error)) throw new StepFailure(t`We could not set ${name} as the card to pay with.`);
        const reason = error.userMessage;
        throw new StepFailure(t`We could not set ${name} as the card to pay with. ${reason}`);
      }
    }
    await save({
      custom: {
        [PAYMENT_FIELDS.sourceId]: values.sourceId,
        [PAYMENT_FIELDS.promoCode]: code ? getValues('appliedCode') : '',
      },
    });
  };

  const price = consultation ? Number(consultation.amount ?? 0) : 0;
  const amountDue = quoted && !quoted.paid ? quoted.amount_due : price;
  const description = consultation?.description;
  const percentOff = quoted?.coupon?.percent_off;
  const due = formatMoney(amountDue, currency);
  const quotedDue = quoted ? formatMoney(quoted.amount_due, currency) : '';
  const roomName = room.name;

  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={onValid}
      failure={failure}
    >
      {isFree ? (
        <p>
          {!consultation
            ? t`There is nothing to pay for this visit.`
            : description
              ? t`${description} has no charge: there is nothing to pay.`
              : t`This consultation has no charge: there is nothing to pay.`}
        </p>
      ) : (
        <>
          <dl className="price-lines" aria-label={t`Price`}>
            <dt>{description || t`Consultation`}</dt>
            <dd>{formatMoney(price, currency)}</dd>
            {applied && quoted?.coupon?.valid ? (
              <>
                <dt>
                  <Trans>Coupon {applied}</Trans>
                </dt>
                <dd>
                  {percentOff
                    ? t`${percentOff}% off`
                    : t({ message: 'Applied', context: 'a coupon code: accepted' })}
                </dd>
              </>
            ) : null}
            <dt>
              <Trans>Amount due</Trans>
            </dt>
            <dd aria-live="polite">{due}</dd>
          </dl>
          <div className={`field${promoError ? ' field-invalid' : ''}`}>
            <label htmlFor={promoId}>
              <Trans>Coupon code (optional)</Trans>
            </label>
            <div className="inline-field">
              <input
                id={promoId}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                aria-invalid={promoError ? true : undefined}
                aria-describedby={promoError ? `${promoId}-error` : undefined}
                {...register('promoCode', {
                  onChange: () => {
                    if (getValues('appliedCode')) {
                      setValue('appliedCode', '');
                      setQuoted(null);
                    }
                  },
                })}
              />
              <Button
                variant="secondary"
                onClick={() => void apply.run()}
                isBusy={apply.isBusy || quote.isPending}
                busyLabel={t`Checking…`}
              >
                <Trans context="button: checks and applies a coupon code">Apply</Trans>
              </Button>
            </div>
            {promoError ? (
              <p className="field-error" id={`${promoId}-error`}>
                {promoError}
              </p>
            ) : applied && quoted?.coupon?.valid ? (
              <p className="field-hint" role="status">
                {t`${applied} applied: you pay ${quotedDue}.`}
              </p>
            ) : null}
          </div>
          {sources.isPending ? <Spinner label={t`Loading your saved cards…`} /> : null}
          <QueryError query={sources} title={t`Your saved cards could not be loaded`} />
          {sources.data ? (
            <CardChoices
              sources={list}
              scope={scope}
              onAdded={(source) => {
                setValue('sourceId', source.id);
                clearErrors('sourceId');
              }}
            />
          ) : null}
          <p className="muted">
            <Trans>
              Your card is charged {due} once, when you finish the last step before your visit starts. The
              card you pay with becomes your default card for {roomName}.
            </Trans>
          </p>
        </>
      )}
    </StepFrame>
  );
}

/**
 * The payment step's `beforeVisit`: charges the intake exactly once (see `chargeIntakeOnce`). A
 * refused card sends the patient back to the payment step with the processor's reason.
 */
export async function chargeOnce(ctx: BeforeVisitContext): Promise<void> {
  if (!ctx.consultation || isFreeConsultation(ctx.consultation)) return;
  const promo = customValue(ctx.intake, PAYMENT_FIELDS.promoCode) || undefined;
  try {
    await chargeIntakeOnce(ctx.queryClient, ctx.intakeId, promo);
  } catch (error) {
    if (error instanceof PaymentNotMade)
      throw new StepFailure(error.message, { cause: error, stepCode: 'payment' });
    throw error;
  }
}

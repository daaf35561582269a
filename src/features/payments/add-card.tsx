import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { useCreatePaymentSource, useUpdatePaymentSource } from '@/api/billing/mutations';
import type { PaymentSource } from '@telehealth/client/billing/schemas';
import { isApiError } from '@telehealth/client/errors';
import { Spinner } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import type { CardEntryHandle } from '@/lib/payment-gateway';
import { useCardGateway } from './use-card-gateway';

export interface AddCardProps {
  scope: { room_code: string; provider_id?: string };
  onAdded: (source: PaymentSource) => void;
  /** Offer "make this my default card" (off when the card will be the first and so the default anyway). */
  offerDefault?: boolean;
  onCancel?: () => void;
}

/** Words for a refused card save; the processor's and the clinic's messages are shown as text. */
function saveError(error: unknown): string {
  if (
    isApiError(error) &&
    error.kind === 'http' &&
    error.status !== null &&
    error.status < 500 &&
    error.serverMessage
  ) {
    const reason = error.serverMessage;
    return t`The card could not be saved: ${reason}`;
  }
  return isApiError(error) ? error.userMessage : t`The card could not be saved. Please try again.`;
}

/**
 * Card fields from the payment gateway (Stripe's own fields, or labelled test fields in mock
 * builds) and a Save button. Only the processor's token reaches our API.
 */
export function AddCard({ scope, onAdded, offerDefault = false, onCancel }: AddCardProps) {
  const state = useCardGateway();
  const handle = useRef<CardEntryHandle | null>(null);
  const create = useCreatePaymentSource();
  const update = useUpdatePaymentSource();
  const [makeDefault, setMakeDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const defaultId = useId();
  const errorId = useId();
  const save = useSingleFlight(async () => {
    setError(null);
    try {
      const result = await (handle.current?.createToken() ??
        Promise.resolve({
          ok: false as const,
          message: t`The card form is still loading. Please wait a moment.`,
        }));
      if (!result.ok) {
        setError(result.message);
        return;
      }
      let source = await create.mutateAsync({ ...scope, type: 'card', token: result.token });
      if (makeDefault && !source.is_default) {
        source = await update.mutateAsync({ id: source.id, input: { is_default: true, ...scope } });
      }
      onAdded(source);
    } catch (cause) {
      setError(saveError(cause));
    }
  });

  if (state.status === 'loading') return <Spinner label={t`Loading the secure card form…`} />;
  if (state.status === 'unavailable') {
    return (
      <div className="banner banner-warning" role="alert">
        <p>
          <Trans>
            Card payments are unavailable right now: we could not reach our card processor. Check your
            connection and try again. Everything you entered so far is kept.
          </Trans>
        </p>
        <Button
          variant="secondary"
          onClick={state.retry}
          isBusy={state.isRetrying}
          busyLabel={t`Trying again…`}
        >
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const { CardEntry } = state.gateway;

  return (
    <div className="add-card" aria-describedby={error ? errorId : undefined}>
      <CardEntry publishableKey={state.publishableKey} handleRef={handle} label={t`Card details`} />
      {offerDefault ? (
        <div className="field field-checkbox">
          <input
            id={defaultId}
            type="checkbox"
            checked={makeDefault}
            onChange={(event) => setMakeDefault(event.target.checked)}
          />
          <label htmlFor={defaultId}>
            <Trans>Make this my default card</Trans>
          </label>
        </div>
      ) : null}
      {error ? (
        <p className="form-error" role="alert" id={errorId}>
          {error}
        </p>
      ) : null}
      <div className="actions">
        <Button onClick={() => void save.run()} isBusy={save.isBusy} busyLabel={t`Saving card…`}>
          <Trans>Save card</Trans>
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={save.isBusy}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

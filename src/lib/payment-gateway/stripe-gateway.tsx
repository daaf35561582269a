import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useImperativeHandle, useState, type Ref } from 'react';
import {
  GatewayUnavailableError,
  type CardEntryHandle,
  type CardEntryProps,
  type PaymentGateway,
} from './types';

// No fraud-signal script on every page: Stripe loads only where a card is taken.
loadStripe.setLoadParameters({ advancedFraudSignals: false });

const instances = new Map<string, Promise<Stripe>>();

/** One Stripe instance per key; a failed load is forgotten so Retry really retries. */
function stripeFor(key: string): Promise<Stripe> {
  let pending = instances.get(key);
  if (!pending) {
    pending = loadStripe(key).then((stripe) => {
      if (!stripe) throw new GatewayUnavailableError('Stripe did not load');
      return stripe;
    });
    pending.catch(() => instances.delete(key));
    instances.set(key, pending);
  }
  return pending;
}

function Handle({ handleRef }: { handleRef: Ref<CardEntryHandle | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useImperativeHandle(
    handleRef,
    () => ({
      async createToken() {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card)
          return { ok: false, message: 'The card form is still loading. Please wait a moment.' };
        const result = await stripe.createToken(card);
        if (result.error)
          return { ok: false, message: result.error.message ?? 'Please check the card details.' };
        return { ok: true, token: result.token.id };
      },
    }),
    [stripe, elements],
  );
  return null;
}

function StripeCardEntry({ publishableKey, handleRef, label }: CardEntryProps) {
  // prepare() resolved before this renders, so the promise is already settled.
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements stripe={stripe}>
      <div className="card-entry" role="group" aria-label={label}>
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </div>
      <Handle handleRef={handleRef} />
    </Elements>
  );
}

export const stripeGateway: PaymentGateway = {
  kind: 'stripe',
  prepare: async (key) => {
    await stripeFor(key);
  },
  CardEntry: StripeCardEntry,
};

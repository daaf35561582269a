import { useId, useImperativeHandle, useState } from 'react';
import type { CardEntryProps, PaymentGateway } from './types';

/** The processor's test tokens; the fake never takes a card number, so none can leak. */
export const FAKE_TEST_CARDS = [
  { token: 'tok_visa', label: 'Test Visa ending 4242' },
  { token: 'tok_mastercard', label: 'Test Mastercard ending 4444' },
  { token: 'tok_amex', label: 'Test American Express ending 8431' },
  { token: 'tok_chargeDeclined', label: 'Test card that is declined when charged' },
] as const;

function FakeCardEntry({ handleRef, label }: CardEntryProps) {
  const [token, setToken] = useState<string>(FAKE_TEST_CARDS[0].token);
  const name = useId();
  useImperativeHandle(
    handleRef,
    () => ({ createToken: () => Promise.resolve({ ok: true as const, token }) }),
    [token],
  );
  return (
    <fieldset className="field field-radio card-entry card-entry-test">
      <legend>{label} (test mode: no real card is used)</legend>
      {FAKE_TEST_CARDS.map((card) => (
        <label key={card.token} className="radio-option">
          <input
            type="radio"
            name={name}
            value={card.token}
            checked={token === card.token}
            onChange={() => setToken(card.token)}
          />
          {card.label}
        </label>
      ))}
    </fieldset>
  );
}

export const fakeGateway: PaymentGateway = {
  kind: 'fake',
  prepare: () => Promise.resolve(),
  CardEntry: FakeCardEntry,
};

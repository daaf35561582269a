export { SavedCardsPanel } from './saved-cards';
export { ReceiptPanel } from './receipt-panel';
export { PaymentStep, chargeOnce } from './payment-step';
export { knownPayment, paymentSummary } from './known-payment';

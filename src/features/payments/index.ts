export { SavedCardsPanel } from './saved-cards';
export { ReceiptPanel } from './receipt-panel';
export { PaymentStep, chargeOnce } from './payment-step';

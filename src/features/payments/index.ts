export { SavedCardsPanel, SavedCardsList } from './saved-cards';
export { ReceiptPanel } from './receipt-panel';
export { formatMoney } from './money';

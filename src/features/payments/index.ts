export { SavedCardsPanel, SavedCardsList } from './saved-cards';
export { ReceiptPanel } from './receipt-panel';

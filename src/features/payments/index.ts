export { SavedCardsPanel, SavedCardsList } from './saved-cards';
export { formatMoney } from './money';

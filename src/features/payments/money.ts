/** A price in the room's currency, e.g. `$89.00`; an unknown currency code falls back to the plain number and code. */
export function formatMoney(amount: number, currency: string | null | undefined, locale?: string): string {
  const code = (currency || 'usd').toUpperCase();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

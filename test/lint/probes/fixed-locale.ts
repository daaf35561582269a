// Linted as a file of src/: a fixed formatting locale, by every spelling. Each line below that
// names the locale must give exactly one error, on that line.
const day = new Intl.DateTimeFormat('en-US', { month: 'short' });
// prettier-ignore
const price = (n: number) => n.toLocaleString("en-US");
const list = new Intl.ListFormat(`en-US`, { type: 'conjunction' });
const LOCALE = 'en-US';
export { day, price, list, LOCALE };

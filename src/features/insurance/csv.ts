/**
 * CSV that opens correctly in a spreadsheet: UTF-8 with a byte-order mark, every field quoted
 * (inner quotes doubled), CRLF line ends, and formula injection neutralised: a text cell that
 * starts with =, +, -, @ (or a tab or carriage return) gets a leading apostrophe, so the
 * spreadsheet shows it as text instead of running it (OWASP "CSV injection").
 */

export const BOM = '\uFEFF';
// Apostrophes already in front count too, so a value that itself starts with '= survives a round trip.
const DANGEROUS_START = /^'*[=+\-@\t\r]/;

/** A number written exactly as given (e.g. an amount with two decimals), never neutralised. */
export interface CsvFixed {
  readonly fixed: string;
}

export type CsvCell = string | number | CsvFixed | null | undefined;

/** A number with a fixed count of decimals (`fixed(55, 2)` is written `55.00`). */
export function fixed(value: number, places: number): CsvFixed {
  return { fixed: value.toFixed(places) };
}

export function neutralise(value: string): string {
  return DANGEROUS_START.test(value) ? `'${value}` : value;
}

function cell(value: CsvCell): string {
  const raw =
    value === null || value === undefined
      ? ''
      : typeof value === 'number'
        ? String(value)
        : typeof value === 'object'
          ? value.fixed
          : neutralise(value);
  return `"${raw.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Reads CSV written by `toCsv` (or any RFC 4180 CSV) back into rows of text, dropping the BOM
 * and the apostrophe that neutralised a formula-looking cell.
 */
export function parseCsv(text: string): string[][] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    row.push(wasQuoted && /^'+[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      endField();
      rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

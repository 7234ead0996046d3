import { centsToDollars } from '@pledgeway/domain';

/** Small conversions for the console's read models, which use plain SQL (sums come back as strings). */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

export function dollars(cents: unknown): number {
  return centsToDollars(num(cents));
}

export function dollarsOrNull(cents: unknown): number | null {
  return cents === null || cents === undefined ? null : centsToDollars(Number(cents));
}

export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** A LIKE pattern that finds `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/**
 * One RFC 4180 CSV line (with its CRLF); text cells that a spreadsheet would run as a formula are
 * prefixed with a quote. A number is never a formula, so a negative amount stays a number.
 */
export function csvLine(row: unknown[]): string {
  const cell = (value: unknown): string => {
    let text =
      value === null || value === undefined
        ? ''
        : value instanceof Date
          ? value.toISOString()
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${row.map(cell).join(',')}\r\n`;
}

/** A whole CSV file: the header, then each row (see `csvLine`). */
export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

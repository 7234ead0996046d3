import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

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

/** Sends a CSV file download named `<name>-<date>.csv`: the whole text, or a stream written as the reader takes it. */
export function sendCsv(reply: FastifyReply, name: string, csv: string | Readable) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${date}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

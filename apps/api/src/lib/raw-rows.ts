import { centsToDollars } from '@pledgeway/domain';

// Small conversions for read models written in plain SQL (the admin console's), whose raw rows
// come back with sums as strings and dates as text; and the LIKE pattern and page offset of their
// queries.

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

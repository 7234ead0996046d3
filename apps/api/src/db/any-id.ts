import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])`: a list of ids sent as one parameter. `inArray` spends one parameter
 * per id, and a statement takes at most 65,535 of them, so a list that grows with a charity's or a
 * campaign's supporters failed past that, on both drivers (decision 285).
 */
export function isAnyId(column: AnyColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}

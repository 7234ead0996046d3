import { getTableColumns, sql, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

/*
 * Helpers for the few statements written as SQL text (prepared once, see `Database.prepared`)
 * whose rows must still read as drizzle's: the same column keys and the same JavaScript types,
 * whichever driver and type parser produced them.
 */

type Column = ReturnType<typeof getTableColumns>[string];
const columnsByName = new WeakMap<Table, Array<[name: string, key: string, column: Column]>>();

function columnsOf(table: Table) {
  let byName = columnsByName.get(table);
  if (!byName) {
    byName = Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key, column]);
    columnsByName.set(table, byName);
  }
  return byName;
}

/** A row of `returning *` from raw SQL as drizzle returns it: camelCase keys, cents as numbers, timestamps as dates. */
export function fromDriverRow<T extends Table>(table: T, row: Record<string, unknown>): InferSelectModel<T> {
  const mapped: Record<string, unknown> = {};
  for (const [name, key, column] of columnsOf(table)) {
    const value = row[name];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped as InferSelectModel<T>;
}

/** The column names and SQL types of the given keys of a table, in that order (for an insert written as text). */
export function columnsFor<T extends Table>(table: T, keys: readonly string[]): { name: string; type: string; toDriver(value: unknown): unknown }[] {
  const all = getTableColumns(table);
  return keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return {
      name: column.name,
      type: column.getSQLType(),
      toDriver: (value: unknown) => (value === null || value === undefined ? null : column.mapToDriverValue(value)),
    };
  });
}

/** SQL text with `$n` parameters as a drizzle SQL object, so the same statement can run inside a drizzle transaction. */
export function sqlFromText(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${params[Number(part) - 1]}`);
  });
  return sql.join(chunks);
}

/** Rows of a raw query (`db.execute`): node-postgres answers `{ rows }`, PGlite's drizzle driver the rows or `{ rows }`. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

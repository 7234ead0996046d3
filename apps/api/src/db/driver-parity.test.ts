import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../faults/child-app.ts';
import { isAnyId } from './any-id.ts';
import { openDatabase, type Database } from './client.ts';

/**
 * The API suite runs whole on PGlite, and only its concurrency tests run on PostgreSQL too
 * (decision 124). That is sound only if the two drivers hand the app the same values: a raw query
 * whose `count(*)` is a number on one and a string on the other would pass on one and fail on the
 * other. So every column type the schema uses, and the aggregates the app computes, are read
 * through both drivers (plain and prepared) and must come back as the same JavaScript values.
 */
/** A value of every column type of the schema, and of the types its SQL computes (counts, sums, arrays). */
const SAMPLES: Record<string, string> = {
  int2: `'3'::int2`,
  int4: `'2147483647'::int4`,
  // Beyond 2^53: read as a number it would lose its last digit.
  int8: `'9007199254740993'::int8`,
  numeric: `'12345.67'::numeric`,
  float8: `'1.5'::float8`,
  bool: `true`,
  text: `'a text'::text`,
  varchar: `'a varchar'::varchar`,
  uuid: `'6a2de113-982f-4f25-8b20-293bf1ab6d7c'::uuid`,
  timestamptz: `'2026-03-04 05:06:07.891+00'::timestamptz`,
  timestamp: `'2026-03-04 05:06:07.891'::timestamp`,
  date: `'2026-03-04'::date`,
  json: `'{"a":[1,"b",null]}'::json`,
  jsonb: `'{"a":[1,"b",null]}'::jsonb`,
  tsvector: `to_tsvector('simple', 'a charity run')`,
  _text: `'{a,"b c"}'::text[]`,
  _varchar: `'{a,b}'::varchar[]`,
  _uuid: `'{6a2de113-982f-4f25-8b20-293bf1ab6d7c}'::uuid[]`,
  _int4: `'{1,2}'::int4[]`,
  _int8: `'{1,9007199254740993}'::int8[]`,
};
/** What the app computes in SQL beside plain columns: counts, sums of cents, averages, extremes. */
const AGGREGATES = [
  `(select count(*) from (values (1), (2)) as v(x)) as count_rows`,
  `(select sum(x) from (values (2147483647), (1)) as v(x)) as sum_int4`,
  `(select sum(x::int8) from (values (1), (2)) as v(x)) as sum_int8`,
  `(select avg(x) from (values (1), (2)) as v(x)) as avg_int4`,
  `(select max(x) from (values ('2026-03-04 05:06:07.891+00'::timestamptz)) as v(x)) as max_timestamptz`,
  `(select coalesce(sum(x), 0) from (values (null::int4)) as v(x)) as empty_sum`,
  `(select array_agg(x) from (values (3::int8)) as v(x)) as agg_int8`,
];

let pglite: Database;
let postgres: Database;
let dropPostgres: (() => Promise<void>) | undefined;

describe.skipIf(!process.env.TEST_DATABASE_URL)('raw SQL on PGlite and on PostgreSQL', () => {
  beforeAll(async () => {
    const seedFile = inject('pgliteSeedFile');
    pglite = await openDatabase({ url: 'memory://', pgliteDir: '', pgliteSeed: seedFile ? new Blob([await readFile(seedFile)]) : undefined });
    const created = await createTestDatabase();
    dropPostgres = created.drop;
    postgres = await openDatabase({ url: created.url, pgliteDir: '' });
  });
  afterAll(async () => {
    await pglite?.close();
    await postgres?.close();
    await dropPostgres?.();
  });

  it('has a sample of every column type the schema uses', async () => {
    const columnTypes = await postgres.query<{ udt_name: string; enum: boolean }>(
      `select distinct c.udt_name, t.typtype = 'e' as enum
         from information_schema.columns c join pg_type t on t.typname = c.udt_name
        where c.table_schema = 'public' order by 1`,
    );
    expect(columnTypes.length).toBeGreaterThan(5);
    const unsampled = columnTypes.filter((type) => !type.enum && !(type.udt_name in SAMPLES)).map((type) => type.udt_name);
    expect(unsampled, 'a column type without a sample in SAMPLES: add one').toEqual([]);
  });

  it('reads every sampled type, every enum of the schema and the aggregates as the same values, plain and prepared', async () => {
    const enums = await postgres.query<{ typname: string; label: string }>(
      `select distinct on (t.typname) t.typname, e.enumlabel as label
         from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' order by t.typname, e.enumsortorder`,
    );
    const columns = [
      ...Object.entries(SAMPLES).flatMap(([type, sample]) => [`${sample} as "${type}"`, `null::${type} as "null_${type}"`]),
      ...enums.map((type) => `'${type.label}'::"${type.typname}" as "enum_${type.typname}"`),
      ...AGGREGATES,
    ];
    const sql = `select ${columns.join(', ')}`;
    const [fromPglite] = await pglite.query(sql);
    const [fromPostgres] = await postgres.query(sql);
    expect(fromPglite).toStrictEqual(fromPostgres);
    expect(fromPostgres).toMatchObject({ int8: '9007199254740993', count_rows: '2', sum_int4: '2147483648', _int8: ['1', '9007199254740993'] });

    const preparedSql = `select $1::int8 as param_int8, $2::numeric as param_numeric, $3::timestamptz as param_timestamptz, ${AGGREGATES.join(', ')}`;
    const params = ['9007199254740993', '12.30', new Date('2026-03-04T05:06:07.891Z')];
    const [preparedPglite] = await pglite.prepared(preparedSql, params);
    const [preparedPostgres] = await postgres.prepared(preparedSql, params);
    expect(preparedPglite).toStrictEqual(preparedPostgres);
  });

  it('finds rows among 70,000 ids sent as one parameter (isAnyId), where inArray fails past 65,535', async () => {
    const ids = Array.from({ length: 70_000 }, () => randomUUID());
    const wanted = ids[69_999]!;
    const values = sql.raw(`(values ('${ids[0]}'::uuid), ('${wanted}'::uuid), ('${randomUUID()}'::uuid))`);
    const found = sql`select id from ${values} as listed(id) where ${isAnyId(sql.raw('id'), ids.slice(1))}`;
    for (const database of [pglite, postgres]) {
      expect((await database.db.execute(found)).rows, database.driver).toEqual([{ id: wanted }]);
      const spent = sql`select id from ${values} as listed(id) where ${inArray(sql.raw('id'), ids)}`;
      await expect(database.db.execute(spent), database.driver).rejects.toThrow();
    }
  });
});

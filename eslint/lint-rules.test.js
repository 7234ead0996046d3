// The lint rules that keep the structure (eslint.config.js, eslint/boundaries.js), proved on small
// samples: each sample breaks one rule and must be reported; the allowed form must pass.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './boundaries.js';

// ignore: false so that the fixtures folder, skipped by `npm run lint`, is linted here.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

async function ruleIds(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
  return result.messages.map((message) => message.ruleId);
}

describe('lint rules for the structure', { timeout: 120_000 }, () => {
  it('reports an API module importing another module’s repository', async () => {
    const code = "import { searchCampaigns } from '../search/repository.ts';\nexport const sample = searchCampaigns;\n";
    expect(await ruleIds(code, 'apps/api/src/modules/contact/sample.ts')).toContain('import-x/no-restricted-paths');
  });

  it('reports an API module importing another module’s routes or tables', async () => {
    const routes = "import { newsletterRoutes } from '../newsletter/routes.ts';\nexport const sample = newsletterRoutes;\n";
    const tables = "import * as tables from '../identity/tables.ts';\nexport const sample = tables;\n";
    expect(await ruleIds(routes, 'apps/api/src/modules/contact/sample.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(tables, 'apps/api/src/modules/contact/sample.ts')).toContain('import-x/no-restricted-paths');
  });

  it('reports an API module importing any other file of another module than its index.ts', async () => {
    const service = "import { usersService } from '../users/service.ts';\nexport const sample = usersService;\n";
    const inner = "import { waitForAttempt } from '../charging/attempts.ts';\nexport const sample = waitForAttempt;\n";
    const nested = "import { charityRecords } from '../../admin/charities/service.ts';\nexport const sample = charityRecords;\n";
    expect(await ruleIds(service, 'apps/api/src/modules/contact/sample.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(inner, 'apps/api/src/modules/events/sample.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(nested, 'apps/api/src/modules/charity-portal/inner/sample.ts')).toContain('import-x/no-restricted-paths');
  });

  it('lets an API module use another module’s index.ts, and its own files', async () => {
    const face = "import { usersService } from '../users/index.ts';\nexport const sample = usersService;\n";
    const charging = "import { waitForAttempt } from '../charging/index.ts';\nexport const sample = waitForAttempt;\n";
    const own = "import { contactRecords } from './service.ts';\nexport const sample = contactRecords;\n";
    expect(await ruleIds(face, 'apps/api/src/modules/contact/sample.ts')).toEqual([]);
    expect(await ruleIds(charging, 'apps/api/src/modules/events/sample.ts')).toEqual([]);
    expect(await ruleIds(own, 'apps/api/src/modules/contact/sample.ts')).toEqual([]);
  });

  it('reports the modules’ list importing a module’s routes, but not its index.ts', async () => {
    const routes = "import { authRoutes } from './auth/routes.ts';\nexport const sample = authRoutes;\n";
    const face = "import { authModule } from './auth/index.ts';\nexport const sample = authModule;\n";
    expect(await ruleIds(routes, 'apps/api/src/modules/index.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(face, 'apps/api/src/modules/index.ts')).toEqual([]);
  });

  it('lets a test or a test helper import another module’s insides', async () => {
    const code = "import { waitForAttempt } from '../charging/attempts.ts';\nexport const sample = waitForAttempt;\n";
    expect(await ruleIds(code, 'apps/api/src/modules/events/sample.test.ts')).not.toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code, 'apps/api/src/modules/events/test-sample.ts')).not.toContain('import-x/no-restricted-paths');
  });

  it('reports an API module writing a core table another module owns, but not the owner', async () => {
    const code =
      "import { users } from '../../db/schema.ts';\nimport type { Executor } from '../../db/client.ts';\nexport const sample = (db: Executor) => db.update(users).set({ name: 'x' });\n";
    expect(await ruleIds(code, 'apps/api/src/modules/contact/repository.ts')).toContain('structure/table-owner');
    expect(await ruleIds(code, 'apps/api/src/modules/users/repository.ts')).toEqual([]);
    const read =
      "import { users } from '../../db/schema.ts';\nimport type { Executor } from '../../db/client.ts';\nexport const sample = (db: Executor) => db.select().from(users);\n";
    expect(await ruleIds(read, 'apps/api/src/modules/contact/repository.ts')).toEqual([]);
  });

  it('reports a core table written as SQL text by a module that does not own it, but not by the owner', async () => {
    const tagged = "import { sql } from 'drizzle-orm';\nexport const sample = (id: string) => sql`update pledges set status = 'released' where id = ${id}`;\n";
    const interpolated =
      "import { sql } from 'drizzle-orm';\nimport { pledges } from '../../db/schema.ts';\nexport const sample = sql`insert into ${pledges} (status) values ('pending')`;\n";
    const named =
      "import { getTableName } from 'drizzle-orm';\nimport { pledges } from '../../db/schema.ts';\nexport const sample = `update \"${getTableName(pledges)}\" as p set status = 'dropped'`;\n";
    const text = 'export const sample = \'delete from "contact_messages" where id = $1\';\n';
    for (const code of [tagged, interpolated, named]) {
      expect(await ruleIds(code, 'apps/api/src/modules/contact/repository.ts')).toContain('structure/table-owner');
      expect(await ruleIds(code, 'apps/api/src/modules/pledges/repository.ts')).toEqual([]);
    }
    expect(await ruleIds(text, 'apps/api/src/modules/users/repository.ts')).toContain('structure/table-owner');
    expect(await ruleIds(text, 'apps/api/src/modules/contact/repository.ts')).toEqual([]);
  });

  it('reports charging and matching writing pledges, which they change through the pledges service', async () => {
    const update =
      "import { eq } from 'drizzle-orm';\nimport { pledges } from '../../db/schema.ts';\nimport type { Executor } from '../../db/client.ts';\nexport const sample = (db: Executor, id: string) => db.update(pledges).set({ status: 'charged' }).where(eq(pledges.id, id));\n";
    const insert =
      "import { pledges } from '../../db/schema.ts';\nimport type { Executor } from '../../db/client.ts';\nexport const sample = (db: Executor) => db.insert(pledges).values({ eventId: 'e', amountCents: 100 });\n";
    const claim = "import { sql } from 'drizzle-orm';\nexport const sample = sql`update pledges set attempt_started_at = now() where id = ${'x'}`;\n";
    for (const code of [update, insert, claim]) {
      expect(await ruleIds(code, 'apps/api/src/modules/charging/repository.ts')).toContain('structure/table-owner');
      expect(await ruleIds(code, 'apps/api/src/modules/matching/repository.ts')).toContain('structure/table-owner');
      expect(await ruleIds(code, 'apps/api/src/modules/pledges/charge-state-repository.ts')).toEqual([]);
    }
  });

  it('reads prose and reads of SQL text as no write', async () => {
    const prose = 'export const sample = (url: string) => `Update your card at ${url}, or delete from your account the pledges you no longer want`;\n';
    const read = "export const sample = 'select * from pledges where id = $1 for update';\n";
    expect(await ruleIds(prose, 'apps/api/src/modules/contact/service.ts')).toEqual([]);
    expect(await ruleIds(read, 'apps/api/src/modules/contact/repository.ts')).toEqual([]);
  });

  it('reports SQL in an API service file, but not in its repository', async () => {
    const code = "import { eq } from 'drizzle-orm';\nimport { contactMessages } from '../../db/schema.ts';\nexport const sample = [eq, contactMessages];\n";
    const ids = await ruleIds(code, 'apps/api/src/modules/contact/service.ts');
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(2);
    expect(await ruleIds(code, 'apps/api/src/modules/contact/repository.ts')).toEqual([]);
  });

  it('reports SQL in an API route file', async () => {
    const code = "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema.ts';\nexport const sample = [eq, users];\n";
    const ids = await ruleIds(code, 'apps/api/src/modules/contact/routes.ts');
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(2);
  });

  it('reports an import cycle', async () => {
    const code = "import { second } from './second.ts';\n\nexport const first = () => second();\n";
    expect(await ruleIds(code, 'eslint/fixtures/cycle/first.ts')).toContain('structure/no-cycle');
  });

  it('reports an import cycle made of type-only imports, and passes once the type import is gone', async () => {
    const cycle = "import type { Second } from './second.ts';\n\nexport interface First {\n  next: Second;\n}\n";
    const none = 'export interface First {\n  next: unknown;\n}\n';
    expect(await ruleIds(cycle, 'eslint/fixtures/type-cycle/first.ts')).toContain('structure/no-cycle');
    expect(await ruleIds(none, 'eslint/fixtures/type-cycle/first.ts')).toEqual([]);
  });

  it('reports a relative import into another web feature', async () => {
    const code = "import { postCreateEvent } from '../../campaigns/api/create-event';\nexport const sample = postCreateEvent;\n";
    expect(await ruleIds(code, 'apps/web/src/features/auth/components/sample.ts')).toContain('import-x/no-restricted-paths');
  });

  it('reports an aliased import into another web feature', async () => {
    const code = "import { postCreateEvent } from '@/features/campaigns/api/create-event';\nexport const sample = postCreateEvent;\n";
    expect(await ruleIds(code, 'apps/web/src/features/auth/components/sample.ts')).toContain('no-restricted-imports');
  });

  it('reports a query key written inline in the web app, but not one from lib/query-keys.ts', async () => {
    const inline = "export const sample = { queryKey: ['admin', 'payouts'] };\n";
    const shared = "import { queryKeys } from '@/lib/query-keys';\nexport const sample = { queryKey: queryKeys.admin.payouts };\n";
    expect(await ruleIds(inline, 'apps/web/src/features/admin/api/sample.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds(shared, 'apps/web/src/features/admin/api/sample.ts')).toEqual([]);
  });

  it('reports a pulsing or bouncing class without its reduced-motion stop, but not one with it', async () => {
    const moving = 'export const sample = <span className="size-2 animate-pulse rounded-full" />;\n';
    const stopped = 'export const sample = <span className="size-2 animate-pulse rounded-full motion-reduce:animate-none" />;\n';
    expect(await ruleIds(moving, 'apps/web/src/features/campaigns/components/sample.tsx')).toContain('no-restricted-syntax');
    expect(await ruleIds(stopped, 'apps/web/src/features/campaigns/components/sample.tsx')).toEqual([]);
  });

  it('reports a function over 80 lines of code', async () => {
    const body = Array.from({ length: 81 }, (_, index) => `  total += ${index};`).join('\n');
    const code = `export function long() {\n  let total = 0;\n${body}\n  return total;\n}\n`;
    expect(await ruleIds(code, 'apps/api/src/modules/contact/sample.ts')).toContain('unit-size/max-function-lines');
    expect(await ruleIds(code, 'packages/domain/src/sample.ts')).toContain('unit-size/max-function-lines');
  });

  it('reports a web component over 80 lines of code, but not a test or marketing copy', async () => {
    const items = Array.from({ length: 79 }, (_, index) => `      <li>Item ${index}</li>`).join('\n');
    const code = `export function LongList() {\n  return (\n    <ul>\n${items}\n    </ul>\n  );\n}\n`;
    expect(await ruleIds(code, 'apps/web/src/features/auth/components/sample.tsx')).toContain('unit-size/max-function-lines');
    expect(await ruleIds(code, 'apps/web/src/components/ui/sample.tsx')).toContain('unit-size/max-function-lines');
    expect(await ruleIds(code, 'apps/web/src/features/auth/components/sample.test.tsx')).not.toContain('unit-size/max-function-lines');
    expect(await ruleIds(code, 'apps/web/src/features/marketing/content/sample.tsx')).not.toContain('unit-size/max-function-lines');
  });

  it('reports a web source file over 300 lines of code', async () => {
    const code = Array.from({ length: 301 }, (_, index) => `export const value${index} = ${index};`).join('\n') + '\n';
    expect(await ruleIds(code, 'apps/web/src/lib/sample.ts')).toContain('max-lines');
    expect(await ruleIds(code, 'e2e/sample.ts')).toContain('max-lines');
    expect(await ruleIds(code, 'scripts/sample.ts')).toContain('max-lines');
  });

  it('counts an anonymous callback with the function that passes it, and a named method on its own', async () => {
    const lines = (count) => Array.from({ length: count }, (_, index) => `      total += ${index};`).join('\n');
    const callback = `export function flow(items) {\n  let total = 0;\n  items.forEach(() => {\n${lines(50)}\n  });\n${lines(40)}\n  return total;\n}\n`;
    const methods = `export function createService() {\n  let total = 0;\n  return {\n    first() {\n${lines(50)}\n    },\n    second() {\n${lines(50)}\n    },\n  };\n}\n`;
    expect(await ruleIds(callback, 'apps/api/src/modules/contact/sample.ts')).toContain('unit-size/max-function-lines');
    expect(await ruleIds(methods, 'apps/api/src/modules/contact/sample.ts')).not.toContain('unit-size/max-function-lines');
  });

  it('reports a source file over 300 lines of code, but not a test', async () => {
    const code = Array.from({ length: 301 }, (_, index) => `export const value${index} = ${index};`).join('\n') + '\n';
    expect(await ruleIds(code, 'apps/api/src/modules/contact/sample.ts')).toContain('max-lines');
    expect(await ruleIds(code, 'apps/api/src/modules/contact/sample.test.ts')).not.toContain('max-lines');
  });
});

describe('the concurrency tag of API tests (decision 124)', { timeout: 120_000 }, () => {
  const file = 'apps/api/src/modules/contact/sample.test.ts';
  const race = (options) =>
    `import { expect, it } from 'vitest';\nconst send = async () => 201;\nit('takes one of two at once', ${options}async () => {\n  const answers = await Promise.all([send(), send()]);\n  expect(answers).toHaveLength(2);\n});\n`;

  it('reports a test that awaits several things at once without the tag', async () => {
    expect(await ruleIds(race(''), file)).toContain('structure/concurrency-tag');
    const settled = race('').replace('Promise.all', 'Promise.allSettled');
    expect(await ruleIds(settled, file)).toContain('structure/concurrency-tag');
  });

  it('lets the test through when it, its describe or its file carries the tag', async () => {
    expect(await ruleIds(race("{ tags: ['concurrency'] }, "), file)).toEqual([]);
    expect(await ruleIds(`// @module-tag concurrency\n${race('')}`, file)).toEqual([]);
    const inDescribe = `import { describe, expect, it } from 'vitest';\nconst send = async () => 201;\ndescribe('races', { tags: ['concurrency'] }, () => {\n  it.runIf(true)('one of two', async () => {\n    expect(await Promise.all([send(), send()])).toHaveLength(2);\n  });\n});\n`;
    expect(await ruleIds(inDescribe, file)).toEqual([]);
  });

  it('reports a test tagged otherwise, and leaves set-up outside tests and files outside the API alone', async () => {
    expect(await ruleIds(race("{ tags: ['slow'], timeout: 1000 }, "), file)).toContain('structure/concurrency-tag');
    const setUp = `import { beforeAll, expect, it } from 'vitest';\nconst send = async () => 201;\nlet answers: number[] = [];\nbeforeAll(async () => {\n  answers = await Promise.all([send(), send()]);\n});\nit('has two', () => expect(answers).toHaveLength(2));\n`;
    expect(await ruleIds(setUp, file)).toEqual([]);
    expect(await ruleIds(race(''), 'apps/web/src/lib/sample.test.ts')).not.toContain('structure/concurrency-tag');
  });
});

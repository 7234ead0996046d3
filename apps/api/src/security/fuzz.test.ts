import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signUp, type TestClient } from '../test/client.ts';
import { describeBody, multipartArbitrary, requestOptions, type MultipartForm } from './test-fuzz-multipart.ts';
import { adminClient, createCampaign } from '../test/factories.ts';

/**
 * Property-based fuzzing of every JSON and multipart endpoint of the OpenAPI document: whatever
 * the body, query or path parameter, no 5xx, no stack trace, and every error in the documented
 * shape. A few hundred cases in a normal run; FUZZ_RUNS sets the total (e.g. FUZZ_RUNS=5000 with
 * a longer `--testTimeout`: each suite has the API tests' 30 s; 300 cases took 3–8 s a suite on
 * the shared 2-core machine at load 11–17).
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 300);

interface Operation {
  method: string;
  path: string;
  bodyFields: string[] | undefined;
  queryFields: string[];
  /** The fields and files the document names for a multipart body. */
  multipart?: MultipartForm;
}

let server: TestServer;
let user: TestClient;
let admin: TestClient;
let operations: Operation[];
/** Ids that exist, so fuzzed multipart bodies also reach the parsers behind the not-found checks. */
let ownIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  const signed = await signUp(server.url);
  user = signed.client;
  admin = await adminClient(server);
  const campaign = await createCampaign(server.app, signed.user._id, { status: 'pending' });
  const [option] = await server.app.ctx.db.insert(participants).values({ eventId: campaign.id, fullName: 'Fuzz Option' }).returning();
  ownIds = [campaign.id, option!.id];
  /* eslint-disable @typescript-eslint/no-explicit-any -- the document is walked as plain JSON */
  const doc: any = await (await fetch(`${server.url}/api/docs`)).json();
  operations = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const content = operation.requestBody?.content ?? {};
      // Stripe's webhook answers 503 to everyone while the sandbox is the provider (its own tests sign real events).
      if (path === '/payments/webhook') continue;
      const schema = content['application/json']?.schema;
      const parts: Array<[string, { format?: string }]> = Object.entries(content['multipart/form-data']?.schema?.properties ?? {});
      operations.push({
        method: method.toUpperCase(),
        path: `/api${path}`,
        bodyFields: schema ? Object.keys(schema.properties ?? {}) : undefined,
        queryFields: (operation.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name),
        ...(content['multipart/form-data'] && !schema
          ? {
              multipart: {
                fields: parts.filter(([, property]) => property.format !== 'binary').map(([name]) => name),
                files: parts.filter(([, property]) => property.format === 'binary').map(([name]) => name),
              },
            }
          : {}),
      });
    }
  }
  /* eslint-enable @typescript-eslint/no-explicit-any */
});
// On PostgreSQL under a full CI run this close once went past a minute (alone it takes ~50 ms); the
// harness now prints what a close still waits for after 15 s, so the next occurrence names its cause.
afterAll(() => server.close(), 180_000);

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '$&', 'x'.repeat(5000), '-1', '1e309', 'NaN'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

function bodyArbitrary(fields: string[]) {
  const record = fields.length ? fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: fields.length }) : fc.constant({});
  return fc.oneof(record, fc.jsonValue({ maxDepth: 3 }));
}

const pathValue = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent), fc.constant('%E0%A4%A'));

async function expectHandled(response: Awaited<ReturnType<TestClient['request']>>, label: string) {
  expect(response.status, label).toBeLessThan(500);
  const text = typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? '');
  expect(text, label).not.toMatch(/\n\s+at |node_modules|Failed query/);
  if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
    expect(response.data, label).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String), code: expect.any(String) });
  }
}

describe('fuzzing the JSON endpoints', () => {
  it('never answers 5xx or a stack trace, and every error has the documented shape', async () => {
    const json = operations.filter((operation) => !operation.multipart);
    expect(json.length).toBeGreaterThan(20);
    const runsEach = Math.max(3, Math.floor(TOTAL_RUNS / json.length));
    for (const operation of json) {
      const query = fc.dictionary(fc.constantFrom(...(operation.queryFields.length ? operation.queryFields : ['q'])), fc.string({ maxLength: 60 }), {
        maxKeys: 3,
      });
      const body = operation.bodyFields ? bodyArbitrary(operation.bodyFields) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(pathValue, query, body, async (param, queryValues, json) => {
          const path = operation.path.replace(/\{[^}]+\}/g, param);
          const search = new URLSearchParams(queryValues as Record<string, string>).toString();
          const url = `${path}${search ? `?${search}` : ''}`;
          // Signed in, so authenticated routes are fuzzed past their token check too.
          const response = await user.request(operation.method, url, json === undefined ? {} : { json });
          const label = `${operation.method} ${url} ${JSON.stringify(json)?.slice(0, 200)} → ${response.status} ${JSON.stringify(response.data)?.slice(0, 200)}`;
          await expectHandled(response, label);
        }),
        { numRuns: runsEach },
      );
    }
  });
});

describe('fuzzing the multipart endpoints', () => {
  it('never answers 5xx or a stack trace, and every error has the documented shape, whatever the parts', async () => {
    const multipart = operations.filter((operation) => operation.multipart);
    expect(multipart.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['POST /api/site/register', 'PUT /api/events/{id}', 'POST /api/events/{id}/updates', 'POST /api/admin/charities']),
    );
    // Fewer cases than a JSON route each: a case can carry megabytes.
    const runsEach = Math.max(5, Math.floor(TOTAL_RUNS / 20));
    for (const operation of multipart) {
      // Admin routes as an admin, the rest as the signed-in user, so the body is read past the role check.
      const client = operation.path.startsWith('/api/admin/') ? admin : user;
      const param = fc.oneof({ arbitrary: fc.constantFrom(...ownIds), weight: 3 }, { arbitrary: pathValue, weight: 1 });
      await fc.assert(
        fc.asyncProperty(param, multipartArbitrary(operation.multipart!), async (value, body) => {
          const url = operation.path.replace(/\{[^}]+\}/g, value);
          const response = await client.request(operation.method, url, requestOptions(body));
          const label = `${operation.method} ${url} ${describeBody(body)} → ${response.status} ${JSON.stringify(response.data)?.slice(0, 200)}`;
          await expectHandled(response, label);
        }),
        { numRuns: runsEach },
      );
    }
  });
});

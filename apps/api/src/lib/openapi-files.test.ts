import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_PATH, OPENAPI_PATH, generateOpenApiFiles } from '../../../../scripts/openapi-files.ts';

// The web's typed client (apps/web/src/lib/api-client.ts) is typed from these files: a route
// changed without `npm run docs:api` would leave the client believing the old shapes.
describe('the generated API files', () => {
  it('are what `npm run docs:api` writes from the routes as they are', { timeout: 120_000 }, async () => {
    const files = await generateOpenApiFiles();
    const stale = 'out of date: run `npm run docs:api` and commit docs/api/openapi.json and apps/web/src/lib/api-schema.d.ts';
    expect(readFileSync(OPENAPI_PATH, 'utf8') === files.document, `docs/api/openapi.json is ${stale}`).toBe(true);
    expect(readFileSync(API_SCHEMA_PATH, 'utf8') === files.types, `apps/web/src/lib/api-schema.d.ts is ${stale}`).toBe(true);
  });
});

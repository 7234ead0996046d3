// Writes the OpenAPI document generated from the route schemas to docs/api/openapi.json, and the
// web client's types generated from it (openapi-typescript) to apps/web/src/lib/api-schema.d.ts.
// Usage: npm run docs:api. `apps/api/src/lib/openapi-files.test.ts` fails when either file is out
// of date, so the typed client cannot drift from the routes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_SCHEMA_PATH, OPENAPI_PATH, generateOpenApiFiles } from './openapi-files.ts';

const files = await generateOpenApiFiles();
mkdirSync(path.dirname(OPENAPI_PATH), { recursive: true });
writeFileSync(OPENAPI_PATH, files.document);
writeFileSync(API_SCHEMA_PATH, files.types);
console.log(`wrote ${OPENAPI_PATH}\nwrote ${API_SCHEMA_PATH}`);

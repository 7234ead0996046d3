// Writes the OpenAPI document generated from the route schemas to docs/api/openapi.json.
// Usage: npm run docs:api
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-openapi-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: '0' }, { databaseUrl: 'memory://', jwtSecret: 'x'.repeat(32) });
const app = await buildApp(config, { logger: false, serveWeb: false });
await app.ready();
const out = path.resolve(import.meta.dirname, '../docs/api');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'openapi.json'), `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`wrote ${path.join(out, 'openapi.json')}`);

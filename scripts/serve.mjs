#!/usr/bin/env node
// The production start: runs the existing build with plain Node in production mode. It needs only
// production dependencies (`npm ci --omit=dev`); build first with `npm run build`.
import { pathToFileURL } from 'node:url';
import { buildExists, SERVER_ENTRY } from './build-state.mjs';
import { refuseUnsupportedNode } from './node-version.mjs';

refuseUnsupportedNode();

if (!buildExists()) {
  console.error('There is no build to serve: run `npm run build` first (or `npm start`, which builds when needed).');
  process.exit(1);
}
process.env.NODE_ENV = 'production';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);

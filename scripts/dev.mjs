#!/usr/bin/env node
// Development: the API with restart on change (port 3000) and Vite with hot reload (port 5173,
// proxying /api and /uploads to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { runOnPromisedNode } from './node-version.mjs';

await runOnPromisedNode();

// Only here may the development mailbox (which holds password-reset links) answer without an admin's sign-in.
const apiEnv = { ...process.env, DEV_MAILBOX_OPEN: '1' };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], { stdio: 'inherit', env: apiEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());

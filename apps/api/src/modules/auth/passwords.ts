import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's minimum argon2id parameters: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const common = new Set(dictionary.passwords.map((word) => word.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/**
 * At most two password hashes run at once. Each holds one of libuv's four threads for tens of
 * milliseconds; with every thread busy, the rest of a log-in that also runs there (signing its
 * token) waited behind every queued hash, so under a burst no log-in finished until all hashes had
 * (docs/performance.md). Two keep both cores busy and leave threads for everything else.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so no newcomer can take it in between.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneOfFew(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await oneOfFew(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/** Verifying against this when the e-mail is unknown keeps the response time the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  return dummyHash;
}

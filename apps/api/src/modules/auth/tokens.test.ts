import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './tokens.ts';

const claims = () => ({ sub: randomUUID(), sid: randomUUID(), role: 'user' as const });

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies a token again from memory until the second it expires, then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00.000Z'));
    const tokens = createAccessTokens('a-secret-of-at-least-thirty-two-characters');
    const sent = claims();
    const token = await tokens.sign(sent);
    expect(await tokens.verify(token)).toMatchObject(sent);
    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000));
    expect(await tokens.verify(token)).toMatchObject(sent);
    vi.setSystemTime(new Date('2026-11-25T10:00:00.000Z').getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a changed token and one signed with another key, even after the genuine one was verified', async () => {
    const tokens = createAccessTokens('a-secret-of-at-least-thirty-two-characters');
    const token = await tokens.sign(claims());
    expect(await tokens.verify(token)).toBeDefined();
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    const other = await createAccessTokens('another-secret-of-at-least-thirty-two-chars').sign(claims());
    expect(await tokens.verify(other)).toBeUndefined();
  });
});

import { expect } from 'vitest';
import type { SandboxWalletOutcome } from '@pledgeway/domain';
import type { TestClient } from '../../test/client.ts';

/**
 * Saves the sandbox wallet's card or the sandbox cash app through the API, as the browser does
 * (decision 151): the sandbox approves it with the chosen outcome, the app saves the token.
 * Returns the saved payment method.
 */
export async function addSandboxWallet(client: TestClient, kind: 'wallet' | 'cashapp', outcome: SandboxWalletOutcome = 'succeed', cashtag = '$pledger') {
  const approved = await client.post('/api/sandbox/wallets', { kind, outcome, ...(kind === 'cashapp' ? { cashtag } : {}) });
  expect(approved.status, JSON.stringify(approved.data)).toBe(201);
  const saved = await client.post('/api/payment-methods', { token: approved.data.token });
  expect(saved.status, JSON.stringify(saved.data)).toBe(201);
  return saved.data.data as { id: string; kind: string; label: string; is_default: boolean };
}

import { expect } from 'vitest';
import { isSandbox } from '../../providers/payments/index.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import type { TestServer } from '../../test/harness.ts';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/**
 * Saves a card: tokenized by the sandbox provider as its card form would (that form is rate
 * limited per address, and a test makes many), then saved through the payment-methods endpoint.
 */
export async function saveCard(server: TestServer, client: TestClient, number = '4242424242424242'): Promise<string> {
  const payments = server.app.ctx.payments;
  if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
  const { token } = await payments.tokenizeCard({ holder_name: 'Sam Supporter', number, expiry: `09/${nextYear}`, cvv: '123' });
  const saved = await client.post('/api/payment-methods', { token });
  expect(saved.status).toBe(201);
  return saved.data.data.id as string;
}

/** A signed-in supporter with a saved card. */
export async function supporterWithCard(server: TestServer, name = 'Sam Supporter') {
  const signed = await signUp(server.url, { name });
  return { ...signed, cardId: await saveCard(server, signed.client) };
}

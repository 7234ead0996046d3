import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCards, sandboxCharges } from './tables.ts';
import { createSandboxProvider, sandboxFeeCents } from './sandbox.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';

let server: TestServer;
let sandbox: ReturnType<typeof createSandboxProvider>;

beforeAll(async () => {
  server = await startTestServer();
  sandbox = createSandboxProvider(server.app.ctx.db);
});
afterAll(async () => server.close());

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function savedCard(number: string) {
  const customer = await sandbox.createCustomer({ email: 'donor@example.com', name: 'Donor' });
  const { token } = await sandbox.tokenizeCard({ holder_name: 'Dana Donor', number, expiry: `12/${nextYear}`, cvv: '123' });
  const card = await sandbox.attachCard({ customerRef: customer.ref, token });
  return { customerRef: customer.ref, methodRef: card.ref, card };
}

describe('sandbox payment provider', () => {
  it('charges the card fee of 2.9% + $0.30, rounded half up', async () => {
    expect(sandboxFeeCents(10_000)).toBe(320);
    expect(sandboxFeeCents(2_500)).toBe(103); // 72.5 → 73 + 30
    expect(sandboxFeeCents(1_000)).toBe(59);
    const { customerRef, methodRef } = await savedCard('4242 4242 4242 4242');
    const result = await sandbox.charge({ customerRef, methodRef, amountCents: 10_000, idempotencyKey: 'fee-1' });
    expect(result).toMatchObject({ ok: true, amountCents: 10_000, feeCents: 320 });
  });

  it('keeps only brand, last4, expiry and holder of a card', async () => {
    const { card } = await savedCard('5555 5555 5555 4444');
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 12, holderName: 'Dana Donor' });
    const rows = await server.app.ctx.database.query<Record<string, unknown>>('select * from sandbox_cards');
    expect(JSON.stringify(rows)).not.toContain('5555555555554444');
  });

  it.each([
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0027 6000 3184', 'authentication_required'],
    ['4000 0000 0000 0341', 'card_declined'],
  ])('saves the test card %s and declines it at charge time with %s', async (number, code) => {
    const { customerRef, methodRef } = await savedCard(number);
    const result = await sandbox.charge({ customerRef, methodRef, amountCents: 5_000, idempotencyKey: `decline-${code}` });
    expect(result).toMatchObject({ ok: false, code });
  });

  it('saves 4000 0000 0000 0341 and declines every charge of it as card_declined, like Stripe', async () => {
    const { customerRef, methodRef } = await savedCard('4000 0000 0000 0341');
    expect(await sandbox.listCards(customerRef)).toHaveLength(1);
    for (const key of ['0341-a', '0341-b']) {
      expect(await sandbox.charge({ customerRef, methodRef, amountCents: 5_000, idempotencyKey: key })).toMatchObject({
        ok: false,
        code: 'card_declined',
        message: 'Your card was declined.',
      });
    }
  });

  it('charges 4000 0000 0000 0259 successfully and records that the charge will be disputed', async () => {
    const disputing = await savedCard('4000 0000 0000 0259');
    const result = await sandbox.charge({ ...disputing, amountCents: 5_000, idempotencyKey: 'dispute-0259' });
    expect(result).toMatchObject({ ok: true, amountCents: 5_000 });
    const ordinary = await savedCard('4242 4242 4242 4242');
    const plain = await sandbox.charge({ ...ordinary, amountCents: 5_000, idempotencyKey: 'no-dispute-4242' });
    const rows = await server.app.ctx.db.select().from(sandboxCharges);
    expect(rows.find((row) => row.id === result.ref)?.willDispute).toBe(true);
    expect(rows.find((row) => row.id === plain.ref)?.willDispute).toBe(false);
  });

  it('declines 4000 0000 0000 0002 when it is saved, like a SetupIntent, and attaches nothing', async () => {
    const customer = await sandbox.createCustomer({ email: 'declined@example.com', name: 'Declined' });
    const { token } = await sandbox.tokenizeCard({ holder_name: 'D', number: '4000 0000 0000 0002', expiry: `12/${nextYear}`, cvv: '123' });
    await expect(sandbox.attachCard({ customerRef: customer.ref, token })).rejects.toMatchObject({
      code: 'card_declined',
      status: 402,
      message: 'Your card was declined.',
    });
    expect(await sandbox.listCards(customer.ref)).toEqual([]);
  });

  it('declines at charge time a saved card that the issuer declines later', async () => {
    const { customerRef, methodRef } = await savedCard('4242 4242 4242 4242');
    await server.app.ctx.db.update(sandboxCards).set({ behaviour: 'card_declined' }).where(eq(sandboxCards.id, methodRef));
    const result = await sandbox.charge({ customerRef, methodRef, amountCents: 5_000, idempotencyKey: 'decline-later' });
    expect(result).toMatchObject({ ok: false, code: 'card_declined' });
  });

  it('honours idempotency keys: the same key never charges twice', { tags: ['concurrency'] }, async () => {
    const { customerRef, methodRef } = await savedCard('4242424242424242');
    const input = { customerRef, methodRef, amountCents: 7_700, idempotencyKey: 'pledge-abc' };
    const [first, second, third] = await Promise.all([sandbox.charge(input), sandbox.charge(input), sandbox.charge(input)]);
    expect(first.ok && second.ok && third.ok).toBe(true);
    expect(second.ref).toBe(first.ref);
    expect(third.ref).toBe(first.ref);
    const rows = await server.app.ctx.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, 'pledge-abc'));
    expect(rows).toHaveLength(1);
    await expect(sandbox.charge({ ...input, amountCents: 9_900 })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // Its records answer what an attempt did; it never forgets a key.
    expect(await sandbox.findCharge('pledge-abc')).toEqual(first);
    expect(await sandbox.findCharge('pledge-never-sent')).toBeNull();
    expect(sandbox.idempotencyKeyLifetimeMs).toBe(Number.POSITIVE_INFINITY);
  });

  it('accepts a card token only once and never charges a card of another customer', async () => {
    const customer = await sandbox.createCustomer({ email: 'a@example.com', name: 'A' });
    const other = await sandbox.createCustomer({ email: 'b@example.com', name: 'B' });
    const { token } = await sandbox.tokenizeCard({ holder_name: 'A', number: '4242424242424242', expiry: `01/${nextYear}`, cvv: '123' });
    const card = await sandbox.attachCard({ customerRef: customer.ref, token });
    await expect(sandbox.attachCard({ customerRef: other.ref, token })).rejects.toMatchObject({ code: 'INVALID_CARD_TOKEN' });
    const result = await sandbox.charge({ customerRef: other.ref, methodRef: card.ref, amountCents: 1_000, idempotencyKey: 'steal' });
    expect(result).toMatchObject({ ok: false, code: 'card_missing' });
  });

  it('refunds once per key and never more than was charged', async () => {
    const { customerRef, methodRef } = await savedCard('4242424242424242');
    const charge = await sandbox.charge({ customerRef, methodRef, amountCents: 10_000, idempotencyKey: 'to-refund' });
    if (!charge.ok) throw new Error('charge failed');
    const first = await sandbox.refund({ chargeRef: charge.ref, amountCents: 4_000, idempotencyKey: 'refund-1' });
    const again = await sandbox.refund({ chargeRef: charge.ref, amountCents: 4_000, idempotencyKey: 'refund-1' });
    expect(again.ref).toBe(first.ref);
    await expect(sandbox.refund({ chargeRef: charge.ref, amountCents: 6_001, idempotencyKey: 'refund-2' })).rejects.toMatchObject({ code: 'REFUND_TOO_LARGE' });
    const rest = await sandbox.refund({ chargeRef: charge.ref, idempotencyKey: 'refund-3' });
    expect(rest.amountCents).toBe(6_000);
  });

  it('finds a refund by its key in its own records, and none of a key never sent or of another charge', async () => {
    const { customerRef, methodRef } = await savedCard('4242424242424242');
    const charge = await sandbox.charge({ customerRef, methodRef, amountCents: 5_000, idempotencyKey: 'to-find-refund' });
    if (!charge.ok) throw new Error('charge failed');
    expect(await sandbox.findRefund({ chargeRef: charge.ref, idempotencyKey: 'found-refund' })).toBeNull();
    const made = await sandbox.refund({ chargeRef: charge.ref, amountCents: 1_500, idempotencyKey: 'found-refund' });
    expect(await sandbox.findRefund({ chargeRef: charge.ref, idempotencyKey: 'found-refund' })).toEqual(made);
    expect(await sandbox.findRefund({ chargeRef: 'ch_sbx_other', idempotencyKey: 'found-refund' })).toBeNull();
  });

  it('does not charge a removed card', async () => {
    const { customerRef, methodRef } = await savedCard('4242424242424242');
    await sandbox.detachCard({ customerRef, methodRef });
    expect(await sandbox.listCards(customerRef)).toEqual([]);
    const result = await sandbox.charge({ customerRef, methodRef, amountCents: 1_000, idempotencyKey: 'detached' });
    expect(result).toMatchObject({ ok: false, code: 'card_missing' });
  });
});

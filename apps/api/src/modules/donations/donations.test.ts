import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '@pledgeway/domain';
import { ledgerEntries, ledgerTransactions, outboxEmails } from '../../db/schema.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import { TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { firstCharityId } from '../events/test-helpers.ts';
import { charityDonations } from './tables.ts';

let server: TestServer;
let charityId: string;
beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
});
afterAll(async () => server.close());

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function cardToken(number = '4242424242424242'): Promise<string> {
  const payments = server.app.ctx.payments;
  if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
  return (await payments.tokenizeCard({ holder_name: 'Dana Donor', number, expiry: `09/${nextYear}`, cvv: '123' })).token;
}

function donate(body: Record<string, unknown>, id = charityId) {
  return new TestClient(server.url).post(`/api/charities/${id}/donations`, body);
}

describe('POST /api/charities/{id}/donations', () => {
  it('charges the card once, records the donation and its balanced ledger entries, and e-mails a receipt', async () => {
    const token = await cardToken();
    const email = `donor-${randomUUID().slice(0, 8)}@example.com`;
    const body = { fullName: 'Dana Donor', email, amount: 50, token };
    const [first, retry] = [await donate(body), await donate(body)];
    expect(first.status).toBe(201);
    expect(first.data.message).toMatch(/^Thank you for your donation to .+!$/);
    expect(retry.status).toBe(201);
    expect(retry.data.data.donation._id).toBe(first.data.data.donation._id);

    const rows = await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 5_000, cardFeeCents: 175, status: 'charged' });
    const charges = await server.app.ctx.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, `donation_${token}`));
    expect(charges).toHaveLength(1);

    const [transaction] = await server.app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `donation_${token}`));
    expect(transaction!.kind).toBe('donation');
    const entries = await server.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transaction!.id));
    expect(Object.fromEntries(entries.map((entry) => [entry.account, entry.amountCents]))).toEqual({
      donor_card: -5_000,
      card_processing_fees: 175,
      charity_payable: 4_825,
    });
    expect(entries.find((entry) => entry.account === 'charity_payable')!.charityId).toBe(charityId);

    const mail = await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail.map((message) => message.kind)).toEqual(['donation-receipt']);
    // The receipt commits with the donation: both rows carry the same creating transaction.
    const [donationTx] = await server.app.ctx.database.query<{ xmin: string }>('select xmin::text as xmin from charity_donations where id = $1', [rows[0]!.id]);
    const [receiptTx] = await server.app.ctx.database.query<{ xmin: string }>('select xmin::text as xmin from outbox_emails where id = $1', [mail[0]!.id]);
    expect(receiptTx!.xmin).toBe(donationTx!.xmin);
  });

  it('answers a declined card with the decline message and records nothing in the ledger', async () => {
    const token = await cardToken('4000000000009995');
    const before = await server.app.ctx.db.select({ count: sql<string>`count(*)` }).from(ledgerTransactions);
    const response = await donate({ fullName: 'Dana Donor', email: 'declined@example.com', amount: 20, token });
    expect(response.status).toBe(422);
    expect(response.data.message).toBe('Your card has insufficient funds.');
    const after = await server.app.ctx.db.select({ count: sql<string>`count(*)` }).from(ledgerTransactions);
    expect(after[0]!.count).toBe(before[0]!.count);
    expect(await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'declined@example.com'))).toEqual([]);
  });

  it('refuses bad input with the messages of docs/product.md#donation-form and an unknown charity with 404', async () => {
    const bad = await donate({ fullName: 'Al', email: 'al@', amount: 0, token: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toMatchObject({
      fullName: DONATION_MESSAGES.fullNameShort,
      email: DONATION_MESSAGES.emailInvalid,
      amount: DONATION_MESSAGES.amountPositive,
    });
    const unknown = await donate({ fullName: 'Dana Donor', email: 'd@example.com', amount: 5, token: await cardToken() }, randomUUID());
    expect(unknown.status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES, DONATION_RESULT_MESSAGES } from '@pledgeway/domain';
import { ledgerEntries, ledgerTransactions, outboxEmails } from '../../db/schema.ts';
import { rateLimitCounters } from '../../lib/rate-limit/tables.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { charityDonations } from './tables.ts';
import { firstCharityId } from '../../test/factories.ts';
import { saveSandboxWallet } from '../../test/money.ts';

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

  it('refuses a Stripe payment method while the sandbox is the provider, and records nothing (decision 245)', async () => {
    const email = `not-stripe-${randomUUID().slice(0, 8)}@example.com`;
    const response = await new TestClient(server.url).request('POST', `/api/charities/${charityId}/donations`, {
      json: { fullName: 'Vera Visitor', email, amount: 5, stripe_payment_method: 'pm_123' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.status).toBe(400);
    expect(response.data.fields.stripe_payment_method).toBe(DONATION_RESULT_MESSAGES.stripeUnavailable);
    expect(await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email))).toEqual([]);
  });

  describe("with a visitor's sandbox wallet or cash app (issue 41)", () => {
    // The wallet's sheet or cash app's approval as a visitor sees it: POST /sandbox/wallets without a session.
    async function walletToken(body: Record<string, unknown>): Promise<string> {
      const approved = await new TestClient(server.url).post('/api/sandbox/wallets', body);
      expect(approved.status, JSON.stringify(approved.data)).toBe(201);
      return approved.data.token;
    }
    const count = async () => (await server.app.ctx.db.select({ count: sql<string>`count(*)` }).from(ledgerTransactions))[0]!.count;
    beforeEach(async () => {
      await server.app.ctx.db.delete(rateLimitCounters);
    });

    it('charges the sandbox wallet once, retried with the same token, and the receipt names it', async () => {
      const token = await walletToken({ kind: 'wallet', outcome: 'succeed' });
      const email = `visitor-wallet-${randomUUID().slice(0, 8)}@example.com`;
      const body = { fullName: 'Vera Visitor', email, amount: 12.34, token };
      const [first, retry] = [await donate(body), await donate(body)];
      expect(first.status, JSON.stringify(first.data)).toBe(201);
      expect(retry.data.data.donation._id).toBe(first.data.data.donation._id);
      const rows = await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amountCents: 1_234, status: 'charged', userId: null });
      expect(
        await server.app.ctx.db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.idempotencyKey, `donation_${token}`)),
      ).toHaveLength(1);
      const [transaction] = await server.app.ctx.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `donation_${token}`));
      expect(transaction!.kind).toBe('donation');
      const mail = await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('Your Sandbox wallet · Visa •••• 4242 was charged $12.34.');
    });

    it('charges the sandbox cash app, and the receipt names it by its $cashtag', async () => {
      const token = await walletToken({ kind: 'cashapp', outcome: 'succeed', cashtag: '$vera_gives' });
      const email = `visitor-cash-${randomUUID().slice(0, 8)}@example.com`;
      const response = await donate({ fullName: 'Vera Visitor', email, amount: 7, token });
      expect(response.status, JSON.stringify(response.data)).toBe(201);
      const [receipt] = await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
      expect(receipt!.text).toContain('Your Sandbox cash app · $vera_gives was charged $7.00.');
    });

    it('answers a cash app declined at its approval with its own words, and changes nothing', async () => {
      const token = await walletToken({ kind: 'cashapp', outcome: 'decline_on_save', cashtag: '$no_go' });
      const email = `visitor-declined-${randomUUID().slice(0, 8)}@example.com`;
      const before = await count();
      const response = await donate({ fullName: 'Vera Visitor', email, amount: 9, token });
      expect(response.status).toBe(402);
      expect(response.data.message).toBe('The sandbox cash app declined the payment.');
      expect(await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email))).toEqual([]);
      expect(
        await server.app.ctx.db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.idempotencyKey, `donation_${token}`)),
      ).toEqual([]);
      expect(await count()).toBe(before);
      expect(await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).toEqual([]);
    });

    it('answers a cash app declined at the charge with its own words: no money moves and no receipt is sent', async () => {
      const token = await walletToken({ kind: 'cashapp', outcome: 'decline_on_charge', cashtag: '$broke_now' });
      const email = `visitor-charge-declined-${randomUUID().slice(0, 8)}@example.com`;
      const before = await count();
      const response = await donate({ fullName: 'Vera Visitor', email, amount: 9, token });
      expect(response.status).toBe(422);
      expect(response.data.message).toBe('The sandbox cash app declined the payment.');
      const rows = await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
      expect(rows.map((row) => row.status)).toEqual(['failed']);
      expect(await count()).toBe(before);
      expect(await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).toEqual([]);
    });
  });

  describe('with a saved payment method (decision 160)', () => {
    const withKey = (client: TestClient, body: Record<string, unknown>, key?: string) =>
      client.request('POST', `/api/charities/${charityId}/donations`, { json: body, headers: key ? { 'idempotency-key': key } : {} });
    // The donation form allows 10 a minute from one address; these tests send more from one.
    beforeEach(async () => {
      await server.app.ctx.db.delete(rateLimitCounters);
    });

    it('charges the saved sandbox wallet once under the Idempotency-Key, with its ledger entries and receipt', async () => {
      const donor = await signUp(server.url);
      const wallet = await saveSandboxWallet(donor.client, 'wallet');
      const email = `wallet-${randomUUID().slice(0, 8)}@example.com`;
      const body = { fullName: 'Wanda Wallet', email, amount: 20, payment_method_id: wallet.id };
      const key = randomUUID();
      const [first, retry] = [await withKey(donor.client, body, key), await withKey(donor.client, body, key)];
      expect(first.status, JSON.stringify(first.data)).toBe(201);
      expect(retry.data.data.donation._id).toBe(first.data.data.donation._id);
      const rows = await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amountCents: 2_000, status: 'charged', userId: donor.user._id });
      const charges = await server.app.ctx.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, rows[0]!.idempotencyKey));
      expect(charges).toHaveLength(1);
      const [transaction] = await server.app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, rows[0]!.idempotencyKey));
      expect(transaction!.kind).toBe('donation');
      const [receipt] = await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
      expect(receipt!.text).toContain('Your Sandbox wallet · Visa •••• 4242 was charged $20.00.');
      // A new key is a new donation.
      expect((await withKey(donor.client, body, randomUUID())).status).toBe(201);
      expect(await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email))).toHaveLength(2);
    });

    it('answers a cash app asking for approval at the charge with a true message, and records nothing', async () => {
      const donor = await signUp(server.url);
      const cashapp = await saveSandboxWallet(donor.client, 'cashapp', 'action_required', '$needs_ok');
      const email = `approval-${randomUUID().slice(0, 8)}@example.com`;
      const response = await withKey(donor.client, { fullName: 'Casey Cash', email, amount: 15, payment_method_id: cashapp.id }, randomUUID());
      expect(response.status).toBe(422);
      expect(response.data.message).toMatch(
        /^The sandbox cash app asks you to approve this payment, so nothing was charged\. Please choose another payment method\.$/,
      );
      expect(response.data.message).not.toMatch(/pledge/);
      const rows = await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
      expect(rows.map((row) => row.status)).toEqual(['failed']);
      expect(await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).toEqual([]);
    });

    it('refuses a visitor, a missing Idempotency-Key, another person’s method, and both a token and a method', async () => {
      const owner = await signUp(server.url);
      const wallet = await saveSandboxWallet(owner.client, 'wallet');
      const other = await signUp(server.url);
      const body = { fullName: 'Wanda Wallet', email: 'refused@example.com', amount: 5, payment_method_id: wallet.id };
      expect((await withKey(new TestClient(server.url), body, randomUUID())).status).toBe(401);
      const noKey = await withKey(owner.client, body);
      expect(noKey.status).toBe(400);
      expect(noKey.data.fields['Idempotency-Key']).toBe(DONATION_RESULT_MESSAGES.attemptKeyRequired);
      const notYours = await withKey(other.client, body, randomUUID());
      expect(notYours.status).toBe(400);
      expect(notYours.data.fields.payment_method_id).toBe(DONATION_RESULT_MESSAGES.methodRequired);
      const both = await withKey(owner.client, { ...body, token: await cardToken() }, randomUUID());
      expect(both.status).toBe(400);
      expect(both.data.fields.payment_method_id).toBe(DONATION_RESULT_MESSAGES.oneMethod);
      expect(await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, 'refused@example.com'))).toEqual([]);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePledge, settlePledge } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { sandboxFeeCents } from '../../providers/payments/index.ts';
import { accountBalance, expectBooksBalanced, liveCampaign, saveCard, saveSandboxWallet } from '../../test/money.ts';
import { adminClient, mailsTo, pledgeRow } from '../../test/factories.ts';

/** The sandbox wallet and cash app (decisions 150, 151): saved for later, charged like cards. */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

async function pledge(client: TestClient, eventId: string, amount: number, paymentMethodId: string) {
  const made = await client.post(`/api/events/${eventId}/pledges`, { amount, tip_percent: 0, cover_fees: false, payment_method_id: paymentMethodId });
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  const [row] = await server.app.ctx.database.query<{ id: string; payment_method_id: string }>(
    'select id, payment_method_id from pledges where user_id = (select user_id from payment_methods where id = $1) and event_id = $2',
    [paymentMethodId, eventId],
  );
  return row!;
}

describe('sandbox wallet and cash app', () => {
  it('saves each by its kind, named so nobody takes it for Apple Pay or Cash App', async () => {
    const { client } = await signUp(server.url);
    const wallet = await saveSandboxWallet(client, 'wallet');
    const cashapp = await saveSandboxWallet(client, 'cashapp', 'succeed', '$ava_gives');
    const list = (await client.get('/api/payment-methods')).data.data;
    expect(list).toEqual([
      {
        id: wallet.id,
        kind: 'sandbox_wallet',
        label: 'Sandbox wallet · Visa •••• 4242',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2 },
        detail: null,
        billing_details: { name: '' },
        is_default: true,
      },
      {
        id: cashapp.id,
        kind: 'sandbox_cashapp',
        label: 'Sandbox cash app · $ava_gives',
        card: null,
        detail: '$ava_gives',
        billing_details: { name: '' },
        is_default: false,
      },
    ]);
    const approved = await client.post('/api/sandbox/wallets', { kind: 'cashapp', outcome: 'succeed', cashtag: '$again' });
    const saved = await client.post('/api/payment-methods', { token: approved.data.token });
    expect(saved.data.message).toBe('Sandbox cash app · $again saved to your payment methods');
    // Its token is single-use, like a card's.
    expect((await client.post('/api/payment-methods', { token: approved.data.token })).status).toBe(422);
  });

  it('refuses bad input field by field and saves nothing', async () => {
    const { client } = await signUp(server.url);
    const missing = await client.post('/api/sandbox/wallets', { kind: 'cashapp', outcome: 'succeed' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.data.fields)).toEqual(['cashtag']);
    expect((await client.post('/api/sandbox/wallets', { kind: 'cashapp', outcome: 'succeed', cashtag: 'ava' })).data.fields.cashtag).toMatch(/\$cashtag/);
    expect((await client.post('/api/sandbox/wallets', { kind: 'apple_pay', outcome: 'succeed' })).status).toBe(400);
    expect((await client.post('/api/sandbox/wallets', { kind: 'wallet', outcome: 'maybe' })).status).toBe(400);
    expect((await client.get('/api/payment-methods')).data.data).toEqual([]);
  });

  it('a cash app declined when saved is refused with 402 naming the cash app, and nothing is kept', async () => {
    const { client } = await signUp(server.url);
    const approved = await client.post('/api/sandbox/wallets', { kind: 'cashapp', outcome: 'decline_on_save', cashtag: '$nope' });
    const saved = await client.post('/api/payment-methods', { token: approved.data.token });
    expect(saved.status).toBe(402);
    expect(saved.data.message).toBe('The sandbox cash app declined the payment.');
    const wallet = await client.post('/api/sandbox/wallets', { kind: 'wallet', outcome: 'decline_on_save' });
    expect((await client.post('/api/payment-methods', { token: wallet.data.token })).data.message).toBe('Your card was declined.');
    expect((await client.get('/api/payment-methods')).data.data).toEqual([]);
  });

  it(
    'charges pledges on a saved wallet and cash app at completion to the cent; a cash app declining at charge fails, is mailed, and is charged on a card',
    { timeout: 120_000 },
    async () => {
      const creator = await signUp(server.url);
      const event = await liveCampaign(server, creator, admin);
      const walletDonor = await signUp(server.url);
      const cashDonor = await signUp(server.url);
      const declinedDonor = await signUp(server.url);
      const approvalDonor = await signUp(server.url);
      const wallet = await saveSandboxWallet(walletDonor.client, 'wallet');
      const cashapp = await saveSandboxWallet(cashDonor.client, 'cashapp', 'succeed', '$cash_donor');
      const declining = await saveSandboxWallet(declinedDonor.client, 'cashapp', 'decline_on_charge', '$broke');
      const needsApproval = await saveSandboxWallet(approvalDonor.client, 'cashapp', 'action_required', '$careful');
      const a = await pledge(walletDonor.client, event.id, 25.55, wallet.id);
      const b = await pledge(cashDonor.client, event.id, 40.01, cashapp.id);
      const c = await pledge(declinedDonor.client, event.id, 30, declining.id);
      const d = await pledge(approvalDonor.client, event.id, 12.34, needsApproval.id);
      // The pledge records the method it will be charged with.
      expect([a, b, c, d].map((row) => row.payment_method_id)).toEqual([wallet.id, cashapp.id, declining.id, needsApproval.id]);
      // The receipt names the method saved for the pledge.
      const receipt = (await mailsTo(server, cashDonor.email)).find((mail) => mail.kind === 'pledge-receipt');
      expect(receipt?.text).toContain('Your Sandbox cash app · $cash_donor is saved for this pledge and has not been charged.');
      // Nothing is charged before completion.
      expect(await server.app.ctx.database.query('select id from sandbox_charges where card_id like $1', ['cashapp_sbx_%'])).toEqual([]);

      expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
      const started = await admin.post(`/api/admin/events/${event.id}/charge`);
      expect(started.status, JSON.stringify(started.data)).toBe(201);
      await server.app.ctx.jobs.drain();

      for (const [row, cents] of [
        [a, 2_555],
        [b, 4_001],
      ] as const) {
        const charged = await pledgeRow(server, row.id);
        const quote = quotePledge({ amountCents: cents, tipPercent: 0, coverFees: false, isCreator: false });
        expect(charged).toMatchObject({ status: 'charged', chargedCents: quote.totalCents, cardFeeCents: sandboxFeeCents(quote.totalCents) });
        // The fee recorded is the provider's for that charge.
        const [providerCharge] = await server.app.ctx.database.query<{ fee_cents: number }>('select fee_cents from sandbox_charges where id = $1', [
          charged.providerChargeRef,
        ]);
        expect(Number(providerCharge!.fee_cents)).toBe(charged.cardFeeCents);
        expect(settlePledge({ ...quote, chargedCents: charged.chargedCents!, cardFeeCents: charged.cardFeeCents! }).netToCharityCents).toBeGreaterThan(0);
      }
      const chargeReceipt = (await mailsTo(server, cashDonor.email)).find((mail) => mail.kind === 'charge-receipt');
      expect(chargeReceipt?.text).toContain('Your Sandbox cash app · $cash_donor was charged $40.01');
      expect(await pledgeRow(server, c.id)).toMatchObject({ status: 'failed', failureReason: 'The sandbox cash app declined the payment.' });
      expect(await pledgeRow(server, d.id)).toMatchObject({
        status: 'failed',
        failureReason: 'The sandbox cash app asks you to approve this payment, so nothing was charged. Please choose another payment method.',
      });
      const failedMail = (await mailsTo(server, declinedDonor.email)).find((mail) => mail.kind === 'charge-failed');
      expect(failedMail?.text).toContain('The sandbox cash app declined the payment.');
      expect(failedMail?.text).toContain(`/user/pledges?update=${c.id}`);

      // The supporter retries with a card: charged at once, once.
      const card = await saveCard(declinedDonor.client);
      const retried = await declinedDonor.client.post(`/api/pledges/${c.id}/payment-method`, { payment_method_id: card });
      expect(retried.status, JSON.stringify(retried.data)).toBe(200);
      await server.app.ctx.jobs.drain();
      const recovered = await pledgeRow(server, c.id);
      expect(recovered).toMatchObject({
        status: 'charged',
        paymentMethodId: card,
        chargedCents: quotePledge({ amountCents: 3_000, tipPercent: 0, coverFees: false, isCreator: false }).totalCents,
      });
      expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBeLessThan(0);
      await expectBooksBalanced(server);
    },
  );

  it('removes a wallet under the card rules: the only method of a pending pledge stays', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const donor = await signUp(server.url);
    const cashapp = await saveSandboxWallet(donor.client, 'cashapp');
    await pledge(donor.client, event.id, 20, cashapp.id);
    expect((await donor.client.delete(`/api/payment-methods/${cashapp.id}`)).status).toBe(409);
    const wallet = await saveSandboxWallet(donor.client, 'wallet');
    expect((await donor.client.delete(`/api/payment-methods/${cashapp.id}`)).status).toBe(200);
    expect((await donor.client.get('/api/payment-methods')).data.data.map((method: { id: string }) => method.id)).toEqual([wallet.id]);
  });

  it('lets a visitor open the sandbox wallet for a donation, at most 10 a minute', async () => {
    const visitor = new TestClient(server.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await visitor.post('/api/sandbox/wallets', { kind: 'wallet', outcome: 'succeed' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});

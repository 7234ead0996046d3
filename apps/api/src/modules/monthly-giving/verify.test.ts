import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { firstCharityId } from '../../test/factories.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { monthlyGiftEntries } from './postings.ts';
import { saveCard } from '../../test/money.ts';

/**
 * The books' check knows monthly giving (decision 140): each charged month against its posting and
 * the provider's charge, both ways, with the sandbox's records and with Stripe's PaymentIntents. Each
 * test plants the three differences on a server of its own (the ledger is append-only): a provider
 * charge no posting knows, a posting of a charge the provider never made, a different amount.
 */
async function giveMonthly(server: TestServer, client: TestClient, cardId: string) {
  const started = await client.post(`/api/charities/${await firstCharityId(server)}/monthly-gifts`, { amount: 25, tip: 2, payment_method_id: cardId });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  const giftId = started.data.data.gift._id as string;
  const [month] = await server.app.ctx.database.query<{ id: string; ref: string; period: string; charity_id: string }>(
    `select c.id, c.provider_charge_ref as ref, c.period, g.charity_id from monthly_gift_charges c join monthly_gifts g on g.id = c.gift_id where c.gift_id = $1`,
    [giftId],
  );
  return { giftId, month: month! };
}

async function cardRefs(server: TestServer, cardId: string) {
  const [card] = await server.app.ctx.database.query<{ customer: string; method: string }>(
    'select provider_customer_ref as customer, provider_method_ref as method from payment_methods where id = $1',
    [cardId],
  );
  return { customerRef: card!.customer, methodRef: card!.method };
}

/** A posting of a month's charge the provider never made, under a key no charged month has. */
async function postInventedMonth(server: TestServer, giftId: string, charityId: string) {
  return (await ledgerRepository.post(server.app.ctx.db, {
    kind: 'monthly_gift',
    idempotencyKey: `recurring:${giftId}:2099-02`,
    providerRef: 'never_made_monthly',
    entries: monthlyGiftEntries({ amountCents: 2_500, tipCents: 200, feeCents: 0, charityId }),
  })) as { id: string };
}

const check = (server: TestServer) => verifyLedger(server.app.ctx.database.query, server.app.ctx.payments);

describe('the books check of monthly giving with the sandbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('passes on a real month, then reports an unposted provider charge, a posting with no charge and a different amount', async () => {
    const person = await signUp(server.url);
    const cardId = await saveCard(person.client);
    const { giftId, month } = await giveMonthly(server, person.client, cardId);
    const clean = await check(server);
    expect(clean.problems).toEqual([]);
    expect(clean.checked.monthly_charges).toBe(1);

    const unposted = await server.app.ctx.payments.charge({
      ...(await cardRefs(server, cardId)),
      amountCents: 2_700,
      idempotencyKey: `recurring:${giftId}:2099-01:0`,
    });
    expect(unposted.ok).toBe(true);
    const invented = await postInventedMonth(server, giftId, month.charity_id);
    await server.app.ctx.database.query('update sandbox_charges set amount_cents = amount_cents + 1 where id = $1', [month.ref]);

    const report = await check(server);
    const fee = await feeOf(server, month.id);
    expect(report.ok).toBe(false);
    expect(report.problems.sort()).toEqual(
      [
        `the provider's charge ${unposted.ref} of $27.00 has no posting in the ledger`,
        `posting ${invented.id} records the charge never_made_monthly the provider has no record of`,
        `posting ${invented.id} books the monthly charge recurring:${giftId}:2099-02, but no month is charged under that key`,
        `charge ${month.ref}: the provider moved $27.01, the ledger $27.00`,
        `monthly charge ${month.id}: the provider charged 2701 (fee ${fee}), the books say 2700 (fee ${fee})`,
      ].sort(),
    );
  });
});

async function feeOf(server: TestServer, chargeId: string) {
  const [row] = await server.app.ctx.database.query<{ fee: number }>('select card_fee_cents as fee from monthly_gift_charges where id = $1', [chargeId]);
  return Number(row!.fee);
}

describe('the books check of monthly giving with Stripe', () => {
  const standIn = createStripeStandIn();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ stripeSecretKey: 'sk_test_stand_in', stripePublishableKey: 'pk_test_stand_in', stripeApiBase: await standIn.start() });
  });
  afterAll(async () => {
    await server?.close();
    await standIn.close();
  });

  it('compares the months with Stripe’s PaymentIntents both ways and reports each planted difference', async () => {
    const person = await signUp(server.url);
    const setup = await person.client.post('/api/payment-methods/setup-intent');
    standIn.confirmSetupIntent(setup.data.setup_intent_id, '4242424242424242');
    const cardId = (await person.client.post('/api/payment-methods', { token: setup.data.setup_intent_id })).data.data.id as string;
    const { giftId, month } = await giveMonthly(server, person.client, cardId);
    expect((await check(server)).problems).toEqual([]);

    const unposted = await server.app.ctx.payments.charge({
      ...(await cardRefs(server, cardId)),
      amountCents: 2_700,
      idempotencyKey: `recurring:${giftId}:2099-01:0`,
    });
    expect(unposted.ok).toBe(true);
    const invented = await postInventedMonth(server, giftId, month.charity_id);
    const stripeCharge = standIn.objectsOf('charge').find((charge) => charge.payment_intent === month.ref)!;
    stripeCharge.amount = Number(stripeCharge.amount) + 1;

    const report = await check(server);
    expect(report.ok).toBe(false);
    expect(report.problems.sort()).toEqual(
      [
        `the provider's charge ${unposted.ref} of $27.00 has no posting in the ledger`,
        `posting ${invented.id} records the charge never_made_monthly the provider has no record of`,
        `posting ${invented.id} books the monthly charge recurring:${giftId}:2099-02, but no month is charged under that key`,
        `charge ${month.ref}: the provider moved $27.01, the ledger $27.00`,
      ].sort(),
    );
  });
});

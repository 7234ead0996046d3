import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { charities } from '../../db/schema.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { LEDGER_KINDS, STATEMENT_SIDE, type LedgerKind, type StatementSide } from '../ledger/kinds.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { offerMatch, sponsorWithCard } from '../../test/matches.ts';
import { deliverSandboxEvents } from '../payment-events/service.ts';
import { adminClient, firstCharityId, mailsTo, type Person } from '../../test/factories.ts';
import { CARDS, liveCampaign, pledgeFrom } from '../../test/money.ts';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

const year = new Date().getUTCFullYear();

async function chargeAll(creator: Person, eventId: string) {
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${eventId}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
}

/** The PDF as its owner downloads it, read back to text as a reader would. */
async function statementText(client: TestClient, forYear: number) {
  const response = await fetch(`${server.url}/api/me/statements/${forYear}.pdf`, { headers: { authorization: `Bearer ${client.accessToken}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('giving statements', () => {
  it('lists each charge with date, campaign, charity and amount, tips apart, and a dispute, in a PDF read back', async () => {
    // Cyrillic, Greek and Chinese letters print as entered (decision 190).
    const supporter = await signUp(server.url, { name: 'Sam Statement Иван Παπαδόπουλος 王小明' });
    const creatorA = await signUp(server.url);
    const swim = await liveCampaign(server, creatorA, admin);
    await pledgeFrom(server, supporter, swim.id, { amountCents: 10_000, tipPercent: 20 });
    await chargeAll(creatorA, swim.id);
    const creatorB = await signUp(server.url);
    const run = await liveCampaign(server, creatorB, admin);
    await pledgeFrom(server, supporter, run.id, { amountCents: 5_000, card: CARDS.dispute });
    await chargeAll(creatorB, run.id);

    const years = await supporter.client.get('/api/me/statements');
    expect(years.status).toBe(200);
    expect(years.data.data.years).toEqual([{ year, given: 150, tips: 20, returned: 50, charges: 2 }]);

    const text = await statementText(supporter.client, year);
    const charity = (await supporter.client.get(`/api/events/show/${swim.id}`)).data.charity.name as string;
    for (const expected of [
      `Giving statement ${year}`,
      'Sam Statement Иван Παπαδόπουλος 王小明',
      swim.name,
      run.name,
      charity,
      '$100.00',
      '$20.00',
      'Charged for your pledges: $150.00',
      'Tips to Pledgeway, not given to the charity: $20.00',
      'Disputed by your bank',
      'Returned to your card: $50.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`${year}-`);

    // Each charge's receipt links to the statements.
    const receipts = (await mailsTo(server, supporter.email)).filter((mail) => mail.kind === 'charge-receipt');
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) expect(receipt.text).toContain(`${server.app.ctx.config.publicUrl}/user/statements`);
  });

  it('lists a donation from /charities beside the pledges, and its dispute among the money returned', async () => {
    const supporter = await signUp(server.url, { name: 'Dora Donor' });
    const payments = server.app.ctx.payments;
    if (!isSandbox(payments)) throw new Error('tests run with the sandbox provider');
    const charityId = await firstCharityId(server);
    for (const [amount, number] of [
      [25, '4242 4242 4242 4242'],
      [40, CARDS.dispute],
    ] as const) {
      const { token } = await payments.tokenizeCard({ holder_name: 'Dora Donor', number, expiry: '09/40', cvv: '123' });
      const donated = await supporter.client.post(`/api/charities/${charityId}/donations`, { fullName: 'Dora Donor', email: supporter.email, amount, token });
      expect(donated.status, JSON.stringify(donated.data)).toBe(201);
    }
    // The bank disputes the $40.00 donation (Stripe's 0259 card), and the dispute is booked.
    await deliverSandboxEvents(server.app.ctx);

    expect((await supporter.client.get('/api/me/statements')).data.data.years).toEqual([{ year, given: 65, tips: 0, returned: 40, charges: 2 }]);
    const text = await statementText(supporter.client, year);
    const [charity] = await server.app.ctx.db.select({ name: charities.name }).from(charities).where(eq(charities.id, charityId));
    for (const expected of [
      'Donation',
      charity!.name,
      '$25.00',
      '$40.00',
      'Charged for your pledges and donations: $65.00',
      'Disputed by your bank',
      'Returned to your card: $40.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives each supporter only their own, refuses a bad year, and answers 404 for a year without charges', async () => {
    const stranger = await signUp(server.url);
    expect((await stranger.client.get('/api/me/statements')).data.data.years).toEqual([]);
    expect((await stranger.client.get(`/api/me/statements/${year}.pdf`)).status).toBe(404);
    expect((await stranger.client.get('/api/me/statements/1999.pdf')).status).toBe(400);
    expect((await stranger.client.get('/api/me/statements/abc.pdf')).status).toBe(400);
    expect((await new TestClient(server.url).get('/api/me/statements')).status).toBe(401);
    expect((await new TestClient(server.url).get(`/api/me/statements/${year}.pdf`)).status).toBe(401);
  });
});

describe('a sponsor’s statement', () => {
  it('lists a match charged as money given, never as money returned, in the list and the PDF', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard(server, 'Sal Sponsor');
    await offerMatch(sponsor, event.id, { ratio: 1, cap: 160 });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 20_000 });
    await chargeAll(creator, event.id);

    // $200 pledged and charged, matched 1:1 up to $160: the sponsor gave $160.
    expect((await sponsor.client.get('/api/me/statements')).data.data.years).toEqual([{ year, given: 160, tips: 0, returned: 0, charges: 1 }]);
    const text = await statementText(sponsor.client, year);
    expect(text).toContain('Charged for your pledges: $160.00');
    expect(text).toContain('Returned to your card: $0.00');
    expect(text).toContain('None this year.');
    expect(text).not.toContain('160.00 Returned');
  });
});

/** Each kind's place on a statement, written out apart from the ledger's own table so that a change to either shows. */
const EXPECTED_SIDE: Record<string, StatementSide> = {
  pledge_charge: 'given',
  match_charge: 'given',
  match_top_up: 'given',
  funding_charge: 'given',
  donation: 'given',
  monthly_gift: 'given',
  funding_refund: 'returned',
  dispute_opened: 'returned',
  dispute_won: 'returned',
  funding_settlement: 'not_on_statement',
  payout: 'not_on_statement',
  transfer: 'not_on_statement',
  transfer_reversal: 'not_on_statement',
};

describe('every kind of the ledger on a statement', () => {
  it('has its place, and only the kinds of money returned are counted as returned', async () => {
    expect([...LEDGER_KINDS].sort()).toEqual(Object.keys(EXPECTED_SIDE).sort());
    expect(STATEMENT_SIDE).toEqual(EXPECTED_SIDE);

    const supporter = await signUp(server.url);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const { pledge } = await pledgeFrom(server, supporter, event.id, { amountCents: 5_000 });
    await chargeAll(creator, event.id);
    // One movement of each kind on the supporter's pledge, each of its own amount, all back to the card.
    const cents = (kind: LedgerKind) => 111 * (LEDGER_KINDS.indexOf(kind) + 1);
    for (const kind of LEDGER_KINDS) {
      await ledgerRepository.post(server.app.ctx.db, {
        kind,
        idempotencyKey: `statement-side:${kind}:${pledge.id}`,
        pledgeId: pledge.id,
        eventId: event.id,
        entries: [
          { account: 'donor_card', amountCents: cents(kind) },
          { account: 'platform_fee_revenue', amountCents: -cents(kind) },
        ],
      });
    }

    const returnedCents = LEDGER_KINDS.filter((kind) => EXPECTED_SIDE[kind] === 'returned').reduce((sum, kind) => sum + cents(kind), 0);
    const [listed] = (await supporter.client.get('/api/me/statements')).data.data.years;
    expect(listed).toEqual({ year, given: 50, tips: 0, returned: returnedCents / 100, charges: 1 });
    const text = await statementText(supporter.client, year);
    expect(text).toContain(`Returned to your card: $${(returnedCents / 100).toFixed(2)}`);
    // Each returned movement is a line of its own; no other kind's amount is anywhere on the statement.
    for (const kind of LEDGER_KINDS) {
      if (EXPECTED_SIDE[kind] === 'returned') expect(text, kind).toContain(`$${(cents(kind) / 100).toFixed(2)}`);
      else expect(text, kind).not.toContain(`$${(cents(kind) / 100).toFixed(2)}`);
    }
    for (const label of ['Refund', 'Disputed by your bank', 'Dispute decided']) expect(text).toContain(label);
  });
});

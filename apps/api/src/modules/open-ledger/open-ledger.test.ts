import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import {
  dollarsToCents,
  OPEN_LEDGER_ACCOUNTS,
  OPEN_LEDGER_CSV_COLUMNS,
  OpenLedgerDownload,
  OpenLedgerResponse,
  type OpenLedgerLine,
  type OpenLedgerTotals,
} from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { toCsv } from '../../lib/csv.ts';
import { DOWNLOAD_PAGE_SIZE, linePages } from './download-stream.ts';
import { ANONYMOUS_DOWNLOADS_PER_MINUTE } from './routes.ts';
import { findLedgerCampaign, openLedgerRepository } from './repository.ts';
import { adminClient } from '../../test/factories.ts';
import { CARDS, expectBooksBalanced, fundedCampaign, liveCampaign, pledgeFrom } from '../../test/money.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
let server: TestServer;
let admin: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  visitor = new TestClient(server.url);
});
afterAll(async () => server.close());

/** The figures the campaign page shows, as a visitor reads them. */
async function pageFigures(eventId: string) {
  const page = (await visitor.get(`/api/events/show/${eventId}`)).data;
  return { raised: page.payment_amount, charged: page.charged_amount, for_charity: page.to_charity, passed_on: page.passed_on };
}

async function openLedger(eventId: string, query = '') {
  const response = await visitor.get(`/api/events/${eventId}/money${query}`);
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  return OpenLedgerResponse.parse(response.data).data;
}

/** `npm run ledger:recompute -- <file> --json`, as anyone with the download would run it. */
async function recompute(name: string, contents: string): Promise<OpenLedgerTotals> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'open-ledger-')), name);
  await writeFile(file, contents);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ledger-recompute.ts', file, '--json'], { cwd: ROOT });
  return JSON.parse(stdout) as OpenLedgerTotals;
}

/** A live campaign: a named supporter's $200 + 10% tip, an anonymous $100 covering the fees, and a $50 on the card the bank disputes. */
async function campaignWithPledges() {
  const creator = await signUp(server.url, { name: 'Casey Creator' });
  const event = await liveCampaign(server, creator, admin);
  await pledgeFrom(server, await signUp(server.url, { name: 'Nora Named' }), event.id, { amountCents: 20_000, tipPercent: 10 });
  const hidden = await pledgeFrom(server, await signUp(server.url, { name: 'Quinn Quiet' }), event.id, { amountCents: 10_000, coverFees: true });
  await server.app.ctx.db.update(pledges).set({ anonymous: true }).where(eq(pledges.id, hidden.pledge.id));
  await pledgeFrom(server, await signUp(server.url, { name: 'Dana Disputes' }), event.id, { amountCents: 5_000, card: CARDS.dispute });
  return { creator, event };
}

describe('open ledger', () => {
  it('lists every movement with totals equal to the page, before and after charging, a dispute and a payout', async () => {
    const { creator, event } = await campaignWithPledges();

    const before = await openLedger(event.id);
    expect(before.lines.map((line) => line.kind).sort()).toEqual(['funding_charge', 'pledge_pending', 'pledge_pending', 'pledge_pending']);
    expect(before.totals).toMatchObject(await pageFigures(event.id));

    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    const charged = await openLedger(event.id);
    expect(charged.lines.map((line) => line.kind)).toEqual(expect.arrayContaining(['funding_settlement', 'pledge_charge', 'dispute_opened']));
    expect(charged.lines.find((line) => line.kind === 'dispute_opened')).toMatchObject({ label: 'Charge disputed by the bank', donor: null });

    const payout = await admin.post('/api/admin/payouts', { charity_id: event.charityId, amount: 150, reference: 'ACH-OPEN-1', paid_on: '2026-11-25' });
    expect(payout.status, JSON.stringify(payout.data)).toBe(201);
    const after = await openLedger(event.id);
    const page = await pageFigures(event.id);
    expect(page.charged).toBeGreaterThan(0);
    expect(page.passed_on).toBeGreaterThan(0);
    expect(after.totals).toMatchObject(page);
    expect(after.lines.find((line) => line.kind === 'payout')).toMatchObject({ label: 'Passed on to the charity', donor: null });

    // Every line balances, as the books do.
    for (const line of after.lines) expect(OPEN_LEDGER_ACCOUNTS.reduce((sum, account) => sum + dollarsToCents(line[account]), 0)).toBe(0);
    await expectBooksBalanced(server);
  });

  it('recomputes the page’s totals from the JSON and the CSV downloads with npm run ledger:recompute', async () => {
    const { creator, event } = await campaignWithPledges();
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    await admin.post('/api/admin/payouts', { charity_id: event.charityId, amount: 40, reference: 'ACH-OPEN-2', paid_on: '2026-11-25' });
    const page = await pageFigures(event.id);

    const json = await visitor.get(`/api/events/${event.id}/money.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toContain('attachment');
    const download = OpenLedgerDownload.parse(json.data);
    const csv = await visitor.get(`/api/events/${event.id}/money.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');

    const fromJson = await recompute('money.json', JSON.stringify(json.data));
    const fromCsv = await recompute('money.csv', csv.data as string);
    expect(fromJson).toMatchObject(page);
    expect(fromCsv).toEqual(fromJson);
    expect(fromJson).toEqual(download.totals);
    expect(fromJson).toEqual((await openLedger(event.id)).totals);
  });

  it('a download whose figures were changed no longer recomputes to what it states', async () => {
    const { event } = await campaignWithPledges();
    const download = OpenLedgerDownload.parse((await visitor.get(`/api/events/${event.id}/money.json`)).data);
    download.lines[0]!.pledged += 1;
    await expect(recompute('changed.json', JSON.stringify(download))).rejects.toMatchObject({ code: 1 });
  });

  it('keeps an anonymous supporter anonymous in the list and both downloads', async () => {
    const { event } = await campaignWithPledges();
    const ledger = await openLedger(event.id);
    expect(ledger.lines.map((line) => line.donor)).toEqual(expect.arrayContaining(['Nora Named', 'Anonymous', 'Dana Disputes']));
    for (const path of [`/api/events/${event.id}/money`, `/api/events/${event.id}/money.json`, `/api/events/${event.id}/money.csv`]) {
      const text = JSON.stringify((await visitor.get(path)).data);
      expect(text).not.toContain('Quinn Quiet');
      expect(text).not.toContain('@');
    }
  });

  it('names nobody who was declined or disputed, and no payout’s bank reference, on the page and in both downloads', async () => {
    const { creator, event } = await campaignWithPledges();
    await pledgeFrom(server, await signUp(server.url, { name: 'Devon Declined' }), event.id, { amountCents: 3_000, card: CARDS.declined });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    // Everything the charity is owed, so that this campaign's share is in it whatever the file's other campaigns owe.
    const owed = ((await admin.get('/api/admin/payouts')).data.data.charities as { charity_id: string; payable: number }[]).find(
      (row) => row.charity_id === event.charityId,
    )!.payable;
    const payout = await admin.post('/api/admin/payouts', { charity_id: event.charityId, amount: owed, reference: 'WIRE-2026-1128-A', paid_on: '2026-11-28' });
    expect(payout.status, JSON.stringify(payout.data)).toBe(201);

    const { lines } = await openLedger(event.id);
    const of = (kind: string) => lines.filter((line) => line.kind === kind);
    expect(of('pledge_failed')).toMatchObject([{ label: 'Pledged, card declined: awaiting a new card', donor: null }]);
    expect(of('dispute_opened')).toMatchObject([{ label: 'Charge disputed by the bank', donor: null }]);
    // The disputed charge itself names nobody either: its amount would tie the dispute to the name.
    expect(of('pledge_charge').map((line) => line.donor)).toEqual(expect.arrayContaining(['Nora Named', 'Anonymous', null]));
    expect(of('payout')).toHaveLength(1);
    expect(of('payout')[0]).toMatchObject({ label: 'Passed on to the charity', donor: null });
    expect(of('payout')[0]).not.toHaveProperty('reference');
    for (const path of [`/api/events/${event.id}/money`, `/api/events/${event.id}/money.json`, `/api/events/${event.id}/money.csv`]) {
      const text = JSON.stringify((await visitor.get(path)).data);
      expect(text, path).toContain('Nora Named');
      for (const hidden of ['Devon Declined', 'Dana Disputes', 'WIRE-2026-1128-A']) expect(text, path).not.toContain(hidden);
    }
  });

  it('pages a big campaign newest first without losing or repeating a line', async () => {
    const { event } = await campaignWithPledges();
    for (let index = 0; index < 5; index += 1) await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_000 + index });
    const all = await openLedger(event.id);
    const seen: string[] = [];
    for (let offset = 0; offset < all.count; offset += 3) {
      const page = await openLedger(event.id, `?offset=${offset}&limit=3`);
      expect(page.totals).toEqual(all.totals);
      seen.push(...page.lines.map((line) => line.id));
    }
    expect(seen).toHaveLength(all.count);
    expect(new Set(seen).size).toBe(all.count);
    expect(all.lines.map((line) => line.at)).toEqual([...all.lines.map((line) => line.at)].sort().reverse());
  });

  it('refuses bad paging and unknown ids, and shows a campaign under review only to its creator and admins', async () => {
    const { event } = await campaignWithPledges();
    expect((await visitor.get(`/api/events/${event.id}/money?limit=0`)).status).toBe(400);
    expect((await visitor.get(`/api/events/${event.id}/money?limit=1000`)).status).toBe(400);
    expect((await visitor.get(`/api/events/${event.id}/money?offset=-1`)).status).toBe(400);
    expect((await visitor.get('/api/events/not-a-uuid/money')).status).toBe(400);
    expect((await visitor.get(`/api/events/${crypto.randomUUID()}/money`)).status).toBe(404);

    const creator = await signUp(server.url);
    const pending = await fundedCampaign(server, creator);
    for (const suffix of ['', '.json', '.csv']) expect((await visitor.get(`/api/events/${pending.id}/money${suffix}`)).status).toBe(404);
    expect((await creator.client.get(`/api/events/${pending.id}/money`)).status).toBe(200);
    expect((await admin.get(`/api/events/${pending.id}/money`)).status).toBe(200);
  });
});

/** Every line as the screen pages them (200 at a time), the order and content the downloads had when they were built whole. */
async function everyLine(eventId: string): Promise<{ totals: OpenLedgerTotals; lines: OpenLedgerLine[] }> {
  const first = await openLedger(eventId, '?limit=200');
  const lines = [...first.lines];
  while (lines.length < first.count) lines.push(...(await openLedger(eventId, `?offset=${lines.length}&limit=200`)).lines);
  return { totals: first.totals, lines };
}

/** `count` balanced movements booked straight into the ledger, in groups of three at the same microsecond (ties broken by id). */
async function bookMovements(eventId: string, count: number) {
  await server.app.ctx.database.query(
    `with t as (
       insert into ledger_transactions (kind, idempotency_key, event_id, created_at)
       select 'pledge_charge', 'bulk-' || $1 || '-' || g, $1::uuid, timestamptz '2026-11-01 00:00:00Z' + (g / 3) * interval '1 microsecond'
       from generate_series(1, $2::int) g
       returning id
     )
     insert into ledger_entries (transaction_id, account, event_id, amount_cents)
     select t.id, a.account, $1::uuid, a.amount from t cross join (values ('donor_card', -100), ('event_escrow', 100)) a(account, amount)`,
    [eventId, count],
  );
}

describe('open ledger downloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stream the same content the downloads had when built whole: JSON and CSV', async () => {
    const { creator, event } = await campaignWithPledges();
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    await admin.post('/api/admin/payouts', { charity_id: event.charityId, amount: 40, reference: 'ACH-SAME', paid_on: '2026-11-25' });
    // A name a spreadsheet would run as a formula.
    await server.app.ctx.database.query('update users set name = $1 where id in (select user_id from pledges where event_id = $2 and amount_cents = 20000)', [
      '=HYPERLINK("x")',
      event.id,
    ]);
    const expected = await everyLine(event.id);

    const json = await admin.get(`/api/events/${event.id}/money.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toContain('application/json');
    const download = OpenLedgerDownload.parse(json.data);
    expect(download).toEqual({
      event: expect.objectContaining({ _id: event.id }),
      generated_at: expect.any(String),
      totals: expected.totals,
      lines: expected.lines,
    });

    const csv = await admin.get(`/api/events/${event.id}/money.csv`);
    const rows = expected.lines.map((line) => OPEN_LEDGER_CSV_COLUMNS.map((column) => line[column]));
    expect(csv.data).toBe(toCsv([...OPEN_LEDGER_CSV_COLUMNS], rows));
    // A reference a spreadsheet would run as a formula is escaped, as in the console's CSVs.
    expect(csv.data).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.data).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('reads a campaign page by page across pending pledges, transactions and payouts, missing and repeating nothing', async () => {
    const { creator, event } = await campaignWithPledges();
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    await admin.post('/api/admin/payouts', { charity_id: event.charityId, amount: 40, reference: 'ACH-PAGED', paid_on: '2026-11-25' });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_500 });
    await bookMovements(event.id, 7);
    const campaign = (await findLedgerCampaign(server.app.ctx.db, event.id))!;
    const whole = (await openLedgerRepository.lines(server.app.ctx.db, campaign.id, campaign.charityId, { offset: 0, limit: 1_000 })).rows;
    for (const size of [1, 2, 3, 5]) {
      const paged = [];
      for await (const rows of linePages(server.app.ctx.db, campaign, size)) paged.push(...rows);
      expect(paged, `pages of ${size}`).toEqual(whole);
    }
  });

  it('stream a large campaign in pages as the reader takes them, never building it whole', async () => {
    const { event } = await campaignWithPledges();
    await bookMovements(event.id, 2 * DOWNLOAD_PAGE_SIZE + 500);
    const pages = vi.spyOn(openLedgerRepository, 'lines');
    const response = await admin.request('GET', `/api/events/${event.id}/money.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    // Sent as it is read: chunked, with no length known in advance.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const download = OpenLedgerDownload.parse(response.data);
    expect(download.lines).toHaveLength(2 * DOWNLOAD_PAGE_SIZE + 500 + 4);
    expect(new Set(download.lines.map((line) => line.id)).size).toBe(download.lines.length);
    // One query per page of at most DOWNLOAD_PAGE_SIZE lines, each read after the one before was sent.
    expect(pages.mock.results.length).toBeGreaterThanOrEqual(3);
    for (const result of pages.mock.results) {
      const read = (await result.value) as Awaited<ReturnType<typeof openLedgerRepository.lines>>;
      expect(read.rows.length).toBeLessThanOrEqual(DOWNLOAD_PAGE_SIZE);
    }
    expect(download.totals).toEqual((await openLedger(event.id)).totals);
    expect(await recompute('large.json', JSON.stringify(download))).toEqual(download.totals);
  });

  it('limit a visitor who is not signed in to a few downloads a minute, with a clear 429 and Retry-After', async () => {
    const { event } = await campaignWithPledges();
    const anonymous = new TestClient(server.url);
    let refused: Awaited<ReturnType<TestClient['get']>> | undefined;
    for (let attempt = 0; attempt <= ANONYMOUS_DOWNLOADS_PER_MINUTE && !refused; attempt += 1) {
      const response = await anonymous.get(`/api/events/${event.id}/money.json`);
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused!.data).toMatchObject({ success: false, code: 'RATE_LIMITED', message: 'Too many requests. Please wait a minute and try again.' });
    // The screen's list is not a download, and a signed-in reader is not limited.
    expect((await anonymous.get(`/api/events/${event.id}/money`)).status).toBe(200);
    expect((await admin.get(`/api/events/${event.id}/money.json`)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { dollarsToCents, OPEN_LEDGER_ACCOUNTS, OpenLedgerDownload, OpenLedgerResponse, type OpenLedgerTotals } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { adminClient, CARDS, expectBooksBalanced, fundedCampaign, liveCampaign, pledgeFrom } from '../charging/test-helpers.ts';

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

import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledges } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { SUPPORTER_CSV_COLUMNS, supportersCsv } from './supporters.ts';
import { saveCard } from '../../test/money.ts';
import { createCampaign, firstCharityId } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A CSV's lines split into cells (enough for this file's cells, which hold no line breaks). */
function parse(csv: string): string[][] {
  return csv
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!)),
    );
}

describe('GET /api/events/{id}/supporters.csv', () => {
  it('gives the host every supporter with the name they chose, and an e-mail only where they shared it', async () => {
    const host = await signUp(server.url, { name: 'Hana Host' });
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved', name: 'Export Run', charityId: await firstCharityId(server) });
    const people = [
      { name: 'Ava Shown', anonymous: false, share: false, message: 'Go team!' },
      { name: 'Ben Hidden', anonymous: true, share: false, message: '' },
      { name: 'Cy Sharing', anonymous: false, share: true, message: '=HYPERLINK("http://evil.example","click")' },
    ];
    // The first supporter gives through a fundraiser's page, which the host hides before the export: the export still names it.
    const fundraiser = await signUp(server.url, { name: 'Fay Fundraiser' });
    const slug = `hana-runs-${Date.now().toString(36)}`;
    const started = await fundraiser.client.post(`/api/events/${campaign.id}/fundraising-pages`, {
      title: 'Hana runs',
      story: 'Every mile counts.',
      target_amount: 500,
      slug,
    });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const pageId = (started.data.data as { _id: string })._id;
    const emails: string[] = [];
    for (const [index, person] of people.entries()) {
      const supporter = await signUp(server.url, { name: person.name });
      emails.push(supporter.email.toLowerCase());
      const cardId = await saveCard(supporter.client);
      const pledged = await supporter.client.post(`/api/events/${campaign.id}/pledges`, {
        amount: 25.5,
        tip_percent: 0,
        anonymous: person.anonymous,
        share_email_with_host: person.share,
        message: person.message,
        payment_method_id: cardId,
        ...(index === 0 ? { page: pageId } : {}),
      });
      expect(pledged.status, JSON.stringify(pledged.data)).toBe(201);
    }
    expect((await host.client.post(`/api/fundraising-pages/${pageId}/hide`)).status).toBe(200);
    const answer = await host.client.get(`/api/events/${campaign.id}/supporters.csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="supporters-.*\.csv"/);
    const [header, ...rows] = parse(answer.data as string);
    expect(header).toEqual([...SUPPORTER_CSV_COLUMNS]);
    const column = (row: string[], name: (typeof SUPPORTER_CSV_COLUMNS)[number]) => row[SUPPORTER_CSV_COLUMNS.indexOf(name)];
    expect(rows.map((row) => column(row, 'name'))).toEqual(['Ava Shown', 'Anonymous', 'Cy Sharing']);
    expect(rows.map((row) => column(row, 'email'))).toEqual(['', '', emails[2]]);
    expect(rows.map((row) => column(row, 'amount'))).toEqual(['25.50', '25.50', '25.50']);
    expect(rows.map((row) => column(row, 'status'))).toEqual(['pending', 'pending', 'pending']);
    // (This file's parser drops a last empty cell: a pledge without a page ends without one.)
    expect(rows.map((row) => column(row, 'fundraising_page') ?? '')).toEqual([`Hana runs (/fundraisers/${slug})`, '', '']);
    // A formula is escaped so a spreadsheet shows it as text.
    expect(column(rows[2]!, 'message')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(answer.data).not.toContain('Ben Hidden');
    expect(answer.data).not.toContain(emails[0]);
    expect(answer.data).not.toContain(emails[1]);

    // Only the host and admins may export it.
    const other = await signUp(server.url);
    expect((await other.client.get(`/api/events/${campaign.id}/supporters.csv`)).status).toBe(404);
  }, 90_000);

  it('streams a page at a time, each supporter once, however many share an instant', async () => {
    const host = await signUp(server.url);
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved', charityId: await firstCharityId(server) });
    const supporter = await signUp(server.url);
    const at = new Date('2026-06-01T12:00:00.123Z');
    const rows = Array.from({ length: 25 }, (_, index) => ({
      eventId: campaign.id,
      userId: supporter.user._id,
      amountCents: 100 + index,
      idempotencyKey: `export-${crypto.randomUUID()}`,
      // Five pledges per instant, two instants apart by microseconds only.
      createdAt: index < 12 ? at : new Date(at.getTime() + 1),
    }));
    await server.app.ctx.db.insert(pledges).values(rows);
    // Microseconds that a JavaScript date cannot hold: a cursor kept as a Date would repeat or skip these.
    await server.app.ctx.database.query("update pledges set created_at = created_at + (amount_cents % 3) * interval '1 microsecond' where event_id = $1", [
      campaign.id,
    ]);
    let pieces = 0;
    let text = '';
    await pipeline(
      supportersCsv(server.app.ctx.db, campaign.id, 4),
      new Writable({
        objectMode: true,
        write(chunk: string, _encoding, done) {
          pieces += 1;
          text += chunk;
          done();
        },
      }),
    );
    const [, ...lines] = parse(text);
    expect(lines).toHaveLength(25);
    expect(new Set(lines.map((line) => line[0])).size).toBe(25);
    // The header, then one piece per page of 4.
    expect(pieces).toBe(1 + Math.ceil(25 / 4));
  }, 60_000);
});

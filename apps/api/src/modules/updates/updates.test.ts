import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outboxEmails } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, pngImage, signUp } from '../../test/client.ts';
import { campaignUpdates, updateComments } from './tables.ts';
import { createCampaign, createPledge, makeAdmin } from '../../test/factories.ts';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server.url, { name: 'Casey Creator' });
  stranger = await signUp(server.url, { name: 'Sam Stranger' });
});
afterAll(async () => {
  await server.close();
});

const liveCampaign = (values: Parameters<typeof createCampaign>[2] = {}) =>
  createCampaign(server.app, owner.user._id, { status: 'approved', name: 'River Run', hostFullName: 'Casey Creator', ...values });

function updateForm(message: string | undefined, file?: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  if (message !== undefined) form.set('message', message);
  if (file) form.set('attachment', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

const postUpdate = (client: TestClient, eventId: string, form: FormData) => client.request('POST', `/api/events/${eventId}/updates`, { form });

async function updateMails(eventName: string) {
  return server.app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, 'campaign-update'), eq(outboxEmails.subject, `Update from ${eventName}`)));
}

/** A minimal but real PDF (file-type recognises it by its header). */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('POST /api/events/:id/updates', () => {
  it('lets the creator post an update with an image, re-encoded and listed newest first', async () => {
    const event = await liveCampaign();
    const first = await postUpdate(owner.client, event.id, updateForm('We reached the halfway mark!'));
    expect(first.status, JSON.stringify(first.data)).toBe(201);
    const second = await postUpdate(owner.client, event.id, updateForm('Route map attached.', { data: await pngImage(), name: 'map.png', type: 'image/png' }));
    expect(second.status, JSON.stringify(second.data)).toBe(201);
    expect(second.data.data.update.attachment).toMatchObject({ kind: 'image', name: 'Image' });
    expect(second.data.data.update.attachment.url).toMatch(/^\/uploads\/updates\/.+\.jpg$/);
    const image = await fetch(`${server.url}${second.data.data.update.attachment.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/jpeg');

    const listed = await new TestClient(server.url).get(`/api/events/${event.id}/updates`);
    expect(listed.status).toBe(200);
    expect(listed.data.data.updates.map((update: { message: string }) => update.message)).toEqual(['Route map attached.', 'We reached the halfway mark!']);
    expect(listed.data.data).toMatchObject({ can_manage: false, can_comment: false });
  });

  it('accepts a pdf document and keeps its file name', async () => {
    const event = await liveCampaign();
    const response = await postUpdate(owner.client, event.id, updateForm('The budget.', { data: pdf, name: 'budget.pdf', type: 'application/pdf' }));
    expect(response.status, JSON.stringify(response.data)).toBe(201);
    expect(response.data.data.update.attachment).toMatchObject({ kind: 'document', name: 'budget.pdf', size: pdf.length });
    expect(response.data.data.update.attachment.url).toMatch(/^\/uploads\/update-files\/.+\.pdf$/);
  });

  it('lets an admin post, refuses another user with 403 and a visitor with 401', async () => {
    const event = await liveCampaign();
    const admin = await signUp(server.url, { name: 'Ada Admin' });
    await makeAdmin(server, admin.user._id);
    admin.client.accessToken = (await admin.client.post('/api/site/login', { email: admin.email, password: admin.password })).data.user.accessToken;
    expect((await postUpdate(admin.client, event.id, updateForm('Reviewed and approved.'))).status).toBe(201);

    const forbidden = await postUpdate(stranger.client, event.id, updateForm('Not mine to post.'));
    expect(forbidden.status).toBe(403);
    expect(forbidden.data.message).toBe('Only the creator of this campaign or an admin can change it');
    const anonymous = await postUpdate(new TestClient(server.url), event.id, updateForm('Who am I?'));
    expect(anonymous.status).toBe(401);
    const rows = await server.app.ctx.db.select().from(campaignUpdates).where(eq(campaignUpdates.eventId, event.id));
    expect(rows.map((row) => row.message)).toEqual(['Reviewed and approved.']);
  });

  it('answers bad input with a clear 400 and stores nothing', async () => {
    const event = await liveCampaign();
    const empty = await postUpdate(owner.client, event.id, updateForm('   '));
    expect(empty.status).toBe(400);
    expect(empty.data.fields).toEqual({ message: 'Please write a message for your update' });
    const missing = await postUpdate(owner.client, event.id, updateForm(undefined));
    expect(missing.data.fields).toEqual({ message: 'Please write a message for your update' });
    const long = await postUpdate(owner.client, event.id, updateForm('x'.repeat(5001)));
    expect(long.status).toBe(400);
    expect(long.data.message).toBe('Keep your update under 5,000 characters');
    const wrongType = await postUpdate(
      owner.client,
      event.id,
      updateForm('A script', { data: Buffer.from('#!/bin/sh\necho hi\n'), name: 'run.pdf', type: 'application/pdf' }),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.data.fields).toEqual({ attachment: 'Attach an image (JPEG, PNG, WebP, GIF) or a .doc, .docx or .pdf document' });
    const rows = await server.app.ctx.db.select().from(campaignUpdates).where(eq(campaignUpdates.eventId, event.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses updates before the campaign is published', async () => {
    const event = await liveCampaign({ status: 'pending' });
    const response = await postUpdate(owner.client, event.id, updateForm('Too early'));
    expect(response.status).toBe(409);
    expect(response.data.message).toBe('Updates can be posted once the campaign is published');
    expect((await new TestClient(server.url).get(`/api/events/${event.id}/updates`)).status).toBe(404);
  });
});

describe('update e-mails', () => {
  it('e-mails each supporter who asked once, and nobody who did not or whose pledge lapsed', async () => {
    const event = await liveCampaign({ name: 'Harbor Swim' });
    const keen = await signUp(server.url, { name: 'Kim Keen' });
    const quiet = await signUp(server.url, { name: 'Quinn Quiet' });
    const released = await signUp(server.url, { name: 'Rae Released' });
    await createPledge(server.app, keen.user._id, event.id, { notifyUpdates: true });
    await createPledge(server.app, keen.user._id, event.id, { notifyUpdates: true, status: 'charged' });
    await createPledge(server.app, quiet.user._id, event.id, { notifyUpdates: false });
    await createPledge(server.app, released.user._id, event.id, { notifyUpdates: true, status: 'released' });

    const response = await postUpdate(owner.client, event.id, updateForm('Water is 18 degrees. See you Saturday!'));
    expect(response.status).toBe(201);
    expect(response.data.data.emailed).toBe(1);
    expect(response.data.message).toBe('Update posted and e-mailed to 1 supporter who asked for updates.');

    const mails = await updateMails('Harbor Swim');
    expect(mails.map((mail) => mail.to)).toEqual([keen.email.toLowerCase()]);
    expect(mails[0]!.text).toContain('Water is 18 degrees. See you Saturday!');
    expect(mails[0]!.text).toContain(`/events/${event.id}`);
  });
});

describe('comments', () => {
  it('lets a supporter comment; others get 403 and visitors 401; bad comments are refused', async () => {
    const event = await liveCampaign();
    const supporter = await signUp(server.url, { name: 'Pat Supporter' });
    await createPledge(server.app, supporter.user._id, event.id);
    const posted = await postUpdate(owner.client, event.id, updateForm('Thanks everyone'));
    const updateId = posted.data.data.update._id as string;

    const listedForSupporter = await supporter.client.get(`/api/events/${event.id}/updates`);
    expect(listedForSupporter.data.data).toMatchObject({ can_comment: true, can_manage: false });
    const comment = await supporter.client.post(`/api/updates/${updateId}/comments`, { body: '  Go team!  ' });
    expect(comment.status, JSON.stringify(comment.data)).toBe(201);
    expect(comment.data.data.comment).toMatchObject({ author_name: 'Pat Supporter', body: 'Go team!', hidden: false });

    const notSupporter = await stranger.client.post(`/api/updates/${updateId}/comments`, { body: 'Hello' });
    expect(notSupporter.status).toBe(403);
    expect(notSupporter.data.message).toBe('Only supporters of this campaign can comment on its updates');
    expect((await new TestClient(server.url).post(`/api/updates/${updateId}/comments`, { body: 'Hi' })).status).toBe(401);

    const empty = await supporter.client.post(`/api/updates/${updateId}/comments`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.data.message).toBe('Please write a comment');
    const long = await supporter.client.post(`/api/updates/${updateId}/comments`, { body: 'y'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe('Keep your comment under 500 characters');

    const stored = await server.app.ctx.db.select().from(updateComments).where(eq(updateComments.updateId, updateId));
    expect(stored.map((row) => row.body)).toEqual(['Go team!']);
  });

  it('lets the creator hide a comment: gone for others, marked hidden for the creator', async () => {
    const event = await liveCampaign();
    const supporter = await signUp(server.url, { name: 'Lee Loud' });
    await createPledge(server.app, supporter.user._id, event.id);
    const posted = await postUpdate(owner.client, event.id, updateForm('Photos soon'));
    const updateId = posted.data.data.update._id as string;
    const kept = await supporter.client.post(`/api/updates/${updateId}/comments`, { body: 'Lovely' });
    const rude = await supporter.client.post(`/api/updates/${updateId}/comments`, { body: 'Something rude' });
    const rudeId = rude.data.data.comment._id as string;

    expect((await supporter.client.post(`/api/comments/${rudeId}/hide`)).status).toBe(403);
    expect((await new TestClient(server.url).post(`/api/comments/${rudeId}/hide`)).status).toBe(401);
    const hidden = await owner.client.post(`/api/comments/${rudeId}/hide`);
    expect(hidden.status).toBe(200);
    expect(hidden.data.data.comment.hidden).toBe(true);

    const publicView = await new TestClient(server.url).get(`/api/events/${event.id}/updates`);
    expect(publicView.data.data.updates[0].comments.map((c: { _id: string }) => c._id)).toEqual([kept.data.data.comment._id]);
    const supporterView = await supporter.client.get(`/api/events/${event.id}/updates`);
    expect(supporterView.data.data.updates[0].comments).toHaveLength(1);
    const creatorView = await owner.client.get(`/api/events/${event.id}/updates`);
    expect(creatorView.data.data.can_manage).toBe(true);
    expect(creatorView.data.data.updates[0].comments.map((c: { body: string; hidden: boolean }) => [c.body, c.hidden])).toEqual([
      ['Lovely', false],
      ['Something rude', true],
    ]);
  });

  it('refuses a burst of comments from one place with 429', async () => {
    const event = await liveCampaign();
    const posted = await postUpdate(owner.client, event.id, updateForm('Burst test'));
    const updateId = posted.data.data.update._id as string;
    const statuses: number[] = [];
    for (let i = 0; i < 32 && !statuses.includes(429); i += 1) {
      statuses.push((await owner.client.post(`/api/updates/${updateId}/comments`, { body: `Comment ${i}` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const stored = await server.app.ctx.db.select().from(updateComments).where(eq(updateComments.updateId, updateId));
    expect(stored.length).toBe(statuses.filter((status) => status === 201).length);
  });
});

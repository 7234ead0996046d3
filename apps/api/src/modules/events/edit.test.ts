import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventStatus } from '@pledgeway/domain';
import { events } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, pngImage, signUp } from '../../test/client.ts';
import { createTwoParticipantCampaign } from '../../test/campaign-form.ts';
import { daysFromNow, firstCharityId, makeAdmin, verifiedCreator } from '../../test/factories.ts';

let server: TestServer;
let charityId: string;
let owner: Awaited<ReturnType<typeof verifiedCreator>>;
let admin: TestClient;
let stranger: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  owner = await verifiedCreator(server);
  const adminUser = await signUp(server.url, { name: 'Site Admin' });
  await makeAdmin(server, adminUser.user._id);
  // A fresh login carries the admin role in its token.
  admin = new TestClient(server.url);
  admin.accessToken = (await admin.post('/api/site/login', { email: adminUser.email, password: adminUser.password })).data.user.accessToken;
  stranger = (await signUp(server.url)).client;
});
afterAll(async () => {
  await server.close();
});

const newCampaign = (overrides: Record<string, unknown> = {}) => createTwoParticipantCampaign(owner, charityId, overrides);

function form(fields: Record<string, string>, files: { field: string; data: Buffer; name: string; type: string }[] = []) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  for (const file of files) body.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return body;
}

const put = (client: TestClient, id: string, fields: Record<string, string>, files?: Parameters<typeof form>[1]) =>
  client.request('PUT', `/api/events/${id}`, { form: form(fields, files) });

const setStatus = (id: string, status: EventStatus) => server.app.ctx.db.update(events).set({ status }).where(eq(events.id, id));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('PUT /api/events/:id', () => {
  it('saves every field of the edit form and answers Event updated successfully!', async () => {
    const event = await newCampaign();
    const response = await put(owner.client, event.id, {
      name: 'River Run 2027',
      description: 'A longer route this year.',
      categories: JSON.stringify(['Sports', 'Health']),
      target_amount: '2500.50',
      location_type: 'physical',
      event_date: daysFromNow(25),
      event_time: '09:30',
      event_location: 'Waterfront Park',
      online_event_link: '',
      participants: JSON.stringify([
        { _id: event.participants[0]!._id, about: 'Captain', full_name: 'Pat Lee', email: 'pat@example.com', occupation: 'Coach', company_name: 'Club' },
      ]),
    });
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    expect(response.data.message).toBe('Event updated successfully!');
    expect(response.data.event).toMatchObject({
      name: 'River Run 2027',
      categories: ['Sports', 'Health'],
      target_amount: 2500.5,
      event_time: '09:30',
      event_location: 'Waterfront Park',
    });
    expect(response.data.event.participants.find((p: { _id: string }) => p._id === event.participants[0]!._id).about).toBe('Captain');
  });

  it('adds a participant sent without an id', async () => {
    const event = await newCampaign();
    const response = await put(owner.client, event.id, {
      participants: JSON.stringify([{ about: 'Guest', full_name: 'New Person', email: 'new@example.com', occupation: 'Chef' }]),
    });
    expect(response.status).toBe(200);
    expect(response.data.event.participants.map((p: { full_name: string }) => p.full_name)).toContain('New Person');
  });

  describe('edit form messages (docs/product.md#edit-form)', () => {
    const person = { about: 'Guest', full_name: 'New Person', email: 'new@example.com', occupation: 'Chef' };
    it.each([
      [{ name: '' }, 'name', 'Event name is required'],
      [{ description: ' ' }, 'description', 'Description is required'],
      [{ categories: '[]' }, 'categories', 'Please add at least one category'],
      [{ target_amount: '' }, 'target_amount', 'Target amount is required'],
      [{ target_amount: '12a' }, 'target_amount', 'Target amount is required'],
      [{ target_amount: '99.99' }, 'target_amount', 'Amount must be at least $100'],
      [{ target_amount: '50000.01' }, 'target_amount', 'Amount cannot exceed $50,000'],
      [{ event_date: '' }, 'event_date', 'Event date is required'],
      [{ event_date: daysFromNow(-3) }, 'event_date', 'Event date cannot be in the past'],
      [{ event_time: '' }, 'event_time', 'Event time is required'],
      [{ location_type: 'physical', event_location: '' }, 'event_location', 'Event location is required'],
      [{ location_type: 'virtual', online_event_link: '' }, 'online_event_link', 'Online event link is required'],
      [{ location_type: 'virtual', online_event_link: 'meet me' }, 'online_event_link', 'Please enter a valid URL'],
      [{ participants: JSON.stringify([{ ...person, full_name: '' }]) }, 'participants.0.full_name', 'Full name is required'],
      [{ participants: JSON.stringify([{ ...person, email: '' }]) }, 'participants.0.email', 'Email is required'],
      [{ participants: JSON.stringify([{ ...person, email: 'x@y' }]) }, 'participants.0.email', 'Please enter a valid email address'],
      [{ participants: JSON.stringify([{ ...person, occupation: '' }]) }, 'participants.0.occupation', 'Occupation is required'],
      [{ participants: JSON.stringify([{ ...person, about: '' }]) }, 'participants.0.about', 'About is required'],
      [{ participants: 'not json' }, 'participants', 'participants must be a JSON list'],
    ])('%j → %s: %s', async (fields, field, message) => {
      const event = await newCampaign();
      const response = await put(owner.client, event.id, fields as Record<string, string>);
      expect(response.status).toBe(400);
      expect(response.data.fields[field], JSON.stringify(response.data.fields)).toBe(message);
      const unchanged = await owner.client.get(`/api/events/show/${event.id}`);
      expect(unchanged.data.name).toBe('River Run for the Food Bank');
    });

    it('keeps an unchanged date that has passed, but refuses moving it into the past', async () => {
      const event = await newCampaign();
      await server.app.ctx.db
        .update(events)
        .set({ eventDate: daysFromNow(-5) })
        .where(eq(events.id, event.id));
      expect((await put(owner.client, event.id, { name: 'Still fine' })).status).toBe(200);
      expect((await put(owner.client, event.id, { event_date: daysFromNow(-4) })).data.fields.event_date).toBe('Event date cannot be in the past');
    });

    it('reads location_type online as virtual and sends the link instead of a location', async () => {
      const event = await newCampaign();
      const response = await put(owner.client, event.id, {
        location_type: 'online',
        online_event_link: 'https://meet.example.com/x',
        event_location: 'ignored',
      });
      expect(response.status).toBe(200);
      expect(response.data.event).toMatchObject({ location_type: 'virtual', online_event_link: 'https://meet.example.com/x', event_location: '' });
    });
  });

  describe('files', () => {
    it('replaces the banner with a new image and refuses a file that is not one', async () => {
      const event = await newCampaign();
      const before = (await owner.client.get(`/api/events/show/${event.id}`)).data.banner_image;
      const ok = await put(owner.client, event.id, {}, [{ field: 'banner_image', data: await pngImage(200, 100), name: 'b.png', type: 'image/png' }]);
      expect(ok.status).toBe(200);
      expect(ok.data.event.banner_image).not.toBe(before);
      const bad = await put(owner.client, event.id, {}, [{ field: 'banner_image', data: Buffer.from('plain text'), name: 'b.png', type: 'image/png' }]);
      expect(bad.status).toBe(400);
      expect(bad.data.fields.banner_image).toBe('Please upload an image file');
    });

    it('adds several documents judged by content; refuses other files and files over 10 MB', async () => {
      const event = await newCampaign();
      const ok = await put(owner.client, event.id, {}, [
        { field: 'documents[0]', data: PDF, name: 'plan.pdf', type: 'application/pdf' },
        { field: 'documents[1]', data: PDF, name: 'budget.pdf', type: 'application/pdf' },
      ]);
      expect(ok.status, JSON.stringify(ok.data)).toBe(200);
      expect(ok.data.event.documents.map((doc: { original_name: string }) => doc.original_name)).toEqual(['plan.pdf', 'budget.pdf']);
      expect(ok.data.event.documents[0].url).toMatch(/^\/uploads\/documents\/.+\.pdf$/);
      const fake = await put(owner.client, event.id, {}, [
        { field: 'documents[0]', data: Buffer.from('MZ executable'), name: 'plan.pdf', type: 'application/pdf' },
      ]);
      expect(fake.status).toBe(400);
      expect(fake.data.fields.documents).toBe('Only .doc, .docx and .pdf documents can be uploaded');
      const big = await put(owner.client, event.id, {}, [
        { field: 'documents[0]', data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), name: 'big.pdf', type: 'application/pdf' },
      ]);
      expect(big.status).toBe(413);
      expect(big.data.message).toBe('Document size should not exceed 10MB');
    });
  });
});

describe('status transitions (docs/product.md#campaign-life-cycle)', () => {
  const table: [EventStatus, 'owner' | 'admin', EventStatus, 200 | 409][] = [
    ['pending', 'owner', 'approved', 409],
    ['pending', 'owner', 'rejected', 409],
    ['pending', 'admin', 'approved', 200],
    ['pending', 'admin', 'rejected', 200],
    ['pending', 'admin', 'freeze', 409],
    ['rejected', 'owner', 'pending', 200],
    ['rejected', 'owner', 'approved', 409],
    ['rejected', 'admin', 'pending', 200],
    ['approved', 'owner', 'close', 200],
    ['approved', 'owner', 'completed', 200],
    ['approved', 'owner', 'freeze', 409],
    ['approved', 'owner', 'pending', 409],
    ['approved', 'admin', 'freeze', 200],
    ['approved', 'admin', 'rejected', 409],
    ['freeze', 'admin', 'approved', 200],
    ['freeze', 'owner', 'approved', 409],
    ['close', 'admin', 'approved', 409],
    ['completed', 'owner', 'pending', 409],
  ];
  it.each(table)('%s → (%s) %s answers %i', async (from, actor, to, expected) => {
    const event = await newCampaign();
    await setStatus(event.id, from);
    const response = await put(actor === 'admin' ? admin : owner.client, event.id, { status: to });
    expect(response.status, JSON.stringify(response.data)).toBe(expected);
    const after = await owner.client.get(`/api/events/show/${event.id}`);
    expect(after.data.status).toBe(expected === 200 ? to : from);
    if (expected === 409) expect(response.data.message).toMatch(/cannot be changed|can no longer be edited/);
  });

  it('resubmits an edited rejected campaign and clears the rejection reason', async () => {
    const event = await newCampaign();
    await server.app.ctx.db.update(events).set({ status: 'rejected', rejectionReason: 'Add the venue' }).where(eq(events.id, event.id));
    const response = await put(owner.client, event.id, { event_location: 'Pier 4, Portland', status: 'pending' });
    expect(response.status).toBe(200);
    expect(response.data.event).toMatchObject({ status: 'pending', rejection_reason: null, event_location: 'Pier 4, Portland' });
  });

  it('resubmits a rejected campaign its creator saves without choosing a status; an admin edit leaves it rejected', async () => {
    const event = await newCampaign();
    await server.app.ctx.db.update(events).set({ status: 'rejected', rejectionReason: 'Add the venue' }).where(eq(events.id, event.id));
    expect((await put(admin, event.id, { event_location: 'Pier 5, Portland' })).data.event.status).toBe('rejected');
    const response = await put(owner.client, event.id, { event_location: 'Pier 4, Portland' });
    expect(response.data.event).toMatchObject({ status: 'pending', rejection_reason: null });
  });

  it('returns a frozen campaign to approved when the admin unfreezes it', async () => {
    const event = await newCampaign();
    await setStatus(event.id, 'approved');
    await put(admin, event.id, { status: 'freeze' });
    const [frozen] = await server.app.ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(frozen!.statusBeforeFreeze).toBe('approved');
    expect((await put(admin, event.id, { status: 'approved' })).data.event.status).toBe('approved');
  });

  it('tells the edit page which statuses this user may choose', async () => {
    const event = await newCampaign();
    await setStatus(event.id, 'approved');
    expect((await owner.client.get(`/api/events/${event.id}/manage`)).data.allowed_statuses).toEqual(['close', 'completed']);
    expect((await admin.get(`/api/events/${event.id}/manage`)).data.allowed_statuses).toEqual(['freeze', 'close', 'completed']);
  });
});

describe('only the owner or an admin may change a campaign (403 otherwise)', () => {
  it('refuses another user on every edit endpoint and changes nothing', async () => {
    const event = await newCampaign();
    const participantId = event.participants[0]!._id;
    const image = form({}, [{ field: 'profile_image', data: await pngImage(), name: 'p.png', type: 'image/png' }]);
    const attempts = [
      await put(stranger, event.id, { name: 'Hijacked' }),
      await stranger.get(`/api/events/${event.id}/manage`),
      await stranger.request('PUT', `/api/challengees/${participantId}/image`, { form: image }),
      await stranger.delete(`/api/participants/${participantId}`),
      await stranger.request('PATCH', `/api/participants/${participantId}`, { json: { accepted: true } }),
      await stranger.post('/api/events/payment', { event_id: event.id, amount: 100, test_mode: true }),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const after = await owner.client.get(`/api/events/show/${event.id}`);
    expect(after.data.name).toBe('River Run for the Food Bank');
    expect(after.data.participants).toHaveLength(2);
    expect(after.data.participants[0].accepted).toBe(false);
  });

  it('lets an admin edit someone else’s campaign', async () => {
    const event = await newCampaign();
    const response = await put(admin, event.id, { name: 'Edited by admin' });
    expect(response.status).toBe(200);
  });

  it('refuses a signed-out caller with 401', async () => {
    const event = await newCampaign();
    expect((await put(new TestClient(server.url), event.id, { name: 'x' })).status).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { createPayload, createTwoParticipantCampaign } from '../../test/campaign-form.ts';
import { firstCharityId, verifiedCreator } from '../../test/factories.ts';

let server: TestServer;
let owner: Awaited<ReturnType<typeof verifiedCreator>>;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  owner = await verifiedCreator(server, 'Hana Host');
});
afterAll(() => server.close());

async function publishedCampaign() {
  const event = await createTwoParticipantCampaign(owner, charityId);
  await server.app.ctx.db.update(events).set({ status: 'approved' }).where(eq(events.id, event.id));
  server.app.ctx.publicReads.clear();
  return event;
}

type Person = { _id: string; email?: string; full_name: string; about: string; occupation: string };

function editForm(eventId: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return owner.client.request('PUT', `/api/events/${eventId}`, { form: body });
}

/** Every public read of one campaign as an anonymous visitor gets it: the page, the list, the host page, the link preview. */
async function publicReads(eventId: string): Promise<Record<string, string>> {
  const anonymous = new TestClient(server.url);
  const reads: Record<string, string> = {};
  for (const url of [`/api/events/show/${eventId}`, '/api/events/allActive', `/api/hosts/${owner.user._id}`]) {
    const response = await anonymous.get(url);
    expect(response.status, url).toBe(200);
    reads[url] = JSON.stringify(response.data);
  }
  return reads;
}

describe('what anonymous visitors read', () => {
  it('shows the event page without the owner id or any e-mail: neither the host account’s nor a participant’s (decision 155)', async () => {
    const event = await publishedCampaign();
    const page = await new TestClient(server.url).get(`/api/events/show/${event.id}`);
    expect(page.status).toBe(200);
    expect(page.data).not.toHaveProperty('owner_id');
    expect(page.data.host_page_id).toBe(owner.user._id);
    expect(page.data.host).not.toHaveProperty('email');
    expect(page.data.host).not.toHaveProperty('contact_email');
    expect(page.data.host).toMatchObject({ full_name: 'Hana Host', about: 'Organizer', occupation: 'Organizer' });
    for (const person of page.data.participants as Person[]) {
      expect(person).not.toHaveProperty('email');
      expect(person).toMatchObject({ about: 'Runner', occupation: 'Coach' });
    }
    expect(page.data.participants.map((person: Person) => person.full_name)).toEqual(['Pat Lee', 'Sam Ortiz']);
    for (const [url, body] of Object.entries(await publicReads(event.id))) {
      expect(body, `${url} carries the host's account e-mail`).not.toContain(owner.email);
      expect(body, `${url} carries a participant's e-mail`).not.toContain('p@example.com');
    }
  });

  it('lists campaigns without the owner id or any e-mail', async () => {
    const event = await publishedCampaign();
    const list = await new TestClient(server.url).get('/api/events/allActive');
    const card = list.data.find((item: { _id: string }) => item._id === event.id);
    expect(card).toBeDefined();
    expect(card).not.toHaveProperty('owner_id');
    expect(card.host).not.toHaveProperty('email');
    expect(JSON.stringify(list.data)).not.toContain('@example.com');
  });

  it('shows the contact e-mail a host chose, and only that one, on the campaign page; clearing it shows none', async () => {
    const event = await publishedCampaign();
    expect((await editForm(event.id, { host_contact_email: 'Hello@RiverRun.example' })).status).toBe(200);
    const page = await new TestClient(server.url).get(`/api/events/show/${event.id}`);
    expect(page.data.host.contact_email).toBe('hello@riverrun.example');
    expect(page.data.host).not.toHaveProperty('email');
    const reads = await publicReads(event.id);
    for (const [url, body] of Object.entries(reads)) expect(body, url).not.toContain(owner.email);
    // A list card and the host page show no e-mail, not even the chosen one.
    expect(reads['/api/events/allActive']).not.toContain('hello@riverrun.example');
    expect(reads[`/api/hosts/${owner.user._id}`]).not.toContain('hello@riverrun.example');

    expect((await editForm(event.id, { host_contact_email: '' })).status).toBe(200);
    const cleared = await new TestClient(server.url).get(`/api/events/show/${event.id}`);
    expect(cleared.data.host).not.toHaveProperty('contact_email');
  });

  it('takes the contact e-mail from the wizard, off unless filled in, and refuses one that is not an address', async () => {
    const chosen = await createTwoParticipantCampaign(owner, charityId, {
      hostData: {
        fullName: 'Hana Host',
        email: owner.email,
        occupation: 'Organizer',
        companyName: 'Riverside Runners',
        aboutYou: '',
        contactEmail: 'team@riverrun.example',
      },
    });
    const managed = await owner.client.get(`/api/events/${chosen.id}/manage`);
    expect(managed.data.host).toMatchObject({ email: owner.email, contact_email: 'team@riverrun.example' });

    const bad = await owner.client.post(
      '/api/events/create',
      await createPayload(charityId, owner.email, {
        eventName: 'Not an address run',
        hostData: {
          fullName: 'Hana Host',
          email: owner.email,
          occupation: 'Organizer',
          companyName: 'Riverside Runners',
          aboutYou: '',
          contactEmail: 'not an address',
        },
      }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('Please enter a valid email address');
    expect(await server.app.ctx.db.select().from(events).where(eq(events.name, 'Not an address run'))).toEqual([]);
  });

  it('keeps every e-mail for the creator, who invited the participants at them', async () => {
    const event = await publishedCampaign();
    const managed = await owner.client.get(`/api/events/${event.id}/manage`);
    expect(managed.data.owner_id).toBe(owner.user._id);
    expect(managed.data.host).toMatchObject({ email: owner.email, contact_email: '' });
    expect(managed.data.participants.map((person: Person) => person.email)).toEqual(['p@example.com', 'p@example.com']);
  });

  it('serves the new name right after an edit', async () => {
    const event = await publishedCampaign();
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get(`/api/events/show/${event.id}`)).data.name).toBe('River Run for the Food Bank');
    const body = new FormData();
    body.set('name', 'Renamed River Run');
    expect((await owner.client.request('PUT', `/api/events/${event.id}`, { form: body })).status).toBe(200);
    expect((await anonymous.get(`/api/events/show/${event.id}`)).data.name).toBe('Renamed River Run');
    const list = await anonymous.get('/api/events/allActive');
    expect(list.data.map((item: { name: string }) => item.name)).toContain('Renamed River Run');
  });
});

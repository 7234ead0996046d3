import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { createTwoParticipantCampaign, firstCharityId, verifiedCreator } from './test-helpers.ts';

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

type Person = { _id: string; email?: string; full_name: string; hide_email?: boolean };

function editParticipants(eventId: string, people: Record<string, unknown>[]) {
  const body = new FormData();
  body.set('participants', JSON.stringify(people));
  return owner.client.request('PUT', `/api/events/${eventId}`, { form: body });
}

describe('what anonymous visitors read', () => {
  it('shows the event page without the owner id, with the e-mails the About blocks show and the link to the host page', async () => {
    const event = await publishedCampaign();
    const page = await new TestClient(server.url).get(`/api/events/show/${event.id}`);
    expect(page.status).toBe(200);
    expect(page.data).not.toHaveProperty('owner_id');
    expect(page.data.host_page_id).toBe(owner.user._id);
    expect((await new TestClient(server.url).get(`/api/hosts/${page.data.host_page_id}`)).status).toBe(200);
    expect(page.data.host.email).toBe(owner.email);
    expect(page.data.participants.map((person: Person) => person.email)).toEqual(['p@example.com', 'p@example.com']);
    expect(page.data.participants[0]).not.toHaveProperty('hide_email');
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

  it('hides the e-mail of a participant who chose so in the edit form, while the creator still sees it', async () => {
    const event = await publishedCampaign();
    const managed = await owner.client.get(`/api/events/${event.id}/manage`);
    const [pat, sam] = managed.data.participants as Person[];
    expect(pat!.hide_email).toBe(false);
    const keep = (person: Person, hide: boolean) => ({
      _id: person._id,
      about: 'Runner',
      full_name: person.full_name,
      email: person.email,
      occupation: 'Coach',
      hide_email: hide,
    });
    const edited = await editParticipants(event.id, [keep(pat!, true), keep(sam!, false)]);
    expect(edited.status).toBe(200);

    // The write is visible at once: no stale copy of the page is served after it.
    const page = await new TestClient(server.url).get(`/api/events/show/${event.id}`);
    const [publicPat, publicSam] = page.data.participants as Person[];
    expect(publicPat).not.toHaveProperty('email');
    expect(publicSam!.email).toBe(sam!.email);
    const again = await owner.client.get(`/api/events/${event.id}/manage`);
    expect(again.data.participants[0]).toMatchObject({ email: pat!.email, hide_email: true });
    expect(again.data.owner_id).toBe(owner.user._id);
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

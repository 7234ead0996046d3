import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, pngImage } from '../../test/client.ts';
import { createTwoParticipantCampaign } from '../../test/campaign-form.ts';
import { firstCharityId, verifiedCreator } from '../../test/factories.ts';

let server: TestServer;
let charityId: string;
let owner: Awaited<ReturnType<typeof verifiedCreator>>;

beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  owner = await verifiedCreator(server);
});
afterAll(async () => {
  await server.close();
});

const newCampaign = (overrides: Record<string, unknown> = {}) => createTwoParticipantCampaign(owner, charityId, overrides);

function imageForm(data?: Buffer) {
  const form = new FormData();
  if (data) form.set('profile_image', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'face.png');
  return form;
}

describe('PUT /api/challengees/:participantId/image', () => {
  it('stores the new image and answers Profile image updated successfully', async () => {
    const event = await newCampaign();
    const id = event.participants[0]!._id;
    const response = await owner.client.request('PUT', `/api/challengees/${id}/image`, { form: imageForm(await pngImage()) });
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    expect(response.data.message).toBe('Profile image updated successfully');
    expect(response.data.profile_image).toMatch(/^\/uploads\/participants\/.+\.jpg$/);
    const file = await fetch(`${server.url}${response.data.profile_image}`);
    expect(file.status).toBe(200);
  });

  it('asks for a file when none is sent and refuses one that is not an image', async () => {
    const event = await newCampaign();
    const id = event.participants[0]!._id;
    const none = await owner.client.request('PUT', `/api/challengees/${id}/image`, { form: imageForm() });
    expect(none.data.message).toBe('Please select an image file');
    const text = await owner.client.request('PUT', `/api/challengees/${id}/image`, { form: imageForm(Buffer.from('hello')) });
    expect(text.status).toBe(400);
    expect(text.data.message).toBe('Please upload an image file');
  });
});

describe('DELETE /api/participants/:participantId', () => {
  it('removes the participant: Participant removed successfully', async () => {
    const event = await newCampaign();
    const response = await owner.client.delete(`/api/participants/${event.participants[0]!._id}`);
    expect(response.status).toBe(200);
    expect(response.data.message).toBe('Participant removed successfully');
    const after = await owner.client.get(`/api/events/show/${event.id}`);
    expect(after.data.participants).toHaveLength(1);
    expect((await owner.client.delete(`/api/participants/${event.participants[0]!._id}`)).status).toBe(404);
  });

  it('refuses to remove the only participant with a clear message', async () => {
    const event = await newCampaign();
    expect((await owner.client.delete(`/api/participants/${event.participants[0]!._id}`)).status).toBe(200);
    const last = await owner.client.delete(`/api/participants/${event.participants[1]!._id}`);
    expect(last.status).toBe(409);
    expect(last.data.message).toBe('A campaign needs at least one participant. Add another participant before removing this one.');
    expect((await owner.client.get(`/api/events/show/${event.id}`)).data.participants).toHaveLength(1);
  });

  it('removes a participant once when the same removal arrives 20 times at once', { tags: ['concurrency'] }, async () => {
    const event = await newCampaign();
    const id = event.participants[0]!._id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => owner.client.delete(`/api/participants/${id}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(
      statuses.filter((status) => status !== 200).every((status) => status === 404),
      JSON.stringify(answers.map((a) => [a.status, a.data?.message])),
    ).toBe(true);
    expect((await owner.client.get(`/api/events/show/${event.id}`)).data.participants).toHaveLength(1);
  });

  it('keeps one participant when both are removed at once', { tags: ['concurrency'] }, async () => {
    const event = await newCampaign();
    const answers = await Promise.all(event.participants.map((person) => owner.client.delete(`/api/participants/${person._id}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await owner.client.get(`/api/events/show/${event.id}`)).data.participants).toHaveLength(1);
  });

  it('keeps a runoff at two options at least', async () => {
    const event = await newCampaign({ kind: 'runoff', runoffWinBy: 'donation_total' });
    const response = await owner.client.delete(`/api/participants/${event.participants[0]!._id}`);
    expect(response.status).toBe(409);
    expect(response.data.message).toBe('A runoff competition needs at least 2 participants');
  });

  it('refuses changes once the campaign has ended', async () => {
    const event = await newCampaign();
    await server.app.ctx.db.update(events).set({ status: 'completed' }).where(eq(events.id, event.id));
    expect((await owner.client.delete(`/api/participants/${event.participants[0]!._id}`)).status).toBe(409);
  });
});

describe('PATCH /api/participants/:participantId (Accepted status)', () => {
  it('marks a participant Accepted, shown on the public campaign', async () => {
    const event = await newCampaign();
    const id = event.participants[1]!._id;
    const response = await owner.client.request('PATCH', `/api/participants/${id}`, { json: { accepted: true } });
    expect(response.status).toBe(200);
    expect(response.data.participant.accepted).toBe(true);
    await server.app.ctx.db.update(events).set({ status: 'approved' }).where(eq(events.id, event.id));
    const shown = await new TestClient(server.url).get(`/api/events/show/${event.id}`);
    expect(shown.data.participants.find((p: { _id: string }) => p._id === id).accepted).toBe(true);
  });

  it('refuses a body without a boolean', async () => {
    const event = await newCampaign();
    const response = await owner.client.request('PATCH', `/api/participants/${event.participants[0]!._id}`, { json: { accepted: 'yes' } });
    expect(response.status).toBe(400);
  });
});

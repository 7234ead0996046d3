import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient } from '../../test/client.ts';
import { toPrefixQuery } from './repository.ts';
import { createCampaign, createOwner } from '../../test/factories.ts';

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
  const owner = await createOwner(server.app);
  await createCampaign(server.app, owner.id, {
    status: 'approved',
    name: 'Firehouse Chili Showdown',
    categories: ['Culture', 'Food'],
    hostFullName: 'Marcus Bell',
    kind: 'runoff',
  });
  await createCampaign(server.app, owner.id, { name: 'Frozen Chili Cookoff', status: 'freeze', description: 'Frozen but visible.' });
  await createCampaign(server.app, owner.id, { name: 'Secret Chili Pending', status: 'pending' });
  await createCampaign(server.app, owner.id, { name: 'Rejected Chili Plan', status: 'rejected' });
  await createCampaign(server.app, owner.id, { status: 'approved', name: 'Polar Plunge', description: 'Jump into the lake for veterans housing.' });
  for (let index = 0; index < 10; index += 1)
    await createCampaign(server.app, owner.id, { status: 'approved', name: `Lakeside Run ${index}`, hostFullName: 'Test Host' });
});
afterAll(async () => {
  await server.close();
});

const names = (items: Array<{ name: string }>) => items.map((item) => item.name).sort();

describe('GET /api/search', () => {
  it('finds live campaigns by a word prefix as the visitor types, never pending or rejected ones', async () => {
    for (const q of ['chi', 'chil', 'CHILI', 'chilis']) {
      const response = await client.get(`/api/search?q=${q}`);
      expect(response.status).toBe(200);
      expect(names(response.data.campaigns)).toEqual(['Firehouse Chili Showdown', 'Frozen Chili Cookoff']);
    }
  });

  it('matches categories, host names and descriptions, and needs every word', async () => {
    expect(names((await client.get('/api/search?q=marc')).data.campaigns)).toEqual(['Firehouse Chili Showdown']);
    expect(names((await client.get('/api/search?q=cultur')).data.campaigns)).toEqual(['Firehouse Chili Showdown']);
    expect(names((await client.get('/api/search?q=veterans%20lake')).data.campaigns)).toEqual(['Polar Plunge']);
    expect((await client.get('/api/search?q=chili%20polar')).data.campaigns).toEqual([]);
  });

  it('finds charities from the database with their group', async () => {
    const response = await client.get('/api/search?q=kitch');
    expect(response.data.charities).toEqual([
      expect.objectContaining({ name: 'Brightpot Community Kitchens', group: 'Fill A Belly', link: 'https://brightpot.example.org' }),
    ]);
    const dogs = await client.get('/api/search?q=service%20dog');
    expect(dogs.data.charities.map((charity: { name: string }) => charity.name)).toEqual(['Steadfast Paws Service Dogs']);
  });

  it('returns at most 8 of each, ranks name matches first, and shapes campaign results', async () => {
    const response = await client.get('/api/search?q=lake');
    expect(response.data.campaigns).toHaveLength(8);
    const [first] = response.data.campaigns;
    expect(first).toEqual({
      _id: expect.any(String),
      name: expect.stringMatching(/^Lakeside Run/),
      kind: 'event',
      status: 'approved',
      banner_image_url: '',
      host_name: 'Test Host',
      event_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('answers empty results for blank or punctuation-only text, and survives tsquery syntax', async () => {
    for (const q of ['', '%20%20', '!!!', "'%26%7C:*()"]) {
      const response = await client.get(`/api/search?q=${q}`);
      expect(response.status).toBe(200);
      expect(response.data.campaigns).toEqual([]);
      expect(response.data.charities).toEqual([]);
    }
    expect((await client.get('/api/search?q=chili:*%20%26%20!')).status).toBe(200);
    expect((await client.get(`/api/search?q=${'a'.repeat(101)}`)).status).toBe(400);
  });
});

describe('toPrefixQuery', () => {
  it('keeps letters and digits, drops accents and limits to eight words', () => {
    expect(toPrefixQuery('Café  chili!')).toBe('cafe:* & chili:*');
    expect(toPrefixQuery('&|!()')).toBeUndefined();
    expect(toPrefixQuery('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
  });

  it('drops plural endings so a plural finds the singular, but keeps short and -ss words', () => {
    expect(toPrefixQuery('Kitchens charities boxes dogs')).toBe('kitchen:* & charit:* & box:* & dog:*');
    expect(toPrefixQuery('class bus yes')).toBe('class:* & bus:* & yes:*');
  });
});

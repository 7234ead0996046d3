import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signUp, TestClient } from '../test/client.ts';
import { createTwoParticipantCampaign, firstCharityId, makeAdmin, verifiedCreator } from '../modules/events/test-helpers.ts';

/**
 * Who may call what: visitor, user (the owner of the resources in the path), another user and an
 * admin, for every route of the app's route table. Each route declares what each of them gets:
 * 'ok' (neither 401 nor 403, never 5xx), 401, 403, or 'hidden' (403 or 404: the resource is not
 * theirs), or 'refused' (401, or 400 when the route validates its body before it authenticates:
 * nothing runs either way). A route without a declaration fails, so a new route cannot be missed.
 */
type Outcome = 'ok' | 401 | 403 | 'hidden' | 'refused';
type Declaration = { visitor: Outcome; user: Outcome; other: Outcome; admin: Outcome; fresh?: boolean };

const PUBLIC: Declaration = { visitor: 'ok', user: 'ok', other: 'ok', admin: 'ok' };
const SIGNED_IN: Declaration = { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' };
const OWNER: Declaration = { visitor: 'refused', user: 'ok', other: 'hidden', admin: 'ok' };
const OWN_CARD: Declaration = { visitor: 'refused', user: 'ok', other: 'hidden', admin: 'hidden' };

const DECLARED: Record<string, Declaration> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/docs': PUBLIC,
  'POST /api/site/register': PUBLIC,
  'POST /api/site/login': PUBLIC,
  // Answers a visitor with 401 by design: it is how the web app learns it is signed out.
  'GET /api/site/auth-check': SIGNED_IN,
  // Work from the refresh cookie, not the bearer token: a visitor without one gets 401.
  'POST /api/site/refresh-token': SIGNED_IN,
  'POST /api/site/logout': { ...PUBLIC, fresh: true },
  'GET /api/dashboard/my-profile': SIGNED_IN,
  'PUT /api/users/update': SIGNED_IN,
  'POST /api/profile/image': SIGNED_IN,
  'GET /api/dev/mailbox': PUBLIC,
  'GET /api/events/allActive': PUBLIC,
  'GET /api/charities': PUBLIC,
  'POST /api/contact': PUBLIC,
  'POST /api/newsletter': PUBLIC,
  'GET /api/newsletter/confirm': PUBLIC,
  'GET /api/search': PUBLIC,
  'GET /api/events/pledges': SIGNED_IN,
  'GET /api/events': SIGNED_IN,
  'DELETE /api/events/:id': { ...OWNER, fresh: true },
  // The provider's name and publishable key: public by nature.
  'GET /api/payment-methods/config': PUBLIC,
  'GET /api/payment-methods': SIGNED_IN,
  'POST /api/payment-methods': SIGNED_IN,
  'DELETE /api/payment-methods/:id': { ...OWN_CARD, fresh: true },
  'POST /api/payment-methods/:id/default': OWN_CARD,
  'POST /api/sandbox/cards': SIGNED_IN,
  'POST /api/site/forgot-password': PUBLIC,
  'POST /api/site/reset-password': PUBLIC,
  'GET /api/account/closure': SIGNED_IN,
  'POST /api/account/close': { ...SIGNED_IN, fresh: true },
  'DELETE /api/account/close': { ...SIGNED_IN, fresh: true },
  // Only a verified identity may create (the other user and the admin here are not verified).
  'POST /api/events/create': { visitor: 'refused', user: 'ok', other: 403, admin: 403 },
  'GET /api/events/show/:id': PUBLIC,
  'GET /api/events/:id/manage': OWNER,
  'POST /api/events/payment': SIGNED_IN,
  'PUT /api/events/:id': OWNER,
  'PUT /api/challengees/:participantId/image': OWNER,
  'DELETE /api/participants/:participantId': { ...OWNER, fresh: true },
  'PATCH /api/participants/:participantId': OWNER,
  'GET /api/identity/status': SIGNED_IN,
  'POST /api/identity/session': SIGNED_IN,
  'POST /api/identity/sandbox/sessions/:sessionId/verify': SIGNED_IN,
  'POST /api/identity/webhook': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
  'GET /robots.txt': PUBLIC,
  'GET /uploads/*': PUBLIC,
  // Without METRICS_TOKEN, a direct connection from this machine may read them (tests connect so); see metrics.test.ts.
  'GET /metrics': PUBLIC,
};

let server: TestServer;
let clients: Record<'visitor' | 'user' | 'other' | 'admin', TestClient>;
let owner: Awaited<ReturnType<typeof verifiedCreator>>;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  owner = await verifiedCreator(server);
  const adminUser = await signUp(server.url);
  await makeAdmin(server, adminUser.user._id);
  const admin = new TestClient(server.url);
  admin.accessToken = (await admin.post('/api/site/login', { email: adminUser.email, password: adminUser.password })).data.user.accessToken;
  clients = { visitor: new TestClient(server.url), user: owner.client, other: (await signUp(server.url)).client, admin };
});
afterAll(() => server.close());

/** Fresh resources of `creator` for the path parameters of one route. */
async function resourcesOf(creator: Awaited<ReturnType<typeof verifiedCreator>>) {
  const event = await createTwoParticipantCampaign(creator, charityId);
  const token = await creator.client.post('/api/sandbox/cards', { holder_name: 'Card Holder', number: '4242 4242 4242 4242', expiry: '09/40', cvv: '123' });
  const card = await creator.client.post('/api/payment-methods', { token: token.data.token });
  return { id: event.id, participantId: event.participants[0]!._id, cardId: card.data.data.id as string };
}

function pathFor(url: string, resources: Awaited<ReturnType<typeof resourcesOf>>): string {
  const id = url.startsWith('/api/payment-methods/') ? resources.cardId : resources.id;
  return url
    .replace(':participantId', resources.participantId)
    .replace(':sessionId', 'ivs_unknown')
    .replace(':id', id)
    .replace('*', 'avatars/00000000-0000-4000-8000-000000000000.jpg');
}

/** A harmless body of the right kind, so ownership is what decides (multipart routes get a form). */
function bodyFor(method: string): { json?: unknown; form?: FormData } {
  if (method === 'GET' || method === 'DELETE') return {};
  if (method === 'PATCH') return { json: { accepted: true } };
  if (method === 'PUT') {
    const form = new FormData();
    form.set('description', 'A campaign description that is long enough to be valid.');
    return { form };
  }
  return { json: {} };
}

function matches(outcome: Outcome, status: number): boolean {
  if (status >= 500) return false;
  if (outcome === 'ok') return status !== 401 && status !== 403;
  if (outcome === 'hidden') return status === 403 || status === 404;
  if (outcome === 'refused') return status === 400 || status === 401;
  return status === outcome;
}

describe('authorisation matrix', () => {
  it('declares every route of the app', () => {
    const routes = server.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !DECLARED[route])).toEqual([]);
  });

  it('answers visitor, user, another user and admin as declared on every route', async () => {
    const shared = await resourcesOf(owner);
    const mismatches: string[] = [];
    for (const { method, url } of server.app.routeTable) {
      const declaration = DECLARED[`${method} ${url}`]!;
      for (const role of ['visitor', 'other', 'admin', 'user'] as const) {
        let client = clients[role];
        let resources = shared;
        if (declaration.fresh && role === 'user') {
          const creator = await verifiedCreator(server);
          client = creator.client;
          resources = await resourcesOf(creator);
        } else if (declaration.fresh) {
          resources = await resourcesOf(owner);
        }
        const response = await client.request(method, pathFor(url, resources), bodyFor(method));
        if (!matches(declaration[role], response.status)) {
          mismatches.push(`${role} ${method} ${url}: expected ${declaration[role]}, got ${response.status} ${JSON.stringify(response.data)?.slice(0, 100)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signUp, TestClient } from '../test/client.ts';
import { charityRepresentatives } from '../modules/charity-portal/tables.ts';
import { fundraisingPages } from '../modules/fundraising-pages/tables.ts';
import { promotions } from '../modules/promotions/tables.ts';
import { stackCampaigns, stacks } from '../modules/stacks/tables.ts';
import { pledges } from '../db/schema.ts';
import { monthlyGiftCharges, monthlyGifts } from '../modules/monthly-giving/tables.ts';
import { webhookEndpoints } from '../modules/webhooks/tables.ts';
import { apiKeys } from '../modules/api-keys/tables.ts';
import { createTwoParticipantCampaign } from '../test/campaign-form.ts';
import { firstCharityId, makeAdmin, verifiedCreator } from '../test/factories.ts';

/**
 * Who may call what: visitor, user (the owner of the resources in the path), another user and an
 * admin, for every route of the app's route table. Each route declares what each of them gets:
 * 'ok' (neither 401 nor 403, never 5xx), 401, 403, or 'hidden' (403 or 404: the resource is not
 * theirs), or 'refused' (401, or 400 when the route validates its body before it authenticates:
 * nothing runs either way). A route without a declaration fails, so a new route cannot be missed.
 */
type Outcome = 'ok' | 401 | 403 | 'hidden' | 'refused' | 503;
type Declaration = { visitor: Outcome; user: Outcome; other: Outcome; admin: Outcome; fresh?: boolean; stream?: boolean; ownSession?: boolean };

const PUBLIC: Declaration = { visitor: 'ok', user: 'ok', other: 'ok', admin: 'ok' };
const SIGNED_IN: Declaration = { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' };
const OWNER: Declaration = { visitor: 'refused', user: 'ok', other: 'hidden', admin: 'ok' };
const OWN_CARD: Declaration = { visitor: 'refused', user: 'ok', other: 'hidden', admin: 'hidden' };
const ADMIN: Declaration = { visitor: 401, user: 403, other: 403, admin: 'ok' };
/** Unpublished campaigns (the matrix's are pending) exist only for their creator and admins. */
const UNPUBLISHED: Declaration = { visitor: 'hidden', user: 'ok', other: 'hidden', admin: 'ok' };
/** A charity's portal: its representatives only (the matrix's user represents the charity); admins use the console (decision 135). */
const REPRESENTATIVE: Declaration = { visitor: 'refused', user: 'ok', other: 'hidden', admin: 'hidden' };
/** A charity's Stripe Connect account and transfers: its representatives and admins (assertMayManageCharityConnect). */
const REPRESENTATIVE_OR_ADMIN: Declaration = { visitor: 401, user: 'ok', other: 403, admin: 'ok' };

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
  // Ends the caller's session: each role logs out a session of its own.
  'POST /api/site/logout': { ...PUBLIC, ownSession: true },
  'GET /api/dashboard/my-profile': SIGNED_IN,
  'PUT /api/users/update': SIGNED_IN,
  'POST /api/profile/image': SIGNED_IN,
  // It holds password-reset links: an admin's only (404 to anyone else; npm run dev opens it).
  'GET /api/dev/mailbox': { visitor: 'hidden', user: 'hidden', other: 'hidden', admin: 'ok' },
  'GET /api/events/allActive': PUBLIC,
  'GET /api/charities': PUBLIC,
  'POST /api/contact': PUBLIC,
  'POST /api/newsletter': PUBLIC,
  'GET /api/newsletter/confirm': PUBLIC,
  // Unsubscribe from a campaign's update e-mails (decision 192): the signed token decides, not a sign-in; without one, 400.
  'GET /api/updates/unsubscribe': PUBLIC,
  'POST /api/updates/unsubscribe': PUBLIC,
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
  // The sandbox wallet and cash app (decision 151): like its card form.
  'POST /api/sandbox/wallets': SIGNED_IN,
  // Wallet domain registration (decision 152): an admin's; with the sandbox the POST is a clear 409.
  'GET /api/admin/payment-method-domain': ADMIN,
  'POST /api/admin/payment-method-domain': ADMIN,
  'POST /api/site/forgot-password': PUBLIC,
  'POST /api/site/reset-password': PUBLIC,
  'POST /api/auth/confirm-email': PUBLIC,
  // The matrix's users are confirmed: a resend is answered 409, which is neither 401 nor 403.
  'POST /api/auth/confirm-email/resend': SIGNED_IN,
  'GET /api/account/closure': SIGNED_IN,
  'POST /api/account/close': { ...SIGNED_IN, fresh: true },
  'DELETE /api/account/close': { ...SIGNED_IN, fresh: true },
  // Only a verified identity may create (the other user and the admin here are not verified).
  'POST /api/events/create': { visitor: 'refused', user: 'ok', other: 403, admin: 403 },
  'GET /api/events/:id': PUBLIC,
  // The same read by its path before decision 185, kept for the clients that use it.
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
  // Only with METRICS_TOKEN as the bearer token (the matrix's server has none): 404 to everyone; see metrics.test.ts.
  'GET /metrics': { visitor: 'hidden', user: 'hidden', other: 'hidden', admin: 'hidden' },
  // Money: supporters' pledges, donations, the live channel, the life cycle, charging and the books.
  'POST /api/charities/:id/donations': PUBLIC,
  // Anyone holding the PaymentIntent's client secret: the donor back from Stripe (decision 255).
  'POST /api/charities/donations/stripe-return': PUBLIC,
  'POST /api/events/:id/pledges': SIGNED_IN,
  'POST /api/events/:id/matches': SIGNED_IN,
  'GET /api/events/:id/matches': UNPUBLISHED,
  'GET /api/matches/mine': SIGNED_IN,
  'GET /api/events/:id/supporters': UNPUBLISHED,
  'GET /api/events/:id/live': { ...UNPUBLISHED, stream: true },
  // The open ledger and its downloads: public wherever the campaign's page is.
  'GET /api/events/:id/money': UNPUBLISHED,
  'GET /api/events/:id/money.json': UNPUBLISHED,
  'GET /api/events/:id/money.csv': UNPUBLISHED,
  // Giving statements: the caller's own (a year without charges is 404 to anyone).
  'GET /api/me/statements': SIGNED_IN,
  'GET /api/me/statements/:year.pdf': { visitor: 'refused', user: 'hidden', other: 'hidden', admin: 'hidden' },
  'POST /api/payment-methods/setup-intent': SIGNED_IN,
  // Signed by Stripe, not by a user; unavailable (503) to everyone while the sandbox is the provider.
  'POST /api/payments/webhook': { visitor: 503, user: 503, other: 503, admin: 503 },
  'GET /api/events/:id/lifecycle-preview': OWNER,
  'POST /api/events/:id/complete': { ...OWNER, fresh: true },
  'POST /api/events/:id/close': { ...OWNER, fresh: true },
  // The body (a card of the caller's) is checked first; a pledge of someone else is then 404 (pledges tests).
  'POST /api/pledges/:id/payment-method': SIGNED_IN,
  // A failed pledge's charge waiting for its supporter's bank (decision 260): the supporter's own; anyone else, admins included, gets 404.
  'GET /api/pledges/:id/authentication': OWN_CARD,
  'POST /api/pledges/:id/authenticate': OWN_CARD,
  'POST /api/admin/events/:id/approve': { ...ADMIN, fresh: true },
  'POST /api/admin/events/:id/reject': { ...ADMIN, fresh: true },
  'POST /api/admin/events/:id/freeze': ADMIN,
  'POST /api/admin/events/:id/unfreeze': ADMIN,
  'POST /api/admin/events/:id/charge': ADMIN,
  'GET /api/admin/charge-runs/:id': ADMIN,
  'GET /api/events/:id/charge-run': OWNER,
  // The choice's body is validated before ownership (400 here); another user's 403: runoff.test.ts.
  'POST /api/events/:id/runoff/placements': { ...OWNER, other: 'ok' },
  'GET /api/admin/events/:id/charge-hold': ADMIN,
  'POST /api/admin/events/:id/charge-hold': ADMIN,
  'DELETE /api/admin/events/:id/charge-hold': ADMIN,
  'GET /api/admin/ledger/verify': ADMIN,
  'GET /api/admin/payouts': ADMIN,
  'POST /api/admin/payouts': ADMIN,
  'GET /api/admin/disputes': ADMIN,
  // The body is validated after the admin check (400 here for an admin); the sandbox decides: disputes.test.ts.
  'POST /api/admin/disputes/:id/sandbox-outcome': ADMIN,
  // The sandbox's dispute tool on a pledge (admins only; 409 for a pledge not charged): charity-connect/connect.test.ts.
  'POST /api/admin/pledges/:id/sandbox-dispute': ADMIN,
  // Charities on Connect: the console and the job are the admins'; a charity's onboarding and transfers also its representatives'.
  'GET /api/admin/charity-connect': ADMIN,
  // Held profile edits (decision 176): the admins' list and decision (409 once decided): charity-portal/charity-portal.test.ts.
  'GET /api/admin/charity-profile-changes': ADMIN,
  'POST /api/admin/charity-profile-changes/:id/decision': ADMIN,
  'POST /api/admin/charity-transfers/run': ADMIN,
  // A held transfer looked up again or marked for manual review (409 for one not held): charity-connect/connect.test.ts.
  'POST /api/admin/charity-transfers/:id/resolve': ADMIN,
  'POST /api/charities/:id/connect/onboarding': REPRESENTATIVE_OR_ADMIN,
  'POST /api/charities/:id/connect/refresh': REPRESENTATIVE_OR_ADMIN,
  'GET /api/charities/:id/connect/transfers': REPRESENTATIVE_OR_ADMIN,
  // The sandbox's stand-in for Stripe's hosted onboarding: any signed-in person with the link (the account's id is unguessable), as Stripe's page.
  'GET /api/sandbox/connect/accounts/:ref': SIGNED_IN,
  'POST /api/sandbox/connect/accounts/:ref/onboarding': SIGNED_IN,
  // The admin console.
  'GET /api/admin/dashboard': ADMIN,
  'GET /api/admin/campaigns': ADMIN,
  'GET /api/admin/campaigns/:id/pledges': ADMIN,
  'GET /api/admin/reviews': ADMIN,
  'GET /api/admin/reviews/:id': ADMIN,
  'GET /api/admin/charging': ADMIN,
  'GET /api/admin/charities': ADMIN,
  'POST /api/admin/charities': ADMIN,
  'PUT /api/admin/charities/:id': ADMIN,
  'POST /api/admin/charities/:id/visibility': ADMIN,
  'POST /api/admin/charity-groups': ADMIN,
  'GET /api/admin/users': ADMIN,
  'GET /api/admin/users/:id': ADMIN,
  'POST /api/admin/users/:id/disable': ADMIN,
  'POST /api/admin/users/:id/enable': ADMIN,
  'GET /api/admin/messages': ADMIN,
  'GET /api/admin/messages/export.csv': ADMIN,
  'POST /api/admin/messages/:id/handled': ADMIN,
  'GET /api/admin/subscribers': ADMIN,
  'GET /api/admin/subscribers/export.csv': ADMIN,
  'GET /api/admin/audit': ADMIN,
  'GET /api/admin/audit/export.csv': ADMIN,
  // Campaign updates and hosts' public pages.
  'GET /api/events/:id/updates': UNPUBLISHED,
  // The multipart body is required before ownership is checked (415 here); ownership: updates.test.ts.
  'POST /api/events/:id/updates': { ...OWNER, other: 'ok' },
  'POST /api/updates/:id/comments': SIGNED_IN,
  'POST /api/comments/:id/hide': SIGNED_IN,
  'GET /api/hosts/:id': PUBLIC,
  // Bidding Power: the body is validated first (400 here); someone else's pledge is 404 (raise.test.ts).
  'POST /api/pledges/:id/raise': SIGNED_IN,
  // Event Stacking: only the owner edits; anyone else, admins included, is told the stack does not exist.
  'GET /api/stacks/mine': SIGNED_IN,
  'GET /api/stacks/:id': PUBLIC,
  'POST /api/stacks': SIGNED_IN,
  // The body is validated before ownership (400 here); another user's and an admin's 404: stacks.test.ts.
  'PUT /api/stacks/:id': SIGNED_IN,
  'DELETE /api/stacks/:id': { visitor: 'refused', user: 'ok', other: 'hidden', admin: 'hidden', fresh: true },
  // Third-Party Promotion: the matrix's campaign is unpublished, so it exists for its creator and admins only.
  'POST /api/events/:id/promotions': OWNER,
  'GET /api/events/:id/promotions': UNPUBLISHED,
  'GET /api/events/:id/promotions/manage': OWNER,
  'GET /api/events/:id/promotions/mine': OWNER,
  'POST /api/promotions/:id/accept': OWNER,
  'POST /api/promotions/:id/decline': OWNER,
  'POST /api/promotions/:id/end': OWNER,
  // Fundraising pages: the body is validated first (400 here); who may start one: fundraising-pages.test.ts.
  'POST /api/events/:id/fundraising-pages': SIGNED_IN,
  'GET /api/events/:id/fundraising-pages': UNPUBLISHED,
  'GET /api/events/:id/fundraising-pages/manage': OWNER,
  'GET /api/fundraising-pages/mine': SIGNED_IN,
  // The matrix's page is on an unpublished campaign: it exists for the campaign's creator, admins (and its owner).
  'GET /api/fundraising-pages/:page': UNPUBLISHED,
  // The body is validated first (400 here); only the page's owner may edit it: fundraising-pages.test.ts.
  'PATCH /api/fundraising-pages/:page': { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' },
  'POST /api/fundraising-pages/:id/hide': OWNER,
  'POST /api/fundraising-pages/:id/show': OWNER,
  // Only the page's owner, a fourth person here: the campaign's host and admins are refused too (fundraising-pages.test.ts closes one).
  'POST /api/fundraising-pages/:id/close': { visitor: 'refused', user: 'hidden', other: 'hidden', admin: 'hidden' },
  'POST /api/fundraising-pages/:id/reopen': { visitor: 'refused', user: 'hidden', other: 'hidden', admin: 'hidden' },
  // Embeds: the host's list of sites allowed to frame the campaign. The PUT's JSON body is validated
  // before ownership (the matrix sends a form: 400 here); another user's 403: embeds.test.ts.
  'GET /api/events/:id/embed-origins': OWNER,
  'PUT /api/events/:id/embed-origins': { ...OWNER, other: 'ok' },
  // Monthly giving: the body is validated first (400 here); the :id of the start is a charity's. A gift is its
  // supporter's alone, admins included (404 to anyone else: monthly-giving.test.ts changes one as another user).
  'POST /api/charities/:id/monthly-gifts': SIGNED_IN,
  'GET /api/monthly-gifts': SIGNED_IN,
  'PUT /api/monthly-gifts/:id/amount': { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' },
  'PUT /api/monthly-gifts/:id/card': { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' },
  'POST /api/monthly-gifts/:id/pause': { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' },
  'POST /api/monthly-gifts/:id/resume': OWN_CARD,
  // Whom a gift shares the supporter's e-mail with (decision 183): the body is validated first (400 here);
  // only the gift's own supporter may change it, 404 to anyone else: charity-portal/supporters-csv.test.ts.
  'PUT /api/monthly-gifts/:id/email-sharing': { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' },
  'PUT /api/pledges/:id/email-sharing': { visitor: 'refused', user: 'ok', other: 'ok', admin: 'ok' },
  'POST /api/monthly-gifts/:id/cancel': OWN_CARD,
  'POST /api/sandbox/monthly-gifts/:id/advance': OWN_CARD,
  // The on-site confirmation of a month (decision 170): its supporter's alone (the body is checked after ownership).
  'GET /api/monthly-gifts/:id/charges/:chargeId/confirmation': OWN_CARD,
  'POST /api/monthly-gifts/:id/charges/:chargeId/confirm': OWN_CARD,
  'GET /api/admin/monthly-giving': ADMIN,
  // The charity portal (decision 135). Admins invite and remove representatives; an invitation's
  // link is public (the matrix's is unknown: 404); accepting needs an account with the invited address.
  'GET /api/admin/charities/:id/representatives': ADMIN,
  'POST /api/admin/charities/:id/representatives': ADMIN,
  'DELETE /api/admin/charities/:id/representatives/:userId': ADMIN,
  'GET /api/charity-invitations/:token': PUBLIC,
  'POST /api/charity-invitations/:token/accept': SIGNED_IN,
  'GET /api/portal/charities': SIGNED_IN,
  'GET /api/portal/charities/:id': REPRESENTATIVE,
  // Representation is checked before the body is read (the user's form is then refused with 400).
  'PUT /api/portal/charities/:id/profile': REPRESENTATIVE,
  'GET /api/portal/charities/:id/payouts.csv': REPRESENTATIVE,
  'GET /api/portal/charities/:id/supporters.csv': REPRESENTATIVE,
  // The January e-mail of the giving statement: the caller's own choice (decision 138).
  'GET /api/me/statement-emails': SIGNED_IN,
  'PUT /api/me/statement-emails': SIGNED_IN,
  // Webhooks and API keys: the caller's own only; anyone else, admins included, is told they do not exist.
  // With `?charity_id=` the charity's endpoints, for its representatives only (webhooks/money-events.test.ts).
  'GET /api/webhooks/endpoints': SIGNED_IN,
  // The body is validated first (400 here): webhooks.test.ts makes endpoints.
  'POST /api/webhooks/endpoints': SIGNED_IN,
  'PATCH /api/webhooks/endpoints/:id': OWN_CARD,
  'DELETE /api/webhooks/endpoints/:id': { ...OWN_CARD, fresh: true },
  'POST /api/webhooks/endpoints/:id/rotate-secret': OWN_CARD,
  'POST /api/webhooks/endpoints/:id/test': OWN_CARD,
  'GET /api/webhooks/endpoints/:id/deliveries': OWN_CARD,
  // The matrix's delivery does not exist (404 to its owner too); who may send again: webhooks.test.ts.
  'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/redeliver': OWN_CARD,
  'GET /api/api-keys': SIGNED_IN,
  'POST /api/api-keys': SIGNED_IN,
  'DELETE /api/api-keys/:id': { ...OWN_CARD, fresh: true },
  // The host's export of their supporters: the host and admins.
  'GET /api/events/:id/supporters.csv': OWNER,
};

/** The status of a streaming answer (server-sent events), without waiting for a body that never ends. */
async function streamStatus(client: TestClient, path: string): Promise<number> {
  const controller = new AbortController();
  const headers: Record<string, string> = client.accessToken ? { authorization: `Bearer ${client.accessToken}` } : {};
  const response = await fetch(`${client.baseUrl}${path}`, { headers, signal: controller.signal });
  controller.abort();
  return response.status;
}

let server: TestServer;
let clients: Record<'visitor' | 'user' | 'other' | 'admin', TestClient>;
let owner: Awaited<ReturnType<typeof verifiedCreator>>;
let charityId: string;
/** Asks to promote every campaign of the matrix, so the host's answers have a request to answer. */
let promoterId: string;

beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  owner = await verifiedCreator(server);
  const adminUser = await signUp(server.url);
  await makeAdmin(server, adminUser.user._id);
  const admin = new TestClient(server.url);
  admin.accessToken = (await admin.post('/api/site/login', { email: adminUser.email, password: adminUser.password })).data.user.accessToken;
  clients = { visitor: new TestClient(server.url), user: owner.client, other: (await signUp(server.url)).client, admin };
  promoterId = (await signUp(server.url)).user._id;
  // The matrix's user represents the matrix's charity (as an accepted invitation makes them).
  await server.app.ctx.db.insert(charityRepresentatives).values({ charityId, userId: owner.user._id });
});
afterAll(() => server.close());

/** One saved card per creator: the sandbox's card form is rate-limited per user. */
const cardOf = new Map<TestClient, Promise<string>>();
const giftOf = new Map<TestClient, string>();
/** Each gift's month waiting for the bank's confirmation (decision 170). */
const giftChargeOf = new Map<TestClient, string>();

/** Fresh resources of `creator` for the path parameters of one route. */
async function resourcesOf(creator: Awaited<ReturnType<typeof verifiedCreator>>) {
  const event = await createTwoParticipantCampaign(creator, charityId);
  if (!cardOf.has(creator.client)) {
    cardOf.set(
      creator.client,
      (async () => {
        const token = await creator.client.post('/api/sandbox/cards', {
          holder_name: 'Card Holder',
          number: '4242 4242 4242 4242',
          expiry: '09/40',
          cvv: '123',
        });
        const card = await creator.client.post('/api/payment-methods', { token: token.data.token });
        return card.data.data.id as string;
      })(),
    );
  }
  // A stack of the creator and a request to promote the campaign, written directly: the API takes published campaigns only.
  const db = server.app.ctx.db;
  const [stack] = await db.insert(stacks).values({ ownerId: creator.user._id, title: 'Matrix stack' }).returning();
  await db.insert(stackCampaigns).values({ stackId: stack!.id, eventId: event.id, position: 0 });
  const [promotion] = await db.insert(promotions).values({ eventId: event.id, promoterId }).returning();
  const [page] = await db
    .insert(fundraisingPages)
    .values({ eventId: event.id, ownerId: promoterId, slug: `matrix-${event.id}`, title: 'Matrix page', story: 'A story.', targetCents: 50_000 })
    .returning();
  const cardId = await cardOf.get(creator.client)!;
  // One monthly gift per creator (one running gift per supporter and charity), written directly.
  if (!giftOf.has(creator.client)) {
    const [gift] = await db
      .insert(monthlyGifts)
      .values({
        userId: creator.user._id,
        charityId,
        amountCents: 1_000,
        paymentMethodId: cardId,
        chargeDay: 1,
        nextPeriod: '2099-01',
        nextChargeAt: new Date('2099-01-01T00:00:00Z'),
      })
      .returning();
    giftOf.set(creator.client, gift!.id);
    const [month] = await db
      .insert(monthlyGiftCharges)
      .values({ giftId: gift!.id, period: '2098-12', dueAt: new Date('2098-12-01T00:00:00Z'), amountCents: 1_000, tipCents: 0, status: 'action_required' })
      .returning();
    giftChargeOf.set(creator.client, month!.id);
  }
  // A pledge of the creator whose charge failed, written directly (the matrix's campaigns are never charged).
  const [pledge] = await db
    .insert(pledges)
    .values({ eventId: event.id, userId: creator.user._id, paymentMethodId: cardId, amountCents: 1_000, status: 'failed', idempotencyKey: crypto.randomUUID() })
    .returning();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ ownerType: 'host', ownerId: creator.user._id, url: 'https://93.184.215.14/hooks', eventTypes: ['pledge.created'], secret: 'whsec_matrix' })
    .returning();
  const [key] = await db
    .insert(apiKeys)
    .values({ userId: creator.user._id, name: 'Matrix key', prefix: 'pw_key_matrix', secretHash: crypto.randomUUID(), scopes: ['campaigns:read'] })
    .returning();
  return {
    giftId: giftOf.get(creator.client)!,
    giftChargeId: giftChargeOf.get(creator.client)!,
    id: event.id,
    endpointId: endpoint!.id,
    keyId: key!.id,
    participantId: event.participants[0]!._id,
    cardId: await cardOf.get(creator.client)!,
    stackId: stack!.id,
    promotionId: promotion!.id,
    pageId: page!.id,
    pageSlug: page!.slug,
    pledgeId: pledge!.id,
  };
}

function pathFor(method: string, url: string, resources: Awaited<ReturnType<typeof resourcesOf>>): string {
  if (
    url.startsWith('/api/portal/charities/:id') ||
    url.startsWith('/api/admin/charities/:id/representatives') ||
    url.startsWith('/api/charities/:id/connect/')
  ) {
    return url.replace(':id', charityId).replace(':userId', '00000000-0000-4000-8000-000000000000');
  }
  const id = url.startsWith('/api/payment-methods/')
    ? resources.cardId
    : /^\/api\/pledges\/:id\/authenticat/.test(url)
      ? resources.pledgeId
      : url.startsWith('/api/monthly-gifts/') || url.startsWith('/api/sandbox/monthly-gifts/')
        ? resources.giftId
        : url.startsWith('/api/stacks/')
          ? resources.stackId
          : url.startsWith('/api/promotions/')
            ? resources.promotionId
            : url.startsWith('/api/fundraising-pages/')
              ? resources.pageId
              : url.startsWith('/api/webhooks/')
                ? resources.endpointId
                : url.startsWith('/api/api-keys/')
                  ? resources.keyId
                  : resources.id;
  return (
    url
      .replace(':chargeId', resources.giftChargeId)
      .replace(':deliveryId', '00000000-0000-4000-8000-000000000000')
      .replace(':participantId', resources.participantId)
      // A fundraising page is read by its link and changed by its id.
      .replace(':page', method === 'GET' ? resources.pageSlug : resources.pageId)
      .replace(':slug', resources.pageSlug)
      .replace(':sessionId', 'ivs_unknown')
      .replace(':year', '2026')
      .replace(':token', 'an-invitation-token-nobody-was-sent-0000000')
      .replace(':id', id)
      .replace('*', 'avatars/00000000-0000-4000-8000-000000000000.jpg')
  );
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
  if (outcome === 503) return status === 503;
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
        if (declaration.ownSession && role !== 'visitor') client = (await signUp(server.url)).client;
        if (declaration.stream) {
          const status = await streamStatus(client, pathFor(method, url, resources));
          if (!matches(declaration[role], status)) mismatches.push(`${role} ${method} ${url}: expected ${declaration[role]}, got ${status}`);
          continue;
        }
        const response = await client.request(method, pathFor(method, url, resources), bodyFor(method));
        if (!matches(declaration[role], response.status)) {
          mismatches.push(`${role} ${method} ${url}: expected ${declaration[role]}, got ${response.status} ${JSON.stringify(response.data)?.slice(0, 100)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Four callers on every route of the app, one after another: on a loaded machine that passes 30 s.
  }, 180_000);
});

import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { demo, expect, registerUser, type TestUser } from '../fixtures';
import { accessToken, bearer, createCampaignByApi, firstCharityId, isoDaysFromNow } from './campaign-helpers';

/*
 * The longest text each form accepts (the maximum lengths of the zod schemas in packages/domain),
 * written as one unbroken word of the widest letter, so a page that cannot break a long word
 * shows it by growing wider than a phone. Everything is made through the API.
 */

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** One word of exactly `length` characters: a tag that tells runs apart, then W's. */
export function longWord(length: number, tag = ''): string {
  return (tag + 'W'.repeat(length)).slice(0, length);
}

/** The longest address the forms accept that is still one word: 254 characters. */
function longEmail(tag: string): string {
  const domain = `${'w'.repeat(120)}.example.com`;
  return `${longWord(254 - domain.length - 1, tag).toLowerCase()}@${domain}`;
}

export interface WidePerson extends TestUser {
  id: string;
  token: string;
}

/** A confirmed, verified user with a 100-character name, the longest e-mail and a full profile. */
export async function widePerson(request: APIRequestContext, tag: string): Promise<WidePerson> {
  const user = await registerUser(request, { name: longWord(100, tag), email: longEmail(tag), password: `Pledge-${tag}-Ok!` });
  const token = await accessToken(request, user.email, user.password);
  const session = await (await request.post('/api/identity/session', { headers: bearer(token), data: { next: '/user/event/create' } })).json();
  const verified = await request.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, {
    headers: bearer(token),
    data: { legalName: longWord(120, tag), dateOfBirth: '1990-05-17', documentNumber: 'P12345678' },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const profile = await request.put('/api/users/update', {
    headers: bearer(token),
    multipart: { name: user.name, email: user.email, occupation: longWord(120, tag), company_name: longWord(120, tag), description: longWord(2000, tag) },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const id = ((await profile.json()) as { user: { _id: string } }).user._id;
  return { ...user, id, token };
}

/** A saved sandbox card of `person`: its id. */
export async function savedCard(request: APIRequestContext, person: WidePerson, number = '4242 4242 4242 4242'): Promise<string> {
  const tokenized = await request.post('/api/sandbox/cards', {
    headers: bearer(person.token),
    data: { holder_name: longWord(100, 'Card'), number, expiry: `10/${nextYear}`, cvv: '123' },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(201);
  const saved = await request.post('/api/payment-methods', { headers: bearer(person.token), data: { token: (await tokenized.json()).token } });
  expect(saved.status(), await saved.text()).toBe(201);
  return ((await saved.json()).data as { id: string }).id;
}

/** A charity with the longest name, website and description, in the first group (after its own charities). */
export async function wideCharity(request: APIRequestContext, adminToken: string, tag: string): Promise<string> {
  const groups = (await (await request.get('/api/admin/charities', { headers: bearer(adminToken) })).json()).data.groups as { _id: string }[];
  const created = await request.post('/api/admin/charities', {
    headers: bearer(adminToken),
    multipart: {
      name: longWord(200, tag),
      group_id: groups[0]!._id,
      link: `https://${'w'.repeat(480)}.example.org`,
      description: longWord(2000, tag),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()).data as { _id: string })._id;
}

/** A person of the campaign (host or participant) with every field at its longest. */
function widePeople(host: WidePerson, tag: string) {
  const person = { occupation: longWord(120, tag), companyName: longWord(120, tag) };
  return {
    aboutEventHost: longWord(120, tag),
    hostData: { fullName: host.name, email: host.email, ...person, aboutYou: longWord(2000, tag) },
    guestData: [
      {
        about: longWord(120, tag),
        fullName: longWord(100, tag),
        email: longEmail(`${tag}g`),
        ...person,
        aboutParticipant: longWord(2000, tag),
        profileImage: '',
      },
    ],
  };
}

/** A campaign of `host`'s with the longest name, description, categories, people and place; funded and, unless told, approved. */
export async function wideCampaign(
  request: APIRequestContext,
  host: WidePerson,
  adminToken: string,
  options: { tag: string; charityId?: string; approve?: boolean; virtual?: boolean },
) {
  const { tag } = options;
  const place = options.virtual
    ? { locationType: 'virtual', eventLocation: '', onlineEventLink: `https://${'w'.repeat(1980)}.example.com` }
    : { locationType: 'physical', eventLocation: longWord(300, tag), onlineEventLink: '' };
  const event = await createCampaignByApi(request, host.token, {
    eventName: longWord(120, tag),
    description: longWord(5000, tag),
    categories: [1, 2, 3].map((n) => longWord(40, `${tag}${n}`)).join(','),
    eventDate: isoDaysFromNow(20),
    ...place,
    ...widePeople(host, tag),
    charityId: options.charityId ?? (await firstCharityId(request)),
  });
  const funded = await request.post('/api/events/payment', { headers: bearer(host.token), data: { event_id: event.id, amount: 100, test_mode: true } });
  expect(funded.status(), await funded.text()).toBe(200);
  if (options.approve ?? true) {
    const approved = await request.post(`/api/admin/events/${event.id}/approve`, { headers: bearer(adminToken) });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  return event;
}

/** `supporter`'s pledge with the longest message, a match with the longest sponsor name and a fundraising page at its longest. */
export async function wideSupport(request: APIRequestContext, eventId: string, supporter: WidePerson, tag: string) {
  const card = await savedCard(request, supporter);
  const pledged = await request.post(`/api/events/${eventId}/pledges`, {
    headers: bearer(supporter.token),
    data: { amount: 25, tip_percent: 0, payment_method_id: card, message: longWord(280, tag) },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  const matched = await request.post(`/api/events/${eventId}/matches`, {
    headers: bearer(supporter.token),
    data: { ratio: 1, cap: 100, sponsor_name: longWord(80, tag), payment_method_id: card },
  });
  expect(matched.status(), await matched.text()).toBe(201);
  const slug = `${tag.toLowerCase()}${'w'.repeat(60)}`.slice(0, 60);
  const page = await request.post(`/api/events/${eventId}/fundraising-pages`, {
    headers: bearer(supporter.token),
    data: { title: longWord(80, tag), story: longWord(2000, tag), target_amount: 100, slug },
  });
  expect(page.status(), await page.text()).toBe(201);
  const promotion = await request.post(`/api/events/${eventId}/promotions`, { headers: bearer(supporter.token), data: { note: longWord(280, tag) } });
  expect(promotion.status(), await promotion.text()).toBe(201);
  return { slug, pageId: ((await page.json()).data as { _id: string })._id };
}

/** The host's update with the longest message, the supporter's longest comment on it, and a stack of the host's two campaigns. */
export async function wideHostPosts(request: APIRequestContext, host: WidePerson, supporter: WidePerson, eventIds: [string, string], tag: string) {
  const posted = await request.post(`/api/events/${eventIds[0]}/updates`, { headers: bearer(host.token), multipart: { message: longWord(5000, tag) } });
  expect(posted.status(), await posted.text()).toBe(201);
  const updateId = ((await posted.json()).data as { update: { _id: string } }).update._id;
  const commented = await request.post(`/api/updates/${updateId}/comments`, { headers: bearer(supporter.token), data: { body: longWord(500, tag) } });
  expect(commented.status(), await commented.text()).toBe(201);
  const stack = await request.post('/api/stacks', {
    headers: bearer(host.token),
    data: { title: longWord(80, tag), description: longWord(280, tag), event_ids: eventIds },
  });
  expect(stack.status(), await stack.text()).toBe(201);
  return { stackId: ((await stack.json()).data as { _id: string })._id };
}

/** A contact message with the longest name, campaign name and message, for the console's Messages. */
export async function wideContactMessage(request: APIRequestContext, tag: string): Promise<void> {
  const sent = await request.post('/api/contact', {
    data: {
      tab: 'support',
      name: longWord(100, tag),
      email: longEmail(`${tag}c`),
      phone: '5'.repeat(40),
      eventName: longWord(200, tag),
      message: longWord(5000, tag),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** Everything above, made once: two campaigns, their supporter's pledge, match, page, promotion, update, comment and stack. */
export async function makeLongestInputs(request: APIRequestContext) {
  const tag = `Wide${randomUUID().slice(0, 6)}`;
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const [host, supporter, charityId] = await Promise.all([
    widePerson(request, `${tag}H`),
    widePerson(request, `${tag}S`),
    wideCharity(request, adminToken, tag),
    wideContactMessage(request, tag),
  ]);
  const [event, other] = await Promise.all([
    wideCampaign(request, host, adminToken, { tag, charityId }),
    wideCampaign(request, host, adminToken, { tag: `${tag}V`, virtual: true }),
    wideCampaign(request, host, adminToken, { tag: `${tag}R`, approve: false }),
  ]);
  const { slug, pageId } = await wideSupport(request, event.id, supporter, tag);
  const { stackId } = await wideHostPosts(request, host, supporter, [event.id, other.id], tag);
  return { tag, host, supporter, eventId: event.id, slug, pageId, stackId };
}

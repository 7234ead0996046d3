// Pledge creation under load: supporters registered beforehand (each with a saved sandbox card),
// every request from the next supporter in turn with its own Idempotency-Key, so each one creates a
// pledge. A supporter may pledge 30 times a minute (pledge-routes.ts); the number of supporters
// keeps both runs (50 and 200 connections, each 1 s of warm-up and 5 s measured: about 13 s
// together) under that up to about 1,800 pledges a second. Past that the limit answers 429,
// counted in the errors column.
import { randomUUID } from 'node:crypto';

export const PLEDGE_USERS = Number(process.env.BENCH_PLEDGE_USERS ?? 800);
const PASSWORD = 'Bench-supporter-2026';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

export interface Supporter {
  accessToken: string;
  cardId: string;
}

/** A request of the set-up, sent again after Retry-After when the server says it is too busy (503), as a browser's user would. */
async function patiently(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    if (response.status !== 503 || attempt >= 20) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
  }
}

async function json(request: () => Promise<Response>, step: string): Promise<Record<string, unknown>> {
  const response = await patiently(request);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${step} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

async function registerSupporter(baseUrl: string, index: number): Promise<Supporter> {
  const email = `bench-${index}-${randomUUID().slice(0, 8)}@example.com`;
  const form = new FormData();
  form.set('name', `Bench Supporter ${index}`);
  form.set('email', email);
  form.set('password', PASSWORD);
  form.set('use_default_avatar', 'true');
  await json(() => fetch(`${baseUrl}/api/site/register`, { method: 'POST', body: form }), 'register');
  const login = await json(
    () =>
      fetch(`${baseUrl}/api/site/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    'login',
  );
  const accessToken = (login.user as { accessToken: string }).accessToken;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
  const card = { holder_name: `Bench Supporter ${index}`, number: '4242424242424242', expiry: `09/${nextYear}`, cvv: '123' };
  const tokenized = await json(() => fetch(`${baseUrl}/api/sandbox/cards`, { method: 'POST', headers, body: JSON.stringify(card) }), 'tokenize card');
  const saved = await json(
    () => fetch(`${baseUrl}/api/payment-methods`, { method: 'POST', headers, body: JSON.stringify({ token: tokenized.token }) }),
    'save card',
  );
  return { accessToken, cardId: (saved.data as { id: string }).id };
}

/** Registers the supporters, eight at a time (each costs two password hashes). */
export async function registerSupporters(baseUrl: string, count = PLEDGE_USERS): Promise<Supporter[]> {
  const supporters: Supporter[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) supporters.push(await registerSupporter(baseUrl, next++));
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return supporters;
}

const pledgeBody = (cardId: string) => JSON.stringify({ amount: 10, tip_percent: 0, payment_method_id: cardId });

/** A live campaign that takes a plain pledge (no runoff option to choose): the first the probe pledge succeeds on. */
export async function pledgeableCampaign(baseUrl: string, supporter: Supporter): Promise<string> {
  const list = (await (await patiently(() => fetch(`${baseUrl}/api/events/allActive`))).json()) as { _id: string; kind: string }[];
  for (const campaign of list.filter((item) => item.kind !== 'runoff')) {
    const probe = await patiently(() =>
      fetch(`${baseUrl}/api/events/${campaign._id}/pledges`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${supporter.accessToken}`, 'idempotency-key': randomUUID() },
        body: pledgeBody(supporter.cardId),
      }),
    );
    if (probe.status === 201) return campaign._id;
  }
  throw new Error('no live campaign of the demo content takes a plain pledge');
}

/** autocannon's per-request hook: the next supporter in turn, a fresh Idempotency-Key. */
export function pledgeRequests(supporters: Supporter[]) {
  let turn = 0;
  return (request: { headers?: Record<string, string>; body?: string }) => {
    const supporter = supporters[turn++ % supporters.length]!;
    return {
      ...request,
      headers: { ...request.headers, 'content-type': 'application/json', authorization: `Bearer ${supporter.accessToken}`, 'idempotency-key': randomUUID() },
      body: pledgeBody(supporter.cardId),
    };
  };
}

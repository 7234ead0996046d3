import { expect } from 'vitest';
import { signUp } from './client.ts';
import type { TestServer } from './harness.ts';
import { saveCard } from './money.ts';

/** Helpers of the tests that need a sponsor's match (decision 109): a sponsor with a saved card, and an offer. */
export async function sponsorWithCard(server: TestServer, name = 'Sam Sponsor') {
  const sponsor = await signUp(server.url, { name });
  return { ...sponsor, cardId: await saveCard(sponsor.client) };
}

export type Sponsor = Awaited<ReturnType<typeof sponsorWithCard>>;

/** Offers a 1:1 match up to $500 shown as "Acme Foods" unless the terms say otherwise; expects it made. */
export async function offerMatch(sponsor: Sponsor, eventId: string, terms: Record<string, unknown> = {}) {
  const offered = await sponsor.client.post(`/api/events/${eventId}/matches`, {
    ratio: 1,
    cap: 500,
    sponsor_name: 'Acme Foods',
    payment_method_id: sponsor.cardId,
    ...terms,
  });
  expect(offered.status, JSON.stringify(offered.data)).toBe(201);
  return offered.data.data.match as { _id: string; sponsor_name: string };
}

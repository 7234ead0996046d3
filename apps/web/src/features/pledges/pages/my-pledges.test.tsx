// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MyMatchesResponse } from '@pledgeway/domain/schemas/matching';
import { MyPledgesResponse, PledgeEmailSharingResponse, type MyPledgeResponse } from '@pledgeway/domain/schemas/my-pledges';
import { answer, answerEach, malformed, server, signIn } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import MyPledgesPage from './my-pledges';

const event = (id: string, name: string): MyPledgeResponse['event'] => ({
  _id: id,
  name,
  description: '',
  categories: ['Charity'],
  target_amount: 1_000,
  payment_amount: 800,
  event_date: null,
  location_type: 'physical',
  event_location: 'Harbour',
  online_event_link: '',
  status: 'completed',
  banner_image_url: '',
  host: { full_name: 'Casey Creator' },
});
const raise = { allowed: false, refusal: null, max_amount: 50_000, tip_percent: 0, cover_fees: false, is_creator: false, charity_name: 'Food Bank' };
// The sponsor's charged match is a pledge row of kind `match`; the same match is in /matches/mine.
const matchPledge: MyPledgeResponse = {
  _id: 'p-match',
  kind: 'match',
  amount: 160,
  tip: 0,
  status: 'charged',
  failure_reason: null,
  needs_authentication: false,
  refunded_amount: 0,
  to_charity: 150.3,
  passed_on: 0,
  createdAt: '2026-11-28T08:00:00.000Z',
  share_email_with_host: false,
  share_email_with_charity: false,
  raise,
  event: event('e1', 'Harbour Swim'),
};
const match = (id: string, eventId: string, eventName: string, status: MyMatchesResponse['data']['matches'][number]['status'], amount: number) => ({
  _id: id,
  event_id: eventId,
  event_name: eventName,
  sponsor_name: 'Acme Foods',
  anonymous: false,
  ratio: 2,
  cap: 500,
  starts_at: null,
  ends_at: null,
  participant_id: null,
  participant_name: null,
  status,
  matched_amount: amount,
  charged_amount: status === 'charged' ? amount : 0,
});

const stats = { totalPledged: 160, totalEvents: 1, pendingPledges: 0, deductedPledges: 1 };
beforeEach(() => {
  signIn();
  server.use(
    answer('get', '/events/pledges', MyPledgesResponse, { success: true, data: { pledges: [matchPledge], stats } }),
    answer('get', '/matches/mine', MyMatchesResponse, {
      success: true,
      data: { matches: [match('m1', 'e1', 'Harbour Swim', 'charged', 160), match('m2', 'e2', 'River Run', 'offered', 40)] },
    }),
  );
});
afterEach(cleanup);

function renderPage() {
  renderWithQueries(
    <MemoryRouter>
      <MyPledgesPage />
    </MemoryRouter>,
  );
}

describe('My Pledges of a sponsor', () => {
  it('shows a charged match once, as a match, and the offers not charged yet under Your matches', async () => {
    renderPage();
    expect((await screen.findByText('$160.00 MATCH')).textContent).toBe('$160.00 MATCH');
    expect(screen.queryByText('$160.00 PLEDGE')).toBeNull();
    expect(screen.getAllByText('Harbour Swim')).toHaveLength(1);
    const matches = await screen.findAllByTestId('my-match');
    expect(matches).toHaveLength(1);
    expect(within(matches[0]!).getByText('River Run').textContent).toBe('River Run');
  });

  it('refuses an answer whose money field is missing: the error, not $0.00', async () => {
    const { amount: _amount, ...withoutAmount } = matchPledge;
    server.use(malformed('get', '/events/pledges', { success: true, data: { pledges: [withoutAmount], stats } }));
    renderPage();
    expect((await screen.findByText(/was not understood/)).textContent).toMatch(
      /^The server's answer for GET \/events\/pledges was not understood \(data\.pledges\.0\.amount: /,
    );
    expect(screen.queryByText(/\$0\.00/)).toBeNull();
    expect(screen.queryByText('Harbour Swim')).toBeNull();
  });
});

describe('changing whom a pledge shares the e-mail with', () => {
  it('shows each choice as it stands and saves a change at once', async () => {
    const saved: unknown[] = [];
    server.use(
      answerEach('put', '/pledges/:id/email-sharing', PledgeEmailSharingResponse, async (request) => {
        saved.push({ path: new URL(request.url).pathname, body: await request.json() });
        return { success: true as const, message: 'Saved', data: { _id: 'p-match', share_email_with_host: true, share_email_with_charity: false } };
      }),
    );
    renderPage();
    const host = (await screen.findByRole('checkbox', { name: 'Share my e-mail with the host' })) as HTMLInputElement;
    const charity = screen.getByRole('checkbox', { name: 'Share my e-mail with the charity' }) as HTMLInputElement;
    expect([host.checked, charity.checked]).toEqual([false, false]);
    fireEvent.click(host);
    await waitFor(() => expect(saved).toEqual([{ path: '/api/pledges/p-match/email-sharing', body: { share_email_with_host: true } }]));
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyPledgeResponse } from '@pledgeway/domain/schemas/my-pledges';
import { PledgeCard } from './pledge-card';

afterEach(cleanup);

function pledgeOf(overrides: Partial<MyPledgeResponse>, eventStatus: MyPledgeResponse['event']['status'] = 'completed'): MyPledgeResponse {
  return {
    _id: 'pledge-1',
    kind: 'pledge',
    amount: 50,
    tip: 0,
    status: 'charged',
    failure_reason: null,
    needs_authentication: false,
    refunded_amount: 0,
    to_charity: 46.5,
    passed_on: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    share_email_with_host: false,
    share_email_with_charity: false,
    raise: { allowed: false, refusal: null, max_amount: 50_000, tip_percent: 0, cover_fees: false, is_creator: false, charity_name: 'Food Bank' },
    event: {
      _id: 'event-1',
      name: 'Harbour Swim',
      description: 'A swim across the harbour.',
      categories: ['Sport'],
      target_amount: 1_000,
      payment_amount: 400,
      // Far ahead: a completed campaign must not count down to it.
      event_date: '2099-12-12',
      location_type: 'physical',
      event_location: 'Harbour',
      online_event_link: '',
      status: eventStatus,
      banner_image_url: '',
      host: { full_name: 'Casey Creator' },
    },
    ...overrides,
  };
}

function show(pledge: MyPledgeResponse) {
  render(
    <MemoryRouter>
      <PledgeCard pledge={pledge} />
    </MemoryRouter>,
  );
}

describe('a charged pledge on My Pledges', () => {
  it('says charged, not passed on, while no payout has reached it', () => {
    show(pledgeOf({}));
    expect(screen.getByText("Charged. $46.50 of it is for the charity; it is passed on with the charity's next payout.").textContent).toBe(
      "Charged. $46.50 of it is for the charity; it is passed on with the charity's next payout.",
    );
    expect(screen.queryByText(/passed on to the charity/)).toBeNull();
  });

  it('says how much has been passed on while a payout covers part of it', () => {
    show(pledgeOf({ passed_on: 10 }));
    expect(screen.getByText('Charged. $10.00 of the $46.50 for the charity has been passed on so far.').textContent).toBe(
      'Charged. $10.00 of the $46.50 for the charity has been passed on so far.',
    );
  });

  it('says passed on once a payout covers all of it', () => {
    show(pledgeOf({ passed_on: 46.5 }));
    expect(screen.getByText('Charged and passed on to the charity: $46.50 after fees.').textContent).toBe(
      'Charged and passed on to the charity: $46.50 after fees.',
    );
  });

  it('says a completed campaign is completed instead of the days before its date', () => {
    show(pledgeOf({}));
    expect(screen.getByText('Campaign completed').textContent).toBe('Campaign completed');
    expect(screen.queryByText(/days left/)).toBeNull();
  });

  it('still counts the days of a live campaign', () => {
    show(pledgeOf({ status: 'pending', to_charity: 0 }, 'approved'));
    expect(screen.getByText(/days left/).textContent).toMatch(/^\d+ days left$/);
    expect(screen.getByText('Your payment method is charged only if the event is completed.').textContent).toBe(
      'Your payment method is charged only if the event is completed.',
    );
  });
});

describe('a failed pledge on My Pledges', () => {
  const failed = {
    status: 'failed' as const,
    failure_reason: 'Your card needs authentication: confirm the payment with your bank, or choose another payment method.',
  };

  it('whose bank asked for authentication links to its confirmation, beside the card update', () => {
    render(
      <MemoryRouter>
        <PledgeCard pledge={pledgeOf({ ...failed, needs_authentication: true })} onUpdateCard={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Confirm with my bank' }).getAttribute('href')).toBe('/user/pledges/pledge-1/authenticate');
    expect(screen.getByRole('button', { name: 'Update payment method' })).toBeTruthy();
  });

  it('that was plainly declined offers the card update only', () => {
    render(
      <MemoryRouter>
        <PledgeCard pledge={pledgeOf({ ...failed, failure_reason: 'Your card was declined.' })} onUpdateCard={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Confirm with my bank' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update payment method' })).toBeTruthy();
  });
});

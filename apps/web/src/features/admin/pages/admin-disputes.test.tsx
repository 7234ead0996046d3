// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDisputeRow } from '@pledgeway/domain/schemas/disputes';
import AdminDisputesPage from './admin-disputes';

const mocks = vi.hoisted(() => ({ items: [] as AdminDisputeRow[], sandbox: true, mutate: vi.fn() }));
vi.mock('../api/get-disputes', () => ({
  useDisputes: () => ({
    data: { items: mocks.items, open_count: mocks.items.filter((item) => item.status === 'open').length, sandbox: mocks.sandbox },
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
  }),
}));
vi.mock('../api/decide-sandbox-dispute', () => ({ useDecideSandboxDispute: () => ({ mutate: mocks.mutate, isPending: false }) }));
afterEach(cleanup);

const dispute = (overrides: Partial<AdminDisputeRow> = {}): AdminDisputeRow => ({
  _id: 'dispute-1',
  provider_ref: 'dp_sbx_1',
  status: 'open',
  reason: 'fraudulent',
  amount: 120,
  fee: 15,
  charity_share: 93.22,
  platform_share: 41.78,
  opened_at: '2026-11-25T12:00:00.000Z',
  closed_at: null,
  pledge: { _id: 'pledge-1', amount: 100, charged: 120 },
  donor: { name: 'Dana Donor', email: 'dana@example.com' },
  campaign: { _id: 'event-1', name: 'Canal Paddle' },
  donation: null,
  monthly_gift: null,
  charity_name: 'Food Bank',
  ...overrides,
});

describe('the disputes page', () => {
  it('lists a dispute with who bears it, and the sandbox closes an open one', () => {
    mocks.items = [
      dispute(),
      dispute({ _id: 'dispute-2', status: 'won', closed_at: '2026-11-26T12:00:00.000Z', campaign: { _id: 'event-2', name: 'Harbour Swim' } }),
      dispute({
        _id: 'dispute-3',
        status: 'lost',
        amount: 40,
        pledge: null,
        campaign: null,
        donation: { _id: 'donation-1', amount: 40 },
        donor: { name: 'Gil Giver', email: 'gil@example.com' },
        charity_name: 'Brightpot Community Kitchens',
      }),
    ];
    mocks.sandbox = true;
    render(<AdminDisputesPage />);
    expect(screen.getByText(/^1 open\./).textContent).toBe(
      "1 open. An open dispute's amount is held back from the charity's payable (or borne by the platform once paid out); a won one is booked back.",
    );
    const open = screen.getByRole('row', { name: /Canal Paddle/ });
    expect(within(open).getByText('$120.00 of $120.00').textContent).toBe('$120.00 of $120.00');
    expect(within(open).getByText('$93.22').textContent).toBe('$93.22');
    expect(within(open).getByText('$41.78').textContent).toBe('$41.78');
    expect(within(open).getByText('Open').textContent).toBe('Open');
    expect(within(screen.getByRole('row', { name: /Harbour Swim/ })).queryByRole('button')).toBeNull();
    // A donation's dispute: no campaign, the donation's amount and its donor as given.
    const donation = within(screen.getByRole('row', { name: /Donation/ }));
    expect(donation.getByText('$40.00 of $40.00').textContent).toBe('$40.00 of $40.00');
    expect(donation.getByText('Gil Giver').textContent).toBe('Gil Giver');
    expect(donation.getByText('Brightpot Community Kitchens').textContent).toBe('Brightpot Community Kitchens');
    fireEvent.click(within(open).getByRole('button', { name: /^Close as won/ }));
    expect(mocks.mutate).toHaveBeenCalledWith({ id: 'dispute-1', outcome: 'won' }, expect.anything());
  });

  it('offers no way to close a dispute when the provider is not the sandbox', () => {
    mocks.items = [dispute()];
    mocks.sandbox = false;
    render(<AdminDisputesPage />);
    expect(screen.queryByRole('button', { name: /^Close as/ })).toBeNull();
    expect(screen.queryByText(/SANDBOX/)).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminDisputesResponse, SandboxDisputeOutcomeResponse, type AdminDisputeRow } from '@pledgeway/domain/schemas/disputes';
import { answer, answerEach, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import AdminDisputesPage from './admin-disputes';

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

const disputes = (items: AdminDisputeRow[], sandbox: boolean) =>
  answer('get', '/admin/disputes', AdminDisputesResponse, {
    success: true,
    data: { items, open_count: items.filter((item) => item.status === 'open').length, sandbox },
  });

describe('the disputes page', () => {
  it('lists a dispute with who bears it, and the sandbox closes an open one', async () => {
    const decided: unknown[] = [];
    server.use(
      disputes(
        [
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
        ],
        true,
      ),
      answerEach('post', '/admin/disputes/:id/sandbox-outcome', SandboxDisputeOutcomeResponse, async (request) => {
        decided.push({ path: new URL(request.url).pathname, body: await request.json() });
        return { success: true as const, message: 'The dispute was closed as won', data: dispute({ status: 'won', closed_at: '2026-11-27T12:00:00.000Z' }) };
      }),
    );
    renderWithQueries(<AdminDisputesPage />);
    expect((await screen.findByText(/^1 open\./)).textContent).toMatch(/^1 open\. An open dispute's amount is held back/);
    const open = screen.getByRole('row', { name: /Canal Paddle/ });
    const cells = within(open)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['Canal PaddleFood Bank', 'Dana Donor', '$120.00 of $120.00', '$15.00', '$93.22']);
    expect(cells[5]).toBe('$41.78');
    expect(within(open).getByText('Open').textContent).toBe('Open');
    expect(within(screen.getByRole('row', { name: /Harbour Swim/ })).queryByRole('button')).toBeNull();
    // A donation's dispute: no campaign, the donation's amount and its donor as given.
    const donation = within(screen.getByRole('row', { name: /Donation/ }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(donation.slice(0, 3)).toEqual(['DonationBrightpot Community Kitchens', 'Gil Giver', '$40.00 of $40.00']);
    fireEvent.click(within(open).getByRole('button', { name: /^Close as won/ }));
    await vi.waitFor(() => expect(decided).toEqual([{ path: '/api/admin/disputes/dispute-1/sandbox-outcome', body: { outcome: 'won' } }]));
  });

  it('offers no way to close a dispute when the provider is not the sandbox', async () => {
    server.use(disputes([dispute()], false));
    renderWithQueries(<AdminDisputesPage />);
    expect((await screen.findByRole('row', { name: /Canal Paddle/ })).textContent).toContain('$120.00 of $120.00');
    expect(screen.queryByRole('button', { name: /^Close as/ })).toBeNull();
    expect(screen.queryByText(/SANDBOX/)).toBeNull();
  });
});

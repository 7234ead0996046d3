// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport } from '@/lib/api-client';
import type { LedgerVerifyReport } from '@pledgeway/domain/schemas/money-admin';
import { LEDGER_CHECK_SHAPE_ERROR } from '../api/get-ledger-check';
import AdminPayoutsPage from './admin-payouts';

const mocks = vi.hoisted(() => ({ ledgerAnswer: undefined as unknown }));
vi.mock('../api/get-payouts', () => ({ usePayouts: () => ({ data: [], isPending: false, isError: false, error: null, refetch: vi.fn() }) }));
// The screens read through the typed client; the answer is served at the transport both clients share.
beforeEach(() =>
  setApiTransport(async () => new Response(JSON.stringify(mocks.ledgerAnswer), { status: 200, headers: { 'content-type': 'application/json' } })),
);
afterEach(() => {
  cleanup();
  setApiTransport((input, init) => fetch(input, init));
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AdminPayoutsPage />
    </QueryClientProvider>,
  );
}

const report = (overrides: Partial<LedgerVerifyReport> = {}): LedgerVerifyReport => ({
  ok: true,
  provider: 'sandbox',
  checked: { transactions: 3, charged_pledges: 2, refunds: 0, donations: 0, monthly_charges: 0, provider_records: 4 },
  reconciliation: {
    compared: [
      { kind: 'charge', provider: 2, postings: 2 },
      { kind: 'refund', provider: 0, postings: 0 },
      { kind: 'dispute', provider: 1, postings: 1 },
      { kind: 'dispute_reversal', provider: 0, postings: 0 },
    ],
    provider_without_posting: [],
    posting_without_provider: [],
    returned_unbooked: [],
  },
  problems: [],
  ...overrides,
});

describe('the books check on the payouts page', () => {
  it('says the books match both ways when they do', async () => {
    mocks.ledgerAnswer = { success: true, data: report() };
    renderPage();
    expect((await screen.findByText('Books balance')).textContent).toBe('Books balance');
    expect(
      screen.getByText(
        /Matched with sandbox both ways \(charges: 2 at the provider, 2 posted; refunds: 0 at the provider, 0 posted; disputes: 1 at the provider, 1 posted; dispute reversals: 0 at the provider, 0 posted\)/,
      ).textContent,
    ).toBe(
      'Books balanceMatched with sandbox both ways (charges: 2 at the provider, 2 posted; refunds: 0 at the provider, 0 posted; disputes: 1 at the provider, 1 posted; dispute reversals: 0 at the provider, 0 posted)',
    );
  });

  it('lists what the provider holds that the ledger lacks, and the other way round', async () => {
    mocks.ledgerAnswer = {
      success: true,
      data: report({
        ok: false,
        reconciliation: {
          ...report().reconciliation,
          provider_without_posting: [
            { kind: 'charge', ref: 'ch_sbx_twice', amount: 896.8 },
            { kind: 'dispute_reversal', ref: 'dp_sbx_won', amount: 40 },
          ],
          posting_without_provider: [{ kind: 'refund', ref: 're_sbx_gone', amount: 25, transaction_id: 'tx-9' }],
        },
        problems: [
          "the provider's charge ch_sbx_twice of $896.80 has no posting in the ledger",
          'posting tx-9 records the refund re_sbx_gone the provider has no record of',
        ],
      }),
    };
    renderPage();
    expect((await screen.findByText('Books differ')).textContent).toBe('Books differ');
    const findings = screen.getByRole('alert');
    expect(within(findings).getByText('At the provider, with no posting in the ledger').textContent).toBe('At the provider, with no posting in the ledger');
    expect(within(findings).getByText('ch_sbx_twice').parentElement?.textContent).toContain('$896.80');
    expect(within(findings).getByText('dp_sbx_won').parentElement?.textContent).toBe('dispute reversal dp_sbx_won: $40.00');
    expect(within(findings).getByText('In the ledger, with no record at the provider').textContent).toBe('In the ledger, with no record at the provider');
    expect(within(findings).getByText('re_sbx_gone').parentElement?.textContent).toContain('$25.00');
    expect(within(findings).getByText('tx-9').textContent).toBe('tx-9');
  });

  it('shows an answer of another shape as an error, not as balanced books or $0.00', async () => {
    mocks.ledgerAnswer = { success: true, data: { ok: true, summary: 'all good' } };
    renderPage();
    expect((await screen.findByText('Books check unavailable')).textContent).toBe('Books check unavailable');
    expect(screen.getByText(LEDGER_CHECK_SHAPE_ERROR).textContent).toBe(
      'Books check unavailableThe books check answered in a form this page does not know, so its result cannot be shown.',
    );
    expect(screen.queryByText('Books balance')).toBeNull();
    expect(screen.queryByText(/\$0\.00/)).toBeNull();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LedgerVerifyResponse, PayoutsResponse, type LedgerVerifyReport } from '@pledgeway/domain/schemas/money-admin';
import { answer, malformed, server } from '@/test/network';
import AdminPayoutsPage from './admin-payouts';

beforeEach(() => server.use(answer('get', '/admin/payouts', PayoutsResponse, { success: true, data: { charities: [] } })));
afterEach(cleanup);

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
    server.use(answer('get', '/admin/ledger/verify', LedgerVerifyResponse, { success: true, data: report() }));
    renderPage();
    const badge = await screen.findByText('Books balance');
    expect(badge.parentElement?.textContent).toBe(
      'Books balanceMatched with sandbox both ways (charges: 2 at the provider, 2 posted; refunds: 0 at the provider, 0 posted; disputes: 1 at the provider, 1 posted; dispute reversals: 0 at the provider, 0 posted)',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists what the provider holds that the ledger lacks, and the other way round', async () => {
    const data = report({
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
    });
    server.use(answer('get', '/admin/ledger/verify', LedgerVerifyResponse, { success: true, data }));
    renderPage();
    expect((await screen.findByText('Books differ')).parentElement?.textContent).toBe('Books differ2 difference(s) found');
    const findings = screen.getByRole('alert');
    expect(within(findings).getByRole('heading', { name: 'At the provider, with no posting in the ledger' }).textContent).toBe(
      'At the provider, with no posting in the ledger',
    );
    expect(within(findings).getByText('ch_sbx_twice').parentElement?.textContent).toBe('charge ch_sbx_twice: $896.80');
    expect(within(findings).getByText('dp_sbx_won').parentElement?.textContent).toBe('dispute reversal dp_sbx_won: $40.00');
    expect(within(findings).getByText('re_sbx_gone').parentElement?.textContent).toBe('refund re_sbx_gone: $25.00 (ledger transaction tx-9)');
  });

  it('shows an answer of another shape as an error, not as balanced books or $0.00', async () => {
    server.use(malformed('get', '/admin/ledger/verify', { success: true, data: { ok: true, summary: 'all good' } }));
    renderPage();
    const unavailable = await screen.findByText('Books check unavailable');
    expect(unavailable.parentElement?.textContent).toMatch(
      /^Books check unavailableThe server's answer for the books check was not understood \(data\.provider: /,
    );
    expect(screen.queryByText('Books balance')).toBeNull();
    expect(screen.queryByText(/\$0\.00/)).toBeNull();
  });
});

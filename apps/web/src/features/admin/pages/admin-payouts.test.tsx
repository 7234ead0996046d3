// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerVerifyResponse, PayoutsResponse, type LedgerVerifyReport } from '@pledgeway/domain/schemas/money-admin';
import { answer, malformed, server } from '@/test/network';
import AdminPayoutsPage from './admin-payouts';

afterEach(cleanup);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminPayoutsPage />
    </QueryClientProvider>,
  );
}

const charity = {
  charity_id: '0b6f3a52-1f6e-4c59-9a52-3f0d1c6b2a11',
  name: 'Harbour Food Bank',
  payable: 1234.5,
  paid: 100,
  history: [
    {
      _id: 'p-1',
      charity_id: '0b6f3a52-1f6e-4c59-9a52-3f0d1c6b2a11',
      amount: 100,
      reference: 'TR-1',
      paid_on: '2026-11-20',
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

const balanced: LedgerVerifyReport = {
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
};

describe('the payouts screen', () => {
  it('shows what each charity is owed, read with the route’s response schema', async () => {
    server.use(
      answer('get', '/admin/payouts', PayoutsResponse, { success: true, data: { charities: [charity] } }),
      answer('get', '/admin/ledger/verify', LedgerVerifyResponse, { success: true, data: balanced }),
    );
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'Harbour Food Bank' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['Harbour Food Bank', '$1,234.50', '$100.00']);
    expect(
      within(row)
        .getByRole('button', { name: /^Mark as paid/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('refuses an answer whose money field was renamed: the error, not $0.00 or the charity', async () => {
    const { payable, ...renamed } = charity;
    server.use(
      malformed('get', '/admin/payouts', { success: true, data: { charities: [{ ...renamed, amount_payable: payable }] } }),
      answer('get', '/admin/ledger/verify', LedgerVerifyResponse, { success: true, data: balanced }),
    );
    renderPage();
    expect((await screen.findByText('Could not load payouts')).textContent).toBe('Could not load payouts');
    expect(screen.getByText(/charities\.0\.payable/).textContent).toMatch(
      /^The server's answer for payouts was not understood \(data\.charities\.0\.payable: /,
    );
    expect(screen.getByRole('button', { name: 'Retry' }).textContent).toBe('Retry');
    expect(screen.queryByText('Harbour Food Bank')).toBeNull();
    expect(screen.queryByText('$0.00')).toBeNull();
  });
});

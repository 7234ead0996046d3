// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport } from '@/lib/api-client';
import AdminPayoutsPage from './admin-payouts';

const mocks = vi.hoisted(() => ({ body: undefined as unknown }));
vi.mock('../api/get-ledger-check', () => ({ useLedgerCheck: () => ({ isPending: true }) }));
// The screens read through the typed client; the answer is served at the transport both clients share.
beforeEach(() => setApiTransport(async () => new Response(JSON.stringify(mocks.body), { status: 200, headers: { 'content-type': 'application/json' } })));
afterEach(() => {
  cleanup();
  setApiTransport((input, init) => fetch(input, init));
});

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

describe('the payouts screen', () => {
  it('shows what each charity is owed, read with the route’s response schema', async () => {
    mocks.body = { success: true, data: { charities: [charity] } };
    renderPage();
    expect((await screen.findByRole('cell', { name: 'Harbour Food Bank' })).textContent).toBe('Harbour Food Bank');
    expect(screen.getByText('$1,234.50').textContent).toBe('$1,234.50');
    expect(screen.getByText('$100.00').textContent).toBe('$100.00');
  });

  it('shows an error, not $0.00, when a money field of the answer is renamed', async () => {
    const { payable, ...renamed } = charity;
    mocks.body = { success: true, data: { charities: [{ ...renamed, amount_payable: payable }] } };
    renderPage();
    expect((await screen.findByText('Could not load payouts')).textContent).toBe('Could not load payouts');
    expect(screen.getByText(/charities\.0\.payable/).textContent).toBe(
      "The server's answer for payouts was not understood (data.charities.0.payable: Invalid input: expected number, received undefined).",
    );
    expect(screen.queryByText('Harbour Food Bank')).toBeNull();
    expect(screen.queryByText('$0.00')).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PledgeRaiseOffer } from '@pledgeway/domain/schemas/my-pledges';
import RaisePledgeDialog from './raise-pledge-dialog';

const offer: PledgeRaiseOffer = {
  allowed: true,
  refusal: null,
  max_amount: 250,
  tip_percent: 10,
  cover_fees: false,
  is_creator: false,
  charity_name: 'Food Bank',
};

const requests: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];

function renderDialog(raise: PledgeRaiseOffer = offer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RaisePledgeDialog pledge={{ _id: 'pledge-1', amount: 25, raise }} eventId="event-1" eventName="River Run" onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Raise your pledge to River Run' });
}

function breakdownRows(dialog: HTMLElement): Record<string, string> {
  const region = within(dialog).getByRole('region', { name: 'Breakdown' });
  const rows: Record<string, string> = {};
  for (const term of within(region).getAllByRole('term')) rows[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return rows;
}

const amountInput = (dialog: HTMLElement) => within(dialog).getByLabelText(/New pledge amount/);

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, headers: init?.headers as Record<string, string>, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const pledge = { breakdown: { amount: 80 } };
      return new Response(JSON.stringify({ success: true, message: 'Your pledge is raised.', data: { pledge, previous_amount: 25 } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RaisePledgeDialog', () => {
  it('starts from the earlier tip and shows the new breakdown, fees computed on the new amount', () => {
    const dialog = renderDialog();
    expect(within(dialog).getByText('$25.00').textContent).toBe('$25.00');
    expect(within(dialog).getByRole('radio', { name: 'YES' })).toHaveProperty('checked', true);
    fireEvent.input(amountInput(dialog), { target: { value: '80' } });
    // $80 at 3%: $2.40; tip 10%: $8.00; card fee on $88.00: 2.9% = $2.55 + $0.30.
    expect(breakdownRows(dialog)).toEqual({
      'Your pledge': '$80.00',
      'Platform fee': '$2.40',
      'Estimated card fee': '$2.85',
      'Tip to Pledgeway': '$8.00',
      'Total charged when the event is completed': '$88.00',
      'Reaches Food Bank': '$74.75',
    });
    expect(within(dialog).getByText('Tip: 10% ($8.00)').textContent).toBe('Tip: 10% ($8.00)');
    expect(within(dialog).getByRole('button', { name: 'Raise my pledge to $80.00' }).textContent).toBe('Raise my pledge to $80.00');
  });

  it('covers the fees at the 5% rate of the creator, so the charity receives the whole new pledge', () => {
    const dialog = renderDialog({ ...offer, is_creator: true, tip_percent: 0 });
    expect(within(dialog).getByRole('radio', { name: 'NO' })).toHaveProperty('checked', true);
    fireEvent.input(amountInput(dialog), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Cover the fees/ }));
    const rows = breakdownRows(dialog);
    expect(rows['Platform fee']).toBe('$5.00');
    expect(rows['You cover the fees']).toBe('$8.44');
    expect(rows['Reaches Food Bank']).toBe('$100.00');
  });

  it('offers no breakdown for an amount that is not higher or is over the limit, and says why on confirm', async () => {
    const dialog = renderDialog();
    fireEvent.input(amountInput(dialog), { target: { value: '25' } });
    expect(within(dialog).queryByRole('region', { name: 'Breakdown' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise my pledge' }));
    expect((await within(dialog).findByText('Your new pledge must be higher than your current pledge of $25.00')).textContent).toBe(
      'Your new pledge must be higher than your current pledge of $25.00',
    );
    fireEvent.input(amountInput(dialog), { target: { value: '251' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise my pledge' }));
    expect((await within(dialog).findByText('This campaign accepts pledges of at most $250')).textContent).toBe(
      'This campaign accepts pledges of at most $250',
    );
    expect(requests).toEqual([]);
  });

  it('sends the raise once with an Idempotency-Key and says it is done', async () => {
    const dialog = renderDialog();
    fireEvent.input(amountInput(dialog), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise my pledge to $80.00' }));
    const done = await screen.findByRole('dialog', { name: 'Pledge raised' });
    expect(within(done).getByText('Your pledge is now $80.00. A confirmation is on its way to your e-mail.').textContent).toBe(
      'Your pledge is now $80.00. A confirmation is on its way to your e-mail.',
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/pledges/pledge-1/raise');
    expect(requests[0]!.body).toEqual({ amount: 80, tip_percent: 10, cover_fees: false });
    expect(requests[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

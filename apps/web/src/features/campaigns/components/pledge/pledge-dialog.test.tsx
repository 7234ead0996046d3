import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import PledgeDialog from './pledge-dialog';

const event = {
  _id: '5a4d0a53-8f2e-4f51-9a51-2b6f1a0f9d11',
  name: 'River Run',
  kind: 'event',
  owner_id: 'someone-else',
  donation_limit: 250,
  charity: { _id: 'c1', name: 'Food Bank', logo: '', link: '' },
  participants: [],
} as unknown as EventDetailResponse;

const savedCard = {
  id: 'card-1',
  kind: 'card',
  label: 'Visa •••• 4242',
  detail: null,
  card: { brand: 'visa', last4: '4242', exp_month: 9, exp_year: 2030 },
  billing_details: { name: 'Sam' },
  is_default: true,
};

function renderDialog(isCreator = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PledgeDialog event={event} isCreator={isCreator} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

function breakdownRows(dialog: HTMLElement): Record<string, string> {
  const region = within(dialog).getByRole('region', { name: 'Breakdown' });
  const rows: Record<string, string> = {};
  for (const term of within(region).getAllByRole('term')) rows[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return rows;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: [savedCard] }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PledgeDialog breakdown', () => {
  it('shows the 20% tip preset, the 3% fee, the estimated card fee and what reaches the charity', () => {
    const dialog = renderDialog();
    fireEvent.input(within(dialog).getByLabelText(/Pledge amount/), { target: { value: '100' } });
    expect(breakdownRows(dialog)).toEqual({
      'Your pledge': '$100.00',
      'Platform fee': '$3.00',
      'Estimated card fee': '$3.78',
      'Tip to Pledgeway': '$20.00',
      'Total charged when the event is completed': '$120.00',
      'Reaches Food Bank': '$93.22',
    });
    expect(within(dialog).getByText('Tip: 20% ($20.00)').textContent).toBe('Tip: 20% ($20.00)');
  });

  it('sets the tip to 0% on NO and follows the slider on YES', () => {
    const dialog = renderDialog();
    fireEvent.input(within(dialog).getByLabelText(/Pledge amount/), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'NO' }));
    expect(breakdownRows(dialog)['Tip to Pledgeway']).toBe('$0.00');
    expect(breakdownRows(dialog)['Total charged when the event is completed']).toBe('$50.00');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'YES' }));
    fireEvent.input(within(dialog).getByRole('slider'), { target: { value: '35' } });
    expect(breakdownRows(dialog)['Tip to Pledgeway']).toBe('$17.50');
  });

  it('adds the cover so the charity receives the whole pledge, at the 5% fee for the creator', () => {
    const dialog = renderDialog(true);
    fireEvent.input(within(dialog).getByLabelText(/Pledge amount/), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'NO' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Cover the fees/ }));
    const rows = breakdownRows(dialog);
    expect(rows['Platform fee']).toBe('$5.00');
    expect(rows['You cover the fees']).toBe('$8.44');
    expect(rows['Total charged when the event is completed']).toBe('$108.44');
    expect(rows['Reaches Food Bank']).toBe('$100.00');
  });

  it('with a tip and the cover, charges pledge, tip and cover, and the charity receives the whole pledge', () => {
    const dialog = renderDialog();
    fireEvent.input(within(dialog).getByLabelText(/Pledge amount/), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Cover the fees/ }));
    // $126.98 charged: the 2.9% + $0.30 card fee on it is $3.98, the 3% platform fee $3.00, and the
    // $6.98 cover pays exactly both, so the charity receives the pledge to the cent.
    expect(breakdownRows(dialog)).toEqual({
      'Your pledge': '$100.00',
      'Platform fee': '$3.00',
      'Estimated card fee': '$3.98',
      'Tip to Pledgeway': '$20.00',
      'You cover the fees': '$6.98',
      'Total charged when the event is completed': '$126.98',
      'Reaches Food Bank': '$100.00',
    });
  });

  it('shows no breakdown for an amount the campaign does not accept', () => {
    const dialog = renderDialog();
    fireEvent.input(within(dialog).getByLabelText(/Pledge amount/), { target: { value: '0.5' } });
    expect(within(dialog).queryByRole('region', { name: 'Breakdown' })).toBeNull();
    expect(within(dialog).getByText(/From \$1 to \$250/).textContent).toBe("From $1 to $250 (this campaign's donation limit).");
  });
});

describe('PledgeDialog and a promotion link', () => {
  it('sends the promotion the campaign page was opened through with the pledge', async () => {
    sessionStorage.setItem(`pledgeway.via.${event._id}`, 'promotion-42');
    const requests: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const data = url.includes('/pledges')
          ? { success: true, message: 'Your pledge is saved.', data: { pledge: { _id: 'p1' } } }
          : { success: true, data: [{ ...savedCard, id: '0b7c3a57-1d1e-4a37-9a0e-5b0f2b7d1c11' }] };
        return new Response(JSON.stringify(data), { status: url.includes('/pledges') ? 201 : 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const dialog = renderDialog();
    fireEvent.input(within(dialog).getByLabelText(/Pledge amount/), { target: { value: '30' } });
    await within(dialog).findByRole('radio', { name: /4242/ });
    fireEvent.click(within(dialog).getByRole('button', { name: /Confirm pledge of/ }));
    await screen.findByRole('dialog', { name: 'Pledge saved' });
    const pledge = requests.find((request) => request.url.endsWith(`/events/${event._id}/pledges`));
    expect(pledge?.body).toMatchObject({ amount: 30, via: 'promotion-42' });
    sessionStorage.clear();
  });
});

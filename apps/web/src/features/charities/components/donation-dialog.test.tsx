// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CharityDonationResponse } from '@pledgeway/domain/schemas/donations';
import { PaymentConfigResponse, PaymentMethodListResponse, SandboxWalletResponse, type PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { http, HttpResponse } from 'msw';
import { answer, answerEach, failure, malformed, server } from '@/test/network';
import { renderSignedIn, renderWithQueries } from '@/test/render';
import { supporter } from '@/test/users';
import { AuthProvider } from '@/lib/auth';
import { DonationDialog } from './donation-dialog';

// The signed-in donor's saved methods, as the API names them (decision 150).
const saved: PaymentMethodResponse[] = [
  {
    id: 'pm-card',
    kind: 'card',
    label: 'Visa •••• 4242',
    card: { brand: 'visa', last4: '4242', exp_month: 9, exp_year: 2030 },
    detail: null,
    billing_details: { name: 'Ben Carter' },
    is_default: true,
  },
  {
    id: 'pm-cash',
    kind: 'sandbox_cashapp',
    label: 'Sandbox cash app · $ben',
    card: null,
    detail: '$ben',
    billing_details: { name: 'Ben Carter' },
    is_default: false,
  },
];
const ben = supporter({ name: 'Ben Carter', email: 'ben@pledgeway.org' });

/** What reached the API, in order. */
const sent: { path: string; body: unknown; key: string | null }[] = [];
const record = async (request: Request) => {
  sent.push({ path: new URL(request.url).pathname, body: await request.clone().json(), key: request.headers.get('idempotency-key') });
};
const donation = (amount: number) => ({
  success: true as const,
  message: 'Thank you for your donation to Brightpot Community Kitchens!',
  data: { donation: { _id: 'd1', charity_id: 'c1', amount, status: 'charged' as const, created_at: '2026-11-28T10:00:00.000Z' } },
});

beforeEach(() => {
  sent.length = 0;
  // window.alert is the browser's: the thank-you is what it is handed.
  window.alert = vi.fn();
  server.use(
    answer('get', '/payment-methods/config', PaymentConfigResponse, { success: true, provider: 'sandbox', publishable_key: null }),
    answer('get', '/payment-methods', PaymentMethodListResponse, { success: true, data: saved }),
  );
});
afterEach(cleanup);

const charities = [
  { _id: 'c1', name: 'Brightpot Community Kitchens' },
  { _id: 'c2', name: 'Open Larder Food Network' },
];

// The dialog links to monthly giving, so it renders inside the app's router.
const dialog = (
  <MemoryRouter>
    <DonationDialog open onOpenChange={() => undefined} charities={charities} />
  </MemoryRouter>
);

/** A visitor: no session, so the app asks nothing about one. */
const open = () => renderWithQueries(<AuthProvider>{dialog}</AuthProvider>);
/** Ben, signed in: the app's own session check answers with him. */
async function openSignedIn() {
  renderSignedIn(dialog, ben);
  await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Full name/ }).value).toBe('Ben Carter'));
}

describe('donation dialog', () => {
  it('is titled by the charity the donation goes to, and follows the choice', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Donate to Brightpot Community Kitchens' }).textContent).toBe('Donate to Brightpot Community Kitchens');
    fireEvent.change(screen.getByRole('combobox', { name: /Charity to support/ }), { target: { value: 'c2' } });
    expect(screen.getByRole('heading', { name: 'Donate to Open Larder Food Network' }).textContent).toBe('Donate to Open Larder Food Network');
  });

  it("fills in a signed-in donor's name and e-mail", async () => {
    await openSignedIn();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ }).value).toBe('ben@pledgeway.org');
  });

  it('leaves them empty for a visitor', () => {
    open();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Full name/ }).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ }).value).toBe('');
  });

  it("offers a visitor Add New Card's choices, a typed card first, and says a saved method needs signing in", async () => {
    open();
    const choices = await screen.findByRole('group', { name: 'Pay with' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Card', 'Sandbox wallet', 'Sandbox cash app']);
    expect(within(choices).getByRole<HTMLInputElement>('radio', { name: 'Card' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Card number/ }).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Add a new card' })).toBeNull();
    const hint = screen.getByText('Signed in, you can also give with a card, wallet or cash app saved to your account.');
    expect(hint.textContent).toBe('Signed in, you can also give with a card, wallet or cash app saved to your account.');
  });

  it('donates as a visitor with the sandbox cash app: no card asked, its token charged, the outcome chosen', async () => {
    server.use(
      answerEach('post', '/sandbox/wallets', SandboxWalletResponse, async (request) => {
        await record(request);
        return { success: true as const, token: 'tok_cash', kind: 'sandbox_cashapp' as const, label: 'Sandbox cash app · $ava_gives' };
      }),
      answerEach('post', '/charities/:id/donations', CharityDonationResponse, async (request) => {
        await record(request);
        return donation(8);
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Sandbox cash app' }));
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Ava Visitor' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'ava@example.org' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: '8' } });
    fireEvent.change(screen.getByRole('textbox', { name: /cashtag/ }), { target: { value: ' $ava_gives ' } });
    fireEvent.change(screen.getByRole('combobox', { name: /What the sandbox cash app does/ }), { target: { value: 'decline_on_charge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Thank you for your donation to Brightpot Community Kitchens!'));
    expect(sent).toEqual([
      { path: '/api/sandbox/wallets', body: { kind: 'cashapp', outcome: 'decline_on_charge', cashtag: '$ava_gives' }, key: null },
      {
        path: '/api/charities/c1/donations',
        body: { fullName: 'Ava Visitor', email: 'ava@example.org', amount: 8, token: 'tok_cash', share_email_with_charity: false },
        key: null,
      },
    ]);
  });

  it("shows the sandbox's answer about a visitor's $cashtag by its field, and charges nothing", async () => {
    server.use(
      http.post('/api/sandbox/wallets', () =>
        HttpResponse.json(
          { success: false, message: 'Please check the highlighted fields', code: 'VALIDATION_ERROR', fields: { cashtag: 'Please enter a $cashtag' } },
          { status: 422 },
        ),
      ),
      failure('post', '/charities/:id/donations', 500, 'not expected'),
    );
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Sandbox wallet' }));
    expect(screen.queryByRole('textbox', { name: /cashtag/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox cash app' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Ava Visitor' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'ava@example.org' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect((await screen.findByText('Please enter a $cashtag')).textContent).toBe('Please enter a $cashtag');
    expect(screen.getByRole('textbox', { name: /cashtag/ }).getAttribute('aria-invalid')).toBe('true');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('offers a signed-in donor every saved method with the pledge picker, and donates with the one chosen under one Idempotency-Key', async () => {
    server.use(
      answerEach('post', '/charities/:id/donations', CharityDonationResponse, async (request) => {
        await record(request);
        return donation(12.5);
      }),
    );
    await openSignedIn();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    const choices = screen.getByRole('group', { name: 'Pay with' });
    expect(screen.getByRole('button', { name: 'Add a new card' }).textContent).toBe('Add a new card');
    fireEvent.click(await within(choices).findByRole('radio', { name: 'Sandbox cash app · $ben' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Thank you for your donation to Brightpot Community Kitchens!'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: '/api/charities/c1/donations',
      body: { fullName: 'Ben Carter', email: 'ben@pledgeway.org', amount: 12.5, payment_method_id: 'pm-cash', share_email_with_charity: false },
    });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an answer that does not say the donation was charged: the error stays on screen, no thank-you, and a retry keeps the key', async () => {
    const keys: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') keys.push(request.headers.get('idempotency-key'));
    });
    server.use(
      malformed('post', '/charities/:id/donations', {
        success: true,
        message: 'Thank you for your donation to Brightpot Community Kitchens!',
        data: { donation: { _id: 'd1', charity_id: 'c1', amount: '12.50', status: 'charged', created_at: '2026-11-28T10:00:00.000Z' } },
      }),
    );
    await openSignedIn();
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: '12.5' } });
    await within(screen.getByRole('group', { name: 'Pay with' })).findByRole('radio', { name: /4242/ });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    const refusal = await screen.findByText(/was not understood/);
    expect(refusal.textContent).toMatch(/^The server's answer for POST \/charities\/c1\/donations was not understood \(data\.donation\.amount: /);
    expect(window.alert).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Donate to Brightpot Community Kitchens' }).textContent).toBe('Donate to Brightpot Community Kitchens');
    // The server may have charged: the retry goes under the same Idempotency-Key, so it answers that
    // donation instead of charging again.
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    server.events.removeAllListeners();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PaymentConfigResponse,
  PaymentMethodSavedResponse,
  SandboxWalletResponse,
  SetupIntentResponse,
  type PaymentMethodResponse,
} from '@pledgeway/domain/schemas/payment-methods';
import { answerEach, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import { resetStripeJs, stripeJs } from '@/test/stripe-js';
import { AddCardDialog } from './add-card-dialog';
import { CARD_FORM_UNAVAILABLE } from './messages';

// Stripe.js stands in as apps/web/src/test/stripe-js.tsx: the form's confirmSetup answers as each test decides.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/test/stripe-js')).reactStripeModule);

const calls: { method: string; path: string; body: unknown }[] = [];
const card: PaymentMethodResponse = {
  id: 'card-1',
  kind: 'card',
  label: 'Visa •••• 4242',
  detail: null,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  billing_details: { name: 'Dana Donor' },
  is_default: true,
};

let provider: 'stripe' | 'sandbox' = 'stripe';

beforeEach(() => {
  calls.length = 0;
  provider = 'stripe';
  resetStripeJs();
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    void request
      .clone()
      .text()
      .then((text) => calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined }));
  });
  server.use(
    answerEach('get', '/payment-methods/config', PaymentConfigResponse, () => ({
      success: true as const,
      provider,
      publishable_key: provider === 'stripe' ? 'pk_test_x' : null,
    })),
    answerEach('post', '/payment-methods/setup-intent', SetupIntentResponse, () => ({
      success: true as const,
      setup_intent_id: 'seti_1',
      client_secret: 'seti_1_secret',
    })),
    answerEach('post', '/sandbox/wallets', SandboxWalletResponse, () => ({
      success: true as const,
      token: 'tok_sbx_w',
      kind: 'sandbox_cashapp' as const,
      label: 'Sandbox cash app · $ava',
    })),
    answerEach('post', '/payment-methods', PaymentMethodSavedResponse, () => ({ success: true as const, message: 'Card added successfully', data: card })),
  );
});
afterEach(() => {
  cleanup();
  server.events.removeAllListeners();
});

function openDialog(onAdded = vi.fn()) {
  renderWithQueries(<AddCardDialog open onOpenChange={() => undefined} onAdded={onAdded} />);
  return onAdded;
}

describe('add-card dialog with Stripe', () => {
  it('says plainly that the card form could not be loaded when Stripe.js is unreachable, and asks nothing of the server', async () => {
    stripeJs.load.mockRejectedValue(new Error('Failed to load Stripe.js'));
    openDialog();
    expect((await screen.findByText(CARD_FORM_UNAVAILABLE)).textContent).toBe(CARD_FORM_UNAVAILABLE);
    expect(stripeJs.load).toHaveBeenCalledWith('pk_test_x');
    expect(calls.map((call) => call.path)).toEqual(['/api/payment-methods/config']);
  });

  it('confirms the SetupIntent with Elements, then saves the card by the SetupIntent id', async () => {
    stripeJs.load.mockResolvedValue({});
    stripeJs.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const onAdded = openDialog();
    fireEvent.change(await screen.findByLabelText(/Card holder name/), { target: { value: 'Dana Donor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(card));
    expect(stripeJs.confirmSetup.mock.calls[0]![0]).toMatchObject({
      redirect: 'if_required',
      confirmParams: { payment_method_data: { billing_details: { name: 'Dana Donor' } } },
    });
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/payment-methods', body: { token: 'seti_1' } });
  });

  it("shows Stripe's message when the card is refused and saves nothing", async () => {
    stripeJs.load.mockResolvedValue({});
    stripeJs.confirmSetup.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const onAdded = openDialog();
    fireEvent.change(await screen.findByLabelText(/Card holder name/), { target: { value: 'Dana Donor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('Your card was declined.')).textContent).toBe('Your card was declined.');
    expect(onAdded).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path === '/api/payment-methods')).toBe(false);
  });
});

describe('add-card dialog: what it says of the provider', () => {
  it('with the sandbox provider, says that no real card is charged, and never claims a test mode', async () => {
    provider = 'sandbox';
    openDialog();
    await waitFor(() =>
      expect(screen.getByText(/Payments here go through the sandbox payment provider, so no real card is charged/).textContent).toMatch(
        /Payments here go through the sandbox payment provider, so no real card is charged/,
      ),
    );
    expect(screen.queryByText(/Test mode/)).toBeNull();
  });

  it('with Stripe, says the card goes to Stripe and mentions no test card', async () => {
    stripeJs.load.mockResolvedValue({});
    openDialog();
    await waitFor(() =>
      expect(screen.getByText(/Your card, wallet or Cash App Pay details go straight to Stripe/).textContent).toMatch(
        /Your card, wallet or Cash App Pay details go straight to Stripe/,
      ),
    );
    expect(screen.queryByText(/4242/)).toBeNull();
  });
});

describe('add-card dialog: wallets and cash apps (decisions 150, 151)', () => {
  it('with Stripe, leaves to the Payment Element which wallets show for the browser and country: nothing is filtered or copied', async () => {
    stripeJs.load.mockResolvedValue({});
    openDialog();
    await screen.findByTestId('payment-element');
    // Every wallet on `auto` (Stripe.js shows it where the browser, device, country and domain allow),
    // and no list of payment method types or order that would override Stripe's choice.
    expect(stripeJs.elementOptions).toEqual({ fields: { billingDetails: { name: 'never' } }, wallets: { applePay: 'auto', googlePay: 'auto', link: 'auto' } });
    // The types come from the SetupIntent the server made (stripe-wallets.test.ts checks its
    // allowed_payment_method_types): Elements get only its client secret, no paymentMethodTypes,
    // paymentMethodOrder, mode or currency of their own.
    expect(stripeJs.elementsOptions).toEqual({ clientSecret: 'seti_1_secret' });
    expect(calls.map((call) => call.path)).toEqual(['/api/payment-methods/config', '/api/payment-methods/setup-intent']);
  });

  it('with the sandbox, saves the sandbox cash app with the chosen outcome, and calls it the sandbox cash app, not Cash App', async () => {
    provider = 'sandbox';
    const onAdded = openDialog();
    fireEvent.click(await screen.findByRole('radio', { name: 'Sandbox cash app' }));
    expect(screen.getByText(/stands in for Cash App Pay, which cannot run in this demo/).textContent).toMatch(
      /stands in for Cash App Pay, which cannot run in this demo/,
    );
    fireEvent.change(screen.getByLabelText(/Your \$cashtag/), { target: { value: '$ava' } });
    fireEvent.change(screen.getByLabelText(/What the sandbox cash app does/), { target: { value: 'decline_on_charge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve in the sandbox cash app' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(calls.slice(-2)).toEqual([
      { method: 'POST', path: '/api/sandbox/wallets', body: { kind: 'cashapp', outcome: 'decline_on_charge', cashtag: '$ava' } },
      { method: 'POST', path: '/api/payment-methods', body: { token: 'tok_sbx_w' } },
    ]);
    expect(screen.queryByRole('button', { name: /Apple Pay|Google Pay|Cash App Pay/ })).toBeNull();
  });

  it('with the sandbox, offers the wallet by keyboard-reachable radio buttons and says which real wallets it stands in for', async () => {
    provider = 'sandbox';
    openDialog();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Card', 'Sandbox wallet', 'Sandbox cash app']);
    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox wallet' }));
    expect(screen.getByText(/stands in for Apple Pay and Google Pay, which cannot run in this demo/).textContent).toMatch(
      /stands in for Apple Pay and Google Pay, which cannot run in this demo/,
    );
    expect((screen.getByRole('button', { name: 'Approve in the sandbox wallet' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

// @vitest-environment jsdom
import type React from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CharityDonationActionResponse, CharityDonationResponse } from '@pledgeway/domain/schemas/donations';
import { PaymentConfigResponse } from '@pledgeway/domain/schemas/payment-methods';
import { answer, answerEach, failure, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import { resetStripeJs, stripeJs } from '@/test/stripe-js';
import { AuthProvider } from '@/lib/auth';
import { DonationDialog } from './donation-dialog';

/*
 * A visitor's donation with Stripe (decision 245): the API is answered through MSW (decision 221),
 * Stripe.js, which cannot be fetched here, by the stand-ins of apps/web/src/test/stripe-js.tsx:
 * a Stripe object and an Elements group whose answers each test decides.
 */
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/test/stripe-js')).reactStripeModule);

const DONATIONS = '/charities/:id/donations';
const thanks = {
  success: true as const,
  message: 'Thank you for your donation to Brightpot Community Kitchens!',
  data: { donation: { _id: 'd1', charity_id: 'c1', amount: 25, status: 'charged' as const, created_at: '2026-11-28T10:00:00.000Z' } },
};
const asked = {
  success: true as const,
  message: 'Your bank asks you to confirm this payment. Nothing has been charged yet.',
  data: { action: { type: 'stripe_next_action' as const, client_secret: 'pi_1_secret_x' } },
};

/** The donations the page sent, in order: body and Idempotency-Key. */
const sent: { body: Record<string, unknown>; key: string | null }[] = [];
/** Answers the donations route with `answers` in turn (the last one again once they run out). */
function donationsAnswer(...answers: (typeof thanks | typeof asked)[]) {
  return answerEach('post', DONATIONS, CharityDonationResponse.or(CharityDonationActionResponse), async (request) => {
    sent.push({ body: (await request.clone().json()) as Record<string, unknown>, key: request.headers.get('idempotency-key') });
    return answers[Math.min(sent.length, answers.length) - 1]!;
  });
}

function stripeConfig(key = 'pk_test_x') {
  return answer('get', '/payment-methods/config', PaymentConfigResponse, { success: true, provider: 'stripe', publishable_key: key });
}

beforeEach(() => {
  sent.length = 0;
  window.alert = vi.fn();
  resetStripeJs();
  stripeJs.load.mockResolvedValue({});
  stripeJs.submit.mockResolvedValue({});
  stripeJs.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_visitor' } });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const charities = [
  { _id: 'c1', name: 'Brightpot Community Kitchens' },
  { _id: 'c2', name: 'Open Larder Food Network' },
];
const open = () =>
  renderWithQueries(
    <AuthProvider>
      <MemoryRouter>
        <DonationDialog open onOpenChange={() => undefined} charities={charities} />
      </MemoryRouter>
    </AuthProvider>,
  );

async function fillIn(amount = '25') {
  open();
  await screen.findByTestId('payment-element');
  fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Vera Visitor' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'vera@example.org' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: amount } });
}

describe("donation dialog: a visitor's donation with Stripe (decision 245)", () => {
  it("shows Stripe's Payment Element in deferred mode, with the form's amount and no client secret, and none of the sandbox's fields", async () => {
    server.use(stripeConfig());
    await fillIn('25');
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull();
    await waitFor(() => expect(stripeJs.elementsOptions).toEqual({ mode: 'payment', amount: 2_500, currency: 'usd', paymentMethodCreation: 'manual' }));
    expect(stripeJs.elementOptions).toEqual({ fields: { billingDetails: { name: 'never' } }, wallets: { applePay: 'auto', googlePay: 'auto', link: 'auto' } });
    expect(screen.getByText(/go straight to Stripe/).textContent).toMatch(/go straight to Stripe/);
    const hint = screen.getByText('Signed in, you can also give with a card, wallet or cash app saved to your account.');
    expect(hint.textContent).toBe('Signed in, you can also give with a card, wallet or cash app saved to your account.');
  });

  it('makes a PaymentMethod with Stripe.js after checking the Element, sends its id under an Idempotency-Key, and thanks once charged', async () => {
    server.use(stripeConfig(), donationsAnswer(thanks));
    await fillIn('25');
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(thanks.message));
    expect(stripeJs.submit).toHaveBeenCalledTimes(1);
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledWith({
      elements: stripeJs.elements,
      params: { billing_details: { name: 'Vera Visitor', email: 'vera@example.org' } },
    });
    expect(stripeJs.submit.mock.invocationCallOrder[0]).toBeLessThan(stripeJs.createPaymentMethod.mock.invocationCallOrder[0]!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ stripe_payment_method: 'pm_visitor', amount: 25, fullName: 'Vera Visitor', email: 'vera@example.org' });
    expect(sent[0]!.body).not.toHaveProperty('token');
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(stripeJs.handleNextAction).not.toHaveBeenCalled();
  });

  it("runs the bank's check with the client secret when asked, sends the same request again, and thanks only then", async () => {
    server.use(stripeConfig(), donationsAnswer(asked, thanks));
    stripeJs.handleNextAction.mockImplementation(async () => {
      // Nothing is thanked for while the bank's check runs.
      expect(window.alert).not.toHaveBeenCalled();
      return { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
    });
    await fillIn('40');
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(thanks.message));
    expect(stripeJs.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it("says nothing was charged when the bank's check fails, and never thanks", async () => {
    server.use(stripeConfig(), donationsAnswer(asked));
    stripeJs.handleNextAction.mockResolvedValue({ error: { message: 'We are unable to authenticate your payment method.' } });
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    const said = await screen.findByText('We are unable to authenticate your payment method. Nothing was charged.');
    expect(said.textContent).toBe('We are unable to authenticate your payment method. Nothing was charged.');
    expect(sent).toHaveLength(1);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('never thanks for a payment the server still finds waiting for the bank', async () => {
    server.use(stripeConfig(), donationsAnswer(asked));
    stripeJs.handleNextAction.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'requires_action' } });
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    const said = await screen.findByText(/Your bank has not confirmed this payment yet, so nothing was charged/);
    expect(said.textContent).toMatch(/nothing was charged/);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it("shows a decline in the server's words and Stripe's own refusal of the details, and thanks for neither", async () => {
    let posted = 0;
    server.use(stripeConfig(), failure('post', DONATIONS, 422, 'Your card was declined.', 'CARD_DECLINED'));
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posted += 1;
    });
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect((await screen.findByText('Your card was declined.')).textContent).toBe('Your card was declined.');

    stripeJs.submit.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect((await screen.findByText('Your card number is incomplete.')).textContent).toBe('Your card number is incomplete.');
    expect(posted).toBe(1);
    expect(window.alert).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('says plainly when Stripe.js cannot be loaded, and sends nothing', async () => {
    // Stripe.js stays loaded once loaded: another key is loaded afresh, and this time it fails.
    server.use(stripeConfig('pk_test_unreachable'), donationsAnswer(thanks));
    stripeJs.load.mockRejectedValue(new Error('Failed to load Stripe.js'));
    open();
    const said = await screen.findByText('The card form could not be loaded. Please try again later.');
    expect(said.textContent).toBe('The card form could not be loaded. Please try again later.');
    expect(stripeJs.load).toHaveBeenCalledWith('pk_test_unreachable');
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(sent).toHaveLength(0);
  });
});

// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentStep as PaymentSchema, type PaymentStep as PaymentOutput, type PaymentStepInput } from '@pledgeway/domain/schemas/event-create';
import { CHECKOUT_METHOD, fundFromWizard } from '../../api/fund-event';
import { PaymentStep } from './payment-step';

const STRIPE_OPTION = /A new card on Stripe's secure payment page/;
const calls: { method: string; path: string; body: unknown }[] = [];
let provider = 'stripe';
const savedCard = {
  id: 'card-1',
  kind: 'card',
  label: 'Visa •••• 4242',
  detail: null,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  billing_details: { name: 'Ava' },
  is_default: true,
};

function answer(path: string): unknown {
  if (path.endsWith('/payment-methods/config')) return { success: true, provider, publishable_key: provider === 'stripe' ? 'pk_test_x' : null };
  if (path.endsWith('/payment-methods')) return { success: true, data: [savedCard] };
  if (path.endsWith('/events/payment'))
    return { success: true, message: 'Payment initiated successfully!', test_mode: false, session: { url: 'https://checkout.example/cs_1' } };
  return {};
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', path: url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answer(url)), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The step's chosen payment method, as the Step harness shows it. */
const chosen = () => screen.getByTestId('chosen').textContent;

function Step() {
  const form = useForm<PaymentStepInput, unknown, PaymentOutput>({
    resolver: zodResolver(PaymentSchema),
    mode: 'onTouched',
    defaultValues: { testMode: false, paymentMethod: '', cardHolderName: '', cardNumber: '', expiryDate: '', cvv: '', amount: '150.00' },
  });
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  return (
    <>
      <PaymentStep form={form} />
      <output data-testid="chosen">{method}</output>
    </>
  );
}

function renderStep() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Step />
    </QueryClientProvider>,
  );
}

describe("the wizard's payment step", () => {
  it("offers Stripe's payment page for a new card when Stripe is configured, and keeps that choice over the default card", async () => {
    provider = 'stripe';
    renderStep();
    const option = await screen.findByRole('radio', { name: STRIPE_OPTION });
    await waitFor(() => expect(chosen()).toBe('card-1'));
    fireEvent.click(option);
    await waitFor(() => expect(chosen()).toBe(CHECKOUT_METHOD));
    // The default-card rule runs again on every render; it must not take the choice back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chosen()).toBe(CHECKOUT_METHOD);
  });

  it('has no such option with the sandbox provider, whose own card form saves the card', async () => {
    provider = 'sandbox';
    renderStep();
    await screen.findByRole('radio', { name: /4242/ });
    expect(screen.queryByRole('radio', { name: STRIPE_OPTION })).toBeNull();
  });

  it('sends no card id for the Stripe page (the API then answers session.url) and the saved card otherwise', async () => {
    const hosted = await fundFromWizard('event-1', { amount: '150.00', testMode: false, paymentMethod: CHECKOUT_METHOD });
    expect(hosted.session?.url).toBe('https://checkout.example/cs_1');
    await fundFromWizard('event-1', { amount: '150.00', testMode: false, paymentMethod: 'card-1' });
    await fundFromWizard('event-1', { amount: '100.00', testMode: true, paymentMethod: CHECKOUT_METHOD });
    expect(calls.filter((call) => call.path.endsWith('/events/payment')).map((call) => call.body)).toEqual([
      { event_id: 'event-1', amount: '150.00', test_mode: false },
      { event_id: 'event-1', amount: '150.00', test_mode: false, payment_method_id: 'card-1' },
      { event_id: 'event-1', amount: '100.00', test_mode: true },
    ]);
  });
});

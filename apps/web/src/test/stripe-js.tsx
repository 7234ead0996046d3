import type React from 'react';
import { vi } from 'vitest';

/*
 * Stripe.js cannot be fetched in a test. A test file replaces its two modules with these stand-ins
 * and decides each answer through `stripeJs`:
 *
 *   vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);
 *   vi.mock('@stripe/react-stripe-js', async () => (await import('@/test/stripe-js')).reactStripeModule);
 *
 * `loadStripe` is `stripeJs.load` (resolve it to `stripeJs.stripe` or `{}`); Elements are plain
 * components that keep the options they were given and hand the form `stripeJs.stripe` and
 * `stripeJs.elements`.
 */
const methods = {
  confirmSetup: vi.fn(),
  confirmPayment: vi.fn(),
  createPaymentMethod: vi.fn(),
  handleNextAction: vi.fn(),
  submit: vi.fn(),
};

export const stripeJs = {
  ...methods,
  load: vi.fn(),
  /** The Stripe object the form gets from `useStripe`. */
  stripe: {
    confirmSetup: methods.confirmSetup,
    confirmPayment: methods.confirmPayment,
    createPaymentMethod: methods.createPaymentMethod,
    handleNextAction: methods.handleNextAction,
  },
  /** The Elements group the form gets from `useElements`. */
  elements: { submit: methods.submit },
  /** What `<Elements options>` and `<PaymentElement options>` were last given. */
  elementsOptions: undefined as unknown,
  elementOptions: undefined as unknown,
};

/** Every answer and every kept option back to nothing (call it in `beforeEach`). */
export function resetStripeJs() {
  for (const method of [...Object.values(methods), stripeJs.load]) method.mockReset();
  stripeJs.elementsOptions = undefined;
  stripeJs.elementOptions = undefined;
}

export const stripeJsModule = { loadStripe: stripeJs.load };

export const reactStripeModule = {
  Elements: ({ children, options }: { children: React.ReactNode; options?: unknown }) => {
    stripeJs.elementsOptions = options;
    return children;
  },
  PaymentElement: (props: { options?: unknown }) => {
    stripeJs.elementOptions = props.options;
    return <div data-testid="payment-element" />;
  },
  useStripe: () => stripeJs.stripe,
  useElements: () => stripeJs.elements,
};

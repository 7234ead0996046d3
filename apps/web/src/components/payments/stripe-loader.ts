import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** Stripe.js is fetched from js.stripe.com on first use only; a failed load may be retried later. */
let stripeLoad: { key: string; promise: Promise<Stripe | null> } | undefined;
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (stripeLoad?.key !== publishableKey) {
    const promise = loadStripe(publishableKey).catch((error: unknown) => {
      stripeLoad = undefined;
      throw error;
    });
    stripeLoad = { key: publishableKey, promise };
  }
  return stripeLoad.promise;
}

// Read by the /charities page itself, so it stays apart from the notice, which loads only when needed.

/** What Stripe adds to the return URL (/charities) after a payment method that left the page. */
export interface StripeReturn {
  paymentIntent: string;
  clientSecret: string;
}

/** The PaymentIntent and its client secret in /charities?payment_intent=…&payment_intent_client_secret=…, if both are there. */
export function stripeReturnOf(params: URLSearchParams): StripeReturn | null {
  const paymentIntent = params.get('payment_intent');
  const clientSecret = params.get('payment_intent_client_secret');
  return paymentIntent && clientSecret ? { paymentIntent, clientSecret } : null;
}

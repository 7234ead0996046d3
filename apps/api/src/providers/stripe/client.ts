import Stripe from 'stripe';
import { AppError } from '../../errors.ts';

export { Stripe };

export interface StripeClientOptions {
  secretKey: string;
  /** STRIPE_API_BASE: api.stripe.com in production, a local stand-in in tests. */
  apiBase: string;
}

/**
 * One configured client of the official SDK, shared by the payment and identity providers.
 * STRIPE_API_BASE is split into the SDK's host/port/protocol options, so the same code talks to
 * Stripe or to a stand-in. Network retries reuse the request's idempotency key, so they are safe.
 */
export function createStripeClient({ secretKey, apiBase }: StripeClientOptions): Stripe {
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Pledgeway' },
  });
}

export function isStripeError(error: unknown): error is InstanceType<typeof Stripe.errors.StripeError> {
  return error instanceof Stripe.errors.StripeError;
}

/**
 * A Stripe failure that is not a card decline: the provider's own message for a request it
 * refused, a generic one when Stripe could not be reached (never a stack or a key).
 */
export function providerError(error: unknown, code = 'PAYMENT_PROVIDER_ERROR'): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    return new AppError(code, 'The payment provider could not be reached. Please try again later.', 502);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new AppError('PAYMENT_PROVIDER_BUSY', 'The payment provider is busy. Please try again in a moment.', 503);
  }
  if (isStripeError(error)) return new AppError(code, error.message || 'The payment provider refused the request', 502);
  return new AppError(code, 'The payment provider could not complete the request', 502);
}

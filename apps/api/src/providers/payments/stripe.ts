import { AppError } from '../../errors.ts';
import type { PaymentProvider } from './types.ts';

/**
 * Stripe, selected when STRIPE_SECRET_KEY is set. The SDK-backed implementation (Elements for
 * card entry, PaymentIntents with idempotency keys, refunds) is a later issue; until then every
 * call fails clearly instead of pretending, so a misconfigured deployment is noticed at once.
 */
export function createStripeProvider(_secretKey: string): PaymentProvider {
  const notReady = async (): Promise<never> => {
    throw new AppError(
      'PAYMENT_PROVIDER_NOT_CONFIGURED',
      'Card payments through Stripe are not available yet. Remove STRIPE_SECRET_KEY to use the sandbox provider.',
      503,
    );
  };
  return {
    name: 'stripe',
    createCustomer: notReady,
    attachCard: notReady,
    listCards: notReady,
    detachCard: notReady,
    charge: notReady,
    refund: notReady,
  };
}

import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSandboxProvider, type SandboxPaymentProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export type { ChargeInput, ChargeResult, DeclineCode, PaymentProvider, RefundInput, SavedCard } from './types.ts';
export { DECLINE_MESSAGES } from './types.ts';
export { sandboxFeeCents, type SandboxPaymentProvider } from './sandbox.ts';

/** Chosen once at start (DESIGN.md section 2): STRIPE_SECRET_KEY selects Stripe, else the sandbox. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  return config.stripeSecretKey ? createStripeProvider(config.stripeSecretKey) : createSandboxProvider(db);
}

export function isSandbox(provider: PaymentProvider): provider is SandboxPaymentProvider {
  return provider.name === 'sandbox';
}

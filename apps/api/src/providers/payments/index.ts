import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSandboxProvider, type SandboxPaymentProvider } from './sandbox.ts';
import { createStripeProvider, type StripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export type {
  ChargeInput,
  ChargeResult,
  ConnectedAccount,
  ConnectProvider,
  DeclineCode,
  TransferResult,
  MovementWindow,
  PaymentProvider,
  ProviderMovement,
  RefundInput,
  SavedCard,
} from './types.ts';
export { DECLINE_MESSAGES, declineMessage } from './types.ts';
export { sandboxFeeCents, type SandboxPaymentProvider } from './sandbox.ts';
export type { CheckoutOutcome, CheckoutSessionInput, StripePaymentProvider } from './stripe.ts';
export type { OnSessionDonation, OnSessionDonationPayment, OnSessionPayment } from './stripe-on-session.ts';
export type { PaymentMethodDomainState } from './stripe-methods.ts';
export type { PaymentEventFacts, PaymentProviderEvent } from './stripe-events.ts';

/** Chosen once at start (docs/architecture.md#providers): STRIPE_SECRET_KEY selects Stripe, else the sandbox. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (!config.stripeSecretKey) return createSandboxProvider(db);
  if (!config.stripePublishableKey) throw new Error('STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY');
  return createStripeProvider({
    secretKey: config.stripeSecretKey,
    publishableKey: config.stripePublishableKey,
    apiBase: config.stripeApiBase,
    webhookSecret: config.stripeWebhookSecret,
  });
}

export function isSandbox(provider: PaymentProvider): provider is SandboxPaymentProvider {
  return provider.name === 'sandbox';
}

/** Stripe's extras: SetupIntents for the card form, Checkout Sessions, webhooks, reconciliation. */
export function isStripe(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe';
}

import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import { createSandboxIdentityProvider, type SandboxIdentityProvider } from './sandbox.ts';
import { createStripeIdentityProvider } from './stripe.ts';
import type { IdentityProvider } from './types.ts';

export type { IdentityProvider, IdentityProviderEvent } from './types.ts';
export { WebhookSignatureError, signPayload, verifySignature } from './signature.ts';

/** Chosen once at start: STRIPE_SECRET_KEY selects Stripe Identity, else the sandbox. */
export function createIdentityProvider(config: Config): IdentityProvider {
  if (config.stripeSecretKey) {
    return createStripeIdentityProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, apiBase: config.stripeApiBase });
  }
  return createSandboxIdentityProvider(createHmac('sha256', config.jwtSecret).update('identity-webhook').digest('hex'));
}

export function isSandboxIdentity(provider: IdentityProvider): provider is SandboxIdentityProvider {
  return provider.name === 'sandbox';
}

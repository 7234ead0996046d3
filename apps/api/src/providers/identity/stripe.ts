import { AppError } from '../../errors.ts';
import { createStripeClient, providerError, Stripe } from '../stripe/client.ts';
import { WebhookSignatureError } from './signature.ts';
import type { IdentityProvider } from './types.ts';
import { readEvent } from './sandbox.ts';

/**
 * Stripe Identity through the official SDK: document verification sessions created with the
 * secret key; webhooks checked by the SDK with STRIPE_WEBHOOK_SECRET (refused with a clear
 * message while it is not configured).
 */
export function createStripeIdentityProvider(options: { secretKey: string; webhookSecret: string | undefined; apiBase: string }): IdentityProvider {
  const stripe = createStripeClient({ secretKey: options.secretKey, apiBase: options.apiBase });
  return {
    name: 'stripe',
    async createSession({ userId, returnUrl }) {
      try {
        const session = await stripe.identity.verificationSessions.create({ type: 'document', metadata: { user_id: userId }, return_url: returnUrl });
        if (!session.url) throw new AppError('IDENTITY_PROVIDER_ERROR', 'The identity provider could not start a verification', 502);
        return { ref: session.id, url: session.url };
      } catch (error) {
        throw providerError(error, 'IDENTITY_PROVIDER_ERROR');
      }
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) {
        throw new AppError('IDENTITY_WEBHOOK_NOT_CONFIGURED', 'Stripe webhooks need STRIPE_WEBHOOK_SECRET', 503);
      }
      if (!signatureHeader) throw new WebhookSignatureError('missing signature');
      try {
        stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError('bad signature');
        throw error;
      }
      return readEvent(rawBody);
    },
  };
}

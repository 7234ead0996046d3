import { AppError } from '../../errors.ts';
import { verifySignature } from './signature.ts';
import type { IdentityProvider } from './types.ts';
import { readEvent } from './sandbox.ts';

/**
 * Stripe Identity through its REST API (no SDK needed for two calls). Sessions are created with
 * the secret key; webhooks are verified with STRIPE_WEBHOOK_SECRET, and refused with a clear
 * message while that is not configured.
 */
export function createStripeIdentityProvider(options: { secretKey: string; webhookSecret: string | undefined; apiBase?: string }): IdentityProvider {
  const apiBase = options.apiBase ?? 'https://api.stripe.com';
  return {
    name: 'stripe',
    async createSession({ userId, returnUrl }) {
      const form = new URLSearchParams({ type: 'document', 'metadata[user_id]': userId, return_url: returnUrl });
      const response = await fetch(`${apiBase}/v1/identity/verification_sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      const data = (await response.json().catch(() => ({}))) as { id?: string; url?: string; error?: { message?: string } };
      if (!response.ok || !data.id || !data.url) {
        throw new AppError('IDENTITY_PROVIDER_ERROR', data.error?.message ?? 'The identity provider could not start a verification', 502);
      }
      return { ref: data.id, url: data.url };
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) {
        throw new AppError('IDENTITY_WEBHOOK_NOT_CONFIGURED', 'Stripe webhooks need STRIPE_WEBHOOK_SECRET', 503);
      }
      verifySignature(options.webhookSecret, rawBody, signatureHeader);
      return readEvent(rawBody);
    },
  };
}

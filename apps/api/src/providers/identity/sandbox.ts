import { randomUUID } from 'node:crypto';
import { SANDBOX_DECLINED_PREFIX, type SandboxVerificationRequest } from '@pledgeway/domain';
import { signPayload, verifySignature } from './signature.ts';
import type { IdentityProvider, IdentityProviderEvent } from './types.ts';

export const SANDBOX_DECLINE_REASON = 'The document could not be verified';

export interface SandboxIdentityProvider extends IdentityProvider {
  readonly name: 'sandbox';
  /**
   * The hosted page's submit: decides the outcome from what was entered (a document number
   * starting with 0000 is declined) and returns the signed callback to deliver to the app.
   */
  decide(sessionRef: string, input: SandboxVerificationRequest): { body: string; signature: string; event: IdentityProviderEvent };
}

/** The sandbox identity provider: its hosted page lives inside the app at /user/verify-identity. */
export function createSandboxIdentityProvider(webhookSecret: string): SandboxIdentityProvider {
  return {
    name: 'sandbox',
    async createSession({ returnUrl }) {
      const ref = `vs_sbx_${randomUUID().replaceAll('-', '')}`;
      const params = new URLSearchParams({ session: ref });
      if (returnUrl) params.set('next', returnUrl);
      return { ref, url: `/user/verify-identity?${params.toString()}` };
    },
    decide(sessionRef, input) {
      const declined = input.documentNumber.trim().startsWith(SANDBOX_DECLINED_PREFIX);
      const payload = {
        id: `evt_sbx_${randomUUID().replaceAll('-', '')}`,
        type: declined ? 'identity.verification_session.requires_input' : 'identity.verification_session.verified',
        data: { object: { id: sessionRef, last_error: declined ? { reason: SANDBOX_DECLINE_REASON } : null } },
      };
      const body = JSON.stringify(payload);
      return {
        body,
        signature: signPayload(webhookSecret, body),
        event: { id: payload.id, type: payload.type as IdentityProviderEvent['type'], sessionRef, reason: declined ? SANDBOX_DECLINE_REASON : null },
      };
    },
    parseWebhook(rawBody, signatureHeader) {
      verifySignature(webhookSecret, rawBody, signatureHeader);
      return readEvent(rawBody);
    },
  };
}

/** Reads the Stripe-shaped event both providers send; other event types are ignored (undefined). */
export function readEvent(rawBody: string): IdentityProviderEvent | undefined {
  const payload = JSON.parse(rawBody) as {
    id?: string;
    type?: string;
    data?: { object?: { id?: string; last_error?: { reason?: string } | null } };
  };
  if (payload.type !== 'identity.verification_session.verified' && payload.type !== 'identity.verification_session.requires_input') return undefined;
  const sessionRef = payload.data?.object?.id;
  if (!payload.id || !sessionRef) return undefined;
  return { id: payload.id, type: payload.type, sessionRef, reason: payload.data?.object?.last_error?.reason ?? null };
}

import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature of a delivery (decision 146), as Stripe signs its own: the header
 * `Pledgeway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, one `v1` per
 * secret in force (two for 24 hours after a rotation). The receiver recomputes it with its secret
 * and refuses a timestamp older than its tolerance (docs/integrations.md#verifying-a-delivery).
 */
export const SIGNATURE_HEADER = 'pledgeway-signature';

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signatureOf(secret, timestamp, body)}`)].join(',');
}

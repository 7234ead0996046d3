import { createHmac, timingSafeEqual } from 'node:crypto';

export class WebhookSignatureError extends Error {}

const TOLERANCE_SECONDS = 300;

/** `t=…,v1=…`: HMAC-SHA256 of `${t}.${body}` (the scheme Stripe uses, so both share it). */
export function signPayload(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifySignature(secret: string, body: string, header: string | undefined, now = Math.floor(Date.now() / 1000)): void {
  if (!header) throw new WebhookSignatureError('missing signature');
  const pairs = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
  });
  const timestamp = Number(pairs.find(([key]) => key === 't')?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError('stale signature');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  // While a secret is being rolled, Stripe signs with both: any one matching is enough.
  const matches = pairs
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  if (!matches) throw new WebhookSignatureError('bad signature');
}

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
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError('stale signature');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1 ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError('bad signature');
}

import { WebhookSignatureError } from '../identity/signature.ts';
import { Stripe } from '../stripe/client.ts';
import type { DeclineCode } from './types.ts';
import { declineCodeOf } from './stripe-declines.ts';

/** The payment events recorded for reconciliation (DESIGN.md section 3). */
export const RECORDED_PAYMENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'setup_intent.succeeded',
  'charge.refunded',
  'checkout.session.completed',
] as const;
export type RecordedPaymentEventType = (typeof RECORDED_PAYMENT_EVENTS)[number];

/** What one recorded event says, in the app's terms (references and cents, never card data). */
export interface PaymentEventFacts {
  type: RecordedPaymentEventType;
  /** The event's object: `pi_…`, `seti_…`, `ch_…` or `cs_…`. */
  objectRef: string;
  paymentIntentRef: string | null;
  customerRef: string | null;
  methodRef: string | null;
  /** Received (payment), refunded so far (charge.refunded), or the session's total. */
  amountCents: number | null;
  failureCode: DeclineCode | null;
  failureMessage: string | null;
}

/** A genuine webhook call: its id and type, and the facts when it is a recorded payment event. */
export interface PaymentProviderEvent {
  id: string;
  type: string;
  occurredAt: Date;
  facts: PaymentEventFacts | null;
}

const refOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

function factsOf(event: Stripe.Event): PaymentEventFacts | null {
  const base = { paymentIntentRef: null, customerRef: null, methodRef: null, amountCents: null, failureCode: null, failureMessage: null };
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const error = intent.last_payment_error;
      return {
        ...base,
        type: event.type,
        objectRef: intent.id,
        paymentIntentRef: intent.id,
        customerRef: refOf(intent.customer),
        methodRef: refOf(intent.payment_method) ?? refOf(error?.payment_method),
        amountCents: event.type === 'payment_intent.succeeded' ? intent.amount_received : intent.amount,
        failureCode: error ? declineCodeOf(error) : null,
        failureMessage: error?.message ?? null,
      };
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      return { ...base, type: event.type, objectRef: intent.id, customerRef: refOf(intent.customer), methodRef: refOf(intent.payment_method) };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        type: event.type,
        objectRef: charge.id,
        paymentIntentRef: refOf(charge.payment_intent),
        customerRef: refOf(charge.customer),
        methodRef: refOf(charge.payment_method),
        amountCents: charge.amount_refunded,
      };
    }
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        type: event.type,
        objectRef: session.id,
        paymentIntentRef: refOf(session.payment_intent),
        customerRef: refOf(session.customer),
        amountCents: session.amount_total,
      };
    }
    default:
      return null;
  }
}

/**
 * Checks a webhook call with the SDK (HMAC of the exact bytes, at most five minutes old, any one
 * of several signatures during a secret roll) and reads it. Forged or stale calls throw.
 */
export function readStripeWebhook(stripe: Stripe, secret: string, rawBody: string, signatureHeader: string | undefined): PaymentProviderEvent {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new WebhookSignatureError('missing signature');
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError || error instanceof SyntaxError) throw new WebhookSignatureError('bad signature');
    throw error;
  }
  return { id: event.id, type: event.type, occurredAt: new Date(event.created * 1000), facts: factsOf(event) };
}

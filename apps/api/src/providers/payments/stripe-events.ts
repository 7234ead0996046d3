import { z } from 'zod';
import { WebhookSignatureError } from '../identity/signature.ts';
import { Stripe } from '../stripe/client.ts';
import type { DeclineCode } from './types.ts';
import { declineCodeOf } from './stripe-declines.ts';
import { donationOfMetadata } from './stripe-on-session.ts';

/** The payment events whose facts are recorded for reconciliation (docs/money.md#rules). */
export const RECORDED_PAYMENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'setup_intent.succeeded',
  'charge.refunded',
  'checkout.session.completed',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;
export type RecordedPaymentEventType = (typeof RECORDED_PAYMENT_EVENTS)[number];

/** A dispute as the provider reports it (Stripe's `dispute` object, or the sandbox's). */
export interface DisputeFacts {
  /** The disputed charge (`ch_…`); the pledge keeps the PaymentIntent (`pi_…`) with Stripe, the charge with the sandbox. */
  chargeRef: string;
  /** `needs_response`, `under_review`, `won`, `lost`; `warning_*` for an inquiry, which moves no money. */
  status: string;
  reason: string;
  /** The provider's dispute fee, from the balance transactions that withdrew the money. */
  feeCents: number;
}

/** What one recorded event says, in the app's terms (references and cents, never card data). */
export interface PaymentEventFacts {
  type: RecordedPaymentEventType;
  /** The event's object: `pi_…`, `seti_…`, `ch_…`, `cs_…` or `dp_…`. */
  objectRef: string;
  paymentIntentRef: string | null;
  customerRef: string | null;
  methodRef: string | null;
  /** Received (payment), refunded so far (charge.refunded), the session's total, or disputed. */
  amountCents: number | null;
  failureCode: DeclineCode | null;
  failureMessage: string | null;
  dispute?: DisputeFacts;
  /** A payment_intent.succeeded of a visitor's donation (its metadata says so): booked from the event when the page did not (decision 255). */
  visitorDonation?: boolean;
}

/** A genuine webhook call: its id, type and object, and the facts when it is a recorded payment event. */
export interface PaymentProviderEvent {
  id: string;
  type: string;
  occurredAt: Date;
  /** The id of the event's object, whatever its type. */
  objectRef: string;
  facts: PaymentEventFacts | null;
}

/** A correctly signed call whose event lacks what every event has (id, type, created, an object with an id). */
export class MalformedWebhookEventError extends Error {}

const refOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const Ref = z.union([z.string(), z.object({ id: z.string() })]);

/** The envelope every Stripe event has; anything else about it is read per type. */
const EventEnvelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int().positive(),
  data: z.object({ object: z.looseObject({ id: z.string().min(1) }) }),
});

const DisputeObject = z.object({
  id: z.string(),
  amount: z.number().int().nonnegative(),
  charge: Ref,
  payment_intent: Ref.nullish(),
  status: z.string(),
  reason: z.string().nullish(),
  balance_transactions: z.array(z.object({ amount: z.number().int(), fee: z.number().int() })).nullish(),
});

const base = { paymentIntentRef: null, customerRef: null, methodRef: null, amountCents: null, failureCode: null, failureMessage: null };

/** A dispute's facts: the fee is what its withdrawal (a negative balance transaction) cost. */
export function disputeFacts(type: 'charge.dispute.created' | 'charge.dispute.closed', object: unknown): PaymentEventFacts {
  const parsed = DisputeObject.safeParse(object);
  if (!parsed.success) throw new MalformedWebhookEventError('dispute without its amount, charge or status');
  const dispute = parsed.data;
  const withdrawals = (dispute.balance_transactions ?? []).filter((transaction) => transaction.amount < 0);
  return {
    ...base,
    type,
    objectRef: dispute.id,
    paymentIntentRef: refOf(dispute.payment_intent),
    amountCents: dispute.amount,
    dispute: {
      chargeRef: refOf(dispute.charge)!,
      status: dispute.status,
      reason: dispute.reason ?? 'general',
      feeCents: withdrawals.reduce((total, transaction) => total + transaction.fee, 0),
    },
  };
}

function paymentFacts(event: Stripe.Event): PaymentEventFacts | null {
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
        amountCents: (event.type === 'payment_intent.succeeded' ? intent.amount_received : intent.amount) ?? null,
        failureCode: error ? declineCodeOf(error) : null,
        failureMessage: error?.message ?? null,
        visitorDonation: event.type === 'payment_intent.succeeded' && donationOfMetadata(intent.metadata) !== null,
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
        amountCents: charge.amount_refunded ?? null,
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
        amountCents: session.amount_total ?? null,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return disputeFacts(event.type, event.data.object);
    default:
      return null;
  }
}

/**
 * Checks a webhook call with the SDK (HMAC of the exact bytes, at most five minutes old, any one
 * of several signatures during a secret roll) and reads it. Forged, stale or unreadable signatures
 * throw WebhookSignatureError; a genuine event without its envelope throws MalformedWebhookEventError.
 */
export function readStripeWebhook(stripe: Stripe, secret: string, rawBody: string, signatureHeader: string | undefined): PaymentProviderEvent {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new WebhookSignatureError('missing signature');
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch (error) {
    // Whatever the SDK throws while reading a header or body it could not verify (an empty `v1=` makes
    // it fail inside its comparison), the call is not genuine: 400, never 500.
    throw error instanceof WebhookSignatureError ? error : new WebhookSignatureError('bad signature', { cause: error });
  }
  const envelope = EventEnvelope.safeParse(event);
  if (!envelope.success) throw new MalformedWebhookEventError('event without id, type, created or object');
  return {
    id: envelope.data.id,
    type: envelope.data.type,
    occurredAt: new Date(envelope.data.created * 1000),
    objectRef: envelope.data.data.object.id,
    facts: paymentFacts(event),
  };
}

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { WebhookSignatureError } from '../../providers/identity/index.ts';
import { isSandbox, isStripe, type PaymentProviderEvent } from '../../providers/payments/index.ts';
import { MalformedWebhookEventError } from '../../providers/payments/stripe-events.ts';
import { createPledgeAuthentication } from '../charging/index.ts';
import { createCharityConnectService } from '../charity-connect/index.ts';
import { createDisputesService, type DisputeOutcome } from '../disputes/index.ts';
import { createDonationsService } from '../donations/index.ts';
import { createEventsService } from '../events/index.ts';
import { paymentEventsRepository as repo } from './repository.ts';

export const PAYMENT_WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature',
  badEvent: 'Invalid webhook event',
  notStripe: 'Payment webhooks are received only when Stripe is the payment provider (STRIPE_SECRET_KEY)',
} as const;

/** Identity events may arrive at the same Stripe endpoint; the identity module handles them. */
export const IDENTITY_EVENT_PREFIX = 'identity.verification_session.';

export type WebhookOutcome = { kind: 'recorded' | 'duplicate' | 'ignored'; dispute?: DisputeOutcome } | { kind: 'identity' };

/**
 * The provider's events, from Stripe's webhook or the sandbox's own delivery: each recorded once
 * by event id (payment_provider_events), whatever the order or number of deliveries, of any type:
 * - payment_intent.succeeded: the payment, its amount received, customer and card; a visitor's
 *   donation the page did not finish (its metadata says so) is booked then, read back from Stripe,
 *   under the page's own key, so it is booked once whichever comes first (decision 255); otherwise
 *   a failed pledge's charge that waited for its supporter's bank is booked then (read back, once,
 *   decision 260);
 * - payment_intent.payment_failed: the attempt with its decline code and Stripe's message;
 * - setup_intent.succeeded: a card saved for the customer (the card list itself is read from Stripe);
 * - charge.refunded: the total refunded so far on the charge of that payment;
 * - checkout.session.completed: a hosted checkout paid, with its payment; a creator's funding
 *   waiting for that session is booked then (read back from Stripe, once);
 * - charge.dispute.created / closed: a donor's bank took a charge back, or the dispute ended; the
 *   disputes module books it (decision 093), once per dispute and outcome;
 * - account.updated: a charity's connected account changed; Connect reads its state again
 *   (details submitted, payouts, requirements due) and tells its representatives what is due.
 * Other charges and refunds are booked from the provider's synchronous answers, and these rows are
 * what reconciliation compares them with.
 */
export function createPaymentEventsService(ctx: AppContext) {
  const { db, payments } = ctx;
  const disputes = createDisputesService(ctx);

  /** Books what an event changes; run on every delivery, since a delivery that failed half-way is retried. */
  async function act(event: PaymentProviderEvent): Promise<DisputeOutcome | undefined> {
    const facts = event.facts;
    if (facts?.type === 'checkout.session.completed') await createEventsService(ctx).settleFundingCheckout(facts.objectRef);
    if (facts?.type === 'payment_intent.succeeded' && facts.visitorDonation) await createDonationsService(ctx).settleStripeDonation(facts.objectRef);
    // A failed pledge's charge its supporter confirmed with their bank, whose page never told us (decision 260).
    else if (facts?.type === 'payment_intent.succeeded') await createPledgeAuthentication(ctx).bookConfirmedCharge(facts.objectRef);
    if (event.type === 'account.updated') {
      await createCharityConnectService(ctx).accountUpdated(event.objectRef);
      return undefined;
    }
    if ((facts?.type === 'charge.dispute.created' || facts?.type === 'charge.dispute.closed') && facts.dispute) return disputes.onProviderDispute(facts);
    return undefined;
  }

  return {
    /** An event the provider reported, verified already (Stripe's webhook below, or the sandbox's delivery). */
    async receive(event: PaymentProviderEvent): Promise<{ kind: 'recorded' | 'duplicate'; dispute?: DisputeOutcome }> {
      const recorded = await repo.recordOnce(db, payments.name, event);
      const dispute = await act(event);
      return { kind: recorded ? 'recorded' : 'duplicate', dispute };
    },

    async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
      if (!isStripe(payments)) throw new AppError('PAYMENT_WEBHOOK_NOT_CONFIGURED', PAYMENT_WEBHOOK_MESSAGES.notStripe, 503);
      let event;
      try {
        event = payments.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('BAD_SIGNATURE', PAYMENT_WEBHOOK_MESSAGES.badSignature, 400);
        if (error instanceof MalformedWebhookEventError) throw new AppError('BAD_WEBHOOK_EVENT', PAYMENT_WEBHOOK_MESSAGES.badEvent, 400);
        throw error;
      }
      if (!event) return { kind: 'ignored' };
      if (event.type.startsWith(IDENTITY_EVENT_PREFIX)) return { kind: 'identity' };
      return this.receive(event);
    },
  };
}

export const SANDBOX_EVENTS_QUEUE = 'sandbox-events';
/** How long an event on a charge the app has not booked yet is delivered again (a charge job still running). */
const UNMATCHED_RETRY_MS = 10 * 60_000;

/**
 * Delivers the sandbox's events to the service above, oldest first, as Stripe calls the webhook.
 * A dispute of a charge whose booking has not committed yet stays undelivered while the others go
 * on (the job then fails, so pg-boss runs it again shortly); after ten minutes it is taken as a charge the
 * app never booked (a donation), recorded as an event only.
 */
export async function deliverSandboxEvents(ctx: AppContext): Promise<{ delivered: number; waiting: number }> {
  const { payments } = ctx;
  if (!isSandbox(payments)) return { delivered: 0, waiting: 0 };
  const service = createPaymentEventsService(ctx);
  let delivered = 0;
  let waiting = 0;
  for (const event of await payments.disputes.undelivered()) {
    const { dispute } = await service.receive(event);
    if (dispute === 'unmatched' && ctx.clock.now().getTime() - event.occurredAt.getTime() < UNMATCHED_RETRY_MS) {
      waiting += 1;
      continue;
    }
    await payments.disputes.markDelivered(event.id);
    delivered += 1;
  }
  return { delivered, waiting };
}

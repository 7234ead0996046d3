import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { WebhookSignatureError } from '../../providers/identity/index.ts';
import { isStripe } from '../../providers/payments/index.ts';
import { createEventsService } from '../events/service.ts';
import { paymentEventsRepository as repo } from './repository.ts';

export const PAYMENT_WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature',
  notStripe: 'Payment webhooks are received only when Stripe is the payment provider (STRIPE_SECRET_KEY)',
} as const;

/** Identity events may arrive at the same Stripe endpoint; the identity module handles them. */
export const IDENTITY_EVENT_PREFIX = 'identity.verification_session.';

export type WebhookOutcome = { kind: 'recorded' | 'duplicate' | 'ignored' } | { kind: 'identity' };

/**
 * Stripe's webhook calls: checked by the SDK against STRIPE_WEBHOOK_SECRET, then each recorded
 * once by event id (payment_provider_events), whatever the order or number of deliveries:
 * - payment_intent.succeeded: the payment, its amount received, customer and card;
 * - payment_intent.payment_failed: the attempt with its decline code and Stripe's message;
 * - setup_intent.succeeded: a card saved for the customer (the card list itself is read from Stripe);
 * - charge.refunded: the total refunded so far on the charge of that payment;
 * - checkout.session.completed: a hosted checkout paid, with its payment; a creator's funding
 *   waiting for that session is booked then (read back from Stripe, once).
 * Nothing else changes: other charges and refunds are booked from the provider's synchronous
 * answers, and these rows are what reconciliation compares them with.
 */
export function createPaymentEventsService(ctx: AppContext) {
  const { db, payments } = ctx;
  return {
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
      if (!isStripe(payments)) throw new AppError('PAYMENT_WEBHOOK_NOT_CONFIGURED', PAYMENT_WEBHOOK_MESSAGES.notStripe, 503);
      let event;
      try {
        event = payments.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('BAD_SIGNATURE', PAYMENT_WEBHOOK_MESSAGES.badSignature, 400);
        throw error;
      }
      if (!event) return { kind: 'ignored' };
      if (event.type.startsWith(IDENTITY_EVENT_PREFIX)) return { kind: 'identity' };
      if (!event.facts) return { kind: 'ignored' };
      const recorded = await repo.recordOnce(db, payments.name, { ...event, facts: event.facts });
      // Booked on every delivery, not only the first: a delivery that failed half-way is retried by Stripe.
      if (event.facts.type === 'checkout.session.completed') await createEventsService(ctx).settleFundingCheckout(event.facts.objectRef);
      return { kind: recorded ? 'recorded' : 'duplicate' };
    },
  };
}

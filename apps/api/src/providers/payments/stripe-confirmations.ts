import { AppError } from '../../errors.ts';
import { providerError, Stripe } from '../stripe/client.ts';
import { declined, refOf } from './stripe-methods.ts';
import type { ChargeResult } from './types.ts';

/** A PaymentIntent that still waits for its holder: the bank asked for authentication, or a method. */
const WAITING: Stripe.PaymentIntent.Status[] = ['requires_payment_method', 'requires_action', 'requires_confirmation'];

/**
 * The holder's confirmation on the site of an off-session charge the bank asked them to
 * authenticate (decision 170): what Stripe.js needs for it, and the closing of such a charge before
 * another attempt of the same month is sent.
 */
export function paymentConfirmationCalls(stripe: Stripe, outcomeOf: (intent: Stripe.PaymentIntent) => Promise<ChargeResult>) {
  return {
    async paymentConfirmation(ref: string) {
      try {
        const intent = await stripe.paymentIntents.retrieve(ref);
        if (!intent.client_secret) throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not give this payment for confirmation', 502);
        const methodRef = refOf(intent.payment_method) ?? refOf(intent.last_payment_error?.payment_method ?? null);
        return { clientSecret: intent.client_secret, methodRef, status: intent.status };
      } catch (error) {
        throw providerError(error);
      }
    },

    async closeWaitingCharge(ref: string): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.retrieve(ref);
        if (WAITING.includes(intent.status)) {
          try {
            await stripe.paymentIntents.cancel(ref);
          } catch (error) {
            // The holder confirmed it between the two calls: Stripe refuses to cancel it; it is read again below.
            if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          }
        }
        const latest = await stripe.paymentIntents.retrieve(ref, { expand: ['latest_charge.balance_transaction'] });
        if (latest.status === 'canceled') return declined(ref, 'card_declined');
        return await outcomeOf(latest);
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}

import { DONATION_RESULT_MESSAGES } from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { providerError, Stripe } from '../stripe/client.ts';
import { declineCodeOf } from './stripe-declines.ts';
import { declined, savedMethodOf } from './stripe-methods.ts';
import type { ChargeResult, SavedCard } from './types.ts';

export interface OnSessionPaymentInput {
  /** The PaymentMethod (`pm_…`) Stripe.js created from the Payment Element, of no customer. */
  methodRef: string;
  amountCents: number;
  /** Same key → same PaymentIntent, never charged twice; also kept in its metadata for `findCharge`. */
  idempotencyKey: string;
  description: string;
  /** Where Stripe brings the holder back after a payment method that leaves the page to be approved. */
  returnUrl: string;
  /** Kept in the PaymentIntent's metadata, so the payment can be booked without the page (decision 255). */
  donation: OnSessionDonation;
}

/**
 * What a visitor's donation row needs beyond the PaymentIntent's own amount and attempt key: kept in
 * its metadata, so Stripe's webhook or the donor's return from a redirect books the donation when the
 * page never sent its second request (decision 255). Only the name and e-mail the receipt goes to.
 */
export interface OnSessionDonation {
  charityId: string;
  fullName: string;
  email: string;
  shareEmail: boolean;
}

/** The metadata fields of a visitor's donation; `donation_charity_id` marks a PaymentIntent as one. */
export const DONATION_METADATA = {
  charityId: 'donation_charity_id',
  fullName: 'donor_name',
  email: 'donor_email',
  shareEmail: 'donor_shares_email',
} as const;
/** Stripe keeps at most 500 characters of a metadata value. */
const METADATA_VALUE_MAX = 500;

function donationMetadata(donation: OnSessionDonation): Record<string, string> {
  return {
    [DONATION_METADATA.charityId]: donation.charityId,
    [DONATION_METADATA.fullName]: donation.fullName.slice(0, METADATA_VALUE_MAX),
    [DONATION_METADATA.email]: donation.email.slice(0, METADATA_VALUE_MAX),
    [DONATION_METADATA.shareEmail]: String(donation.shareEmail),
  };
}

/** The donation a PaymentIntent's metadata describes; null for any other PaymentIntent. */
export function donationOfMetadata(metadata: Record<string, string> | null | undefined): OnSessionDonation | null {
  const charityId = metadata?.[DONATION_METADATA.charityId];
  const fullName = metadata?.[DONATION_METADATA.fullName];
  const email = metadata?.[DONATION_METADATA.email];
  if (!charityId || !fullName || !email) return null;
  return { charityId, fullName, email, shareEmail: metadata[DONATION_METADATA.shareEmail] === 'true' };
}

/**
 * A visitor's PaymentIntent as it now is, read back after Stripe's webhook or the donor's return:
 * succeeded (with its charge), still processing, waiting for the holder, or failed (nothing charged).
 */
export type OnSessionDonationPayment = {
  ref: string;
  /** The key it was created under: the donation's and its ledger transaction's (decision 245). */
  idempotencyKey: string;
  amountCents: number;
  clientSecret: string | null;
  donation: OnSessionDonation;
  method: SavedCard | null;
} & ({ state: 'succeeded'; charge: ChargeResult } | { state: 'processing' | 'waiting' | 'failed'; charge: null });

/**
 * A visitor's payment with the holder present (decision 245): charged (or declined), or waiting for
 * the holder's authentication, with the client secret Stripe.js needs for `handleNextAction`.
 */
export type OnSessionPayment =
  { status: 'done'; charge: ChargeResult; method: SavedCard | null } | { status: 'requires_action'; ref: string; clientSecret: string };

/** A PaymentIntent that waits for its holder, possibly confirmed since Stripe first answered. */
const WAITING: Stripe.PaymentIntent.Status[] = ['requires_action', 'requires_confirmation'];
/** Read again before answering: a retry gets Stripe's first answer, which may no longer be the state. */
const UNSETTLED: Stripe.PaymentIntent.Status[] = [...WAITING, 'processing'];
const EXPAND = ['latest_charge.balance_transaction', 'payment_method'];

/**
 * Pays once with a PaymentMethod made in the browser, the holder on the page: a PaymentIntent of no
 * customer, created and confirmed at once under the caller's idempotency key. A retry with the key
 * gets Stripe's first answer back, so a PaymentIntent that was waiting for the holder is read again:
 * once they passed the bank's check in the browser it has succeeded, and is answered so.
 */
export function onSessionPaymentCalls(stripe: Stripe, outcomeOf: (intent: Stripe.PaymentIntent) => Promise<ChargeResult>, attemptKeyField: string) {
  return {
    async payOnSession(input: OnSessionPaymentInput): Promise<OnSessionPayment> {
      if (!Number.isInteger(input.amountCents) || input.amountCents < 50) throw new AppError('INVALID_AMOUNT', 'A charge must be at least $0.50', 400);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            payment_method: input.methodRef,
            confirm: true,
            // The Payment Element in deferred mode offers what the account's settings allow; the PaymentIntent takes the same.
            automatic_payment_methods: { enabled: true },
            // 3-D Secure in the page through Stripe.js `handleNextAction`; a method that leaves the page comes back here.
            use_stripe_sdk: true,
            return_url: input.returnUrl,
            description: input.description,
            metadata: { [attemptKeyField]: input.idempotencyKey, ...donationMetadata(input.donation) },
            expand: EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const ref = error.payment_intent?.id ?? `declined_${input.idempotencyKey}`;
          return { status: 'done', charge: declined(ref, declineCodeOf(error), error.payment_method?.type), method: null };
        }
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different donation', 409);
        }
        // Unknown, used already, or another customer's: nothing was charged, the visitor enters their details again.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.param === 'payment_method' || error.code === 'resource_missing')) {
          throw AppError.validation({ stripe_payment_method: DONATION_RESULT_MESSAGES.stripeMethodInvalid });
        }
        throw providerError(error);
      }
      try {
        if (UNSETTLED.includes(intent.status)) intent = await stripe.paymentIntents.retrieve(intent.id, { expand: EXPAND });
        if (WAITING.includes(intent.status)) {
          if (!intent.client_secret) throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not give this payment for confirmation', 502);
          return { status: 'requires_action', ref: intent.id, clientSecret: intent.client_secret };
        }
        return { status: 'done', charge: await outcomeOf(intent), method: methodOf(intent) };
      } catch (error) {
        throw providerError(error);
      }
    },

    /** A visitor's donation PaymentIntent read back from Stripe; null when Stripe knows none of that id, or it is no such donation. */
    async onSessionDonation(ref: string): Promise<OnSessionDonationPayment | null> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(ref, { expand: EXPAND });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw providerError(error);
      }
      const donation = donationOfMetadata(intent.metadata);
      const idempotencyKey = intent.metadata?.[attemptKeyField];
      if (!donation || !idempotencyKey) return null;
      const common = { ref: intent.id, idempotencyKey, amountCents: intent.amount, clientSecret: intent.client_secret, donation, method: methodOf(intent) };
      try {
        if (intent.status === 'succeeded') return { ...common, state: 'succeeded', charge: await outcomeOf(intent) };
        const state = intent.status === 'processing' ? 'processing' : WAITING.includes(intent.status) ? 'waiting' : 'failed';
        return { ...common, state, charge: null };
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}

function methodOf(intent: Stripe.PaymentIntent): SavedCard | null {
  return typeof intent.payment_method === 'object' && intent.payment_method ? savedMethodOf(intent.payment_method) : null;
}

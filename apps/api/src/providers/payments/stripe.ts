import { AppError } from '../../errors.ts';
import { createStripeClient, providerError, Stripe } from '../stripe/client.ts';
import { declineCodeOf } from './stripe-declines.ts';
import { readStripeWebhook, type PaymentProviderEvent } from './stripe-events.ts';
import { createStripeConnect } from './stripe-connect.ts';
import { listStripeMovements } from './stripe-movements.ts';
import { paymentConfirmationCalls } from './stripe-confirmations.ts';
import { onSessionPaymentCalls, type OnSessionDonationPayment, type OnSessionPayment, type OnSessionPaymentInput } from './stripe-on-session.ts';
import {
  declined,
  INVALID_TOKEN_MESSAGE,
  paymentMethodDomainCalls,
  refOf,
  SAVED_METHOD_TYPES,
  savedMethodOf,
  toSavedCard,
  type PaymentMethodDomainState,
} from './stripe-methods.ts';
import type { ChargeResult, PaymentProvider } from './types.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** STRIPE_API_BASE (host, port and protocol of the SDK). */
  apiBase: string;
  /** STRIPE_WEBHOOK_SECRET; webhooks are refused while it is unset. */
  webhookSecret: string | undefined;
}

export interface CheckoutSessionInput {
  customerRef: string;
  amountCents: number;
  /** Shown on Stripe's page and on the card statement's detail. */
  description: string;
  /** `{CHECKOUT_SESSION_ID}` in it is replaced by Stripe with the session's id. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface CheckoutOutcome {
  status: 'open' | 'complete' | 'expired';
  /** The payment, with the card fee Stripe charged, once the session is paid; null before. */
  charge: ChargeResult | null;
  /** The card used, saved to the customer for later off-session charges. */
  methodRef: string | null;
  /** The funding pledge this platform opened the session for; null for a session made by anything else. */
  fundingPledgeId: string | null;
}

/** What only Stripe offers, beyond the PaymentProvider interface. */
export interface StripePaymentProvider extends PaymentProvider {
  readonly name: 'stripe';
  readonly publishableKey: string;
  /**
   * Starts saving a card: the browser confirms the returned client secret with Stripe Elements,
   * then sends the SetupIntent's id (`seti_…`) to attachCard as the token.
   */
  createSetupIntent(input: { customerRef: string }): Promise<{ ref: string; clientSecret: string }>;
  /** A hosted Checkout page charging a new card once (the creator's funding); `url` is where the browser goes. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ ref: string; url: string }>;
  /** Reads a Checkout Session back after Stripe returned the browser (or after its webhook). */
  /** Null when Stripe knows no such session. */
  checkoutOutcome(sessionRef: string): Promise<CheckoutOutcome | null>;
  /** Closes an open Checkout page so it can no longer be paid; false when it was paid (or had expired) first. */
  expireCheckoutSession(sessionRef: string): Promise<boolean>;
  /**
   * What Stripe.js needs to bring the holder back to a PaymentIntent the bank asked them to
   * authenticate (decision 170): its client secret, the saved method it was tried with, its status.
   */
  paymentConfirmation(ref: string): Promise<{ clientSecret: string; methodRef: string | null; status: Stripe.PaymentIntent.Status }>;
  /**
   * Charges once a PaymentMethod Stripe.js created in the browser, the holder present (a visitor's
   * donation, decision 245): no customer, nothing saved. Answers the charge, or that the bank asks the
   * holder to authenticate (nothing charged yet); the same idempotency key sent again once they did
   * answers the succeeded charge.
   */
  payOnSession(input: OnSessionPaymentInput): Promise<OnSessionPayment>;
  /**
   * A visitor's donation PaymentIntent as Stripe now has it, with the donation its metadata describes
   * (decision 255); null when Stripe knows no such PaymentIntent or it is not a visitor's donation.
   */
  onSessionDonation(ref: string): Promise<OnSessionDonationPayment | null>;
  /** Stripe's registration of this domain for wallets; null when it was never registered. */
  paymentMethodDomain(domain: string): Promise<PaymentMethodDomainState | null>;
  /** Registers the domain (or asks Stripe to check it again when registered already) and answers its state. */
  registerPaymentMethodDomain(domain: string): Promise<PaymentMethodDomainState>;
  /** Checks the `stripe-signature` of a webhook call; throws WebhookSignatureError when it is not genuine. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): PaymentProviderEvent | undefined;
}

const CURRENCY = 'usd';
/** Stripe keeps an idempotency key for 24 hours (https://docs.stripe.com/api/idempotent_requests). */
const STRIPE_KEY_LIFETIME_MS = 24 * 3_600_000;
const ATTEMPT_KEY_METADATA = 'attempt_key';

/**
 * Stripe through the official SDK (docs/architecture.md#providers), selected by STRIPE_SECRET_KEY.
 * Cards are saved with SetupIntents confirmed in the browser and charged later off-session with
 * PaymentIntents confirmed at once (no authorization holds: they expire in 5 to 7 days). Every
 * charge and refund carries the caller's idempotency key, so a retry never charges twice.
 * `ref` of a charge is its PaymentIntent id (`pi_…`), also for a declined one.
 */
export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = createStripeClient({ secretKey: options.secretKey, apiBase: options.apiBase });

  /** The fee Stripe took, from the charge's balance transaction (read again when not expanded yet). */
  async function feeOf(intent: Stripe.PaymentIntent): Promise<number> {
    let charge = intent.latest_charge;
    const chargeId = refOf(charge);
    if (!chargeId) throw new AppError('PAYMENT_FEE_UNKNOWN', 'The payment provider did not report the charge of this payment', 502);
    if (typeof charge === 'string' || !charge || typeof charge.balance_transaction !== 'object' || !charge.balance_transaction) {
      charge = await stripe.charges.retrieve(chargeId, { expand: ['balance_transaction'] });
    }
    const balance = charge.balance_transaction;
    if (!balance || typeof balance === 'string')
      throw new AppError('PAYMENT_FEE_UNKNOWN', 'The card fee of this charge is not known yet. Please try again.', 502);
    if (balance.currency !== CURRENCY) throw new AppError('PAYMENT_FEE_CURRENCY', `The card fee was reported in ${balance.currency}, not USD`, 502);
    return balance.fee;
  }

  /** A PaymentIntent as the interface's result: succeeded, or declined with the reason. */
  async function outcomeOf(intent: Stripe.PaymentIntent): Promise<ChargeResult> {
    if (intent.status === 'succeeded') return { ok: true, ref: intent.id, amountCents: intent.amount_received, feeCents: await feeOf(intent) };
    const methodType = typeof intent.payment_method === 'object' ? intent.payment_method?.type : intent.last_payment_error?.payment_method?.type;
    if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') return declined(intent.id, 'authentication_required', methodType);
    if (intent.status === 'requires_payment_method' && intent.last_payment_error)
      return declined(intent.id, declineCodeOf(intent.last_payment_error), methodType);
    throw new AppError('PAYMENT_NOT_FINISHED', `The payment is ${intent.status.replaceAll('_', ' ')}`, 502);
  }

  /**
   * Stripe's test card, which exists only with a test key (`sk_test_…`): `pm_card_visa` attached to
   * the customer gives a PaymentMethod of its own, charged like any saved card. A live key has no
   * test card, so test mode stays refused there whatever the configuration allows.
   */
  async function testCardToken(customerRef: string): Promise<string> {
    try {
      return (await stripe.paymentMethods.attach('pm_card_visa', { customer: customerRef })).id;
    } catch (error) {
      throw providerError(error);
    }
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    connect: createStripeConnect(stripe),
    idempotencyKeyLifetimeMs: STRIPE_KEY_LIFETIME_MS,
    // Stripe's documented rate limits: 100 operations a second in live mode, 25 in test mode.
    requestsPerSecond: /^(sk|rk)_live_/.test(options.secretKey) ? 100 : 25,
    ...(options.secretKey.startsWith('sk_test_') ? { testCardToken } : {}),

    async createCustomer({ email, name }) {
      try {
        const customer = await stripe.customers.create({ email, name });
        return { ref: customer.id };
      } catch (error) {
        throw providerError(error);
      }
    },

    async createSetupIntent({ customerRef }) {
      try {
        const intent = await stripe.setupIntents.create({ customer: customerRef, usage: 'off_session', allowed_payment_method_types: [...SAVED_METHOD_TYPES] });
        if (!intent.client_secret) throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not start the card form', 502);
        return { ref: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw providerError(error);
      }
    },

    /**
     * The token is the id of a SetupIntent of this customer (`seti_…`) that the browser confirmed;
     * its card is returned. A SetupIntent that failed is refused with Stripe's message. A
     * PaymentMethod id (`pm_…`) is accepted only when already attached to this customer (a card
     * saved by Checkout); nothing of another customer is ever taken.
     */
    async attachCard({ customerRef, token }) {
      try {
        if (token.startsWith('seti_')) {
          const intent = await stripe.setupIntents.retrieve(token, { expand: ['payment_method'] });
          if (refOf(intent.customer) !== customerRef) throw new AppError('INVALID_CARD_TOKEN', INVALID_TOKEN_MESSAGE, 422);
          if (intent.status === 'requires_action') {
            throw new AppError('CARD_SETUP_FAILED', 'Your card needs authentication. Please complete the check with your bank and try again.', 422);
          }
          if (intent.status !== 'succeeded') {
            throw new AppError('CARD_SETUP_FAILED', intent.last_setup_error?.message ?? 'This card could not be set up. Please try another card.', 422);
          }
          const method = intent.payment_method;
          if (!method || typeof method === 'string') throw new AppError('INVALID_CARD_TOKEN', INVALID_TOKEN_MESSAGE, 422);
          return toSavedCard(method);
        }
        if (token.startsWith('pm_')) {
          const method = await stripe.paymentMethods.retrieve(token);
          if (refOf(method.customer) !== customerRef) throw new AppError('INVALID_CARD_TOKEN', INVALID_TOKEN_MESSAGE, 422);
          return toSavedCard(method);
        }
        throw new AppError('INVALID_CARD_TOKEN', INVALID_TOKEN_MESSAGE, 422);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          throw new AppError('INVALID_CARD_TOKEN', INVALID_TOKEN_MESSAGE, 422);
        }
        throw providerError(error);
      }
    },

    async listCards(customerRef) {
      try {
        const methods = await stripe.customers.listPaymentMethods(customerRef, { limit: 100 });
        return methods.data.map(savedMethodOf).filter((method) => method !== null);
      } catch (error) {
        throw providerError(error);
      }
    },

    /** Detaches only a card of this customer; one already gone is fine (removing twice is not an error). */
    async detachCard({ customerRef, methodRef }) {
      try {
        const method = await stripe.paymentMethods.retrieve(methodRef);
        if (refOf(method.customer) !== customerRef) return;
        await stripe.paymentMethods.detach(methodRef);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        throw providerError(error);
      }
    },

    async charge({ customerRef, methodRef, amountCents, idempotencyKey, description }) {
      if (!Number.isInteger(amountCents) || amountCents < 50) throw new AppError('INVALID_AMOUNT', 'A charge must be at least $0.50', 400);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            customer: customerRef,
            payment_method: methodRef,
            allowed_payment_method_types: [...SAVED_METHOD_TYPES],
            off_session: true,
            confirm: true,
            ...(description ? { description } : {}),
            // Kept on the PaymentIntent so findCharge can still find it once Stripe forgot the key.
            metadata: { [ATTEMPT_KEY_METADATA]: idempotencyKey },
            // The method's type names a cash app's decline as the cash app's (declineMessage).
            expand: ['latest_charge.balance_transaction', 'payment_method'],
          },
          { idempotencyKey },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const ref = error.payment_intent?.id ?? `declined_${idempotencyKey}`;
          return declined(ref, declineCodeOf(error), error.payment_method?.type);
        }
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different charge', 409);
        }
        // The saved card is gone, or belongs to another customer: the donor must update it.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.param === 'payment_method' || error.code === 'resource_missing')) {
          return declined(error.payment_intent?.id ?? `missing_${idempotencyKey}`, 'card_missing');
        }
        throw providerError(error);
      }
      return outcomeOf(intent);
    },

    listMovements: (window) => listStripeMovements(stripe, window),

    /** Searches the PaymentIntents by the attempt key kept in their metadata; a succeeded one wins over declines. */
    async findCharge(attemptKey) {
      try {
        const found = await stripe.paymentIntents.search({
          query: `metadata['${ATTEMPT_KEY_METADATA}']:'${attemptKey.replaceAll("'", "\\'")}'`,
          expand: ['data.latest_charge.balance_transaction'],
        });
        const intent = found.data.find((candidate) => candidate.status === 'succeeded') ?? found.data[0];
        return intent ? await outcomeOf(intent) : null;
      } catch (error) {
        throw providerError(error);
      }
    },

    /** Stripe cannot search refunds: the charge's own refunds are listed and matched by the key in their metadata. */
    async findRefund({ chargeRef, idempotencyKey }) {
      try {
        for await (const refund of stripe.refunds.list({ payment_intent: chargeRef, limit: 100 })) {
          const made = refund.status !== 'failed' && refund.status !== 'canceled';
          if (made && refund.metadata?.[ATTEMPT_KEY_METADATA] === idempotencyKey) return { ref: refund.id, amountCents: refund.amount };
        }
        return null;
      } catch (error) {
        throw providerError(error);
      }
    },

    async refund({ chargeRef, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: chargeRef,
            ...(amountCents === undefined ? {} : { amount: amountCents }),
            // Kept on the refund so findRefund can still find it once Stripe forgot the key.
            metadata: { [ATTEMPT_KEY_METADATA]: idempotencyKey },
          },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new AppError('REFUND_FAILED', refund.failure_reason ? `The refund failed: ${refund.failure_reason}` : 'The refund could not be made', 502);
        }
        return { ref: refund.id, amountCents: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different refund', 409);
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const tooLarge = error.code === 'charge_already_refunded' || error.code === 'amount_too_large' || error.param === 'amount';
          if (tooLarge) throw new AppError('REFUND_TOO_LARGE', 'The refund is larger than what is left of the charge', 409);
          throw new AppError('CHARGE_NOT_REFUNDABLE', error.message || 'This charge cannot be refunded', 409);
        }
        throw providerError(error);
      }
    },

    async createCheckoutSession(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents < 50) throw new AppError('INVALID_AMOUNT', 'A charge must be at least $0.50', 400);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer: input.customerRef,
            line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: input.amountCents, product_data: { name: input.description } } }],
            // The card is kept for later off-session charges (the creator's "saved card").
            payment_intent_data: { setup_future_usage: 'off_session', description: input.description, metadata: input.metadata ?? {} },
            metadata: input.metadata ?? {},
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not return a checkout page', 502);
        return { ref: session.id, url: session.url };
      } catch (error) {
        throw providerError(error);
      }
    },

    async checkoutOutcome(sessionRef) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionRef, { expand: ['payment_intent.latest_charge.balance_transaction'] });
        const intent = session.payment_intent;
        const paid = session.payment_status === 'paid' && intent && typeof intent === 'object';
        return {
          status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
          charge: paid ? await outcomeOf(intent) : null,
          methodRef: intent && typeof intent === 'object' ? refOf(intent.payment_method) : null,
          fundingPledgeId: session.metadata?.pledge_id ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw providerError(error);
      }
    },

    async expireCheckoutSession(sessionRef) {
      // Stripe refuses to expire a session that is no longer open: it was paid, or expired already.
      return stripe.checkout.sessions.expire(sessionRef).then(
        () => true,
        (error: unknown) => (error instanceof Stripe.errors.StripeInvalidRequestError ? false : Promise.reject(providerError(error))),
      );
    },

    async retrieveCharge(ref) {
      try {
        return await outcomeOf(await stripe.paymentIntents.retrieve(ref, { expand: ['latest_charge.balance_transaction'] }));
      } catch (error) {
        throw providerError(error);
      }
    },

    ...paymentConfirmationCalls(stripe, outcomeOf),

    ...onSessionPaymentCalls(stripe, outcomeOf, ATTEMPT_KEY_METADATA),

    ...paymentMethodDomainCalls(stripe),

    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) throw new AppError('PAYMENT_WEBHOOK_NOT_CONFIGURED', 'Stripe webhooks need STRIPE_WEBHOOK_SECRET', 503);
      return readStripeWebhook(stripe, options.webhookSecret, rawBody, signatureHeader);
    },
  };
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents, DONATION_RESULT_MESSAGES, formatCents, paymentMethodLabel, type CharityDonationRequest } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { charities } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { EmailMessage } from '../../providers/email/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { paymentMethodRecords } from '../payment-methods/index.ts';
import { isStripe, type ChargeResult, type OnSessionDonation, type OnSessionDonationPayment } from '../../providers/payments/index.ts';
import { recipientLines, type Recipient } from '../../lib/receipt-recipient.ts';
import { charityDonations } from './tables.ts';

type DonationRow = typeof charityDonations.$inferSelect;

/** A payment made (charged or declined), or one waiting for the holder's authentication in the browser. */
type Paid = { status: 'done'; charge: ChargeResult; label: string | undefined } | { status: 'requires_action'; clientSecret: string };

/** A recorded, charged donation with its thank-you; or what the browser must do before anything is charged. */
export type DonationOutcome = { message: string; donation: ReturnType<typeof toDonation> } | { action: { clientSecret: string } };

/**
 * The receipt of a charged donation: what was charged, the provider's fee, and what the charity
 * gets. A wallet or cash app, saved (decision 160) or a visitor's (issue 41), is named; a card says "Your card".
 */
function donationReceipt(row: DonationRow, charity: Recipient, methodLabel: string | undefined): EmailMessage {
  const charityName = charity.name;
  return {
    to: row.email,
    subject: `Your donation to ${charityName}`,
    kind: 'donation-receipt',
    text: [
      `Hello ${row.fullName},`,
      '',
      `Thank you for your donation of ${formatCents(row.amountCents)} to ${charityName}. ${methodLabel ? `Your ${methodLabel}` : 'Your card'} was charged ${formatCents(row.amountCents)}.`,
      `The payment provider's fee of ${formatCents(row.cardFeeCents ?? 0)} comes off; ${formatCents(row.amountCents - (row.cardFeeCents ?? 0))} is passed on to ${charityName}.`,
      '',
      `Date of the charge: ${row.createdAt.toISOString().slice(0, 10)}`,
      `Amount of the gift: ${formatCents(row.amountCents)}`,
      ...recipientLines(charity),
      '',
      `Receipt reference: ${row.id}`,
    ].join('\n'),
  };
}

function toDonation(row: DonationRow) {
  return {
    _id: row.id,
    charity_id: row.charityId,
    amount: centsToDollars(row.amountCents),
    status: 'charged' as const,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A one-off donation to a charity from the /charities dialog, charged at once through the
 * provider. The card token is single use, so it is also the idempotency key: a retried request
 * answers the first outcome and never charges twice.
 */
export function createDonationsService(ctx: AppContext) {
  const { db, payments } = ctx;

  function outcome(row: DonationRow, charityName: string) {
    if (row.status !== 'charged')
      throw new AppError('CARD_DECLINED', row.failureReason ?? 'Your card was declined.', 422, { cardNumber: row.failureReason ?? '' });
    return { message: DONATION_RESULT_MESSAGES.thanks.replace('{charity}', charityName), donation: toDonation(row) };
  }

  /** The customer and method a charge is made on, and how the receipt names the method. */
  async function chargeSaved(
    idempotencyKey: string,
    amountCents: number,
    description: string,
    method: { customerRef: string; methodRef: string; label: string | undefined },
  ): Promise<Paid> {
    const charge = await payments.charge({ customerRef: method.customerRef, methodRef: method.methodRef, amountCents, idempotencyKey, description });
    return { status: 'done', charge, label: method.label };
  }

  /**
   * What the donation charges, and under which key: a card token is single use, so it is its own
   * key; a saved method (signed in, decision 160) is charged under the donor's Idempotency-Key, so a
   * retried request answers the first outcome and never charges twice; so is a PaymentMethod that
   * Stripe.js made from a visitor's Payment Element (decision 245), under a key of that method and the
   * Idempotency-Key, charged with the holder present.
   */
  async function paymentFor(input: CharityDonationRequest, userId: string | null, attemptKey: string | undefined, returnUrl: string) {
    if (input.token) {
      const idempotencyKey = ledgerKeys.donationByToken(input.token);
      return {
        idempotencyKey,
        pay: async (amountCents: number, description: string) => {
          const customer = await payments.createCustomer({ email: input.email, name: input.fullName });
          const card = await payments.attachCard({ customerRef: customer.ref, token: input.token! });
          // A visitor's wallet or cash app (issue 41) is named on the receipt like a saved one.
          const label = card.kind === 'card' ? undefined : paymentMethodLabel(card);
          return chargeSaved(idempotencyKey, amountCents, description, { customerRef: customer.ref, methodRef: card.ref, label });
        },
      };
    }
    if (input.stripe_payment_method) {
      const stripe = payments;
      if (!isStripe(stripe)) throw AppError.validation({ stripe_payment_method: DONATION_RESULT_MESSAGES.stripeUnavailable });
      if (!attemptKey) throw AppError.validation({ 'Idempotency-Key': DONATION_RESULT_MESSAGES.stripeAttemptKeyRequired });
      const methodRef = input.stripe_payment_method;
      const idempotencyKey = ledgerKeys.donationByStripePaymentMethod(methodRef, attemptKey);
      return {
        idempotencyKey,
        pay: async (amountCents: number, description: string, donation: OnSessionDonation): Promise<Paid> => {
          const paid = await stripe.payOnSession({ methodRef, amountCents, idempotencyKey, description, returnUrl, donation });
          if (paid.status === 'requires_action') return paid;
          const label = paid.method && paid.method.kind !== 'card' ? paymentMethodLabel(paid.method) : undefined;
          return { status: 'done', charge: paid.charge, label };
        },
      };
    }
    if (!userId) throw AppError.unauthenticated();
    if (!attemptKey) throw AppError.validation({ 'Idempotency-Key': DONATION_RESULT_MESSAGES.attemptKeyRequired });
    const saved = await paymentMethodRecords.findActive(db, userId, input.payment_method_id!);
    if (!saved || saved.provider !== payments.name) throw AppError.validation({ payment_method_id: DONATION_RESULT_MESSAGES.methodRequired });
    const idempotencyKey = ledgerKeys.donationBySavedMethod(userId, attemptKey);
    return {
      idempotencyKey,
      pay: (amountCents: number, description: string) =>
        chargeSaved(idempotencyKey, amountCents, description, {
          customerRef: saved.providerCustomerRef,
          methodRef: saved.providerMethodRef,
          label: saved.kind === 'card' ? undefined : paymentMethodLabel(saved),
        }),
    };
  }

  return {
    /**
     * Charges the donation and records it, or answers that the donor's bank asks them to confirm
     * (`action`): then nothing is charged or recorded until the same request comes again (decision 245).
     */
    async donate(charityId: string, input: CharityDonationRequest, userId: string | null, attemptKey?: string): Promise<DonationOutcome> {
      const [charity] = await db.select().from(charities).where(eq(charities.id, charityId)).limit(1);
      if (!charity || charity.hidden) throw AppError.notFound(DONATION_RESULT_MESSAGES.charityNotFound);
      const payment = await paymentFor(input, userId, attemptKey, `${ctx.config.publicUrl}/charities`);
      const { idempotencyKey } = payment;
      const [previous] = await db.select().from(charityDonations).where(eq(charityDonations.idempotencyKey, idempotencyKey)).limit(1);
      if (previous) return outcome(previous, charity.name);

      const amountCents = dollarsToCents(input.amount);
      const paid = await payment.pay(amountCents, `Donation to ${charity.name}`, {
        charityId,
        fullName: input.fullName,
        email: input.email,
        shareEmail: input.share_email_with_charity,
      });
      if (paid.status === 'requires_action') return { action: { clientSecret: paid.clientSecret } };
      const row = await record({
        charity,
        userId,
        fullName: input.fullName,
        email: input.email,
        shareEmail: input.share_email_with_charity,
        amountCents,
        charge: paid.charge,
        label: paid.label,
        idempotencyKey,
      });
      return outcome(row, charity.name);
    },

    /**
     * A visitor's Stripe donation the page may not have finished (decision 255): Stripe's
     * `payment_intent.succeeded`, or the donor's return from a payment method that left the page.
     * Read back from Stripe; a succeeded payment is booked exactly as the page's own request books it,
     * under the same key, so whichever comes first books it and the others answer the same donation.
     * With `clientSecret` (the return), a PaymentIntent whose secret differs is not found.
     */
    async settleStripeDonation(paymentIntentRef: string, clientSecret?: string): Promise<StripeDonationState | null> {
      const stripe = payments;
      if (!isStripe(stripe)) return null;
      const payment = await stripe.onSessionDonation(paymentIntentRef);
      if (!payment || (clientSecret !== undefined && payment.clientSecret !== clientSecret)) return null;
      const [charity] = await db.select().from(charities).where(eq(charities.id, payment.donation.charityId)).limit(1);
      if (!charity) return null;
      const [previous] = await db.select().from(charityDonations).where(eq(charityDonations.idempotencyKey, payment.idempotencyKey)).limit(1);
      if (previous) return stateOf(previous, charity.name);
      if (payment.state !== 'succeeded') return { state: payment.state, charityName: charity.name, donation: null };
      const label = payment.method && payment.method.kind !== 'card' ? paymentMethodLabel(payment.method) : undefined;
      const row = await record({
        charity,
        userId: null,
        ...payment.donation,
        amountCents: payment.amountCents,
        charge: payment.charge,
        label,
        idempotencyKey: payment.idempotencyKey,
      });
      return stateOf(row, charity.name);
    },
  };

  /**
   * Records a payment's donation once per key: the row, the `donation` ledger transaction and the
   * receipt in one database transaction; a concurrent booking under the same key answers the winner's row.
   */
  async function record(booking: Booking): Promise<DonationRow> {
    const { charity, charge, idempotencyKey } = booking;
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(charityDonations)
        .values({
          charityId: charity.id,
          userId: booking.userId,
          fullName: booking.fullName,
          email: booking.email.toLowerCase(),
          shareEmailWithCharity: booking.shareEmail,
          amountCents: booking.amountCents,
          cardFeeCents: charge.ok ? charge.feeCents : null,
          status: charge.ok ? 'charged' : 'failed',
          failureReason: charge.ok ? null : charge.message,
          providerChargeRef: charge.ref,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: charityDonations.idempotencyKey })
        .returning();
      if (!inserted || !charge.ok) return inserted;
      // donor card pays the total; the provider keeps its fee; the rest is owed to the charity.
      await ledgerRepository.post(tx, {
        kind: 'donation',
        idempotencyKey,
        providerRef: charge.ref,
        memo: { donationId: inserted.id },
        entries: [
          { account: 'donor_card', amountCents: -charge.amountCents },
          { account: 'card_processing_fees', amountCents: charge.feeCents },
          { account: 'charity_payable', amountCents: charge.amountCents - charge.feeCents, charityId: charity.id },
        ],
      });
      // In the donation's own transaction, so the receipt exists exactly when the donation does.
      await ctx.mailer.send(donationReceipt(inserted, charity, booking.label), tx);
      return inserted;
    });
    if (row) return row;
    // A concurrent request (a retry, Stripe's webhook, the donor's return) recorded it first.
    const [winner] = await db.select().from(charityDonations).where(eq(charityDonations.idempotencyKey, idempotencyKey)).limit(1);
    return winner!;
  }
}

/** A charged or declined payment's donation, as `record` books it. */
interface Booking {
  charity: typeof charities.$inferSelect;
  userId: string | null;
  fullName: string;
  email: string;
  shareEmail: boolean;
  amountCents: number;
  charge: ChargeResult;
  label: string | undefined;
  idempotencyKey: string;
}

/** Where a visitor's Stripe donation stands: booked (with its donation), or not, and why. */
export type StripeDonationState = {
  state: 'booked' | Exclude<OnSessionDonationPayment['state'], 'succeeded'>;
  charityName: string;
  donation: ReturnType<typeof toDonation> | null;
};

function stateOf(row: DonationRow, charityName: string): StripeDonationState {
  return row.status === 'charged' ? { state: 'booked', charityName, donation: toDonation(row) } : { state: 'failed', charityName, donation: null };
}

/** What the disputes module reads of donations: the donation whose charge a bank disputes. */
export const donationRecords = {
  /** One donation with its charity's name: what a `donation.made` webhook event describes. */
  async withCharity(db: Executor, id: string) {
    const [row] = await db
      .select({ donation: charityDonations, charityName: charities.name })
      .from(charityDonations)
      .innerJoin(charities, eq(charities.id, charityDonations.charityId))
      .where(eq(charityDonations.id, id))
      .limit(1);
    return row;
  },
  /** The charged donation of this charge (by charge or PaymentIntent reference), locked, with its charity's name. */
  async lockByCharge(tx: Executor, refs: string[]) {
    const [row] = await tx
      .select({ donation: charityDonations, charityName: charities.name })
      .from(charityDonations)
      .innerJoin(charities, eq(charities.id, charityDonations.charityId))
      .where(inArray(charityDonations.providerChargeRef, refs))
      .for('update', { of: charityDonations })
      .limit(1);
    return row;
  },
  /** A signed-in donor's charged donations, oldest first, with their charity's name (giving statements). */
  chargedBy(db: Executor, userId: string) {
    return db
      .select({
        id: charityDonations.id,
        chargedAt: charityDonations.createdAt,
        amountCents: charityDonations.amountCents,
        charityName: charities.name,
        legalName: charities.legalName,
        registrationNumber: charities.registrationNumber,
        address: charities.address,
      })
      .from(charityDonations)
      .innerJoin(charities, eq(charities.id, charityDonations.charityId))
      .where(and(eq(charityDonations.userId, userId), eq(charityDonations.status, 'charged')))
      .orderBy(charityDonations.createdAt);
  },
  /** A charity's charged donations after `after`, oldest first, a page at a time, with the e-mail only where the donor agreed to share it (the charity portal). */
  async chargedTo(db: Executor, charityId: string, after: { at: string; id: string } | null, pageSize: number) {
    const rows = await db
      .select({
        at: sql<string>`${charityDonations.createdAt}::text`,
        id: charityDonations.id,
        chargedAt: charityDonations.createdAt,
        amountCents: charityDonations.amountCents,
        fullName: charityDonations.fullName,
        email: charityDonations.email,
        share: charityDonations.shareEmailWithCharity,
      })
      .from(charityDonations)
      .where(
        and(
          eq(charityDonations.charityId, charityId),
          eq(charityDonations.status, 'charged'),
          after ? sql`(${charityDonations.createdAt}, ${charityDonations.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(charityDonations.createdAt), asc(charityDonations.id))
      .limit(pageSize);
    return rows.map(({ email, share, ...row }) => ({ ...row, amountCents: Number(row.amountCents), sharedEmail: share ? email : null }));
  },
  /** The donations the admin console's disputes list names, with their charity's name. */
  summaries(db: Executor, ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .select({
        id: charityDonations.id,
        amountCents: charityDonations.amountCents,
        fullName: charityDonations.fullName,
        email: charityDonations.email,
        charityName: charities.name,
      })
      .from(charityDonations)
      .innerJoin(charities, eq(charities.id, charityDonations.charityId))
      .where(inArray(charityDonations.id, ids));
  },
};

import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  applyBasisPoints,
  cardBrand,
  cardDigits,
  isExpired,
  parseExpiry,
  type PaymentMethodKind,
  type SandboxCardRequest,
  type SandboxWalletOutcome,
  type SandboxWalletRequest,
} from '@pledgeway/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { createSandboxConnect, listSandboxTransferMovements, type SandboxConnect } from './sandbox-connect.ts';
import { createSandboxDisputes, type SandboxDisputes } from './sandbox-disputes.ts';
import { sandboxCards, sandboxCharges, sandboxCustomers, sandboxRefunds } from './tables.ts';
import { listSandboxMovements } from './sandbox-movements.ts';
import { declineOnCharge, declineOnSave, disputeOnCharge, TEST_CARD_BEHAVIOUR, type CardBehaviour } from './sandbox-test-cards.ts';
import { declineMessage, type ChargeResult, type DeclineCode, type PaymentProvider, type SavedCard } from './types.ts';

/** Card fee of the sandbox, like Stripe's US standard: 2.9% + $0.30 (docs/architecture.md#providers). */
export const SANDBOX_FEE_BASIS_POINTS = 290;
export const SANDBOX_FEE_FIXED_CENTS = 30;

export function sandboxFeeCents(amountCents: number): number {
  return applyBasisPoints(amountCents, SANDBOX_FEE_BASIS_POINTS) + SANDBOX_FEE_FIXED_CENTS;
}

function newRef(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

type CardRow = typeof sandboxCards.$inferSelect;

const KIND_OF: Record<CardRow['kind'], PaymentMethodKind> = { card: 'card', wallet: 'sandbox_wallet', cashapp: 'sandbox_cashapp' };

function toSavedCard(row: CardRow): SavedCard {
  return {
    ref: row.id,
    kind: KIND_OF[row.kind],
    detail: row.cashtag,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
  };
}

/** What a sandbox wallet or cash app does, as the test cards' behaviours (sandbox-test-cards.ts). */
const WALLET_BEHAVIOUR: Record<SandboxWalletOutcome, CardBehaviour> = {
  succeed: 'succeed',
  decline_on_save: 'card_declined',
  decline_on_charge: 'decline_on_charge',
  action_required: 'authentication_required',
};

/** The card the sandbox wallet holds: Visa 4242, valid for two more years (a wallet's card is always current). */
const walletCard = () => ({ brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2 });

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /**
   * The hosted card form's endpoint: the only place a raw card number is accepted. Keeps brand,
   * last4, expiry, holder and how the test card behaves; returns a single-use token.
   */
  tokenizeCard(input: SandboxCardRequest): Promise<{ token: string; card: SavedCard }>;
  /**
   * The sandbox wallet's sheet or the sandbox cash app's approval (decision 151): the outcome the
   * tester chose is kept with the method; returns a single-use token saved like a card's.
   */
  tokenizeWallet(input: SandboxWalletRequest): Promise<{ token: string; method: SavedCard }>;
  /**
   * The sandbox bank's check of a charge that asked for the holder's authentication (decision
   * 170), as 3-D Secure is with Stripe: `approve` makes that very charge succeed, once (a charge
   * approved twice is one charge); `fail` leaves it declined. Answers the charge as it now is.
   */
  authenticateCharge(ref: string, outcome: 'approve' | 'fail'): Promise<ChargeResult>;
  /** Disputes of the 0259 card and their events, delivered to the app like Stripe's webhooks. */
  readonly disputes: SandboxDisputes;
  /** Connected accounts with a simulated onboarding form, transfers, reversals and payouts to the charity's bank. */
  readonly connect: SandboxConnect;
}

export function createSandboxProvider(db: Db): SandboxPaymentProvider {
  const disputes = createSandboxDisputes(db);
  async function chargeOutcome(row: typeof sandboxCharges.$inferSelect): Promise<ChargeResult> {
    if (row.status === 'succeeded') return { ok: true, ref: row.id, amountCents: row.amountCents, feeCents: row.feeCents };
    const code = (row.failureCode ?? 'card_declined') as DeclineCode;
    const [card] = await db.select({ kind: sandboxCards.kind }).from(sandboxCards).where(eq(sandboxCards.id, row.cardId)).limit(1);
    return { ok: false, ref: row.id, code, message: declineMessage(KIND_OF[card?.kind ?? 'card'], code) };
  }

  return {
    name: 'sandbox',
    disputes,
    connect: createSandboxConnect(db),
    // The sandbox keeps every key with its charge (a unique index), so a key never expires.
    idempotencyKeyLifetimeMs: Number.POSITIVE_INFINITY,
    // The sandbox stands in for Stripe's test mode and paces like it (it has no limit of its own).
    requestsPerSecond: 25,

    async findCharge(attemptKey) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, attemptKey)).limit(1);
      return row ? chargeOutcome(row) : null;
    },

    async retrieveCharge(ref) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref)).limit(1);
      if (!row) throw new AppError('CHARGE_NOT_FOUND', 'The payment provider knows no such charge', 502);
      return chargeOutcome(row);
    },

    async closeWaitingCharge(ref) {
      // The holder can no longer approve it: the sandbox's approval only moves a charge still asking for it.
      await db
        .update(sandboxCharges)
        .set({ failureCode: 'card_declined' })
        .where(and(eq(sandboxCharges.id, ref), eq(sandboxCharges.status, 'failed'), eq(sandboxCharges.failureCode, 'authentication_required')));
      return this.retrieveCharge(ref);
    },

    async authenticateCharge(ref, outcome) {
      if (outcome === 'approve') {
        // Only a charge still waiting for the holder, on a card still saved, moves: a second approval finds it succeeded.
        const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref)).limit(1);
        const [card] = row ? await db.select().from(sandboxCards).where(eq(sandboxCards.id, row.cardId)).limit(1) : [];
        if (row && card && !card.detachedAt && card.customerId === row.customerId)
          await db
            .update(sandboxCharges)
            .set({ status: 'succeeded', failureCode: null, feeCents: sandboxFeeCents(row.amountCents) })
            .where(and(eq(sandboxCharges.id, ref), eq(sandboxCharges.status, 'failed'), eq(sandboxCharges.failureCode, 'authentication_required')));
      }
      return this.retrieveCharge(ref);
    },

    async tokenizeCard(input) {
      const digits = cardDigits(input.number);
      const expiry = parseExpiry(input.expiry);
      if (!expiry) throw AppError.validation({ expiry: 'Please enter a valid expiry date (MM/YY)' });
      const [row] = await db
        .insert(sandboxCards)
        .values({
          id: newRef('card_sbx'),
          token: newRef('tok_sbx'),
          brand: cardBrand(digits),
          last4: digits.slice(-4),
          expMonth: expiry.month,
          expYear: expiry.year,
          holderName: input.holder_name,
          behaviour: TEST_CARD_BEHAVIOUR[digits] ?? 'succeed',
        })
        .returning();
      return { token: row!.token, card: toSavedCard(row!) };
    },

    async tokenizeWallet(input) {
      const cashapp = input.kind === 'cashapp';
      const [row] = await db
        .insert(sandboxCards)
        .values({
          id: newRef(cashapp ? 'cashapp_sbx' : 'wallet_sbx'),
          token: newRef('tok_sbx'),
          kind: input.kind,
          cashtag: cashapp ? input.cashtag! : null,
          ...(cashapp ? { brand: '', last4: '', expMonth: 0, expYear: 0 } : walletCard()),
          holderName: '',
          behaviour: WALLET_BEHAVIOUR[input.outcome],
        })
        .returning();
      return { token: row!.token, method: toSavedCard(row!) };
    },

    async testCardToken() {
      // docs/product.md#demo-mode-and-test-mode shows 12/25 on the test card; the card made here is valid for two more years.
      const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
      const { token } = await this.tokenizeCard({ holder_name: 'Test User', number: '4242424242424242', expiry: `12/${year}`, cvv: '123' });
      return token;
    },

    async createCustomer({ email, name }) {
      const [row] = await db
        .insert(sandboxCustomers)
        .values({ id: newRef('cus_sbx'), email, name })
        .returning();
      return { ref: row!.id };
    },

    async attachCard({ customerRef, token }) {
      const [pending] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, token)).limit(1);
      const declined = pending && !pending.tokenUsedAt ? declineOnSave(pending.behaviour) : null;
      // The card is checked when saved: a declined card is never attached to anyone.
      if (declined) throw new AppError(declined, declineMessage(KIND_OF[pending!.kind], declined), 402);
      // Single use: the update only matches a token nobody has used yet.
      const [row] = await db
        .update(sandboxCards)
        .set({ customerId: customerRef, tokenUsedAt: new Date() })
        .where(and(eq(sandboxCards.token, token), isNull(sandboxCards.tokenUsedAt)))
        .returning();
      if (!row) throw new AppError('INVALID_CARD_TOKEN', 'This card could not be saved. Please enter it again.', 422);
      return toSavedCard(row);
    },

    async listCards(customerRef) {
      const rows = await db
        .select()
        .from(sandboxCards)
        .where(and(eq(sandboxCards.customerId, customerRef), isNull(sandboxCards.detachedAt)));
      return rows.map(toSavedCard);
    },

    async detachCard({ customerRef, methodRef }) {
      await db
        .update(sandboxCards)
        .set({ detachedAt: new Date() })
        .where(and(eq(sandboxCards.id, methodRef), eq(sandboxCards.customerId, customerRef)));
    },

    async charge({ customerRef, methodRef, amountCents, idempotencyKey, description }) {
      if (!Number.isInteger(amountCents) || amountCents < 50) throw new AppError('INVALID_AMOUNT', 'A charge must be at least $0.50', 400);
      const [previous] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)).limit(1);
      if (previous) {
        await disputes.openIfDisputeCard(previous);
        return replay(previous, { customerRef, methodRef, amountCents });
      }

      const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, methodRef)).limit(1);
      let failureCode: DeclineCode | null = null;
      if (!card || card.customerId !== customerRef || card.detachedAt) failureCode = 'card_missing';
      else if (card.kind !== 'cashapp' && isExpired({ month: card.expMonth, year: card.expYear })) failureCode = 'expired_card';
      else failureCode = declineOnCharge(card.behaviour);
      const succeeded = failureCode === null;
      const [inserted] = await db
        .insert(sandboxCharges)
        .values({
          id: newRef('ch_sbx'),
          idempotencyKey,
          customerId: customerRef,
          cardId: methodRef,
          amountCents,
          feeCents: succeeded ? sandboxFeeCents(amountCents) : 0,
          status: succeeded ? 'succeeded' : 'failed',
          failureCode,
          willDispute: succeeded && disputeOnCharge(card!.behaviour),
          description: description ?? '',
        })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning();
      if (inserted) {
        await disputes.openIfDisputeCard(inserted);
        return chargeOutcome(inserted);
      }
      // Another request with the same key won the race: answer with its charge.
      const [winner] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)).limit(1);
      return replay(winner!, { customerRef, methodRef, amountCents });
    },

    listMovements: async (window) => [...(await listSandboxMovements(db, window)), ...(await listSandboxTransferMovements(db, window))],

    async findRefund({ chargeRef, idempotencyKey }) {
      const [row] = await db
        .select()
        .from(sandboxRefunds)
        .where(and(eq(sandboxRefunds.idempotencyKey, idempotencyKey), eq(sandboxRefunds.chargeId, chargeRef)))
        .limit(1);
      return row ? { ref: row.id, amountCents: row.amountCents } : null;
    },

    async refund({ chargeRef, amountCents, idempotencyKey }) {
      const [previous] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey)).limit(1);
      if (previous) return { ref: previous.id, amountCents: previous.amountCents };
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeRef)).limit(1);
      if (!charge || charge.status !== 'succeeded') throw new AppError('CHARGE_NOT_REFUNDABLE', 'This charge cannot be refunded', 409);
      const remaining = charge.amountCents - charge.refundedCents;
      const amount = amountCents ?? remaining;
      if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
        throw new AppError('REFUND_TOO_LARGE', 'The refund is larger than what is left of the charge', 409);
      }
      const id = newRef('re_sbx');
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sandboxRefunds)
          .values({ id, idempotencyKey, chargeId: chargeRef, amountCents: amount })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning();
        if (!row) return undefined;
        // Optimistic check: two refunds of one charge at once cannot both pass.
        const [updated] = await tx
          .update(sandboxCharges)
          .set({ refundedCents: charge.refundedCents + amount })
          .where(and(eq(sandboxCharges.id, chargeRef), eq(sandboxCharges.refundedCents, charge.refundedCents)))
          .returning();
        if (!updated) throw new AppError('REFUND_CONFLICT', 'Another refund of this charge is in progress. Please try again.', 409);
        return row;
      });
      if (done) return { ref: done.id, amountCents: done.amountCents };
      const [winner] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey)).limit(1);
      if (!winner) throw new AppError('REFUND_FAILED', 'The refund could not be made', 500);
      return { ref: winner.id, amountCents: winner.amountCents };
    },
  };

  function replay(row: typeof sandboxCharges.$inferSelect, request: { customerRef: string; methodRef: string; amountCents: number }): Promise<ChargeResult> {
    // Like Stripe: reusing a key with different parameters is a programming error, not a new charge.
    if (row.customerId !== request.customerRef || row.cardId !== request.methodRef || row.amountCents !== request.amountCents) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different charge', 409);
    }
    return chargeOutcome(row);
  }
}

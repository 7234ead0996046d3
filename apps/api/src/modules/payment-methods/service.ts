import type { AddPaymentMethodRequest } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isStripe } from '../../providers/payments/index.ts';
import { monthlyGiftCards } from '../monthly-giving/index.ts';
import { pledgeStatusRepository } from '../pledges/index.ts';
import { usersService } from '../users/index.ts';
import { paymentMethodsRepository as repo, toPaymentMethodResponse } from './repository.ts';

export const PAYMENT_METHOD_MESSAGES = {
  notFound: 'Payment method not found',
  added: 'Card added successfully',
  /** A saved wallet or cash app: named by its label, never called a card (decision 150). */
  methodAdded: (label: string) => `${label} saved to your payment methods`,
  removed: 'Card removed successfully',
  defaultSet: 'Default card updated',
  lastCardInUse: 'This card is used by your pending pledges. Add another card before removing it.',
  sandboxCardForm: 'Cards are entered in the test card form while the sandbox payment provider is active.',
} as const;

export function createPaymentMethodsService(ctx: AppContext) {
  const { db, payments } = ctx;

  /** The user's customer at the provider, created on first use. */
  async function customerFor(userId: string): Promise<string> {
    const existing = await repo.customerRef(db, userId, payments.name);
    if (existing) return existing;
    const user = await usersService.findById(db, userId);
    if (!user) throw AppError.unauthenticated('Authentication failed. Please log in again.');
    const created = await payments.createCustomer({ email: user.email, name: user.name });
    return repo.saveCustomerRef(db, userId, payments.name, created.ref);
  }

  return {
    customerFor,

    async list(userId: string) {
      return (await repo.listActive(db, userId)).map(toPaymentMethodResponse);
    },

    /** Stripe only: a SetupIntent of the user's customer, for Stripe Elements to confirm in the browser. */
    async startSetup(userId: string) {
      if (!isStripe(payments)) throw AppError.conflict('SANDBOX_CARD_FORM', PAYMENT_METHOD_MESSAGES.sandboxCardForm);
      const intent = await payments.createSetupIntent({ customerRef: await customerFor(userId) });
      return { setup_intent_id: intent.ref, client_secret: intent.clientSecret };
    },

    async add(userId: string, input: AddPaymentMethodRequest) {
      const customerRef = await customerFor(userId);
      const card = await payments.attachCard({ customerRef, token: input.token });
      // Saving one SetupIntent twice (a retried request) answers with the card already saved.
      const saved = (await repo.listActive(db, userId)).find((row) => row.provider === payments.name && row.providerMethodRef === card.ref);
      if (saved) return toPaymentMethodResponse(saved);
      const row = await db.transaction(async (tx) => {
        const existing = await repo.lockCards(tx, userId);
        const inserted = await repo.insert(tx, {
          userId,
          provider: payments.name,
          providerCustomerRef: customerRef,
          providerMethodRef: card.ref,
          kind: card.kind,
          detail: card.detail,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          holderName: card.holderName,
        });
        // The first card, or one the user asks for, becomes the default.
        const makeDefault = !existing.length || Boolean(input.make_default);
        if (makeDefault) await repo.makeDefault(tx, userId, inserted.id);
        return { ...inserted, isDefault: makeDefault };
      });
      return toPaymentMethodResponse(row);
    },

    /**
     * One transaction holding the user's cards locked: of two removals racing, the second sees the
     * first's result, so pending pledges always end on a card that stays (or the removal is refused).
     */
    async remove(userId: string, id: string) {
      const row = await db.transaction(async (tx) => {
        // The monthly gifts first (their writers lock a gift before anything else), then the cards.
        const cards = await monthlyGiftCards.refuseRemovalOfCardInUse(tx, userId, id).then(() => repo.lockCards(tx, userId));
        const card = cards.find((candidate) => candidate.id === id);
        if (!card) throw AppError.notFound(PAYMENT_METHOD_MESSAGES.notFound);
        const others = cards.filter((other) => other.id !== id);
        const openPledges = await repo.openPledgeIds(tx, id);
        if (openPledges.length && !others.length) throw AppError.conflict('CARD_IN_USE', PAYMENT_METHOD_MESSAGES.lastCardInUse);
        const successor = others.find((other) => other.isDefault) ?? others[0];
        await repo.markRemoved(tx, id);
        if (successor) {
          // Pending pledges keep a card to be charged on: they move to the (new) default card.
          await pledgeStatusRepository.moveToCard(tx, openPledges, successor.id);
          if (card.isDefault || !successor.isDefault) await repo.makeDefault(tx, userId, successor.id);
        }
        return card;
      });
      // The provider is told after the commit: a failure there leaves a card nobody charges, never a pledge without a card.
      await payments.detachCard({ customerRef: row.providerCustomerRef, methodRef: row.providerMethodRef }).catch((error: unknown) => {
        ctx.log.warn({ err: error, paymentMethodId: id }, 'detaching a removed card at the provider failed');
      });
    },

    /** One transaction with the user's cards locked; a partial unique index keeps one default per user. */
    async setDefault(userId: string, id: string) {
      return db.transaction(async (tx) => {
        const cards = await repo.lockCards(tx, userId);
        const row = cards.find((candidate) => candidate.id === id);
        if (!row) throw AppError.notFound(PAYMENT_METHOD_MESSAGES.notFound);
        await repo.makeDefault(tx, userId, id);
        return toPaymentMethodResponse({ ...row, isDefault: true });
      });
    },
  };
}

/** What other modules read and change of saved cards: one card if still saved, all of a closing account's. */
export const paymentMethodRecords = { findActive: repo.findActive, listActive: repo.listActive, releaseAllOf: repo.releaseAllOf };

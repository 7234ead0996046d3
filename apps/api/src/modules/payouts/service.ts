import { randomUUID } from 'node:crypto';
import { CONNECT_MESSAGES, PAYOUT_MESSAGES, centsToDollars, dollarsToCents, type CharityPayouts, type CreatePayoutRequest } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { auditRepository } from '../audit/index.ts';
import { connectRecords } from '../charity-connect/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { payoutEntries } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { payoutsRepository as repo, type PayoutRow } from './repository.ts';

const toPayout = (row: PayoutRow) => ({
  _id: row.id,
  charity_id: row.charityId,
  amount: centsToDollars(row.amountCents),
  reference: row.reference,
  paid_on: row.paidOn,
  created_at: row.createdAt.toISOString(),
});

/** Money passed on to charities (docs/money.md#rules): payable from the ledger, payouts marked sent by an admin. */
export function createPayoutsService(ctx: AppContext) {
  const { db } = ctx;

  async function summaries(charityId?: string): Promise<CharityPayouts[]> {
    const [charities, balances, history] = await Promise.all([repo.listCharities(db), repo.balances(db, charityId), repo.history(db, charityId)]);
    return charities
      .filter((charity) => (charityId ? charity.id === charityId : balances.has(charity.id)))
      .map((charity) => ({
        charity_id: charity.id,
        name: charity.name,
        payable: centsToDollars(balances.get(charity.id)?.payableCents ?? 0),
        paid: centsToDollars(balances.get(charity.id)?.paidCents ?? 0),
        history: history.filter((row) => row.charityId === charity.id).map(toPayout),
      }));
  }

  return {
    /** Every charity with money in the books. */
    list: () => summaries(),

    /** Records a payout under the charity's row lock, so two at once can never pass more than is payable. */
    async create(auth: AuthInfo, input: CreatePayoutRequest) {
      const amountCents = dollarsToCents(input.amount);
      const payout = await db.transaction(async (tx) => {
        const charity = await repo.lockCharity(tx, input.charity_id);
        if (!charity) throw AppError.notFound(PAYOUT_MESSAGES.charityNotFound);
        const payable = (await repo.balances(tx, charity.id)).get(charity.id)?.payableCents ?? 0;
        if (amountCents > payable) throw AppError.conflict('PAYOUT_TOO_LARGE', `${PAYOUT_MESSAGES.moreThanPayable} ($${centsToDollars(payable).toFixed(2)})`);
        // A charity on Connect is paid by transfers; a recorded payout covers only what they will not carry.
        const outside = await connectRecords.owedOutsideConnectCents(tx, charity.id);
        if (outside !== null && amountCents > outside) {
          throw AppError.conflict('PAYOUT_PAID_BY_TRANSFERS', `${CONNECT_MESSAGES.paidByTransfers} ($${centsToDollars(outside).toFixed(2)})`);
        }
        const id = randomUUID();
        const posted = await ledgerRepository.post(tx, {
          kind: 'payout',
          idempotencyKey: ledgerKeys.payout(id),
          memo: { reference: input.reference, paid_on: input.paid_on },
          entries: payoutEntries({ amountCents, charityId: charity.id }),
        });
        const row = await repo.insert(tx, {
          id,
          charityId: charity.id,
          amountCents,
          reference: input.reference,
          paidOn: input.paid_on,
          ledgerTransactionId: posted.id,
          createdBy: auth.userId,
        });
        await auditRepository.record(tx, {
          actorId: auth.userId,
          action: 'payout.create',
          targetType: 'payout',
          targetId: id,
          after: { charity_id: charity.id, amount_cents: amountCents, reference: input.reference, paid_on: input.paid_on },
        });
        return row;
      });
      const [charity] = await summaries(input.charity_id);
      return { payout: toPayout(payout), charity: charity! };
    },
  };
}

/** What other modules read of payouts: how much of a campaign's, a pledge's or a charity's money reached the charity. */
export const payoutRecords = {
  withCharity: repo.withCharity,
  carriedByPayouts: repo.carriedByPayouts,
  balances: repo.balances,
  history: repo.history,
  campaignPayout: repo.campaignPayout,
  pledgesPassedOn: repo.pledgesPassedOn,
  paidCentsByCharity: repo.paidCentsByCharity,
};

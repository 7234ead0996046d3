import { shareOfCents } from '@pledgeway/domain';
import { ledgerKeys } from '../ledger/index.ts';
import type { LedgerEntryInput } from '../ledger/index.ts';

/**
 * A month's gift charged (docs/money.md#monthly-giving): the card pays gift + tip; the provider's
 * fee is shared by the gift and the tip in proportion (the tip's share rounded half up by the
 * domain's one rounding rule); the charity is owed the gift less its share, the platform keeps the
 * tip less its share. Sums to zero.
 */
export function monthlyGiftEntries(input: { amountCents: number; tipCents: number; feeCents: number; charityId: string }): LedgerEntryInput[] {
  const chargedCents = input.amountCents + input.tipCents;
  const tipFee = shareOfCents(input.feeCents, input.tipCents, chargedCents);
  return [
    { account: 'donor_card', amountCents: -chargedCents },
    { account: 'card_processing_fees', amountCents: input.feeCents },
    { account: 'tips_revenue', amountCents: input.tipCents - tipFee },
    { account: 'charity_payable', amountCents: input.amountCents - (input.feeCents - tipFee), charityId: input.charityId },
  ];
}

/** The provider's key of one attempt: a new card or a retry is a new attempt, never an old key with new facts. */
export const attemptKey = (giftId: string, period: string, attempt: number) => `${ledgerKeys.monthlyGift(giftId, period)}:${attempt}`;

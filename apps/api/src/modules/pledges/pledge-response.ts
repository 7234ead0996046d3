import { cardFeeCents, centsToDollars, settlePledge, type PledgeBreakdown, type PledgeResponse } from '@pledgeway/domain';
import type { PledgeRow } from './pledge-repository.ts';

/**
 * A pledge's breakdown in dollars. Before the charge the card fee is the estimate for the total;
 * once charged it is what the provider reported.
 */
export function pledgeBreakdown(
  row: Pick<PledgeRow, 'amountCents' | 'tipCents' | 'platformFeeCents' | 'coverCents' | 'chargedCents' | 'cardFeeCents'>,
): PledgeBreakdown {
  const charged = row.chargedCents ?? row.amountCents + row.tipCents + row.coverCents;
  const quote = settlePledge({
    amountCents: row.amountCents,
    tipCents: row.tipCents,
    platformFeeCents: row.platformFeeCents,
    coverCents: row.coverCents,
    chargedCents: charged,
    cardFeeCents: row.cardFeeCents ?? cardFeeCents(charged),
  });
  return {
    amount: centsToDollars(quote.amountCents),
    tip: centsToDollars(quote.tipCents),
    platform_fee: centsToDollars(quote.platformFeeCents),
    card_fee: centsToDollars(quote.cardFeeCents),
    cover: centsToDollars(quote.coverCents),
    total: centsToDollars(quote.totalCents),
    net_to_charity: centsToDollars(quote.netToCharityCents),
  };
}

/** A pledge with its breakdown in dollars. */
export function toPledgeResponse(row: PledgeRow): PledgeResponse {
  return {
    _id: row.id,
    event_id: row.eventId,
    status: row.status,
    anonymous: row.anonymous,
    message: row.message,
    participant_id: row.participantId,
    fundraising_page_id: row.fundraisingPageId,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    charged_at: row.chargedAt?.toISOString() ?? null,
    breakdown: pledgeBreakdown(row),
  };
}

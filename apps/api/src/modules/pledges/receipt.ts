import { formatDollars, paymentMethodLabel, type PaymentMethodKind, type PledgeBreakdown, type PledgeResponse } from '@pledgeway/domain';
import type { EmailMessage } from '../../providers/email/index.ts';

/** What a receipt says of the charge to come: when, the breakdown, and where to find the pledge. */
function chargeLines(breakdown: PledgeBreakdown, campaignUrl: string, pledgeId: string): string[] {
  return [
    `It will be charged ${formatDollars(breakdown.total)} only when the event is completed.`,
    '',
    `Pledge: ${formatDollars(breakdown.amount)}`,
    `Platform fee: ${formatDollars(breakdown.platform_fee)}`,
    `Estimated card fee: ${formatDollars(breakdown.card_fee)}`,
    `Tip to the platform: ${formatDollars(breakdown.tip)}`,
    ...(breakdown.cover > 0 ? [`You cover the fees: ${formatDollars(breakdown.cover)}`] : []),
    `Total to be charged: ${formatDollars(breakdown.total)}`,
    `Reaches the charity: ${formatDollars(breakdown.net_to_charity)}`,
    '',
    `Campaign page: ${campaignUrl}`,
    `Pledge reference: ${pledgeId}`,
  ];
}

/** The pledge receipt: what was promised, the breakdown, and that nothing is charged yet. */
export function pledgeReceipt(input: {
  to: string;
  supporterName: string;
  campaignName: string;
  campaignUrl: string;
  /** The saved method; a wallet or cash app (kind other than card) is named by its label. */
  card: { brand: string; last4: string; kind?: PaymentMethodKind; detail?: string | null };
  pledgeId: string;
  breakdown: PledgeBreakdown;
}): EmailMessage {
  const { breakdown } = input;
  const lines = [
    `Hello ${input.supporterName},`,
    '',
    `Thank you for pledging ${formatDollars(breakdown.amount)} to "${input.campaignName}".`,
    !input.card.kind || input.card.kind === 'card'
      ? `Your ${input.card.brand} card ending in ${input.card.last4} is saved for this pledge and has not been charged.`
      : `Your ${paymentMethodLabel({ ...input.card, kind: input.card.kind, detail: input.card.detail ?? null })} is saved for this pledge and has not been charged.`,
    ...chargeLines(breakdown, input.campaignUrl, input.pledgeId),
  ];
  return { to: input.to, subject: `Your pledge to ${input.campaignName}`, text: lines.join('\n'), kind: 'pledge-receipt' };
}

/** The e-mail of a raised pledge: from what to what, the new breakdown, and that nothing is charged yet. */
export function raiseReceipt(input: {
  to: string;
  supporterName: string;
  campaignName: string;
  campaignUrl: string;
  previousAmount: number;
  pledge: PledgeResponse;
}): EmailMessage {
  const { breakdown } = input.pledge;
  const lines = [
    `Hello ${input.supporterName},`,
    '',
    `You raised your pledge to "${input.campaignName}" from ${formatDollars(input.previousAmount)} to ${formatDollars(breakdown.amount)}.`,
    'Your saved card has not been charged.',
    ...chargeLines(breakdown, input.campaignUrl, input.pledge._id),
  ];
  return { to: input.to, subject: `Your pledge to ${input.campaignName} is raised`, text: lines.join('\n'), kind: 'pledge-raised' };
}

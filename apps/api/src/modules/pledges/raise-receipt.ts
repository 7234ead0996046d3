import { formatDollars, type PledgeResponse } from '@pledgeway/domain';
import type { EmailMessage } from '../../providers/email/index.ts';

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
    `Campaign page: ${input.campaignUrl}`,
    `Pledge reference: ${input.pledge._id}`,
  ];
  return { to: input.to, subject: `Your pledge to ${input.campaignName} is raised`, text: lines.join('\n'), kind: 'pledge-raised' };
}

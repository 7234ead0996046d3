import { formatCents } from '@pledgeway/domain';
import type { EmailMessage } from '../../providers/email/index.ts';

/** The e-mails of the campaign life cycle and of charging (DESIGN.md section 4), written to the outbox. */
interface Campaign {
  name: string;
  id: string;
}

const eventUrl = (publicUrl: string, campaign: Campaign) => `${publicUrl}/events/${campaign.id}`;

export const lifecycleEmails = {
  approved(to: string, campaign: Campaign, publicUrl: string): EmailMessage {
    return {
      to,
      kind: 'campaign-approved',
      subject: `Your campaign "${campaign.name}" is live`,
      text: `Good news: "${campaign.name}" was approved and is now live. Supporters can pledge at ${eventUrl(publicUrl, campaign)}.\n\nYour own pledge can no longer be withdrawn.`,
    };
  },

  rejected(to: string, campaign: Campaign, reason: string, publicUrl: string): EmailMessage {
    return {
      to,
      kind: 'campaign-rejected',
      subject: `Your campaign "${campaign.name}" needs changes`,
      text: `"${campaign.name}" was not approved.\n\nReason: ${reason}\n\nYou can edit it and submit it again at ${publicUrl}/user/event/edit/${campaign.id}.`,
    };
  },

  completed(to: string, campaign: Campaign): EmailMessage {
    return {
      to,
      kind: 'campaign-completed',
      subject: `"${campaign.name}" is complete`,
      text: `You marked "${campaign.name}" complete. An admin will now confirm the charge of its pledges; supporters receive a receipt when their card is charged.`,
    };
  },

  refunded(to: string, campaign: Campaign, refund: { refundCents: number; chargedCents: number; keptCents: number; reason: string }): EmailMessage {
    return {
      to,
      kind: 'refund',
      subject: `Refund for "${campaign.name}"`,
      text: [
        `Your pledge of ${formatCents(refund.chargedCents)} to "${campaign.name}" was refunded (${refund.reason}).`,
        `Refunded to your card: ${formatCents(refund.refundCents)}`,
        `Kept (card fee${refund.reason === 'campaign closed' ? ', refund fee and 5%' : ''}): ${formatCents(refund.keptCents)}`,
        'Refunds usually appear on your statement within 5 to 10 days.',
      ].join('\n'),
    };
  },

  chargeReceipt(
    to: string,
    campaign: Campaign,
    parts: { amountCents: number; tipCents: number; coverCents: number; platformFeeCents: number; cardFeeCents: number; totalCents: number; netCents: number },
  ): EmailMessage {
    return {
      to,
      kind: 'charge-receipt',
      subject: `Receipt: your pledge to "${campaign.name}" was charged`,
      text: [
        `Your card was charged ${formatCents(parts.totalCents)} for "${campaign.name}".`,
        '',
        `Pledge: ${formatCents(parts.amountCents)}`,
        `Tip to the platform: ${formatCents(parts.tipCents)}`,
        `Fees you covered: ${formatCents(parts.coverCents)}`,
        `Total charged: ${formatCents(parts.totalCents)}`,
        '',
        `Platform fee: ${formatCents(parts.platformFeeCents)}`,
        `Card processing fee: ${formatCents(parts.cardFeeCents)}`,
        `Reaches the charity: ${formatCents(parts.netCents)}`,
      ].join('\n'),
    };
  },

  chargeFailed(to: string, campaign: Campaign, reason: string, publicUrl: string, reminder: boolean): EmailMessage {
    return {
      to,
      kind: reminder ? 'charge-failed-reminder' : 'charge-failed',
      subject: `${reminder ? 'Reminder: ' : ''}your pledge to "${campaign.name}" could not be charged`,
      text: `We could not charge your card for your pledge to "${campaign.name}": ${reason}\n\nUpdate your card or authenticate at ${publicUrl}/user/pledges within 7 days of the first attempt, and we will try again at once. After that the pledge is dropped.`,
    };
  },

  dropped(to: string, campaign: Campaign): EmailMessage {
    return {
      to,
      kind: 'pledge-dropped',
      subject: `Your pledge to "${campaign.name}" was dropped`,
      text: `Your card could not be charged within 7 days, so your pledge to "${campaign.name}" was dropped. Nothing was charged.`,
    };
  },
};

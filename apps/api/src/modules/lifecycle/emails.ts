import { formatCents } from '@pledgeway/domain';
import type { EmailMessage } from '../../providers/email/index.ts';

/** The e-mails of the campaign life cycle and of charging (docs/product.md#campaign-life-cycle), written to the outbox. */
interface Campaign {
  name: string;
  id: string;
}

export type ReleaseReason = 'close' | 'delete' | 'target';

/** Why a pledge was released, as the supporter's e-mail opens. */
const RELEASE_REASONS: Record<ReleaseReason, (campaign: Campaign) => string> = {
  close: (campaign) => `"${campaign.name}" was closed by its creator`,
  delete: (campaign) => `"${campaign.name}" was withdrawn by its creator before it went live`,
  target: (campaign) => `"${campaign.name}" did not reach its target, and it charges only if the target is reached (All or Nothing)`,
};

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
    publicUrl: string,
    /** The wallet or cash app charged (decision 150); a card's receipt says "Your card". */
    methodLabel?: string,
  ): EmailMessage {
    return {
      to,
      kind: 'charge-receipt',
      subject: `Receipt: your pledge to "${campaign.name}" was charged`,
      text: [
        `${methodLabel ? `Your ${methodLabel}` : 'Your card'} was charged ${formatCents(parts.totalCents)} for "${campaign.name}".`,
        '',
        `Pledge: ${formatCents(parts.amountCents)}`,
        `Tip to the platform: ${formatCents(parts.tipCents)}`,
        `Fees you covered: ${formatCents(parts.coverCents)}`,
        `Total charged: ${formatCents(parts.totalCents)}`,
        '',
        `Platform fee: ${formatCents(parts.platformFeeCents)}`,
        `Card processing fee: ${formatCents(parts.cardFeeCents)}`,
        `Reaches the charity: ${formatCents(parts.netCents)}`,
        '',
        `Your giving statement for the year, with every charge and tips listed apart: ${publicUrl}/user/statements`,
      ].join('\n'),
    };
  },

  /** Links straight to the pledge's Update payment method on My Pledges (`?update={pledge id}` opens it). */
  /**
   * A failed charge's e-mail and its reminders. When the bank asked the supporter to authenticate
   * the charge, the link opens the page where they confirm it with their bank (decision 260); a
   * card can still be changed there.
   */
  chargeFailed(
    to: string,
    campaign: Campaign,
    failure: { reason: string; pledgeId: string; authenticate: boolean },
    publicUrl: string,
    reminder: boolean,
  ): EmailMessage {
    const pledgeId = encodeURIComponent(failure.pledgeId);
    const next = failure.authenticate
      ? `Confirm the payment with your bank at ${publicUrl}/user/pledges/${pledgeId}/authenticate (or choose another card there) within 7 days of the first attempt.`
      : `Choose a card or another payment method for it at ${publicUrl}/user/pledges?update=${pledgeId} within 7 days of the first attempt, and we will try again at once.`;
    return {
      to,
      kind: reminder ? 'charge-failed-reminder' : 'charge-failed',
      subject: `${reminder ? 'Reminder: your' : 'Your'} pledge to "${campaign.name}" could not be charged`,
      text: `We could not charge your saved payment method for your pledge to "${campaign.name}": ${failure.reason}\n\n${next} After that the pledge is dropped.`,
    };
  },

  dropped(to: string, campaign: Campaign): EmailMessage {
    return {
      to,
      kind: 'pledge-dropped',
      subject: `Your pledge to "${campaign.name}" was dropped`,
      text: `Your payment method could not be charged within 7 days, so your pledge to "${campaign.name}" was dropped. Nothing was charged.`,
    };
  },

  /** A supporter's pledge that will never be charged: the campaign was closed, deleted or missed its target. */
  released(to: string, campaign: Campaign, pledge: { amountCents: number; tipCents: number }, reason: ReleaseReason): EmailMessage {
    const tip = pledge.tipCents > 0 ? ` (and your ${formatCents(pledge.tipCents)} tip)` : '';
    return {
      to,
      kind: 'pledge-released',
      subject: `Your pledge to "${campaign.name}" was released`,
      text: [
        `${RELEASE_REASONS[reason](campaign)}, so your pledge of ${formatCents(pledge.amountCents)}${tip} was released.`,
        'Nothing was charged to your payment method, and nothing will be.',
        '',
        'Thank you for your support.',
      ].join('\n'),
    };
  },

  /** The creator's receipt for the funding payment: what was charged, the card fee, and where the rest goes. */
  fundingReceipt(
    to: string,
    campaign: Campaign,
    parts: { chargedCents: number; cardFeeCents: number; platformFeeCents: number; charityName: string | null },
  ): EmailMessage {
    const heldCents = parts.chargedCents - parts.cardFeeCents;
    const charity = parts.charityName ?? 'the charity';
    return {
      to,
      kind: 'funding-receipt',
      subject: `Receipt: your funding of "${campaign.name}" was charged`,
      text: [
        `Your payment method was charged ${formatCents(parts.chargedCents)} to fund "${campaign.name}".`,
        '',
        `Total charged: ${formatCents(parts.chargedCents)}`,
        `Card processing fee: ${formatCents(parts.cardFeeCents)}`,
        `Held for the campaign: ${formatCents(heldCents)}`,
        '',
        `When the campaign's pledges are charged, the 5% platform fee (${formatCents(parts.platformFeeCents)}) is kept and ${formatCents(heldCents - parts.platformFeeCents)} goes to ${charity}.`,
        'If you delete the campaign before it is approved, this is refunded less the card fee; if you close it after approval, less the card fee, the refund fee and 5%.',
      ].join('\n'),
    };
  },
};

import { formatCents } from '@pledgeway/domain';
import type { EmailMessage } from '../../providers/email/index.ts';

/**
 * The e-mails of a dispute: the campaign's creator (of a pledge's) and every admin are told when it
 * opens and ends. A donation's is named "Donation to {charity}" and told to the admins.
 */
interface DisputeNews {
  campaign: { name: string };
  /** A pledge counts in its campaign's totals again once won, and no more once lost. */
  pledge: boolean;
  amountCents: number;
  feeCents: number;
  charityShareCents: number;
}

export const disputeEmails = {
  openedToCreator(to: string, news: DisputeNews): EmailMessage {
    return {
      to,
      kind: 'dispute-opened',
      subject: `A pledge to "${news.campaign.name}" was disputed`,
      text: [
        `A supporter's bank disputed a charge of ${formatCents(news.amountCents)} to "${news.campaign.name}" and took the money back while the dispute is decided.`,
        `${formatCents(news.charityShareCents)} of it is held back from what the charity is owed; the campaign's totals count the pledge out until the dispute ends.`,
        'We answer the bank with the pledge and its receipt; you will hear from us when it is decided.',
      ].join('\n\n'),
    };
  },

  openedToAdmin(to: string, news: DisputeNews, publicUrl: string): EmailMessage {
    return {
      to,
      kind: 'dispute-opened-admin',
      subject: `Dispute opened: ${formatCents(news.amountCents)} on "${news.campaign.name}"`,
      text: [
        `A charge of ${formatCents(news.amountCents)} to "${news.campaign.name}" was disputed; the provider's fee is ${formatCents(news.feeCents)}.`,
        `Held back from the charity's payable: ${formatCents(news.charityShareCents)}; the rest is the platform's.`,
        `Respond to it with the provider, and see it in the admin console: ${publicUrl}/admin/disputes`,
      ].join('\n\n'),
    };
  },

  closed(to: string, news: DisputeNews, outcome: 'won' | 'lost', forAdmin: boolean): EmailMessage {
    const result =
      outcome === 'won'
        ? `The dispute of ${formatCents(news.amountCents)} on "${news.campaign.name}" was decided in our favour: the money is back${news.pledge ? ' and the pledge counts again' : ''}.`
        : `The dispute of ${formatCents(news.amountCents)} on "${news.campaign.name}" was lost: the bank keeps the money${news.pledge ? ' and the pledge no longer counts' : ''}.`;
    return {
      to,
      kind: forAdmin ? `dispute-${outcome}-admin` : `dispute-${outcome}`,
      subject: `Dispute ${outcome}: "${news.campaign.name}"`,
      text: result,
    };
  },
};

import { formatCents, formatUtcInstant } from '@pledgeway/domain';
import type { EmailMessage } from '../../providers/email/index.ts';

/** The sponsor's e-mails of a match (decision 109): offered, charged (receipt), topped up (receipt), not charged, released. */
interface Campaign {
  id: string;
  name: string;
}

export interface MatchTermsText {
  ratio: number;
  capCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  optionName: string | null;
}

/** A match's charge as its receipt states it. */
interface MatchChargeParts {
  amountCents: number;
  platformFeeCents: number;
  cardFeeCents: number;
  totalCents: number;
  netCents: number;
}

export function describeTerms(terms: MatchTermsText): string {
  const scope = terms.optionName ? `pledges to "${terms.optionName}"` : 'supporters’ pledges';
  const from = terms.startsAt ? ` made from ${formatUtcInstant(terms.startsAt)}` : '';
  const until = terms.endsAt ? ` made before ${formatUtcInstant(terms.endsAt)}` : '';
  return `${terms.ratio}:1 on ${scope}${from}${until}, up to ${formatCents(terms.capCents)}`;
}

export const matchingEmails = {
  offered(to: string, campaign: Campaign, terms: MatchTermsText, publicUrl: string): EmailMessage {
    return {
      to,
      kind: 'match-offered',
      subject: `Your match on "${campaign.name}" is offered`,
      text: [
        `You offered to match ${describeTerms(terms)} on "${campaign.name}" (${publicUrl}/events/${campaign.id}).`,
        '',
        'Nothing is charged now. When the campaign is completed and its pledges are charged, your card is charged',
        `${terms.ratio === 1 ? 'the same amount as' : `${terms.ratio} times`} the pledges actually charged that your match covers, at most ${formatCents(terms.capCents)}.`,
        'A pledge that fails or is dropped is not matched; if nothing is matched, nothing is charged.',
        'A pledge declined at the charge and then charged within its 7 days to give another card adds to your match:',
        `your payment method is charged the difference then, and all your match's charges together never pass ${formatCents(terms.capCents)}.`,
        'A charged pledge later disputed by its bank does not lower your match.',
      ].join('\n'),
    };
  },

  charged(to: string, campaign: Campaign, parts: MatchChargeParts): EmailMessage {
    return {
      to,
      kind: 'match-receipt',
      subject: `Receipt: your match on "${campaign.name}" was charged`,
      text: [
        `Your payment method was charged ${formatCents(parts.totalCents)} for your match on "${campaign.name}".`,
        '',
        `Match: ${formatCents(parts.amountCents)}`,
        `Total charged: ${formatCents(parts.totalCents)}`,
        '',
        `Platform fee: ${formatCents(parts.platformFeeCents)}`,
        `Card processing fee: ${formatCents(parts.cardFeeCents)}`,
        `Reaches the charity: ${formatCents(parts.netCents)}`,
      ].join('\n'),
    };
  },

  /** The receipt of a top-up: a matched pledge declined at the charge was charged later, within its 7 days. */
  toppedUp(to: string, campaign: Campaign, parts: MatchChargeParts): EmailMessage {
    return {
      to,
      kind: 'match-top-up-receipt',
      subject: `Receipt: your match on "${campaign.name}" was topped up`,
      text: [
        `A pledge your match covers was declined when "${campaign.name}" was charged, and its supporter's new card was charged within 7 days.`,
        `As your offer said, your match grows with it: your card was charged ${formatCents(parts.totalCents)} more, still within your cap.`,
        '',
        `Top-up: ${formatCents(parts.amountCents)}`,
        `Total charged: ${formatCents(parts.totalCents)}`,
        '',
        `Platform fee: ${formatCents(parts.platformFeeCents)}`,
        `Card processing fee: ${formatCents(parts.cardFeeCents)}`,
        `Reaches the charity: ${formatCents(parts.netCents)}`,
      ].join('\n'),
    };
  },

  notCharged(to: string, campaign: Campaign): EmailMessage {
    return {
      to,
      kind: 'match-not-charged',
      subject: `Your match on "${campaign.name}" had nothing to match`,
      text: `The pledges of "${campaign.name}" were charged, and none of those your match covers was charged, so your match is $0.00. Nothing was charged to your payment method.`,
    };
  },

  released(to: string, campaign: Campaign): EmailMessage {
    return {
      to,
      kind: 'match-released',
      subject: `Your match on "${campaign.name}" was released`,
      text: `"${campaign.name}" will not charge its pledges (it was closed, withdrawn or missed its target), so your match was released. Nothing was charged to your payment method, and nothing will be.`,
    };
  },
};

import { formatCents, formatUtcDay } from '@pledgeway/domain';
import type { EmailMessage } from '../../providers/email/index.ts';

type Person = { email: string; name: string };
type Gift = { id: string; amountCents: number; tipCents: number; nextChargeAt: Date | null };
type Charge = { id: string; period: string; amountCents: number; tipCents: number; dueAt: Date; cardFeeCents?: number | null };

const giftLink = (publicUrl: string, giftId: string) => `${publicUrl}/user/giving?gift=${giftId}`;
/** The on-site confirmation of a month the bank asked the holder to authenticate (decision 170). */
export const confirmLink = (publicUrl: string, giftId: string, chargeId: string) => `${publicUrl}/user/giving/${giftId}/confirm/${chargeId}`;
const total = (charge: { amountCents: number; tipCents: number }) => formatCents(charge.amountCents + charge.tipCents);
const what = (charge: { amountCents: number; tipCents: number }) =>
  charge.tipCents ? `${formatCents(charge.amountCents)} gift and ${formatCents(charge.tipCents)} tip to Pledgeway` : `${formatCents(charge.amountCents)} gift`;
const nextLine = (gift: Gift) => (gift.nextChargeAt ? `The next charge is ${total(gift)} on ${formatUtcDay(gift.nextChargeAt)}.` : '');

/** The e-mails of monthly giving (decision 140): every one states the date and the amount. */
export const monthlyEmails = {
  receipt(person: Person, charity: string, gift: Gift, charge: Charge, publicUrl: string): EmailMessage {
    return {
      to: person.email,
      kind: 'monthly-gift-receipt',
      subject: `Your monthly gift to ${charity}: receipt for ${formatUtcDay(charge.dueAt)}`,
      text: [
        `Hello ${person.name},`,
        '',
        `Thank you for your monthly gift to ${charity}. Your payment method was charged ${total(charge)} (${what(charge)}) for the charge of ${formatUtcDay(charge.dueAt)}.`,
        `The payment provider's fee was ${formatCents(charge.cardFeeCents ?? 0)}.`,
        nextLine(gift),
        '',
        `Manage your monthly gift: ${giftLink(publicUrl, gift.id)}`,
        `Receipt reference: ${charge.id}`,
      ].join('\n'),
    };
  },
  declined(person: Person, charity: string, gift: Gift, charge: Charge, reason: string, retryAt: Date, publicUrl: string): EmailMessage {
    return {
      to: person.email,
      kind: 'monthly-gift-declined',
      subject: `Your monthly gift to ${charity} could not be charged`,
      text: [
        `Hello ${person.name},`,
        '',
        `We could not charge ${total(charge)} for your monthly gift to ${charity} due on ${formatUtcDay(charge.dueAt)}: ${reason}`,
        `We will try again on ${formatUtcDay(retryAt)}. If you change the payment method before then, we charge the new one at once (once for this month).`,
        '',
        `Update payment method: ${giftLink(publicUrl, gift.id)}`,
      ].join('\n'),
    };
  },
  actionRequired(person: Person, charity: string, gift: Gift, charge: Charge, publicUrl: string): EmailMessage {
    return {
      to: person.email,
      kind: 'monthly-gift-action-required',
      subject: `Your bank asks you to confirm your monthly gift to ${charity}`,
      text: [
        `Hello ${person.name},`,
        '',
        `Your bank asked for your confirmation before charging ${total(charge)} for your monthly gift to ${charity} due on ${formatUtcDay(charge.dueAt)}, so nothing was charged.`,
        'We do not retry it on our own. Confirm the payment with your bank on our site:',
        '',
        `Confirm payment: ${confirmLink(publicUrl, gift.id, charge.id)}`,
        '',
        `Or choose another card for this month under My Giving: ${giftLink(publicUrl, gift.id)}`,
      ].join('\n'),
    };
  },
  pausedAfterDeclines(person: Person, charity: string, gift: Gift, charge: Charge, reason: string, publicUrl: string): EmailMessage {
    return {
      to: person.email,
      kind: 'monthly-gift-paused',
      subject: `Your monthly gift to ${charity} is paused`,
      text: [
        `Hello ${person.name},`,
        '',
        `We tried three times to charge ${total(charge)} for your monthly gift to ${charity} due on ${formatUtcDay(charge.dueAt)}; the last answer was: ${reason}`,
        'Your gift is paused and nothing more will be charged until you update your payment method. Updating it charges this month’s gift once and restarts the gift.',
        '',
        `Update payment method: ${giftLink(publicUrl, gift.id)}`,
      ].join('\n'),
    };
  },
  /** The confirmation of a supporter's own change: `summary` states the new dates and amounts. */
  changed(person: Person, charity: string, gift: Gift, summary: string, publicUrl: string): EmailMessage {
    return {
      to: person.email,
      kind: 'monthly-gift-changed',
      subject: `Your monthly gift to ${charity} was changed`,
      text: [`Hello ${person.name},`, '', summary, '', `Manage your monthly gift: ${giftLink(publicUrl, gift.id)}`].join('\n'),
    };
  },
};

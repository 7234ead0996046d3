import { formatCents } from '@pledgeway/domain';

/** What a receipt or statement says of the charity that received the gift (decision 137). */
export interface Recipient {
  name: string;
  legalName: string;
  registrationNumber: string;
  address: string;
}

/** No campaign offers anything in return for a pledge or donation (there are no rewards or perks). */
export const NO_GOODS_OR_SERVICES = 'No goods or services were provided in return for this gift.';
/** Said where the charity's registration number is not on file yet, rather than leaving it out silently. */
export const REGISTRATION_NOT_ON_FILE = 'not on file';

export function recipientName(recipient: Recipient): string {
  return recipient.legalName || recipient.name;
}

/** The lines naming the recipient, as every charge receipt prints them. */
export function recipientLines(recipient: Recipient): string[] {
  return [
    `Recipient: ${recipientName(recipient)}${recipient.legalName && recipient.legalName !== recipient.name ? ` (${recipient.name})` : ''}`,
    `Registration number (EIN or national charity number): ${recipient.registrationNumber || REGISTRATION_NOT_ON_FILE}`,
    `Address: ${recipient.address || REGISTRATION_NOT_ON_FILE}`,
    NO_GOODS_OR_SERVICES,
  ];
}

/** The tip, named apart: the platform's, not a gift to the charity. */
export function tipLine(tipCents: number): string {
  return `Tip to Pledgeway (the platform): ${formatCents(tipCents)}. This is not given to the charity and is not part of your gift.`;
}

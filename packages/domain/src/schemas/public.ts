import { z } from 'zod';
import { isValidCardNumber } from '../cards.ts';
import { EventKind } from './event-response.ts';

import { CAMPAIGN_LIST_DEFAULT_LIMIT, CAMPAIGN_LIST_MAX_LIMIT, CAMPAIGN_PHASES, CAMPAIGN_SORTS } from '../catalog.ts';

export { CAMPAIGN_LIST_DEFAULT_LIMIT, CAMPAIGN_LIST_MAX_LIMIT, CAMPAIGN_SORTS, CAMPAIGN_SORT_LABELS, NEXT_OFFSET_HEADER } from '../catalog.ts';

export const CampaignSort = z.enum(CAMPAIGN_SORTS);
export type CampaignSort = z.infer<typeof CampaignSort>;

export const AllActiveQuery = z.object({
  kind: EventKind.optional(),
  /** One category, matched case-insensitively (the home page's topic cards). */
  category: z.string().trim().min(1).max(60).optional(),
  sort: CampaignSort.default('newest'),
  phase: z.enum(CAMPAIGN_PHASES).optional(),
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_LIST_MAX_LIMIT).default(CAMPAIGN_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AllActiveQuery = z.input<typeof AllActiveQuery>;

export const CharityResponse = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string(),
  link: z.string().nullable(),
  description: z.string(),
  /** Dollars Pledgeway has passed on to this charity so far: the payouts marked sent. */
  passed_on: z.number(),
});
export type CharityResponse = z.infer<typeof CharityResponse>;

/** docs/product.md#3-data: a charity group has a title and a list of charities. */
export const CharityGroupResponse = z.object({
  _id: z.string(),
  title: z.string(),
  charities: z.array(CharityResponse),
});
export type CharityGroupResponse = z.infer<typeof CharityGroupResponse>;
export const CharityGroupsResponse = z.array(CharityGroupResponse);

export const DONATION_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameShort: 'Name must be at least 3 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be greater than 0',
  cardRequired: 'Card number is required',
  cardInvalid: 'Invalid card number',
  expiryRequired: 'Expiry date is required',
  expiryFormat: 'Use MM/YY format',
  expiryPast: 'Card has expired',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'Invalid CVV',
} as const;

/** True when MM/YY names the current month or a later one. */
export function isExpiryCurrent(expiry: string, now: Date = new Date()): boolean {
  const [month, year] = expiry.split('/').map(Number);
  if (!month || year === undefined) return false;
  const fullYear = 2000 + year;
  return fullYear > now.getFullYear() || (fullYear === now.getFullYear() && month >= now.getMonth() + 1);
}

/** The donor's name and e-mail, alike in the dialog and in the request it sends (donations.ts). */
export const donorFields = {
  fullName: z.string().trim().min(1, DONATION_MESSAGES.fullNameRequired).min(3, DONATION_MESSAGES.fullNameShort),
  email: z
    .string()
    .trim()
    .min(1, DONATION_MESSAGES.emailRequired)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, DONATION_MESSAGES.emailInvalid),
};

/** The donation dialog on /charities (docs/product.md#donation-form), checked on submit. */
export const DonationForm = z.object({
  ...donorFields,
  amount: z
    .string()
    .trim()
    .min(1, DONATION_MESSAGES.amountRequired)
    .refine((value) => Number.isFinite(Number(value)) && Number(value) > 0, DONATION_MESSAGES.amountPositive),
  cardNumber: z
    .string()
    .min(1, DONATION_MESSAGES.cardRequired)
    .refine((value) => isValidCardNumber(value), DONATION_MESSAGES.cardInvalid),
  expiry: z
    .string()
    .min(1, DONATION_MESSAGES.expiryRequired)
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, DONATION_MESSAGES.expiryFormat)
    .refine((value) => isExpiryCurrent(value), DONATION_MESSAGES.expiryPast),
  cvv: z
    .string()
    .min(1, DONATION_MESSAGES.cvvRequired)
    .regex(/^\d{3,4}$/, DONATION_MESSAGES.cvvInvalid),
  /** Share my e-mail with the charity (decision 136): off unless ticked. */
  shareEmail: z.boolean().default(false),
});
export type DonationForm = z.input<typeof DonationForm>;

/**
 * The same dialog signed in: the donor picks a saved payment method (card, wallet or cash app,
 * decision 160) instead of typing a card, so the card fields are not asked.
 */
export const SavedMethodDonationForm = DonationForm.omit({ cardNumber: true, expiry: true, cvv: true });

import { z } from 'zod';
import { cardDigits, isValidCardNumber } from '../cards.ts';
import { requiredText } from './common.ts';

// The card-number functions live in cards.ts; re-exported for the forms and the provider that import them from here.
export { cardBrand, cardDigits, formatCardNumber, formatExpiry, luhnValid } from '../cards.ts';

/** docs/product.md#payment: the new-card messages, word for word. */
export const CARD_MESSAGES = {
  holderRequired: 'Card holder name is required',
  numberRequired: 'Card number is required',
  numberInvalid: 'Please enter a valid card number',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Please enter a valid expiry date (MM/YY)',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'Please enter a valid CVV',
} as const;

/** MM/YY → month and four-digit year, or undefined when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card expires at the end of its month. */
export function isExpired(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

/**
 * The sandbox provider's hosted card form (holder, number, MM/YY, CVV). The same schema checks the
 * form in the browser and the provider's endpoint on the server.
 */
export const SandboxCardRequest = z.object({
  holder_name: requiredText(CARD_MESSAGES.holderRequired).pipe(z.string().max(100, CARD_MESSAGES.holderRequired)),
  number: z
    .string({ error: CARD_MESSAGES.numberRequired })
    .refine((value) => cardDigits(value).length > 0, CARD_MESSAGES.numberRequired)
    .refine((value) => cardDigits(value).length === 0 || isValidCardNumber(value), CARD_MESSAGES.numberInvalid),
  expiry: z
    .string({ error: CARD_MESSAGES.expiryRequired })
    .trim()
    .min(1, CARD_MESSAGES.expiryRequired)
    .refine((value) => {
      const parsed = parseExpiry(value);
      return Boolean(parsed) && !isExpired(parsed!);
    }, CARD_MESSAGES.expiryInvalid),
  cvv: z
    .string({ error: CARD_MESSAGES.cvvRequired })
    .trim()
    .min(1, CARD_MESSAGES.cvvRequired)
    .regex(/^\d{3,4}$/, CARD_MESSAGES.cvvInvalid),
});
export type SandboxCardRequest = z.infer<typeof SandboxCardRequest>;

export const SandboxCardResponse = z.object({
  success: z.literal(true),
  /** Single-use token the app exchanges for a saved payment method. */
  token: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
});
export type SandboxCardResponse = z.infer<typeof SandboxCardResponse>;

/** Saves a tokenized card (sandbox token, or a Stripe PaymentMethod id). */
export const AddPaymentMethodRequest = z.object({
  token: z.string({ error: 'A card token is required' }).trim().min(1, 'A card token is required').max(200),
  make_default: z.boolean().optional(),
});
export type AddPaymentMethodRequest = z.infer<typeof AddPaymentMethodRequest>;

export const PaymentMethodResponse = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
  billing_details: z.object({ name: z.string() }),
  is_default: z.boolean(),
});
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponse>;

export const PaymentMethodListResponse = z.object({ success: z.literal(true), data: z.array(PaymentMethodResponse) });
export type PaymentMethodListResponse = z.infer<typeof PaymentMethodListResponse>;

export const PaymentMethodSavedResponse = z.object({ success: z.literal(true), message: z.string(), data: PaymentMethodResponse });
export type PaymentMethodSavedResponse = z.infer<typeof PaymentMethodSavedResponse>;

/** Which card form the web shows: the sandbox's own, or Stripe Elements. */
export const PaymentConfigResponse = z.object({
  success: z.literal(true),
  provider: z.enum(['sandbox', 'stripe']),
  publishable_key: z.string().nullable(),
});
export type PaymentConfigResponse = z.infer<typeof PaymentConfigResponse>;

/**
 * POST /payment-methods/setup-intent (Stripe only): the browser confirms `client_secret` with
 * Stripe Elements, then saves the card by sending `setup_intent_id` as the token.
 */
export const SetupIntentResponse = z.object({
  success: z.literal(true),
  setup_intent_id: z.string(),
  client_secret: z.string(),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

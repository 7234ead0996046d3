import { z } from 'zod';
import { requiredText } from './common.ts';

/** SPEC.md section 5, "Payment": the new-card messages, word for word. */
export const CARD_MESSAGES = {
  holderRequired: 'Card holder name is required',
  numberRequired: 'Card number is required',
  numberInvalid: 'Please enter a valid card number',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Please enter a valid expiry date (MM/YY)',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'Please enter a valid CVV',
} as const;

/** Digits only, as typed cards carry spaces. */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Card number grouped in fours, at most 19 characters (SPEC.md section 4, input formatting). */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, 19);
}

/** Expiry digits with a slash after the first two, at most 5 characters. */
export function formatExpiry(value: string): string {
  const digits = cardDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

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

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
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
    .refine((value) => {
      const digits = cardDigits(value);
      return digits.length === 0 || (/^[\d ]+$/.test(value.trim()) && digits.length >= 13 && digits.length <= 19 && luhnValid(digits));
    }, CARD_MESSAGES.numberInvalid),
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

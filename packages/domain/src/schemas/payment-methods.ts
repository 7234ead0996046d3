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

/**
 * What a saved payment method is (docs/product.md#payment-methods, decision 150). A card given
 * through a wallet stays a card at the provider (Apple Pay, Google Pay, Link's saved cards): it has
 * a brand and last four digits. Cash App Pay and a Link account without a card show an identifier
 * instead. The two sandbox kinds are the sandbox provider's own stand-ins and are never called
 * Apple Pay, Google Pay or Cash App: nothing real was used.
 */
export const PAYMENT_METHOD_KINDS = ['card', 'apple_pay', 'google_pay', 'link', 'cashapp', 'sandbox_wallet', 'sandbox_cashapp'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** Kinds whose method is a card (brand, last four, expiry); the others carry an identifier (`detail`). */
export function kindHasCard(kind: PaymentMethodKind): boolean {
  return kind !== 'cashapp' && kind !== 'sandbox_cashapp';
}

export const PAYMENT_METHOD_KIND_NAMES: Record<PaymentMethodKind, string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
  cashapp: 'Cash App Pay',
  sandbox_wallet: 'Sandbox wallet',
  sandbox_cashapp: 'Sandbox cash app',
};

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A card brand as written on screen ("visa" → "Visa"); an unknown brand as "Card". */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand] ?? 'Card';
}

/**
 * How a saved method is named everywhere (My Payment Methods, pickers, e-mails): "Visa •••• 4242",
 * "Apple Pay · Visa •••• 4242", "Cash App Pay · $cashtag", "Link · jo@example.com".
 */
export function paymentMethodLabel(method: { kind: PaymentMethodKind; brand: string; last4: string; detail: string | null }): string {
  const card = method.last4 ? `${cardBrandName(method.brand)} •••• ${method.last4}` : null;
  if (method.kind === 'card') return card ?? 'Card';
  const name = PAYMENT_METHOD_KIND_NAMES[method.kind];
  const what = kindHasCard(method.kind) ? (card ?? method.detail) : method.detail;
  return what ? `${name} · ${what}` : name;
}

export const PaymentMethodResponse = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  /** The method named for people, from paymentMethodLabel. */
  label: z.string(),
  /** The card behind it; null for a method without a card (Cash App Pay, a Link account). */
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }).nullable(),
  /** The cash app's $cashtag or Link's e-mail; null for a card. */
  detail: z.string().nullable(),
  billing_details: z.object({ name: z.string() }),
  is_default: z.boolean(),
});
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponse>;

/**
 * The sandbox provider's wallet and cash app (decision 151): what its wallet sheet or cash-app
 * approval answers. Each outcome mirrors a Stripe test case: saved; declined when saved;
 * saved, then every charge declined; saved, then every charge needs the holder to approve it.
 */
export const SANDBOX_WALLET_OUTCOMES = ['succeed', 'decline_on_save', 'decline_on_charge', 'action_required'] as const;
export type SandboxWalletOutcome = (typeof SANDBOX_WALLET_OUTCOMES)[number];

export const CASHTAG_MESSAGE = 'Please enter a $cashtag: a $ and then 1 to 20 letters, digits or underscores, starting with a letter';

export const SandboxWalletRequest = z
  .object({
    kind: z.enum(['wallet', 'cashapp'], { error: 'Choose the sandbox wallet or the sandbox cash app' }),
    outcome: z.enum(SANDBOX_WALLET_OUTCOMES, { error: 'Choose what the sandbox should do' }),
    cashtag: z
      .string()
      .trim()
      .regex(/^\$[A-Za-z][A-Za-z0-9_]{0,19}$/, CASHTAG_MESSAGE)
      .optional(),
  })
  .refine((value) => value.kind !== 'cashapp' || value.cashtag, { message: CASHTAG_MESSAGE, path: ['cashtag'] });
export type SandboxWalletRequest = z.infer<typeof SandboxWalletRequest>;

export const SandboxWalletResponse = z.object({
  success: z.literal(true),
  /** Single-use token, saved like a card's with POST /payment-methods. */
  token: z.string(),
  kind: z.enum(['sandbox_wallet', 'sandbox_cashapp']),
  label: z.string(),
});
export type SandboxWalletResponse = z.infer<typeof SandboxWalletResponse>;

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

/**
 * The admin's view of wallet domain registration (decision 152): PUBLIC_URL's domain and, with
 * Stripe, its registration as a payment method domain and each wallet's state there. With the
 * sandbox there is nothing to register (`applies` false) and `registration` is null.
 */
export const PaymentMethodDomainResponse = z.object({
  success: z.literal(true),
  provider: z.enum(['sandbox', 'stripe']),
  domain: z.string(),
  applies: z.boolean(),
  /** Why registration does not apply or cannot work for this domain; null when it can. */
  note: z.string().nullable(),
  registration: z
    .object({
      id: z.string(),
      enabled: z.boolean(),
      wallets: z.array(
        z.object({ method: z.enum(['apple_pay', 'google_pay', 'link']), status: z.enum(['active', 'inactive']), reason: z.string().nullable() }),
      ),
    })
    .nullable(),
});
export type PaymentMethodDomainResponse = z.infer<typeof PaymentMethodDomainResponse>;

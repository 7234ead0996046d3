/**
 * The one card-number module: digits, Luhn check, brand and input formatting. Every card form
 * (saved cards, the wizard's new card, the donation dialog) and the sandbox provider use it, so
 * they agree on what a valid number is.
 *
 * A number is 13 to 19 digits (docs/product.md#payment, docs/product.md#7-api-calls). The formatter groups the digits in fours
 * and keeps up to 19 of them, so every valid number can be typed: the longest formatted number is
 * 23 characters (the "max 19 characters" of docs/product.md#input-formatting holds for the usual 16-digit cards).
 */
export const CARD_NUMBER_DIGITS = { min: 13, max: 19 } as const;

/** The longest formatted number: 19 digits in groups of four with spaces. */
export const CARD_NUMBER_INPUT_MAX_LENGTH = CARD_NUMBER_DIGITS.max + Math.floor((CARD_NUMBER_DIGITS.max - 1) / 4);

/** Digits only, as typed cards carry spaces. */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn (mod 10) checksum every card number carries. */
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

/** Digits and spaces only, 13 to 19 digits, and a valid Luhn checksum. */
export function isValidCardNumber(value: string): boolean {
  if (!/^[\d ]+$/.test(value.trim())) return false;
  const digits = cardDigits(value);
  return digits.length >= CARD_NUMBER_DIGITS.min && digits.length <= CARD_NUMBER_DIGITS.max && luhnValid(digits);
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** What a card field shows while typing: digits only, grouped in fours, at most 19 digits. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .slice(0, CARD_NUMBER_DIGITS.max)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** CVV keeps at most four digits. */
export function formatCvv(value: string): string {
  return cardDigits(value).slice(0, 4);
}

/** Expiry digits with a slash after the first two, at most 5 characters. */
export function formatExpiry(value: string): string {
  const digits = cardDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

import { describe, expect, it } from 'vitest';
import { cardBrand, CARD_NUMBER_INPUT_MAX_LENGTH, cardDigits, formatCardNumber, formatCvv, formatExpiry, isValidCardNumber, luhnValid } from './cards.ts';
import { SandboxCardRequest } from './schemas/payment-methods.ts';
import { DonationForm } from './schemas/public.ts';
import { PaymentStep } from './schemas/event-create.ts';

// Test numbers with valid checksums: 16-digit Visa, 15-digit Amex, 19-digit Visa, 13-digit Visa.
const VISA_16 = '4242424242424242';
const AMEX_15 = '378282246310005';
const VISA_19 = '4000000000000000006';
const VISA_13 = '4222222222222';

describe('card numbers', () => {
  it('accepts 13 to 19 digits with a valid checksum, with or without spaces', () => {
    for (const number of [VISA_16, AMEX_15, VISA_19, VISA_13, '4242 4242 4242 4242', '4000 0000 0000 0000 006']) {
      expect(isValidCardNumber(number), number).toBe(true);
    }
  });

  it('refuses a wrong checksum, too few or too many digits, and anything but digits and spaces', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(isValidCardNumber('4242424242424241')).toBe(false);
    expect(isValidCardNumber('424242424242')).toBe(false);
    expect(isValidCardNumber('40000000000000000006')).toBe(false);
    expect(isValidCardNumber('4242-4242-4242-4242')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
  });

  it('names the brand from the leading digits', () => {
    expect(cardBrand(VISA_19)).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand(AMEX_15)).toBe('amex');
    expect(cardBrand(cardDigits('6011 1111 1111 1117'))).toBe('discover');
    expect(cardBrand('9999999999999')).toBe('card');
  });

  it('formats up to 19 digits in groups of four, so every valid number can be typed', () => {
    expect(formatCardNumber(VISA_16)).toBe('4242 4242 4242 4242');
    expect(formatCardNumber(VISA_19)).toBe('4000 0000 0000 0000 006');
    expect(formatCardNumber(`${VISA_19}123`)).toBe('4000 0000 0000 0000 006');
    expect(formatCardNumber('4242-42a42 4')).toBe('4242 4242 4');
    expect(formatCardNumber(VISA_19)).toHaveLength(CARD_NUMBER_INPUT_MAX_LENGTH);
    expect(isValidCardNumber(formatCardNumber(VISA_19))).toBe(true);
  });
});

describe('card input formatting', () => {
  it('adds the expiry slash after two digits and stops at five characters', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(formatExpiry('ab0 9x2 8')).toBe('09/28');
  });

  it('keeps at most four CVV digits', () => {
    expect(formatCvv('12a345')).toBe('1234');
  });
});

describe('every card form agrees on what a valid number is', () => {
  const wizardCard = (cardNumber: string) =>
    PaymentStep.safeParse({ testMode: false, paymentMethod: 'new', cardHolderName: 'Ann Lee', cardNumber, expiryDate: '12/99', cvv: '123', amount: '100' });
  const donation = (cardNumber: string) =>
    DonationForm.safeParse({ fullName: 'Ann Lee', email: 'ann@example.com', amount: '25', cardNumber, expiry: '12/99', cvv: '123' });
  const savedCard = (number: string) => SandboxCardRequest.safeParse({ holder_name: 'Ann Lee', number, expiry: '12/99', cvv: '123' });

  it.each([
    [formatCardNumber(VISA_19), true],
    [formatCardNumber(AMEX_15), true],
    ['4242 4242 4242 4241', false],
    ['4242 4242 424', false],
  ])('%s → %s in the wizard, the donation dialog and the saved-card form', (number, valid) => {
    expect(savedCard(number).success).toBe(valid);
    expect(donation(number).success).toBe(valid);
    expect(wizardCard(number).success).toBe(valid);
  });
});

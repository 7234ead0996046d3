import { describe, expect, it } from 'vitest';
import { DonationForm, DONATION_MESSAGES, isExpiryCurrent } from './public.ts';

describe('donation form messages (docs/product.md#donation-form)', () => {
  const valid = { fullName: 'Ann Lee', email: 'ann@example.com', amount: '25', cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvv: '123' };
  const firstError = (change: Partial<typeof valid>) => {
    const result = DonationForm.safeParse({ ...valid, ...change });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('accepts a complete form', () => {
    expect(DonationForm.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ fullName: '' }, DONATION_MESSAGES.fullNameRequired],
    [{ fullName: '  ab ' }, DONATION_MESSAGES.fullNameShort],
    [{ email: '' }, DONATION_MESSAGES.emailRequired],
    [{ email: 'ann@' }, DONATION_MESSAGES.emailInvalid],
    [{ amount: '' }, DONATION_MESSAGES.amountRequired],
    [{ amount: '0' }, DONATION_MESSAGES.amountPositive],
    [{ amount: '-5' }, DONATION_MESSAGES.amountPositive],
    [{ cardNumber: '' }, DONATION_MESSAGES.cardRequired],
    [{ cardNumber: '4242 4242 424' }, DONATION_MESSAGES.cardInvalid],
    [{ expiry: '' }, DONATION_MESSAGES.expiryRequired],
    [{ expiry: '13/30' }, DONATION_MESSAGES.expiryFormat],
    [{ expiry: '01/20' }, DONATION_MESSAGES.expiryPast],
    [{ cvv: '' }, DONATION_MESSAGES.cvvRequired],
    [{ cvv: '12' }, DONATION_MESSAGES.cvvInvalid],
  ])('%j → %s', (change, message) => {
    expect(firstError(change)).toBe(message);
  });

  it('treats the current month as not expired and last month as expired', () => {
    const now = new Date(2026, 4, 15);
    expect(isExpiryCurrent('05/26', now)).toBe(true);
    expect(isExpiryCurrent('04/26', now)).toBe(false);
    expect(isExpiryCurrent('01/27', now)).toBe(true);
  });
});

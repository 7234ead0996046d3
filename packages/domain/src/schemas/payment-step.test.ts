import { describe, expect, it } from 'vitest';
import { PaymentStep } from './event-create.ts';
import { EVENT_MESSAGES } from './event-fields.ts';

const base = { cardHolderName: '', cardNumber: '', expiryDate: '', cvv: '', amount: '100.00' };

describe('wizard payment step', () => {
  it('accepts test mode when the saved-card radios left the method null', () => {
    const parsed = PaymentStep.safeParse({ ...base, testMode: true, paymentMethod: null });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.paymentMethod).toBe('');
  });

  it('asks for a method when test mode is off and none is chosen', () => {
    const parsed = PaymentStep.safeParse({ ...base, testMode: false, paymentMethod: null });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([EVENT_MESSAGES.paymentMethodRequired]);
    expect(PaymentStep.safeParse({ ...base, testMode: false, paymentMethod: 'card_sbx_123' }).success).toBe(true);
  });
});

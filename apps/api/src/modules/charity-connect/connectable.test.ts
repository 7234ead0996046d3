import { describe, expect, it } from 'vitest';
import { assertConnectable, CONNECT_NEEDS_REGISTRATION } from './connectable.ts';

describe('a charity on Stripe Connect needs its registration number', () => {
  it('refuses a charity without a registration number or legal name, and allows one with both', () => {
    expect(() => assertConnectable({ legalName: 'Warmth Inc.', registrationNumber: '' })).toThrow(CONNECT_NEEDS_REGISTRATION);
    expect(() => assertConnectable({ legalName: ' ', registrationNumber: '12-3456789' })).toThrow(CONNECT_NEEDS_REGISTRATION);
    expect(() => assertConnectable({ legalName: 'Warmth Inc.', registrationNumber: '12-3456789' })).not.toThrow();
  });
});

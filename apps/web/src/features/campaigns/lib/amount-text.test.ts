import { describe, expect, it } from 'vitest';
import { amountText } from './amount-text';

describe('amountText', () => {
  it('keeps digits and one decimal point with at most two decimals', () => {
    expect(amountText('$1,250.509')).toBe('1250.50');
    expect(amountText('12.3.4')).toBe('12.34');
    expect(amountText('abc')).toBe('');
    expect(amountText('100.')).toBe('100.');
  });
});

import { describe, expect, it } from 'vitest';
import { matchingEmails } from './emails.ts';

describe('the match-offered e-mail', () => {
  it('writes the window as people read it, in UTC', () => {
    const terms = {
      ratio: 2,
      capCents: 50_000,
      startsAt: new Date('2026-11-28T07:28:00.000Z'),
      endsAt: new Date('2026-11-28T20:00:00.000Z'),
      optionName: null,
    };
    const { text } = matchingEmails.offered('sponsor@example.org', { id: 'e1', name: 'Coats' }, terms, 'https://pledgeway.test');
    expect(text).toContain('made from Nov 28, 2026, 7:28 AM UTC made before Nov 28, 2026, 8:00 PM UTC, up to $500.00');
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });
});

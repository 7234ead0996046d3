import type { DeclineCode } from './types.ts';

/** Stripe's error and decline codes onto the interface's DeclineCode; any other refusal of the card is a plain decline. */
export function declineCodeOf(error: { code?: string | null; decline_code?: string | null }): DeclineCode {
  if (error.code === 'authentication_required' || error.decline_code === 'authentication_required') return 'authentication_required';
  if (error.code === 'expired_card' || error.decline_code === 'expired_card') return 'expired_card';
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') return 'insufficient_funds';
  return 'card_declined';
}

import type { DeclineCode } from './types.ts';

/**
 * What a sandbox card does, decided from its test number when it is entered, after Stripe's
 * documented test cards (https://docs.stripe.com/testing). Any other valid number succeeds.
 */
export const CARD_BEHAVIOURS = ['succeed', 'card_declined', 'insufficient_funds', 'authentication_required', 'decline_on_charge', 'dispute'] as const;
export type CardBehaviour = (typeof CARD_BEHAVIOURS)[number];

/**
 * - 0002: declined already when saved, as a SetupIntent is.
 * - 9995 (insufficient funds): saves; funds are checked per charge, so every charge declines.
 * - 3184: saves (the card form's authentication passes), then every off-session charge needs it again.
 * - 0341: saves, then every charge declines with `card_declined`.
 * - 0259: saves and charges successfully, and then the charge is disputed.
 */
export const TEST_CARD_BEHAVIOUR: Readonly<Record<string, CardBehaviour>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'authentication_required',
  '4000000000000341': 'decline_on_charge',
  '4000000000000259': 'dispute',
};

/** The decline a card of this behaviour gets when it is saved, or null when it saves. */
export function declineOnSave(behaviour: CardBehaviour): DeclineCode | null {
  return behaviour === 'card_declined' ? 'card_declined' : null;
}

/** The decline every charge of a card of this behaviour gets, or null when charges succeed. */
export function declineOnCharge(behaviour: CardBehaviour): DeclineCode | null {
  switch (behaviour) {
    case 'succeed':
    case 'dispute':
      return null;
    case 'decline_on_charge':
      return 'card_declined';
    default:
      return behaviour;
  }
}

/**
 * Whether a successful charge of a card of this behaviour is disputed afterwards (Stripe's 0259).
 * The sandbox records it on the charge (`sandbox_charges.will_dispute`); opening the dispute
 * itself belongs to the dispute flow.
 */
export function disputeOnCharge(behaviour: CardBehaviour): boolean {
  return behaviour === 'dispute';
}

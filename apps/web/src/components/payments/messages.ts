/** Shown when the card form of the payment provider cannot be loaded (Stripe.js unreachable, config failed). */
export const CARD_FORM_UNAVAILABLE = 'The card form could not be loaded. Please try again later.';

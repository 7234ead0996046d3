import { CharityDonationActionResponse, CharityDonationResponse, StripeDonationReturnResponse } from '@pledgeway/domain/schemas/donations';
import { SandboxCardResponse } from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';

export interface DonationInput {
  charityId: string;
  fullName: string;
  email: string;
  amount: number;
  /** Share the e-mail with the charity (decision 136). */
  shareEmail?: boolean;
  card: { number: string; expiry: string; cvv: string };
  /** A token from an earlier attempt whose answer was lost: the server answers that donation again. */
  token?: string;
}

/** The card goes only to the card form's endpoint, which answers with a single-use token. */
export function tokenizeCard(holderName: string, card: DonationInput['card']): Promise<SandboxCardResponse> {
  return api.post(SandboxCardResponse, '/sandbox/cards', { holder_name: holderName, number: card.number, expiry: card.expiry, cvv: card.cvv });
}

/** POST /charities/{id}/donations with the token: charged at once, or the decline message. */
export function postDonation(input: Omit<DonationInput, 'card'> & { token: string }): Promise<CharityDonationResponse> {
  return api.post(CharityDonationResponse, `/charities/${input.charityId}/donations`, {
    fullName: input.fullName,
    email: input.email,
    amount: input.amount,
    token: input.token,
    share_email_with_charity: input.shareEmail ?? false,
  });
}

/**
 * POST /charities/{id}/donations signed in, charged on a saved payment method (decision 160).
 * `requestKey` is sent as Idempotency-Key: a retry of one attempt answers the first donation.
 */
export function postSavedMethodDonation(
  input: Omit<DonationInput, 'card' | 'token'> & { paymentMethodId: string },
  requestKey: string,
): Promise<CharityDonationResponse> {
  const body = {
    fullName: input.fullName,
    email: input.email,
    amount: input.amount,
    payment_method_id: input.paymentMethodId,
    share_email_with_charity: input.shareEmail ?? false,
  };
  return api.post(CharityDonationResponse, `/charities/${input.charityId}/donations`, body, { headers: { 'idempotency-key': requestKey } });
}

/**
 * POST /charities/{id}/donations with Stripe, a visitor's PaymentMethod made by the Payment Element
 * (decision 245), under `requestKey` as Idempotency-Key. Answers the charged donation (201), or that
 * the bank asks the donor to authenticate first (202, `data.action`): nothing is charged until then,
 * and the same request sent again once they did answers the donation.
 */
export function postStripeDonation(
  input: Omit<DonationInput, 'card' | 'token'> & { stripePaymentMethod: string },
  requestKey: string,
): Promise<CharityDonationResponse | CharityDonationActionResponse> {
  const body = {
    fullName: input.fullName,
    email: input.email,
    amount: input.amount,
    stripe_payment_method: input.stripePaymentMethod,
    share_email_with_charity: input.shareEmail ?? false,
  };
  return api.post(CharityDonationResponse.or(CharityDonationActionResponse), `/charities/${input.charityId}/donations`, body, {
    headers: { 'idempotency-key': requestKey },
  });
}

/**
 * POST /charities/donations/stripe-return: the donor back on /charities from a payment method that
 * left the page (decision 255). The API reads the PaymentIntent from Stripe, books it once if it
 * succeeded, and answers where the donation stands: booked, processing, waiting or failed.
 */
export function readStripeReturn(paymentIntent: string, clientSecret: string): Promise<StripeDonationReturnResponse> {
  return api.post(StripeDonationReturnResponse, '/charities/donations/stripe-return', { payment_intent: paymentIntent, client_secret: clientSecret });
}

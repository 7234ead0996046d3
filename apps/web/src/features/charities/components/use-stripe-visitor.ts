import { useCallback, useRef, useState } from 'react';
import { CARD_FORM_UNAVAILABLE } from '@/components/payments/messages';
import { outcomeUnknown } from '@/lib/api-client';
import { usePaymentConfig } from '@/lib/payment-methods';
import { postStripeDonation, type DonationInput } from '../api/donate';
import type { StripeVisitorPay } from './stripe-visitor-payment';

/** Said when the bank's check passed in the page but the server still finds the payment waiting: nothing is thanked for. */
export const NOT_CONFIRMED = 'Your bank has not confirmed this payment yet, so nothing was charged. Please try again.';

type Donor = Omit<DonationInput, 'card' | 'token'>;

/**
 * A visitor's donation with Stripe (decision 245): whether Stripe is the provider (asked only while
 * `enabled`), the Payment Element's Stripe.js calls once it is ready, and the donation itself: a
 * PaymentMethod made in the browser, sent under the attempt's Idempotency-Key; when the bank asks,
 * its check in the page and the same request again. Answers the thank-you only once charged.
 */
export function useStripeVisitor(enabled: boolean) {
  const config = usePaymentConfig(enabled);
  const key = config.data?.provider === 'stripe' ? config.data.publishable_key : null;
  const mode = enabled && config.data?.provider === 'stripe';
  const pay = useRef<StripeVisitorPay | null>(null);
  const onReady = useCallback((calls: StripeVisitorPay | null) => {
    pay.current = calls;
  }, []);
  // The PaymentMethod of an attempt whose answer was lost: sent again with its key, it answers that donation.
  const [pendingMethod, setPendingMethod] = useState<string | undefined>();

  async function donate(donor: Donor, requestKey: string): Promise<string> {
    const calls = pay.current;
    if (!calls) throw new Error(CARD_FORM_UNAVAILABLE);
    let method = pendingMethod;
    try {
      method ??= await calls.createPaymentMethod({ name: donor.fullName, email: donor.email });
      const request = { ...donor, stripePaymentMethod: method };
      let sent = await postStripeDonation(request, requestKey);
      if ('action' in sent.data) {
        // The bank asks the donor to authenticate: nothing is charged until they did, then the same request is sent again.
        await calls.handleNextAction(sent.data.action.client_secret);
        sent = await postStripeDonation(request, requestKey);
        if ('action' in sent.data) throw new Error(NOT_CONFIRMED);
      }
      setPendingMethod(undefined);
      return sent.message;
    } catch (error) {
      setPendingMethod(outcomeUnknown(error) ? method : undefined);
      throw error;
    }
  }

  return { mode, key, config, onReady, donate, forget: () => setPendingMethod(undefined) };
}

export type StripeVisitor = ReturnType<typeof useStripeVisitor>;

import type { PaymentMethodKind } from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { providerError, type Stripe } from '../stripe/client.ts';
import { declineMessage, type ChargeResult, type DeclineCode, type SavedCard } from './types.ts';

/** Stripe's objects as the app keeps them: saved methods of every kind (decision 150) and payment method domains (decision 152). */

export const INVALID_TOKEN_MESSAGE = 'This card could not be saved. Please enter it again.';

/**
 * Stripe's registration of a domain for wallets (a PaymentMethodDomain): Apple Pay and Google Pay
 * show in the Payment Element only on a registered, active domain (decision 152).
 */
export interface PaymentMethodDomainState {
  ref: string;
  domain: string;
  enabled: boolean;
  /** Each wallet's state at Stripe, with Stripe's reason when inactive. */
  wallets: { method: 'apple_pay' | 'google_pay' | 'link'; status: 'active' | 'inactive'; reason: string | null }[];
}

/**
 * What a supporter may save for later off-session charges (decision 150): cards (Apple Pay and
 * Google Pay give cards: Stripe lists them under `card`, shown by the Payment Element where the
 * browser, the device and the domain's registration allow), Link, and Cash App Pay. Whether each
 * shows is the Payment Element's decision, not the app's.
 */
export const SAVED_METHOD_TYPES = ['card', 'cashapp', 'link'] as const;

export const refOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A card's wallet (Apple Pay, Google Pay, Link) as the method's kind; a card typed in is a card. */
const WALLET_KINDS: Partial<Record<string, PaymentMethodKind>> = { apple_pay: 'apple_pay', google_pay: 'google_pay', link: 'link' };

/** A PaymentMethod as the app keeps it, or null for a type the app does not save. */
export function savedMethodOf(method: Stripe.PaymentMethod): SavedCard | null {
  const holderName = method.billing_details?.name ?? '';
  if (method.type === 'card' && method.card) {
    const { brand, last4, exp_month, exp_year, wallet } = method.card;
    const kind = (wallet && WALLET_KINDS[wallet.type]) || 'card';
    return { ref: method.id, kind, detail: null, brand, last4, expMonth: exp_month, expYear: exp_year, holderName };
  }
  const noCard = { ref: method.id, brand: '', last4: '', expMonth: 0, expYear: 0, holderName };
  if (method.type === 'cashapp') return { ...noCard, kind: 'cashapp', detail: method.cashapp?.cashtag ?? null };
  if (method.type === 'link') return { ...noCard, kind: 'link', detail: method.link?.email ?? null };
  return null;
}

export function toSavedCard(method: Stripe.PaymentMethod): SavedCard {
  const saved = savedMethodOf(method);
  if (!saved) throw new AppError('INVALID_CARD_TOKEN', INVALID_TOKEN_MESSAGE, 422);
  return saved;
}

export function toDomainState(domain: Stripe.PaymentMethodDomain): PaymentMethodDomainState {
  const wallet = (method: 'apple_pay' | 'google_pay' | 'link') => ({
    method,
    // Anything but active (a state newer than this code) keeps the wallet off.
    status: domain[method].status === 'active' ? ('active' as const) : ('inactive' as const),
    reason: domain[method].status_details?.error_message ?? null,
  });
  return { ref: domain.id, domain: domain.domain_name, enabled: domain.enabled, wallets: [wallet('apple_pay'), wallet('google_pay'), wallet('link')] };
}

/** A decline named for the kind of method declined (a cash app's names the cash app). */
export const declined = (ref: string, code: DeclineCode, methodType?: string | null): ChargeResult => ({
  ok: false,
  ref,
  code,
  message: declineMessage(methodType === 'cashapp' ? 'cashapp' : 'card', code),
});

/** Reading and registering a payment method domain (decision 152), as the provider's methods. */
export function paymentMethodDomainCalls(stripe: Stripe) {
  return {
    async paymentMethodDomain(domain: string): Promise<PaymentMethodDomainState | null> {
      try {
        const found = await stripe.paymentMethodDomains.list({ domain_name: domain, limit: 1 });
        return found.data[0] ? toDomainState(found.data[0]) : null;
      } catch (error) {
        throw providerError(error);
      }
    },

    async registerPaymentMethodDomain(domain: string): Promise<PaymentMethodDomainState> {
      try {
        const found = await stripe.paymentMethodDomains.list({ domain_name: domain, limit: 1 });
        // Registered already: Stripe checks it again (after the site's files or DNS were fixed).
        const registered = found.data[0]
          ? await stripe.paymentMethodDomains.validate(found.data[0].id)
          : await stripe.paymentMethodDomains.create({ domain_name: domain, enabled: true });
        return toDomainState(registered);
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}

import type { MovementKind, PaymentMethodKind } from '@pledgeway/domain';

/**
 * The payment provider interface (docs/architecture.md#providers, docs/money.md#rules, CONTRIBUTING.md "API modules"). The app talks to
 * a provider only through this; the sandbox and Stripe implement it. Amounts are integer cents.
 */
export interface SavedCard {
  /** Provider's reference of the saved card (sandbox `card_sbx_…`, Stripe `pm_…`). */
  ref: string;
  /** A card, a card given through a wallet, or a method without a card (decision 150): brand and last4 empty, expiry 0. */
  kind: PaymentMethodKind;
  /** The $cashtag of a cash app, the e-mail of a Link account; null for a card. */
  detail: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'authentication_required' | 'expired_card' | 'card_missing';

export type ChargeResult = { ok: true; ref: string; amountCents: number; feeCents: number } | { ok: false; ref: string; code: DeclineCode; message: string };

export interface ChargeInput {
  customerRef: string;
  methodRef: string;
  amountCents: number;
  /** Same key → same charge, never charged twice; also kept on the charge, so `findCharge` finds it. */
  idempotencyKey: string;
  description?: string;
}

export interface RefundResult {
  ref: string;
  amountCents: number;
}

export interface RefundInput {
  chargeRef: string;
  /** Defaults to what is left of the charge. */
  amountCents?: number;
  idempotencyKey: string;
}

/**
 * One movement of money the provider made: a succeeded charge, a refund, a dispute's withdrawal
 * or a won dispute's reinstatement (an inquiry moves nothing). Two-way reconciliation
 * (modules/ledger/reconcile.ts) matches each to exactly one posting by kind and reference.
 */
export interface ProviderMovement {
  kind: MovementKind;
  /** The reference the app keeps for it: the charge result's `ref`, the refund's `ref`, the dispute's id. */
  ref: string;
  /** What the donor's card got back (a dispute's fee is the provider's, compared by the dispute check). */
  amountCents: number;
  /** For a refund or a dispute: the charge it returns money from. */
  chargeRef?: string;
  createdAt: Date;
}

/** Creation time bounds of a listing, both inclusive; unset lists everything. */
export interface MovementWindow {
  from?: Date;
  to?: Date;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCustomer(input: { email: string; name: string }): Promise<{ ref: string }>;
  /**
   * Saves a card tokenized in the browser: the sandbox's single-use token, or with Stripe the id of
   * this customer's SetupIntent (`seti_…`) confirmed by Elements (refused with Stripe's message when
   * setup failed), or a PaymentMethod (`pm_…`) already attached to this customer.
   */
  attachCard(input: { customerRef: string; token: string }): Promise<SavedCard>;
  listCards(customerRef: string): Promise<SavedCard[]>;
  detachCard(input: { customerRef: string; methodRef: string }): Promise<void>;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * How long the provider remembers an idempotency key (Stripe: 24 hours). Past it the same key is
   * a new request, so an attempt whose outcome is unknown must be looked up with `findCharge`
   * before it is sent again (decision 091).
   */
  readonly idempotencyKeyLifetimeMs: number;
  /**
   * The requests a second the provider documents for this account's mode: the charge run's default
   * pace per instance (`CHARGE_RATE_PER_SECOND` overrides it). Stripe: 100 live, 25 in test mode.
   */
  readonly requestsPerSecond: number;
  /**
   * The charge an attempt made, from the provider's own records rather than its idempotency cache:
   * the outcome of an attempt whose answer was lost. Null when the provider made no charge with
   * that attempt key.
   */
  findCharge(attemptKey: string): Promise<ChargeResult | null>;
  /**
   * A charge as the provider holds it now, by its reference: how the on-site confirmation of a
   * charge the bank asked the holder to authenticate learns whether the holder did (decision 170).
   */
  retrieveCharge(ref: string): Promise<ChargeResult>;
  /**
   * Closes a charge that waits for the holder's authentication, so a confirmation still open in a
   * browser can no longer take money, before a new attempt of the same month is sent. Answers the
   * charge as it then is: succeeded when the holder confirmed it first (then that charge is booked
   * and nothing new is sent).
   */
  closeWaitingCharge(ref: string): Promise<ChargeResult>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * The refund made with this idempotency key, from the provider's own records: the outcome of a
   * refund whose answer was lost, asked before it is sent again past the key's lifetime (decision
   * 091). Null when the provider made no refund of that charge with that key.
   */
  findRefund(input: { chargeRef: string; idempotencyKey: string }): Promise<RefundResult | null>;
  /**
   * A single-use token of the provider's always-succeeding test card (Visa 4242…, valid expiry),
   * for test-mode funding of this customer: attach it with `attachCard`, then charge it like any
   * card. Absent when the provider has no test card (Stripe with a live key: test mode is then
   * refused).
   */
  testCardToken?(customerRef: string): Promise<string>;
  /**
   * Every charge that succeeded, every refund, dispute, transfer to a connected account and
   * reversal of one, from the provider's own records (the sandbox's tables, Stripe's API).
   */
  listMovements(window?: MovementWindow): Promise<ProviderMovement[]>;
  /** Charities' connected accounts and the transfers to them (decision 130). */
  readonly connect: ConnectProvider;
}

/** A charity's connected account as the provider reports it. */
export interface ConnectedAccount {
  ref: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** What the provider still asks for (Stripe: `requirements.currently_due` and `past_due`). */
  requirementsDue: string[];
}

/** A transfer or a reversal the provider made. */
export interface TransferResult {
  ref: string;
  amountCents: number;
}

/**
 * Connected accounts (Stripe Connect Express; the sandbox's simulated onboarding) and separate
 * transfers to them, each tied to the charge it carries (`source_transaction`). Every money call
 * takes an idempotency key that it also keeps on the object (`metadata['attempt_key']`), so an
 * outcome lost past the key's lifetime is found again (decision 091).
 */
export interface ConnectProvider {
  createAccount(input: { charityId: string; name: string; email: string | null; idempotencyKey: string }): Promise<ConnectedAccount>;
  /** The hosted onboarding page for this account (Stripe's Account Link, the sandbox's own form). */
  accountLink(input: { accountRef: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountRef: string): Promise<ConnectedAccount>;
  transfer(input: { accountRef: string; amountCents: number; chargeRef: string; transferGroup: string; idempotencyKey: string }): Promise<TransferResult>;
  findTransfer(input: { accountRef: string; transferGroup: string; idempotencyKey: string }): Promise<TransferResult | null>;
  reverseTransfer(input: { transferRef: string; amountCents: number; idempotencyKey: string }): Promise<TransferResult>;
  findReversal(input: { transferRef: string; idempotencyKey: string }): Promise<TransferResult | null>;
}

/**
 * The decline text for a method of this kind: a cash app's decline names the cash app, not a card
 * (the failed-charge e-mail quotes it). Cards, and wallets (which pay with a card), keep the card texts.
 */
export function declineMessage(kind: PaymentMethodKind, code: DeclineCode): string {
  if (kind !== 'cashapp' && kind !== 'sandbox_cashapp') return DECLINE_MESSAGES[code];
  const app = kind === 'cashapp' ? 'Cash App' : 'The sandbox cash app';
  switch (code) {
    case 'authentication_required':
      return `${app} asks you to approve this payment, so nothing was charged. Please choose another payment method.`;
    case 'insufficient_funds':
      return `${app} declined the payment: not enough balance.`;
    case 'card_missing':
      return 'The saved cash app is no longer available. Please choose another payment method.';
    default:
      return `${app} declined the payment.`;
  }
}

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_required: 'Your card needs authentication: confirm the payment with your bank, or choose another payment method.',
  expired_card: 'Your card has expired.',
  card_missing: 'The saved card is no longer available. Please choose another payment method.',
};

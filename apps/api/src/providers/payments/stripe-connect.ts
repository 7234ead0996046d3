import { AppError } from '../../errors.ts';
import { providerError, Stripe } from '../stripe/client.ts';
import type { ConnectedAccount, ConnectProvider, ProviderMovement } from './types.ts';

const CURRENCY = 'usd';
const ATTEMPT_KEY_METADATA = 'attempt_key';

function toAccount(account: Stripe.Account): ConnectedAccount {
  const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])];
  return {
    ref: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...new Set(due)],
  };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different request', 409);
    }
    throw providerError(error);
  }
}

/**
 * Stripe Connect (decision 130): Express accounts onboarded through Account Links, and separate
 * transfers (`POST /v1/transfers`) each tied to its charge with `source_transaction`, grouped per
 * campaign with `transfer_group`. The app names a charge by its PaymentIntent, so a transfer reads
 * the intent's `latest_charge` first. Every transfer and reversal keeps its idempotency key in
 * `metadata['attempt_key']`, so one whose answer was lost is found by listing.
 */
export function createStripeConnect(stripe: Stripe): ConnectProvider {
  async function chargeIdOf(ref: string): Promise<string> {
    if (ref.startsWith('ch_')) return ref;
    const intent = await stripe.paymentIntents.retrieve(ref);
    const charge = idOf(intent.latest_charge);
    if (!charge) throw new AppError('NO_SOURCE_CHARGE', `The payment ${ref} has no charge to transfer from`, 409);
    return charge;
  }

  return {
    createAccount: ({ charityId, name, email, idempotencyKey }) =>
      guarded(async () =>
        toAccount(
          await stripe.accounts.create(
            {
              type: 'express',
              country: 'US',
              ...(email ? { email } : {}),
              business_type: 'non_profit',
              business_profile: { name },
              capabilities: { transfers: { requested: true } },
              metadata: { charity_id: charityId },
            },
            { idempotencyKey },
          ),
        ),
      ),

    accountLink: ({ accountRef, refreshUrl, returnUrl }) =>
      guarded(async () => {
        const link = await stripe.accountLinks.create({ account: accountRef, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' });
        return { url: link.url };
      }),

    retrieveAccount: (accountRef) => guarded(async () => toAccount(await stripe.accounts.retrieve(accountRef))),

    transfer: ({ accountRef, amountCents, chargeRef, transferGroup, idempotencyKey }) =>
      guarded(async () => {
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            destination: accountRef,
            source_transaction: await chargeIdOf(chargeRef),
            transfer_group: transferGroup,
            metadata: { [ATTEMPT_KEY_METADATA]: idempotencyKey },
          },
          { idempotencyKey },
        );
        return { ref: transfer.id, amountCents: transfer.amount };
      }),

    findTransfer: ({ accountRef, transferGroup, idempotencyKey }) =>
      guarded(async () => {
        for await (const transfer of stripe.transfers.list({ destination: accountRef, transfer_group: transferGroup, limit: 100 })) {
          if (transfer.metadata?.[ATTEMPT_KEY_METADATA] === idempotencyKey) return { ref: transfer.id, amountCents: transfer.amount };
        }
        return null;
      }),

    reverseTransfer: ({ transferRef, amountCents, idempotencyKey }) =>
      guarded(async () => {
        const reversal = await stripe.transfers.createReversal(
          transferRef,
          { amount: amountCents, metadata: { [ATTEMPT_KEY_METADATA]: idempotencyKey } },
          { idempotencyKey },
        );
        return { ref: reversal.id, amountCents: reversal.amount };
      }),

    findReversal: ({ transferRef, idempotencyKey }) =>
      guarded(async () => {
        for await (const reversal of stripe.transfers.listReversals(transferRef, { limit: 100 })) {
          if (reversal.metadata?.[ATTEMPT_KEY_METADATA] === idempotencyKey) return { ref: reversal.id, amountCents: reversal.amount };
        }
        return null;
      }),
  };
}

/** Stripe's transfers (`GET /v1/transfers`) and each one's reversals (`GET /v1/transfers/{id}/reversals`), page by page. */
export async function listStripeTransferMovements(stripe: Stripe, created: Stripe.RangeQueryParam | undefined): Promise<ProviderMovement[]> {
  const movements: ProviderMovement[] = [];
  for await (const transfer of stripe.transfers.list({ limit: 100, ...(created ? { created } : {}) })) {
    movements.push({
      kind: 'transfer',
      ref: transfer.id,
      amountCents: transfer.amount,
      chargeRef: idOf(transfer.source_transaction) ?? undefined,
      createdAt: new Date(transfer.created * 1000),
    });
    if (transfer.amount_reversed === 0) continue;
    for await (const reversal of stripe.transfers.listReversals(transfer.id, { limit: 100 })) {
      movements.push({ kind: 'transfer_reversal', ref: reversal.id, amountCents: reversal.amount, createdAt: new Date(reversal.created * 1000) });
    }
  }
  return movements;
}

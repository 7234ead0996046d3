import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { dollarsToCents } from '@pledgeway/domain/money';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { ApiError } from '@/lib/api-client';
import { useCreatePledge } from '../../api/create-pledge';
import { readPage } from '../../lib/page-link';
import { readVia } from '../../lib/promotion-via';
import { EMPTY_PLEDGE_FORM, quoteFor, toPledgeRequest, type PledgeFormValues } from './pledge-form';

/** Request fields whose server message belongs to a form field. */
const FIELD_OF: Record<string, keyof PledgeFormValues> = {
  amount: 'amount',
  payment_method_id: 'paymentMethodId',
  message: 'message',
  participant_id: 'participantId',
};

/** Donor Total: every pledge is the creator's one fixed amount, so the amount is set, not typed. */
export function fixedAmountOf(event: EventDetailResponse): number | null {
  return event.kind === 'runoff' && event.runoff_win_by === 'donor_total' ? (event.runoff_fixed_amount ?? null) : null;
}

/**
 * The pledge dialog's form: the values typed so far with their breakdown, and one confirmation
 * sent with one Idempotency-Key (and the promotion link or fundraising page the page was opened through, if any).
 */
export function usePledgeForm(event: EventDetailResponse, isCreator: boolean, participantId?: string) {
  const create = useCreatePledge(event._id);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per confirmation: a retry after a lost answer is the same pledge, never a second one.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const donationLimitCents = event.donation_limit === null ? null : dollarsToCents(event.donation_limit);
  const rules = { donationLimitCents, isRunoff: event.kind === 'runoff' };
  const resolver: Resolver<PledgeFormValues> = async (values) => {
    const result = toPledgeRequest(values, rules);
    if (result.request) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [field, { type: 'validate', message }])) };
  };
  const fixedAmount = fixedAmountOf(event);
  const form = useForm<PledgeFormValues>({
    defaultValues: { ...EMPTY_PLEDGE_FORM, participantId: participantId ?? '', amount: fixedAmount === null ? '' : fixedAmount.toFixed(2) },
    resolver,
  });
  const values = { ...EMPTY_PLEDGE_FORM, ...useWatch({ control: form.control }) };

  const submit = form.handleSubmit(async (formValues) => {
    setFailure(null);
    const { request } = toPledgeRequest(formValues, rules);
    if (!request) return;
    try {
      const answer = await create.mutateAsync({ body: { ...request, via: readVia(event._id), page: readPage(event._id) }, requestKey });
      setDone(answer.message);
    } catch (error) {
      if (error instanceof ApiError) {
        // The server answered, so nothing was saved: the next confirmation is a new request.
        if (error.status !== 0) setRequestKey(crypto.randomUUID());
        for (const [field, message] of Object.entries(error.fields)) {
          const target = FIELD_OF[field];
          if (target) form.setError(target, { message });
        }
      }
      setFailure(error instanceof Error ? error.message : 'Your pledge could not be saved. Please try again.');
    }
  });

  return { form, values, quote: quoteFor(values, isCreator), fixedAmount, donationLimitCents, submit, failure, done };
}

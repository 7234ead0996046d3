import { useState } from 'react';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import { dollarsToCents } from '@pledgeway/domain/money';
import type { PledgeRaiseOffer } from '@pledgeway/domain/schemas/my-pledges';
import { ApiError } from '@/lib/api-client';
import { useRaisePledge } from '@/lib/raise-pledge';
import { quoteForRaise, raiseDefaults, toRaiseRequest, type RaiseFormValues } from './raise-form';

export interface RaisablePledge {
  _id: string;
  amount: number;
  raise: PledgeRaiseOffer;
}

/** The raise dialog's form: the new figures with their breakdown, sent once with one Idempotency-Key. */
export function useRaiseForm(pledge: RaisablePledge, eventId: string) {
  const raise = useRaisePledge(eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; amount: number } | null>(null);
  // One key per confirmation: a retry after a lost answer is the same raise, never a second one.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const rules = { currentCents: dollarsToCents(pledge.amount), maxCents: dollarsToCents(pledge.raise.max_amount) };
  const resolver: Resolver<RaiseFormValues> = async (values): Promise<ResolverResult<RaiseFormValues>> => {
    const result = toRaiseRequest(values, rules);
    if (result.request) return { values, errors: {} };
    return { values: {}, errors: { amount: { type: 'validate', message: result.error } } };
  };
  const form = useForm<RaiseFormValues>({ defaultValues: raiseDefaults(pledge.raise), resolver });
  const values = { ...raiseDefaults(pledge.raise), ...useWatch({ control: form.control }) };

  const submit = form.handleSubmit(async (formValues) => {
    setFailure(null);
    const { request } = toRaiseRequest(formValues, rules);
    if (!request) return;
    try {
      const answer = await raise.mutateAsync({ pledgeId: pledge._id, body: request, requestKey });
      setDone({ message: answer.message, amount: answer.data.pledge.breakdown.amount });
    } catch (error) {
      if (error instanceof ApiError) {
        // The server answered, so nothing changed: the next confirmation is a new request.
        if (error.status !== 0) setRequestKey(crypto.randomUUID());
        if (error.fields.amount) form.setError('amount', { message: error.fields.amount });
      }
      setFailure(error instanceof Error ? error.message : 'Your pledge could not be raised. Please try again.');
    }
  });

  return { form, values, quote: quoteForRaise(values, rules, pledge.raise.is_creator), submit, failure, done };
}

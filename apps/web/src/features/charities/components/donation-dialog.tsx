import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DonationForm, SavedMethodDonationForm } from '@pledgeway/domain/schemas/public';
import { DONATION_RESULT_MESSAGES } from '@pledgeway/domain/schemas/donations';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { Alert } from '@/components/ui/alert';
import { ApiError, outcomeUnknown } from '@/lib/api-client';
import { dollarsToCents } from '@pledgeway/domain/money';
import { Spinner } from '@/components/ui/spinner';
import { CARD_FORM_UNAVAILABLE } from '@/components/payments/messages';
import { useAuth } from '@/lib/auth';
import { postDonation, postSavedMethodDonation, tokenizeCard } from '../api/donate';
import { CardPicker } from '@/components/payments/card-picker';
import { useVisitorMethod, VisitorPayment } from './visitor-payment';
import { useStripeVisitor, type StripeVisitor } from './use-stripe-visitor';

// Stripe.js and Elements load only when a visitor's dialog opens with Stripe as the provider (decision 245).
const StripeVisitorPayment = lazy(() => import('./stripe-visitor-payment'));

export type DonationValues = DonationForm;

interface DonationDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The charities a donation can go to; the first is chosen unless the donor picks another. */
  charities: Array<{ _id: string; name: string }>;
}

const EMPTY: DonationValues = { fullName: '', email: '', amount: '', cardNumber: '', expiry: '', cvv: '', shareEmail: false };

const typedCard = zodResolver(DonationForm) as Resolver<DonationValues>;
const savedMethod = zodResolver(SavedMethodDonationForm) as unknown as Resolver<DonationValues>;

/**
 * The donation form's state: validated on submit with docs/product.md#donation-form's messages; an
 * error clears as soon as its field is edited; a lost answer is retried with the same card token,
 * or, signed in, with the same saved method and Idempotency-Key (decision 160).
 */
function useDonationForm(charityId: string, open: boolean, onOpenChange: (open: boolean) => void) {
  const [failure, setFailure] = useState<string | null>(null);
  // The token of an attempt whose answer was lost: sent again, the server answers that donation.
  const [pendingToken, setPendingToken] = useState<string | undefined>();
  // Signed in: the saved method picked, and the key of an attempt whose answer was lost.
  const [methodId, setMethodId] = useState('');
  const [methodError, setMethodError] = useState<string | undefined>();
  const [pendingKey, setPendingKey] = useState<string | undefined>();
  // A signed-in donor starts with their own name and e-mail (still editable) and pays with a saved method.
  const { user } = useAuth();
  const signedIn = Boolean(user);
  // A visitor pays with a typed card, the sandbox wallet or the sandbox cash app (issue 41).
  const visitor = useVisitorMethod(() => setPendingToken(undefined));
  // With Stripe, a visitor pays through the Payment Element instead (decision 245).
  const stripe = useStripeVisitor(open && !signedIn);
  const initial = useMemo<DonationValues>(() => ({ ...EMPTY, fullName: user?.name ?? '', email: user?.email ?? '' }), [user?.name, user?.email]);
  const form = useForm<DonationValues>({
    // The user can arrive after the dialog opened: the rules follow whether card fields are shown.
    resolver: (values, context, options) => (signedIn || stripe.mode || visitor.kind !== 'card' ? savedMethod : typedCard)(values, context, options),
    defaultValues: initial,
    // The user can arrive after the dialog opened: fill in what the donor has not typed yet.
    values: initial,
    resetOptions: { keepDirtyValues: true },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  /** register() plus: clear this field's error on edit. */
  function field(name: keyof DonationValues): UseFormRegisterReturn {
    const registration = form.register(name);
    return {
      ...registration,
      onChange: async (event) => {
        form.clearErrors(name);
        return registration.onChange(event);
      },
    };
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!charityId) {
      setFailure('Please choose a charity');
      return;
    }
    if (signedIn && !methodId) {
      setMethodError(DONATION_RESULT_MESSAGES.methodRequired);
      return;
    }
    const donor = { charityId, fullName: values.fullName, email: values.email, amount: Number(values.amount), shareEmail: values.shareEmail };
    let token = pendingToken;
    const key = pendingKey ?? crypto.randomUUID();
    try {
      let answer;
      if (stripe.mode) {
        answer = { message: await stripe.donate(donor, key) };
      } else if (signedIn) {
        answer = await postSavedMethodDonation({ ...donor, paymentMethodId: methodId }, key);
      } else {
        token ??=
          visitor.kind === 'card'
            ? (await tokenizeCard(values.fullName, { number: values.cardNumber, expiry: values.expiry, cvv: values.cvv })).token
            : await visitor.approve();
        answer = await postDonation({ ...donor, token });
      }
      setPendingToken(undefined);
      setPendingKey(undefined);
      // The thank-you of docs/product.md#charities, now only once the charge went through.
      window.alert(answer.message);
      form.reset(initial);
      onOpenChange(false);
    } catch (error) {
      // A lost or unreadable answer is retried with the same token, so the donation is never charged twice.
      const lost = outcomeUnknown(error);
      setPendingToken(lost ? token : undefined);
      setPendingKey(lost ? key : undefined);
      if (error instanceof ApiError && error.fields.cashtag) visitor.setCashtagError(error.fields.cashtag);
      setFailure(error instanceof Error ? error.message : 'The donation could not be made. Please try again.');
    }
  });

  function changeOpen(next: boolean) {
    if (!next) {
      form.reset(initial);
      setFailure(null);
      setPendingToken(undefined);
      stripe.forget();
      setMethodError(undefined);
      setPendingKey(undefined);
      visitor.reset();
    }
    onOpenChange(next);
  }

  function pickMethod(id: string) {
    setMethodId(id);
    setMethodError(undefined);
    // Another method is another donation attempt.
    setPendingKey(undefined);
  }

  const method = { signedIn, id: methodId, error: methodError, pick: pickMethod, visitor, stripe, control: form.control };
  return { errors: form.formState.errors, isSubmitting: form.formState.isSubmitting, failure, field, submit, changeOpen, method };
}

type DonationFormState = ReturnType<typeof useDonationForm>;

/**
 * How the donation is paid: for a visitor, a typed card, the sandbox wallet or the sandbox cash app
 * (issue 41), or with Stripe the Payment Element (decision 245); signed in, the pledge dialog's
 * picker of saved methods (decision 160).
 */
function DonationPayment({ method, errors, field }: Pick<DonationFormState, 'method' | 'errors' | 'field'>) {
  if (method.signedIn) {
    return (
      <div className="sm:col-span-2">
        <CardPicker value={method.id} onChange={method.pick} error={method.error} />
      </div>
    );
  }
  const { stripe } = method;
  // Nothing to pay with until the provider is known: a card typed into the sandbox's form would not reach Stripe.
  if (stripe.config.isPending) return <PaymentFormLoading />;
  if (stripe.config.isError || (stripe.mode && !stripe.key)) {
    return (
      <Alert tone="error" className="sm:col-span-2">
        {CARD_FORM_UNAVAILABLE}
      </Alert>
    );
  }
  if (stripe.mode && stripe.key) return <StripeVisitorSection stripe={stripe} publishableKey={stripe.key} control={method.control} />;
  return <VisitorPayment visitor={method.visitor} errors={errors} field={field} />;
}

function PaymentFormLoading() {
  return (
    <div className="flex items-center gap-3 py-4 text-sm text-ink-600 sm:col-span-2">
      <Spinner label="Loading the payment form" /> Loading the payment form…
    </div>
  );
}

/** A visitor's payment with Stripe: the Payment Element, told the amount as it is typed (decision 245). */
function StripeVisitorSection({ stripe, publishableKey, control }: { stripe: StripeVisitor; publishableKey: string; control: Control<DonationValues> }) {
  const amount = Number(useWatch({ control, name: 'amount' }));
  return (
    <div className="grid gap-3 sm:col-span-2">
      <p className="text-sm text-ink-600">
        Your card, wallet or Cash App Pay details go straight to Stripe, our payment processor; Pledgeway never sees your card number.
      </p>
      <Suspense fallback={<PaymentFormLoading />}>
        <StripeVisitorPayment publishableKey={publishableKey} amountCents={Number.isFinite(amount) ? dollarsToCents(amount) : 0} onReady={stripe.onReady} />
      </Suspense>
      <p className="text-sm text-ink-600">Signed in, you can also give with a card, wallet or cash app saved to your account.</p>
    </div>
  );
}

/**
 * The donation dialog of docs/product.md#charities and docs/product.md#donation-form. A visitor types
 * a card (number and expiry formatted as typed) or uses the sandbox wallet or cash app; signed in, the donor picks a saved card, wallet or
 * cash app, or adds one, with the pledge dialog's picker (decision 160).
 */
export function DonationDialog({ open, onOpenChange, charities }: DonationDialogProps) {
  const [picked, setPicked] = useState('');
  const charityId = picked || charities[0]?._id || '';
  // The title names the charity the donation goes to, and follows the donor's choice.
  const chosen = charities.find((charity) => charity._id === charityId);
  const { errors, isSubmitting, failure, field, submit, changeOpen, method } = useDonationForm(charityId, open, onOpenChange);

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={chosen ? `Donate to ${chosen.name}` : 'Make a donation'}
      description={
        method.signedIn ? 'Your chosen payment method is charged once, for this donation only.' : 'Your payment details are used only for this donation.'
      }
      closeLabel="Close donation form"
    >
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {failure && (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        )}
        <Field label="Charity to support" required className="sm:col-span-2">
          <Select value={charityId} onChange={(event) => setPicked(event.target.value)}>
            {charities.map((charity) => (
              <option key={charity._id} value={charity._id}>
                {charity.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Full name" error={errors.fullName?.message} required className="sm:col-span-2">
          <Input autoComplete="name" {...field('fullName')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required className="sm:col-span-2">
          <Input type="email" autoComplete="email" {...field('email')} />
        </Field>
        <label className="flex items-start gap-3 text-sm sm:col-span-2">
          <input type="checkbox" className="mt-1 size-4" {...field('shareEmail')} />
          <span>Share my e-mail address with {chosen?.name ?? 'the charity'}</span>
        </label>
        <Field label="Amount (USD)" error={errors.amount?.message} required className="sm:col-span-2">
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-ink-500">
              $
            </span>
            <Input type="number" inputMode="decimal" min={1} step="0.01" className="pl-8" {...field('amount')} />
          </div>
        </Field>
        <DonationPayment method={method} errors={errors} field={field} />
        <p className="text-sm text-ink-600 sm:col-span-2">
          Rather give every month?{' '}
          <Link to={paths.user.givingStart(charityId)} className="font-semibold text-brand-800 underline" onClick={() => changeOpen(false)}>
            Give monthly
          </Link>{' '}
          (signed in, with a saved payment method).
        </p>
        <DialogFooter className="mt-2 sm:col-span-2">
          <Button variant="ghost" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Processing…">
            Donate
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

export default DonationDialog;

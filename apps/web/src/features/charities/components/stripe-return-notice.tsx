import { useQuery } from '@tanstack/react-query';
import { formatDollars } from '@pledgeway/domain/money';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readStripeReturn } from '../api/donate';
import type { StripeReturn } from './stripe-return';

/** While Stripe still processes the payment, the page asks again this often (the route allows 30 a minute). */
const PROCESSING_POLL_MS = 5_000;

/**
 * The donor back from a payment method that left the page (decision 255): what the API says of the
 * donation, never Stripe's `redirect_status`, which only says where the browser went. Thanked only
 * once the donation is booked; processing, waiting and failed say that nothing is recorded.
 */
export default function StripeReturnNotice({ paymentIntent, clientSecret, onDismiss }: StripeReturn & { onDismiss(): void }) {
  const status = useQuery({
    queryKey: queryKeys.stripeDonationReturn(paymentIntent),
    queryFn: () => readStripeReturn(paymentIntent, clientSecret),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.data.state === 'processing' ? PROCESSING_POLL_MS : false),
  });

  let notice;
  if (status.isPending) {
    notice = <Alert title="Checking your payment…">Please keep this page open while we ask Stripe how your payment went.</Alert>;
  } else if (status.isError) {
    const notFound = status.error instanceof ApiError && status.error.status === 404;
    notice = (
      <Alert tone="error" title={notFound ? 'Payment not found' : 'We could not check your payment'} onDismiss={onDismiss}>
        {notFound ? status.error.message : 'Nothing is shown as donated until we have checked it. Please reload this page in a moment.'}
      </Alert>
    );
  } else {
    const { state, donation } = status.data.data;
    const message = status.data.message;
    notice =
      state === 'booked' ? (
        <Alert tone="success" title={message} onDismiss={onDismiss}>
          {donation ? `Your donation of ${formatDollars(donation.amount)} is recorded, and your receipt is on its way by e-mail.` : null}
        </Alert>
      ) : state === 'processing' ? (
        <Alert title="Your payment is processing" onDismiss={onDismiss}>
          {message}
        </Alert>
      ) : (
        <Alert tone="error" title={state === 'waiting' ? 'Payment not confirmed' : 'Payment not completed'} onDismiss={onDismiss}>
          {message}
        </Alert>
      );
  }
  return (
    <section aria-label="Your donation" className="container-page py-6 md:py-8">
      {notice}
    </section>
  );
}

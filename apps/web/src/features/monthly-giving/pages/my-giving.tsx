import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentConfig } from '@/lib/payment-methods';
import { useMonthlyAction, useMonthlyGifts, type MonthlyAction } from '../api';
import { GiftCard } from '../components/gift-card';
import { StartMonthlyGift } from '../components/start-monthly-gift';

/**
 * My Giving: the supporter's monthly gifts (decision 140) with their next charge and charges so
 * far, and every change. `?start={charity}` opens "Give monthly" for that charity (from /charities);
 * `?gift={id}` (the e-mails' link) brings that gift into view.
 */
export default function MyGivingPage() {
  useEffect(() => {
    document.title = 'My Giving — Pledgeway';
  }, []);
  const [params, setParams] = useSearchParams();
  const gifts = useMonthlyGifts();
  const config = usePaymentConfig();
  const action = useMonthlyAction();
  const [starting, setStarting] = useState(params.has('start'));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const focused = params.get('gift');

  useEffect(() => {
    if (focused && gifts.data) document.getElementById(`gift-${focused}`)?.scrollIntoView({ block: 'start' });
  }, [focused, gifts.data]);

  async function run(next: MonthlyAction): Promise<boolean> {
    setNotice(null);
    try {
      const answer = await action.mutateAsync(next);
      // The sandbox's month passing reports what the schedule did, which may be a decline: not a success of its own.
      setNotice({ tone: next.kind === 'advance' ? 'info' : 'success', text: answer.message });
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : 'The change could not be made. Nothing was changed.' });
      return false;
    }
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">My Giving</h1>
          <p className="mt-1 text-ink-600">Your monthly gifts to charities. Dates are in UTC.</p>
        </div>
        {!starting && <Button onClick={() => setStarting(true)}>Give monthly</Button>}
      </header>
      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {starting && (
        <StartMonthlyGift
          charityId={params.get('start') ?? undefined}
          onCancel={() => {
            setStarting(false);
            setParams({}, { replace: true });
          }}
          onDone={(message) => {
            setNotice({ tone: 'success', text: message });
            setStarting(false);
            setParams({}, { replace: true });
          }}
        />
      )}
      {gifts.isError && <Alert tone="error">Your monthly gifts could not be loaded. Please try again.</Alert>}
      {gifts.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner label="Loading your monthly gifts" className="scale-150" />
        </div>
      ) : gifts.data?.length ? (
        <div className="space-y-6">
          {gifts.data.map((gift) => (
            <GiftCard
              key={gift._id}
              gift={gift}
              highlighted={gift._id === focused}
              sandbox={config.data?.provider === 'sandbox'}
              busy={action.isPending}
              run={run}
            />
          ))}
        </div>
      ) : (
        !starting && <p className="text-ink-600">You have no monthly gifts yet. “Give monthly” starts one: this month is charged at once.</p>
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** Where the confirmation link of the newsletter e-mail lands (GET /api/newsletter/confirm redirects here). */
export default function NewsletterConfirmedPage() {
  const [params] = useSearchParams();
  const confirmed = params.get('status') === 'confirmed';

  useEffect(() => {
    document.title = `${confirmed ? 'Subscription confirmed' : 'Link not valid'} — Pledgeway`;
  }, [confirmed]);

  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <span className={`flex size-16 items-center justify-center rounded-full ${confirmed ? 'bg-emerald-50 text-emerald-700' : 'bg-brand-50 text-brand-700'}`}>
        {confirmed ? <CheckCircleIcon size={34} /> : <AlertCircleIcon size={34} />}
      </span>
      <h1 className="mt-6 text-3xl font-bold md:text-4xl">{confirmed ? 'Your subscription is confirmed' : 'This link is no longer valid'}</h1>
      <p className="mt-4 max-w-xl text-ink-600 md:text-lg">
        {confirmed
          ? 'Thank you for joining the Pledgeway newsletter. You will hear about new campaigns worth supporting and stories from the charities they help. Every e-mail has a link to unsubscribe.'
          : 'The confirmation link has expired or was replaced by a newer one. Subscribe again from the footer of any page and use the link in the latest e-mail.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.events} className={buttonClasses()}>
          Browse campaigns
        </Link>
        <Link to={paths.home} className={buttonClasses({ variant: 'outline' })}>
          Return to Homepage
        </Link>
      </div>
    </section>
  );
}

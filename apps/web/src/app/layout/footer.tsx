import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon, XBrandIcon, YouTubeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/hydration';
import { subscribeToNewsletter } from '@/features/newsletter/api/subscribe';
import { NewsletterForm } from './newsletter-form';

const SUPPORT_EMAIL = 'support@pledgeway.org';

const explore = [
  { label: 'Home', to: paths.home },
  { label: 'Our Story', to: paths.ourStory },
  { label: 'Services', to: paths.services },
  { label: 'All Campaigns', to: paths.events },
  { label: 'Event Promotions', to: paths.promotions },
  { label: 'Money Bomb', to: paths.moneyBomb },
  { label: 'Runoff Competitions', to: paths.competitions },
  { label: 'Charities', to: paths.charities },
];

const support = [
  { label: 'Terms of Use', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Cookie Policy', to: paths.cookies },
  { label: 'Help & Support', to: paths.support },
  { label: 'Contact Us', to: paths.contact },
];

const legal = [
  { label: 'Terms of Use', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Cookie Policy', to: paths.cookies },
  { label: 'Do Not Sell My Personal Information', to: paths.doNotSell },
  { label: 'Accessibility', to: paths.accessibility },
];

const payments = [
  { src: '/images/pay-visa.svg', name: 'Visa' },
  { src: '/images/pay-mastercard.svg', name: 'Mastercard' },
  { src: '/images/pay-amex.svg', name: 'American Express' },
  { src: '/images/pay-wallet.svg', name: 'Digital wallets' },
];

/** docs/product.md#site-frame: social buttons without links; they are marked unavailable rather than pointing anywhere. */
const socials = [
  { name: 'Facebook', Icon: FacebookIcon },
  { name: 'X', Icon: XBrandIcon },
  { name: 'Instagram', Icon: InstagramIcon },
  { name: 'LinkedIn', Icon: LinkedInIcon },
  { name: 'YouTube', Icon: YouTubeIcon },
];

export function Footer() {
  return (
    <footer className="relative overflow-hidden bg-ink-900 text-ink-100">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-brand-500 via-brand-400 to-teal-600" />
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 pt-14 pb-10 md:grid-cols-4 lg:grid-cols-12 lg:gap-8 xl:pt-20">
        <div className="col-span-2 lg:col-span-4">
          <Link to={paths.home} className="inline-flex items-center gap-2.5 rounded-lg">
            <img src="/images/logo.svg" alt="" width={40} height={40} className="size-10" />
            <span className="font-display text-xl font-bold text-white">Pledgeway</span>
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-ink-200">
            Pledge to the causes you care about. Supporters are charged only when the event happens, and the money goes to charity.
          </p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="mt-5 inline-flex items-center gap-2 rounded text-sm font-semibold text-brand-400 hover:text-brand-300 hover:underline"
          >
            <MailIcon size={18} /> {SUPPORT_EMAIL}
          </a>
          <ul className="mt-6 flex gap-2" aria-label="Social media">
            {socials.map(({ name, Icon }) => (
              <li key={name}>
                <button
                  type="button"
                  aria-label={`${name} (coming soon)`}
                  aria-disabled="true"
                  title={`${name}: coming soon`}
                  className="flex size-10 cursor-default items-center justify-center rounded-full bg-white/10 text-ink-100 transition-colors hover:bg-white/15"
                >
                  <Icon />
                </button>
              </li>
            ))}
          </ul>
        </div>

        <FooterColumn title="Explore" links={explore} className="min-w-0 lg:col-span-2" />
        <FooterColumn title="Support" links={support} className="min-w-0 lg:col-span-2" />

        <div className="col-span-2 md:col-span-4 lg:col-span-4">
          <h2 className="font-display text-base font-semibold text-white">Stay in the loop</h2>
          <p className="mt-3 mb-4 text-sm text-ink-200">New campaigns, charity stories and platform news, once a month.</p>
          <NewsletterForm onSubscribe={subscribeToNewsletter} />
          <p className="mt-4 text-xs font-semibold tracking-wider text-ink-300 uppercase">We accept</p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {payments.map((payment) => (
              <li key={payment.name}>
                <img src={payment.src} alt={payment.name} width={56} height={35} loading="lazy" className="h-9 w-14 rounded-md" />
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-4 py-6 text-sm lg:flex-row lg:items-center lg:justify-between">
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {legal.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="rounded text-ink-200 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-ink-300">
            © <CurrentYear /> Pledgeway
          </p>
        </div>
      </div>
    </footer>
  );
}

/** The year of the page's clock: the server's when it rendered the page, then the visitor's (decision 012). */
function CurrentYear() {
  return useNow().getFullYear();
}

function FooterColumn({ title, links, className }: { title: string; links: { label: string; to: string }[]; className?: string }) {
  return (
    <nav aria-label={title} className={className}>
      <h2 className="font-display text-base font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="rounded text-sm text-ink-200 transition-colors hover:text-brand-400">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

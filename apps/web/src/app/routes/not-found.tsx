import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

const suggestions = [
  { label: 'Browse campaigns', to: paths.events },
  { label: 'Meet the charities', to: paths.charities },
  { label: 'Contact us', to: paths.contact },
];

export default function NotFoundPage() {
  return (
    <section className="relative isolate flex flex-1 items-center overflow-hidden bg-cream">
      <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-brand-100" />
      <div aria-hidden="true" className="absolute -bottom-32 -left-20 -z-10 size-80 rounded-full bg-brand-50" />
      <div className="container-page py-20 text-center md:py-28">
        <p aria-hidden="true" className="font-display text-8xl leading-none font-bold tracking-tight text-ink-900 md:text-9xl">
          4<span className="text-brand-500">0</span>4
        </p>
        <h1 className="mt-6 font-display text-3xl font-bold text-ink-900 md:text-4xl">Page Not Found</h1>
        <p className="mx-auto mt-3 max-w-md text-ink-600">The page you are looking for was moved, removed, or never existed.</p>
        <Link to={paths.home} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          Return to Homepage
        </Link>
        <nav aria-label="Suggestions" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm">
            {suggestions.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="inline-flex items-center gap-1.5 rounded font-semibold text-ink-700 hover:text-ink-900 hover:underline">
                  {item.label} <ArrowRightIcon size={16} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

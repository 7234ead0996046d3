import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

interface SummarySectionProps {
  id: string;
  title: string;
  /** VIEW MORE / ADD MORE / EDIT NOW link. */
  link?: { to: string; label: string };
  loading?: boolean;
  error?: string | null;
  empty?: string | null;
  children?: ReactNode;
}

/** One block of the Account Summary: title, its link, then a spinner, an error, an empty note or content. */
export function SummarySection({ id, title, link, loading, error, empty, children }: SummarySectionProps) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {link && (
          <Link to={link.to} className="text-sm font-bold tracking-wide text-brand-700 hover:text-ink-900 hover:underline">
            {link.label}
            <span className="sr-only"> – {title}</span>
          </Link>
        )}
      </div>
      {loading ? (
        <div className="card flex justify-center p-8 text-brand-700">
          <Spinner label={`Loading ${title.toLowerCase()}`} />
        </div>
      ) : error ? (
        <p role="alert" className="card p-6 text-danger-600">
          {error}
        </p>
      ) : empty ? (
        <p className="card p-6 text-center text-ink-600">{empty}</p>
      ) : (
        children
      )}
    </section>
  );
}

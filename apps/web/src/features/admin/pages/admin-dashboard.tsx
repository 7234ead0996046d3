import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ExternalLinkIcon, ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** SPEC.md does not show the admin dashboard's content; the review console is a later issue. */
export default function AdminDashboardPage() {
  const { user } = useAuth();
  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Administration</p>
        <h1 className="mt-1 font-display text-3xl font-bold text-ink-900">Admin Dashboard</h1>
        {user && <p className="mt-2 text-ink-500">Signed in as {user.email}</p>}
      </header>
      <Card className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start sm:p-8">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
          <ShieldIcon size={28} />
        </span>
        <div className="max-w-2xl">
          <h2 className="font-display text-xl font-semibold text-ink-900">Campaign review tools arrive soon</h2>
          <p className="mt-2 leading-relaxed text-ink-600">
            This is where you will review submitted campaigns, approve or reject them with a reason, freeze live campaigns and confirm the charging of pledges.
            Until then, the public website shows every campaign as visitors see it.
          </p>
          <a href={paths.home} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'dark', className: 'mt-6' })}>
            <ExternalLinkIcon size={18} />
            Go to website
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </Card>
    </div>
  );
}

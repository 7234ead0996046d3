import { Link } from 'react-router';
import type { PublicUser } from '@pledgeway/domain/schemas/auth';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

const STATES: Record<PublicUser['identity_status'], { label: string; tone: BadgeTone; text: string; action?: string }> = {
  verified: { label: 'Verified', tone: 'green', text: 'Your identity is verified. You can submit campaigns for review.' },
  pending: { label: 'In review', tone: 'yellow', text: 'Your identity check is being reviewed.', action: 'View status' },
  failed: { label: 'Failed', tone: 'red', text: 'Your identity check did not pass. Please try again.', action: 'Verify again' },
  unverified: { label: 'Not verified', tone: 'grey', text: 'Verify your identity once before you submit your first campaign.', action: 'Verify identity' },
};

export function IdentityStatus({ status }: { status: PublicUser['identity_status'] }) {
  const state = STATES[status];
  return (
    <section aria-labelledby="identity-heading" className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <ShieldIcon size={24} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="identity-heading" className="flex flex-wrap items-center gap-2 text-base font-semibold">
          Identity verification <Badge tone={state.tone}>{state.label}</Badge>
        </h2>
        <p className="mt-1 text-sm text-ink-600">{state.text}</p>
      </div>
      {state.action && (
        <Link to={paths.user.verifyIdentity} className="btn btn-dark btn-sm self-start sm:self-center">
          {state.action}
        </Link>
      )}
    </section>
  );
}

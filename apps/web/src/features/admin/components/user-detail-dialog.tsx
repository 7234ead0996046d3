import { Badge, StatusBadge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useUser } from '../api/get-user';
import { formatDateTime, formatDollars } from '../lib/format';
import { PledgesTable } from './pledges-table';
import { QueryState } from './query-state';

/** A person's campaigns, pledges and identity status. */
export function UserDetailDialog({ userId, onClose }: { userId: string | null; onClose(): void }) {
  const user = useUser(userId);
  return (
    <Dialog open={Boolean(userId)} onOpenChange={(open) => !open && onClose()} title={user.data?.user.name ?? 'Person'} size="lg">
      <div className="mt-4">
        <QueryState query={user} noun="this person">
          {({ user: person, campaigns, pledges }) => (
            <div className="space-y-6">
              <p className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
                {person.email} · joined {formatDateTime(person.created_at)} · identity{' '}
                <Badge tone={person.identity_status === 'verified' ? 'green' : 'grey'}>{person.identity_status}</Badge>
                {person.disabled_at && <Badge tone="red">disabled {formatDateTime(person.disabled_at)}</Badge>}
              </p>
              <section>
                <h3 className="font-display font-semibold text-ink-900">Campaigns ({campaigns.length})</h3>
                {campaigns.length ? (
                  <ul className="mt-2 divide-y divide-ink-100 rounded-xl border border-ink-100">
                    {campaigns.map((campaign) => (
                      <li key={campaign._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                        <span className="font-medium">{campaign.name}</span>
                        <span className="flex items-center gap-2">
                          {formatDollars(campaign.pledged_amount)} / {formatDollars(campaign.target_amount)}
                          <StatusBadge status={campaign.status} />
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-sm text-ink-600">None.</p>
                )}
              </section>
              <section>
                <h3 className="mb-2 font-display font-semibold text-ink-900">Pledges ({pledges.length})</h3>
                {pledges.length ? <PledgesTable pledges={pledges} caption="This person’s pledges" showCampaign /> : <EmptyState title="No pledges" />}
              </section>
            </div>
          )}
        </QueryState>
      </div>
    </Dialog>
  );
}

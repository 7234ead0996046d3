import type { AdminPledgeRow } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { DataTable, Td, Th } from './data-table';
import { formatDateTime, formatDollars, PLEDGE_STATUS_TONES } from '../lib/format';

/** Pledges with their state; a failed one shows its decline reason and when its 7-day window ends. */
export function PledgesTable({ pledges, caption, showCampaign = false }: { pledges: AdminPledgeRow[]; caption: string; showCampaign?: boolean }) {
  const [now] = useState(() => Date.now());
  return (
    <DataTable caption={caption} minWidth={showCampaign ? 'min-w-[44rem]' : 'min-w-[34rem]'}>
      <thead>
        <tr>
          {showCampaign && <Th>Campaign</Th>}
          <Th>Donor</Th>
          <Th>Amount</Th>
          <Th>Status</Th>
          <Th>Made</Th>
        </tr>
      </thead>
      <tbody>
        {pledges.map((pledge) => (
          <tr key={pledge._id}>
            {showCampaign && <Td className="font-medium">{pledge.event.name}</Td>}
            <Td>
              {pledge.donor ? (
                <>
                  <span className="block font-medium">{pledge.donor.name}</span>
                  <span className="block text-xs text-ink-600">{pledge.donor.email}</span>
                </>
              ) : (
                <span className="text-ink-600">Deleted account</span>
              )}
              {pledge.is_creator_pledge && <span className="mt-1 block text-xs font-semibold text-brand-800">Creator’s funding</span>}
              {pledge.anonymous && <span className="mt-1 block text-xs text-ink-600">Shown as anonymous</span>}
            </Td>
            <Td>
              {formatDollars(pledge.amount)}
              {pledge.tip > 0 && <span className="block text-xs text-ink-600">+ {formatDollars(pledge.tip)} tip</span>}
              {pledge.charged_amount !== null && <span className="block text-xs text-ink-600">charged {formatDollars(pledge.charged_amount)}</span>}
            </Td>
            <Td>
              <Badge tone={PLEDGE_STATUS_TONES[pledge.status] ?? 'grey'}>{pledge.status}</Badge>
              {pledge.failure_reason && <span className="mt-1 block text-xs text-danger-600">{pledge.failure_reason}</span>}
              {pledge.status === 'failed' && pledge.window_ends_at && (
                <span className="mt-1 block text-xs text-ink-600">
                  {Date.parse(pledge.window_ends_at) > now ? `Window open until ${formatDateTime(pledge.window_ends_at)}` : 'Window ended'}
                </span>
              )}
            </Td>
            <Td className="whitespace-nowrap text-ink-600">{formatDateTime(pledge.created_at)}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

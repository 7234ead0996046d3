import type { PortalOverview } from '@pledgeway/domain/schemas/charity-portal';
import { formatDollars } from '@pledgeway/domain/money';
import { formatDate } from '@/lib/format';

/**
 * The charity's Stripe account and the transfers made to it (decision 139). Stripe Connect is not
 * built yet: the API answers `not_connected` and no transfers, and this says so plainly. Connect
 * fills both after its merge; this is where its transfers are listed.
 */
export function ConnectTransfers({ connect }: { connect: PortalOverview['connect'] }) {
  return (
    <section aria-labelledby="stripe-heading" className="card space-y-3 p-5 sm:p-6">
      <h2 id="stripe-heading" className="text-lg font-semibold">
        Stripe
      </h2>
      {connect.state === 'not_connected' && (
        <p className="text-ink-700">
          <strong>Not connected to Stripe yet.</strong> Money reaches the charity through the payouts below, which an admin records after sending them.
        </p>
      )}
      {connect.transfers.length > 0 ? (
        <ul className="divide-y divide-ink-100 text-sm">
          {connect.transfers.map((transfer) => (
            <li key={transfer._id} className="flex justify-between gap-3 py-2">
              <span>
                {formatDate(transfer.created_at)} {transfer.campaign ? `· ${transfer.campaign}` : ''}
              </span>
              <span className="font-semibold">{formatDollars(transfer.amount)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-600">No transfers through Stripe.</p>
      )}
    </section>
  );
}

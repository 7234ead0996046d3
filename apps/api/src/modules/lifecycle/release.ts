import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { matchRecords } from '../matching/index.ts';
import { pledgeStatusRepository } from '../pledges/index.ts';
import { lifecycleEmails, type ReleaseReason } from './emails.ts';
import { lifecycleRepository as repo } from './repository.ts';

/**
 * Releases every pledge of a campaign that was never charged, and tells each supporter in the
 * same transaction (outbox), so an e-mail exists exactly when its release does. The creator's own
 * funding is told by its refund e-mail instead. Returns how many pledges were released.
 */
export async function releasePledgesWithin(
  ctx: AppContext,
  tx: Executor,
  campaign: { id: string; name: string },
  reason: ReleaseReason,
  chargeRunId: string | null = null,
): Promise<number> {
  const released = await pledgeStatusRepository.releaseUncharged(tx, campaign.id, chargeRunId);
  const supporters = released.filter((pledge) => !pledge.isCreatorPledge && pledge.userId);
  const emails = await repo.emailsOf(
    tx,
    supporters.map((pledge) => pledge.userId!),
  );
  // A thousand rows per insert, not one round trip per supporter: a cancelled money bomb tells
  // tens of thousands in this one transaction.
  const messages = supporters.flatMap((pledge) => {
    const to = emails.get(pledge.userId!);
    return to ? [lifecycleEmails.released(to, campaign, pledge, reason)] : [];
  });
  await ctx.mailer.sendMany(messages, tx);
  // A sponsor's match offered on the campaign is released with it: nothing will be matched.
  await matchRecords.releaseWithin(ctx, tx, campaign);
  return released.length;
}

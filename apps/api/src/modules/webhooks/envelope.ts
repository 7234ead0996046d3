import type { Executor } from '../../db/client.ts';
import { supporterAsShown } from '../exports/index.ts';
import { eventRecords } from '../event-records/index.ts';
import { fundraisingPageRecords } from '../fundraising-pages/index.ts';
import { moneyData } from './money-data.ts';
import { subjectsRepository as repo, type EventRow } from './repository.ts';

/** The envelope's version: a receiver can tell a later shape apart (decision 145). */
export const ENVELOPE_VERSION = 1;

/** The `data` of an event about a pledge: what the host may see of it (decision 149). */
async function pledgeData(db: Executor, pledgeId: string) {
  const row = await repo.pledge(db, pledgeId);
  if (!row) return null;
  const { pledge } = row;
  const page = pledge.fundraisingPageId ? (await fundraisingPageRecords.titles(db, [pledge.fundraisingPageId])).get(pledge.fundraisingPageId) : undefined;
  return {
    object: 'pledge',
    id: pledge.id,
    campaign: { id: pledge.eventId, name: row.campaignName },
    amount_cents: pledge.amountCents,
    charged_cents: pledge.chargedCents,
    currency: 'usd',
    status: pledge.status,
    kind: pledge.kind,
    supporter: supporterAsShown({
      anonymous: pledge.anonymous,
      displayName: pledge.displayName,
      accountName: row.accountName,
      accountEmail: row.accountEmail,
      shareEmailWithHost: pledge.shareEmailWithHost,
    }),
    message: pledge.message,
    fundraising_page: page ? { slug: page.slug, title: page.title } : null,
    created_at: pledge.createdAt.toISOString(),
    charged_at: pledge.chargedAt?.toISOString() ?? null,
    failure_reason: pledge.status === 'failed' ? pledge.failureReason : null,
  };
}

async function campaignData(db: Executor, campaignId: string, publicUrl: string) {
  const row = await eventRecords.findById(db, campaignId);
  if (!row) return null;
  return {
    object: 'campaign',
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    target_cents: row.targetCents,
    currency: 'usd',
    url: `${publicUrl}/events/${row.id}`,
    completed_at: row.completedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}

/** The envelope of an event (decision 145), built once from what the event is about. */
export async function envelopeOf(tx: Executor, event: EventRow, publicUrl: string) {
  const subject = event.type.split('.')[0]!;
  const readMoney = moneyData[subject];
  let data: unknown;
  if (subject === 'pledge') data = await pledgeData(tx, event.subjectId);
  else if (subject === 'campaign') data = await campaignData(tx, event.subjectId, publicUrl);
  else if (readMoney) data = await readMoney(tx, event.subjectId);
  else data = { object: 'test', message: 'A test event sent from Pledgeway. It is about nothing; answer 2xx to mark it delivered.' };
  return {
    id: event.id,
    type: event.type,
    version: ENVELOPE_VERSION,
    created: event.createdAt.toISOString(),
    ordering: 'Events may arrive in any order and more than once: use `id` to skip repeats and `created` to order them.',
    data,
  };
}

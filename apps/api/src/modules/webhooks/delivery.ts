import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { representation } from '../charity-portal/index.ts';
import type { Resolver } from './address-guard.ts';
import { envelopeOf } from './envelope.ts';
import { postOnce, type AttemptResult } from './post.ts';
import { deliveryRepository as repo, type DeliveryRow, type EndpointRow } from './repository.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

/** An event is tried for 3 days; an endpoint failing for 3 days is disabled and its owner told. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
/** While an attempt is in flight, its delivery is not claimed again for this long. */
const CLAIM_MS = 60_000;
const BATCH = 20;

/** Minutes to wait after failed attempt `n` (1-based): 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, until 3 days. */
export function backoffMs(attempts: number): number {
  const steps = [1, 5, 30, 120, 300];
  return (steps[attempts - 1] ?? 600) * 60_000;
}

/** The secrets a delivery is signed with now: the current one, and the previous one during its 24 hours. */
function signingSecrets(row: EndpointRow, now: Date): string[] {
  const secrets = [row.secret];
  if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) secrets.push(row.previousSecret);
  return secrets;
}

/** The delivery worker: dispatches recorded events into deliveries and sends those due, with retries. */
export function createWebhookDelivery(ctx: AppContext, options: { resolve?: Resolver } = {}) {
  const { db } = ctx;
  const allowPrivate = ctx.config.webhooksAllowPrivateAddresses;

  const delivery = {
    /**
     * Gives each recorded event its envelope (once) and one delivery per subscribed, enabled endpoint
     * (unique per event and endpoint). Events are locked while dispatched, skipped by another instance.
     */
    async dispatch(): Promise<number> {
      return db.transaction(async (tx) => {
        const pending = await repo.lockUndispatched(tx, 100);
        const now = ctx.clock.now();
        for (const event of pending) {
          const envelope = await envelopeOf(tx, event, ctx.config.publicUrl);
          const targets = await repo.targetsOf(tx, event);
          if (envelope.data && targets.length) {
            await repo.insertDeliveries(
              tx,
              event.id,
              targets.map((target) => target.id),
              now,
            );
          }
          await repo.markDispatched(tx, event.id, envelope, now);
        }
        return pending.length;
      });
    },

    /** Sends every due delivery once; returns how many were attempted. */
    async deliverDue(): Promise<number> {
      const now = ctx.clock.now();
      // Claimed in one statement (locked rows skipped): two instances never send the same delivery at once.
      const claimed = await repo.claimDue(db, now, new Date(now.getTime() + CLAIM_MS), BATCH);
      await Promise.all(claimed.map((row) => attempt(row)));
      return claimed.length;
    },

    /** Dispatches and delivers until nothing is due (what the queue's job runs). */
    async run(): Promise<void> {
      while ((await delivery.dispatch()) > 0);
      while ((await delivery.deliverDue()) >= BATCH);
    },
  };

  async function send(endpoint: EndpointRow, event: { id: string; type: string; envelope: unknown }, started: Date): Promise<AttemptResult> {
    if (endpoint.disabledAt) return { statusCode: null, durationMs: 0, response: 'Not sent: the endpoint is turned off', ok: false };
    const body = JSON.stringify(event.envelope);
    return postOnce(
      endpoint.url,
      body,
      {
        // Signed at the wall clock's time: the receiver compares it with its own.
        [SIGNATURE_HEADER]: signatureHeader(signingSecrets(endpoint, started), Math.floor(Date.now() / 1000), body),
        'pledgeway-event-id': event.id,
        'pledgeway-event-type': event.type,
      },
      { allowPrivate, resolve: options.resolve },
    );
  }

  async function attempt(row: DeliveryRow) {
    const found = await repo.endpointAndEvent(db, row);
    if (!found) return;
    const { endpoint, event } = found;
    const started = ctx.clock.now();
    const result = await send(endpoint, event, started);
    const now = ctx.clock.now();
    await db.transaction(async (tx) => {
      await repo.insertAttempt(tx, {
        deliveryId: row.id,
        at: started,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        response: result.response,
      });
      // Only the claim this attempt holds is settled: a newer claim (after a lapsed one) is left alone.
      if (result.ok) {
        await repo.settle(tx, row, { status: 'delivered', deliveredAt: now });
        await repo.setEndpoint(tx, endpoint.id, { failingSince: null });
        return;
      }
      // The last attempt is made 3 days after the delivery was queued, then it is given up.
      const deadline = row.createdAt.getTime() + GIVE_UP_AFTER_MS;
      const next = new Date(Math.min(now.getTime() + backoffMs(row.attempts), deadline));
      const givenUp = endpoint.disabledAt !== null || now.getTime() >= deadline;
      await repo.settle(tx, row, givenUp ? { status: 'failed', nextAttemptAt: now } : { nextAttemptAt: next });
      if (endpoint.disabledAt) return;
      await countFailure(tx, endpoint.id, started, now);
    });
  }

  /** The endpoint's failing streak, kept under its row lock so two instances agree on when it began; 3 days of it disable the endpoint. */
  async function countFailure(tx: Executor, endpointId: string, started: Date, now: Date) {
    const locked = await repo.lockEndpoint(tx, endpointId);
    if (!locked || locked.disabledAt) return;
    const failingSince = locked.failingSince ?? started;
    if (now.getTime() - failingSince.getTime() < GIVE_UP_AFTER_MS) {
      if (!locked.failingSince) await repo.setEndpoint(tx, endpointId, { failingSince });
      return;
    }
    await repo.setEndpoint(tx, endpointId, { disabledAt: now, disabledReason: 'Turned off after failing for 3 days' });
    await repo.failPending(tx, endpointId);
    await mailOwner(tx, locked);
  }

  /** The people told: the host, or each of the charity's representatives. */
  async function ownersToTell(tx: Executor, endpoint: EndpointRow): Promise<Array<{ email: string; name: string }>> {
    if (endpoint.ownerType === 'charity') return (await representation.emails(tx, endpoint.ownerId)).map((email) => ({ email, name: 'there' }));
    const owner = await repo.ownerContact(tx, endpoint.ownerId);
    return owner ? [owner] : [];
  }

  async function mailOwner(tx: Executor, endpoint: EndpointRow) {
    for (const owner of await ownersToTell(tx, endpoint)) await mailOne(tx, endpoint, owner);
  }

  async function mailOne(tx: Executor, endpoint: EndpointRow, owner: { email: string; name: string }) {
    const page = endpoint.ownerType === 'charity' ? `${ctx.config.publicUrl}/portal/charities/${endpoint.ownerId}` : `${ctx.config.publicUrl}/developers`;
    await ctx.mailer.send(
      {
        to: owner.email,
        kind: 'webhook-endpoint-disabled',
        subject: 'Your webhook endpoint was turned off',
        text: [
          `Hello ${owner.name},`,
          '',
          `Pledgeway could not deliver events to ${endpoint.url} for 3 days, so the endpoint is now turned off and no more events are sent to it.`,
          `Its delivery log shows each attempt and what your server answered: ${page}`,
          'Once it answers again, turn it back on there; events of the last 3 days can be sent again from the log.',
        ].join('\n'),
      },
      tx,
    );
  }

  return delivery;
}

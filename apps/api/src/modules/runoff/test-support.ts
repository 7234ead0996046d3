import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, participants, pledges } from '../../db/schema.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import type { TestServer } from '../../test/harness.ts';
import { fundedCampaign } from '../charging/test-helpers.ts';
import { supporterWithCard } from '../pledges/test-support.ts';

/** Helpers of the runoff tests: a live, funded runoff with named options, and pledges through the API. */
export interface RunoffSetup {
  winBy: 'donor_total' | 'donation_total';
  fixedAmountCents?: number;
  /** Declared before pledging: the lowest placement that may be charged (null = any). */
  chargeablePlaces?: number | null;
  options: string[];
}

export async function liveRunoff(server: TestServer, admin: TestClient, setup: RunoffSetup) {
  const creator = await signUp(server.url, { name: 'Rory Runoff' });
  const event = await fundedCampaign(server, creator, { targetCents: 10_000 });
  await server.app.ctx.db
    .update(events)
    .set({
      kind: 'runoff',
      runoffWinBy: setup.winBy,
      runoffFixedAmountCents: setup.fixedAmountCents ?? null,
      runoffChargeablePlaces: setup.chargeablePlaces ?? null,
      eventTime: '18:00',
      eventLocation: 'Town Hall, Main Street',
    })
    .where(eq(events.id, event.id));
  const rows = await server.app.ctx.db
    .insert(participants)
    .values(setup.options.map((fullName, position) => ({ eventId: event.id, fullName, position })))
    .returning();
  const approved = await admin.post(`/api/admin/events/${event.id}/approve`);
  expect(approved.status, JSON.stringify(approved.data)).toBe(200);
  const optionId = Object.fromEntries(rows.map((row) => [row.fullName, row.id])) as Record<string, string>;
  return { creator, event, optionId };
}

/** A new supporter pledges `dollars` to one option through POST /api/events/{id}/pledges. */
export async function pledgeTo(server: TestServer, eventId: string, participantId: string, dollars: number): Promise<string> {
  const supporter = await supporterWithCard(server);
  const response = await supporter.client.post(`/api/events/${eventId}/pledges`, {
    amount: dollars,
    tip_percent: 0,
    payment_method_id: supporter.cardId,
    participant_id: participantId,
  });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
  return response.data.data.pledge._id as string;
}

export async function pledgeStatuses(server: TestServer, eventId: string): Promise<Record<string, string[]>> {
  const rows = await server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, eventId));
  const byOption: Record<string, string[]> = {};
  for (const row of rows) {
    if (!row.participantId) continue;
    (byOption[row.participantId] ??= []).push(row.status);
  }
  return byOption;
}

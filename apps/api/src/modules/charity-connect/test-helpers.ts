import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { charities, charityGroups, events } from '../../db/schema.ts';
import type { TestClient } from '../../test/client.ts';
import type { TestServer } from '../../test/harness.ts';

/**
 * Helpers of the Connect tests: a charity of its own (so other tests' payouts stay apart), with the
 * legal name and registration number Connect requires unless `registered` is false, onboarded through the API.
 */
export async function newCharity(server: TestServer, name = `Harbour Food Bank ${crypto.randomUUID().slice(0, 6)}`, registered = true): Promise<string> {
  const [group] = await server.app.ctx.db.select().from(charityGroups).limit(1);
  const values = registered ? { legalName: `${name} Inc.`, registrationNumber: '12-3456789' } : {};
  const [row] = await server.app.ctx.db
    .insert(charities)
    .values({ groupId: group!.id, name, ...values })
    .returning();
  return row!.id;
}

/** Moves a campaign to another charity before its money is settled (the factories fund campaigns for the first charity). */
export async function benefit(server: TestServer, eventId: string, charityId: string): Promise<void> {
  await server.app.ctx.db.update(events).set({ charityId }).where(eq(events.id, eventId));
}

/** Starts onboarding as `client`, fills the sandbox's form, and reads the state back. */
export async function onboard(client: TestClient, charityId: string, options: { leaveRequirementDue?: boolean } = {}) {
  const started = await client.post(`/api/charities/${charityId}/connect/onboarding`);
  expect(started.status, JSON.stringify(started.data)).toBe(200);
  const ref = String(started.data.data.account.account_ref);
  const form = await client.post(`/api/sandbox/connect/accounts/${ref}/onboarding`, {
    bank_account_number: '000123456789',
    leave_requirement_due: options.leaveRequirementDue ?? false,
  });
  expect(form.status, JSON.stringify(form.data)).toBe(200);
  const refreshed = await client.post(`/api/charities/${charityId}/connect/refresh`);
  expect(refreshed.status, JSON.stringify(refreshed.data)).toBe(200);
  return { ref, url: String(started.data.data.url), account: refreshed.data.data.account };
}

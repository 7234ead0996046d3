import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { TestServer } from './harness.ts';

// Factories that tests of every module use: they live outside the modules, so a module's test
// helpers need not import another module's (the events module's helpers re-export them).

export async function makeAdmin(server: TestServer, userId: string) {
  await server.app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}

export async function firstCharityId(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/api/charities`);
  const groups = (await response.json()) as { charities: { _id: string }[] }[];
  return groups[0]!.charities[0]!._id;
}

import type { Executor } from '../../db/client.ts';
import { pledges } from '../../db/schema.ts';

/** SQL of a settled match's pledge (decision 109), written in the settling transaction of the charge run. */
export const matchPledgeRepository = {
  async insert(tx: Executor, values: typeof pledges.$inferInsert): Promise<string> {
    const [row] = await tx.insert(pledges).values(values).returning({ id: pledges.id });
    return row!.id;
  },
};

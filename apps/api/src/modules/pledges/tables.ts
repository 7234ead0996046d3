import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents as centsColumn, createdAt, id } from '../../db/columns.ts';
import { pledges } from '../../db/schema.ts';

const cents = (name: string) => centsColumn(name).notNull();

/**
 * Bidding Power: every raise of a pledge, with its amounts and fees before and after. The pledge
 * row holds the current figures; this keeps how it got there, and the supporter's Idempotency-Key
 * so a retried raise answers the first one instead of raising twice.
 */
export const pledgeRaises = pgTable(
  'pledge_raises',
  {
    id: id(),
    pledgeId: uuid('pledge_id')
      .notNull()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    requestKey: text('request_key'),
    fromAmountCents: cents('from_amount_cents'),
    toAmountCents: cents('to_amount_cents'),
    fromTipCents: cents('from_tip_cents'),
    toTipCents: cents('to_tip_cents'),
    fromPlatformFeeCents: cents('from_platform_fee_cents'),
    toPlatformFeeCents: cents('to_platform_fee_cents'),
    fromCoverCents: cents('from_cover_cents'),
    toCoverCents: cents('to_cover_cents'),
    coverFees: boolean('cover_fees').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pledge_raises_request_key_unique').on(table.pledgeId, table.requestKey),
    index('pledge_raises_pledge').on(table.pledgeId, table.createdAt),
    // A pledge is never lowered (docs/product.md#terms-the-product-enforces: pledges cannot be withdrawn).
    check('pledge_raises_higher', sql`${table.toAmountCents} > ${table.fromAmountCents}`),
  ],
);

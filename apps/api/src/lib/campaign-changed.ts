import type { AppContext } from '../context.ts';

/**
 * Tells open campaign pages that a pledge's or the campaign's status changed: this instance's
 * public reads are refreshed at once and every instance's live pages re-read their totals. Called
 * after the change's transaction committed. Here rather than in a module: the life cycle, charging,
 * disputes and the creator's funding all call it, and none of them has to stand above another for it.
 */
export function notifyCampaignChanged(ctx: AppContext, eventId: string): void {
  ctx.publicReads.clear();
  void ctx.live.publish(eventId);
}

import type { AppContext } from '../../context.ts';

/**
 * Tells open campaign pages that a pledge's or the campaign's status changed. The live channel
 * (server-sent events) provides `ctx.live.publish`; until it is present this does nothing, so
 * every money path already calls it at the right moment (after its transaction committed).
 */
export function notifyCampaignChanged(ctx: AppContext, eventId: string): void {
  (ctx as AppContext & { live?: { publish?: (eventId: string) => unknown } }).live?.publish?.(eventId);
}

import { deferred } from '@/components/deferred';

/**
 * The campaign page's updates section, below the fold, with its comment actions: its code loads
 * after the page's own (a server-rendered page shows it from its HTML meanwhile), so the first
 * screen hydrates without it.
 */
export const CampaignUpdates = deferred(() => import('./updates/campaign-updates').then((module) => module.CampaignUpdates));

/**
 * "More campaigns" at the foot of the campaign page, with the campaign card it shows them with:
 * loaded after the page's own code like the updates above it.
 */
export const MoreCampaigns = deferred(() => import('./event-page/more-campaigns').then((module) => module.MoreCampaigns));

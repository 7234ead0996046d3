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

/**
 * A runoff's rules, ranking and option buttons: only a runoff's page has them, so the other kinds
 * never load their code, and a runoff's page hydrates them when it arrives (the HTML shows them, and
 * a press on an option's Pledge button is held until then, decision 120).
 */
export const RunoffSection = deferred(() => import('./runoff/runoff-section').then((module) => module.RunoffSection));

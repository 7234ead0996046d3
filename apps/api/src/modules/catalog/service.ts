import { listPublicCampaignSummaries } from './repository.ts';

/** The public campaign list as other modules read it (the public read cache builds its pages from it). */
export const catalogService = { listPublicCampaignSummaries };

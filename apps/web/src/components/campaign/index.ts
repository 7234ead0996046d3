export { CampaignCard, CampaignCardSkeleton, FALLBACK_BANNER, type CampaignCardProps } from './campaign-card';
export { CampaignCardGrid } from './campaign-card-grid';
export { EmbedSnippets } from './embed-snippets';

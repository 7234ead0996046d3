export { CampaignCard, CampaignCardSkeleton, FALLBACK_BANNER, type CampaignCardProps } from './campaign-card';

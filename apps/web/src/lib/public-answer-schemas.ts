/**
 * The schemas of the answers that public pages and every page's frame read (packages/domain), in
 * one chunk of their own: zod and these weigh about 30 KB gzip, more than a public page's initial
 * JavaScript has room for (docs/architecture.md#budgets). The chunk loads with the first such read
 * in the browser; a page that arrived rendered from the server has its answers already and does
 * not load it until it reads again. Read through `publicSchema(name)` (lib/api-client.ts), decision 220.
 */
export { AuthCheckResponse, LoginResponse, MyProfileResponse, RegisterResponse, SuccessResponse } from '@pledgeway/domain/schemas/auth';
export { RaisePledgeResponse } from '@pledgeway/domain/schemas/bidding';
export { ContactResponse } from '@pledgeway/domain/schemas/contact';
export { EventDetailResponse, EventSummaryList } from '@pledgeway/domain/schemas/event-response';
export { FundraisingLeaderboardResponse } from '@pledgeway/domain/schemas/fundraising-pages';
export { MatchListResponse } from '@pledgeway/domain/schemas/matching';
export { MyPledgesResponse } from '@pledgeway/domain/schemas/my-pledges';
export { NewsletterResponse } from '@pledgeway/domain/schemas/newsletter';
export { SupportersResponse } from '@pledgeway/domain/schemas/pledges';
export { CampaignPromotionsResponse, MyPromotionResponse } from '@pledgeway/domain/schemas/promotions';
export { CharityGroupsResponse } from '@pledgeway/domain/schemas/public';
export { SearchResponse } from '@pledgeway/domain/schemas/search';
export { CommentResponse, PostUpdateResponse, UpdatesResponse } from '@pledgeway/domain/schemas/updates';

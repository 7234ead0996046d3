import { z } from 'zod';
import { actionResponse, okResponse, requiredText } from './common.ts';
import { dollarAmountField } from './event-fields.ts';

/**
 * Fundraising pages (docs/decisions/110-fundraising-pages.md): a supporter's own page under a live
 * campaign, like a runner raising for the race's charity. Pledges made through its link are the
 * campaign's pledges, attributed to the page; a page never moves money of its own.
 */
export const PAGE_TITLE_MIN_CHARS = 3;
export const PAGE_TITLE_MAX_CHARS = 80;
export const PAGE_STORY_MAX_CHARS = 2000;
export const PAGE_SLUG_MIN_CHARS = 3;
export const PAGE_SLUG_MAX_CHARS = 60;
export const PAGE_TARGET_MIN_DOLLARS = 10;
export const PAGE_TARGET_MAX_DOLLARS = 50_000;
/** Words a slug may not be: they name other pages of the site's paths. */
export const RESERVED_PAGE_SLUGS = ['mine', 'new', 'edit', 'manage'] as const;

export const FUNDRAISING_PAGE_MESSAGES = {
  titleRequired: 'Title is required',
  titleMin: `Title must be at least ${PAGE_TITLE_MIN_CHARS} characters`,
  titleMax: `Keep the title under ${PAGE_TITLE_MAX_CHARS} characters`,
  storyRequired: 'Tell supporters why you are raising money',
  storyMax: `Keep your story under ${PAGE_STORY_MAX_CHARS} characters`,
  targetRequired: 'Target is required',
  targetMin: `Target must be at least $${PAGE_TARGET_MIN_DOLLARS}`,
  targetMax: 'Target cannot exceed $50,000',
  slugRequired: 'Link is required',
  slugFormat: `Use ${PAGE_SLUG_MIN_CHARS} to ${PAGE_SLUG_MAX_CHARS} lowercase letters, digits and single hyphens`,
  slugReserved: 'This link is reserved; choose another',
  slugTaken: 'This link is taken; choose another',
  created: 'Your fundraising page is live. Share its link: pledges made through it count for the campaign and for your page.',
  alreadyHasPage: 'You already have a fundraising page for this campaign',
  notLive: 'Fundraising pages can be started only while the campaign is live',
  ownCampaign: 'You host this campaign: share its page directly',
  notFound: 'Fundraising page not found',
  hidden: "This fundraising page was hidden by the campaign's host. Pledges to the campaign are still welcome on its own page.",
  hiddenDone: 'Page hidden. It no longer shows on the campaign, and its link says so.',
  shownDone: 'Page shown again.',
  alreadyHidden: 'This page is already hidden',
  notHidden: 'This page is not hidden',
  saved: 'Your page is saved.',
  notOwner: 'Only the person who started this page can edit it',
  closedDone: 'Page closed. It keeps what was pledged through it; new pledges through its link go to the campaign alone.',
  reopenedDone: 'Page reopened. Pledges through its link count for it again.',
  alreadyClosed: 'This page is already closed',
  notClosed: 'This page is not closed',
  notOwnerClose: 'Only the person who started this page can close or reopen it',
  reopenNotLive: 'A page can be reopened only while the campaign is live',
} as const;

/** Lowercase words joined by single hyphens, e.g. `anna-runs-boston`. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PageSlug = requiredText(FUNDRAISING_PAGE_MESSAGES.slugRequired)
  .transform((value) => value.toLowerCase())
  .pipe(
    z
      .string()
      .min(PAGE_SLUG_MIN_CHARS, FUNDRAISING_PAGE_MESSAGES.slugFormat)
      .max(PAGE_SLUG_MAX_CHARS, FUNDRAISING_PAGE_MESSAGES.slugFormat)
      .regex(SLUG_PATTERN, FUNDRAISING_PAGE_MESSAGES.slugFormat)
      .refine((slug) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(slug), FUNDRAISING_PAGE_MESSAGES.slugReserved),
  );

/** POST /api/events/{id}/fundraising-pages. `image`: a cropped JPEG as a data URL, or empty for none. */
export const CreateFundraisingPageRequest = z.object({
  title: requiredText(FUNDRAISING_PAGE_MESSAGES.titleRequired)
    .min(PAGE_TITLE_MIN_CHARS, FUNDRAISING_PAGE_MESSAGES.titleMin)
    .max(PAGE_TITLE_MAX_CHARS, FUNDRAISING_PAGE_MESSAGES.titleMax),
  story: requiredText(FUNDRAISING_PAGE_MESSAGES.storyRequired).max(PAGE_STORY_MAX_CHARS, FUNDRAISING_PAGE_MESSAGES.storyMax),
  target_amount: dollarAmountField(
    { required: FUNDRAISING_PAGE_MESSAGES.targetRequired, min: FUNDRAISING_PAGE_MESSAGES.targetMin, max: FUNDRAISING_PAGE_MESSAGES.targetMax },
    PAGE_TARGET_MIN_DOLLARS,
    PAGE_TARGET_MAX_DOLLARS,
  ),
  slug: PageSlug,
  image: z
    .string()
    .max(8 * 1024 * 1024)
    .default(''),
});
export type CreateFundraisingPageRequest = z.infer<typeof CreateFundraisingPageRequest>;
export type CreateFundraisingPageRequestInput = z.input<typeof CreateFundraisingPageRequest>;

/**
 * PATCH /api/fundraising-pages/{id}: the owner edits their page. The link (slug) stays, as it is
 * already shared. `image`: left out keeps the picture, empty removes it, a cropped JPEG as a data
 * URL replaces it.
 */
export const UpdateFundraisingPageRequest = CreateFundraisingPageRequest.omit({ slug: true, image: true }).extend({
  image: z
    .string()
    .max(8 * 1024 * 1024)
    .optional(),
});
export type UpdateFundraisingPageRequest = z.infer<typeof UpdateFundraisingPageRequest>;
export type UpdateFundraisingPageRequestInput = z.input<typeof UpdateFundraisingPageRequest>;

/**
 * GET and PATCH /fundraising-pages/{page} share the parameter's name, so the OpenAPI document has one
 * path there: a page is read by its link and changed by its id (decision 185).
 */
export const PageLinkParams = z.object({
  page: z.string().trim().min(1).max(PAGE_SLUG_MAX_CHARS).describe("The page's link: the slug of /fundraisers/{slug}"),
});
export const PageIdParams = z.object({ page: z.string().uuid('Invalid id').describe("The page's id") });

const PageOwner = z.object({ name: z.string(), image: z.string() });

/** One page as lists show it: the counted pledges made through it, as in the campaign's totals. */
export const FundraisingPageSummary = z.object({
  _id: z.string(),
  event_id: z.string(),
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  owner: PageOwner,
  target_amount: z.number(),
  raised: z.number(),
  supporters: z.number(),
  created_at: z.string(),
  /** When its owner closed it: it keeps its total and takes no new pledges. */
  closed_at: z.string().nullable(),
});
export type FundraisingPageSummary = z.infer<typeof FundraisingPageSummary>;

/** GET /api/events/{id}/fundraising-pages: the leaderboard, most raised first; hidden pages are not in it. */
export const FundraisingLeaderboardResponse = okResponse(z.object({ pages: z.array(FundraisingPageSummary) }));
export type FundraisingLeaderboardResponse = z.infer<typeof FundraisingLeaderboardResponse>;

/** GET /api/fundraising-pages/{page}, by its link: the public page with its campaign. */
export const FundraisingPageDetail = FundraisingPageSummary.extend({
  story: z.string(),
  event: z.object({ _id: z.string(), name: z.string(), status: z.string(), banner_image_url: z.string() }),
});
export type FundraisingPageDetail = z.infer<typeof FundraisingPageDetail>;
export const FundraisingPageResponse = okResponse(FundraisingPageDetail);
export type FundraisingPageResponse = z.infer<typeof FundraisingPageResponse>;

export const CreateFundraisingPageResponse = actionResponse(FundraisingPageDetail);
export type CreateFundraisingPageResponse = z.infer<typeof CreateFundraisingPageResponse>;
export const UpdateFundraisingPageResponse = actionResponse(FundraisingPageDetail);
export type UpdateFundraisingPageResponse = z.infer<typeof UpdateFundraisingPageResponse>;

/** Every page of a campaign for its host and admins, hidden ones included. */
export const ManagedFundraisingPage = FundraisingPageSummary.extend({ hidden_at: z.string().nullable() });
export type ManagedFundraisingPage = z.infer<typeof ManagedFundraisingPage>;
export const ManagedFundraisingPagesResponse = okResponse(z.object({ pages: z.array(ManagedFundraisingPage) }));
export type ManagedFundraisingPagesResponse = z.infer<typeof ManagedFundraisingPagesResponse>;
export const FundraisingPageActionResponse = actionResponse(ManagedFundraisingPage);
export type FundraisingPageActionResponse = z.infer<typeof FundraisingPageActionResponse>;

/** A pledge through the owner's page, as the owner sees it: `name` is null when the supporter chose anonymous. */
export const PageSupporter = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  amount: z.number(),
  message: z.string(),
  created_at: z.string(),
});
export type PageSupporter = z.infer<typeof PageSupporter>;

/** GET /api/fundraising-pages/mine: the caller's pages with their stories and supporters (newest first, at most 100 each). */
export const MyFundraisingPage = ManagedFundraisingPage.extend({
  story: z.string(),
  event: FundraisingPageDetail.shape.event,
  supporters_list: z.array(PageSupporter),
});
export type MyFundraisingPage = z.infer<typeof MyFundraisingPage>;
export const MyFundraisingPagesResponse = okResponse(z.object({ pages: z.array(MyFundraisingPage) }));
export type MyFundraisingPagesResponse = z.infer<typeof MyFundraisingPagesResponse>;

/** The link a page owner shares. */
export function fundraisingPagePath(slug: string): string {
  return `/fundraisers/${slug}`;
}

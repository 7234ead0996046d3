import { z } from 'zod';
import { actionResponse, okResponse } from './common.ts';
import { EventStatusSchema, EventSummaryResponse } from './event-response.ts';

/**
 * Event Stacking (docs/decisions/069-bidding-stacking-promotion.md): a host puts two to five of
 * their own published campaigns on one shareable page with a combined total. Every pledge still
 * belongs to its own campaign; the stack only adds the totals up.
 */
export const STACK_LIMITS = { minCampaigns: 2, maxCampaigns: 5, titleMin: 3, titleMax: 80, descriptionMax: 280 } as const;

export const STACK_MESSAGES = {
  titleRequired: 'Title is required',
  titleMin: `Title must be at least ${STACK_LIMITS.titleMin} characters`,
  titleMax: `Title cannot exceed ${STACK_LIMITS.titleMax} characters`,
  descriptionMax: `Keep the description under ${STACK_LIMITS.descriptionMax} characters`,
  tooFew: `Choose at least ${STACK_LIMITS.minCampaigns} campaigns`,
  tooMany: `Choose at most ${STACK_LIMITS.maxCampaigns} campaigns`,
  duplicate: 'Each campaign can be in a stack only once',
  invalidCampaign: 'Choose campaigns from the list',
  notYours: 'You can only stack your own campaigns',
  notPublished: 'Only published campaigns (live, frozen or completed) can be stacked',
  notFound: 'Stack not found',
  created: 'Your stack is published',
  saved: 'Stack saved',
  deleted: 'Stack deleted',
} as const;

/** POST /api/stacks and PUT /api/stacks/{id}: the whole stack, its campaigns in the order shown. */
export const StackRequest = z.object({
  title: z
    .string({ error: STACK_MESSAGES.titleRequired })
    .trim()
    .min(1, STACK_MESSAGES.titleRequired)
    .min(STACK_LIMITS.titleMin, STACK_MESSAGES.titleMin)
    .max(STACK_LIMITS.titleMax, STACK_MESSAGES.titleMax),
  description: z.string().trim().max(STACK_LIMITS.descriptionMax, STACK_MESSAGES.descriptionMax).default(''),
  event_ids: z
    .array(z.uuid({ error: STACK_MESSAGES.invalidCampaign }), { error: STACK_MESSAGES.tooFew })
    .min(STACK_LIMITS.minCampaigns, STACK_MESSAGES.tooFew)
    .max(STACK_LIMITS.maxCampaigns, STACK_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, STACK_MESSAGES.duplicate),
});
export type StackRequest = z.infer<typeof StackRequest>;
export type StackRequestInput = z.input<typeof StackRequest>;

/** GET /api/stacks/{id}: the public page. Only published campaigns are listed, each with its own total. */
export const StackPageResponse = okResponse(
  z.object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    owner: z.object({ _id: z.string(), name: z.string() }),
    campaigns: z.array(EventSummaryResponse),
    totals: z.object({
      campaigns: z.number(),
      /** Dollars: the sum of the listed campaigns' raised totals. */
      raised: z.number(),
      /** Distinct people backing at least one listed campaign. */
      supporters: z.number(),
    }),
    updated_at: z.string(),
  }),
);
export type StackPageResponse = z.infer<typeof StackPageResponse>;

/** A stack as its owner edits it: every campaign in it, with whether the public still sees it. */
export const MyStack = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  campaigns: z.array(z.object({ _id: z.string(), name: z.string(), status: EventStatusSchema, published: z.boolean() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MyStack = z.infer<typeof MyStack>;

export const MyStacksResponse = okResponse(z.object({ stacks: z.array(MyStack) }));
export type MyStacksResponse = z.infer<typeof MyStacksResponse>;

export const StackActionResponse = actionResponse(MyStack);
export type StackActionResponse = z.infer<typeof StackActionResponse>;

export const StackDeletedResponse = actionResponse(z.object({ _id: z.string() }));
export type StackDeletedResponse = z.infer<typeof StackDeletedResponse>;

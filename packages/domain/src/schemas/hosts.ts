import { z } from 'zod';
import { EventSummaryResponse } from './event-response.ts';

export const HOST_MESSAGES = {
  notFound: 'Host not found',
} as const;

/**
 * GET /api/hosts/{id} (Platform Building, docs/decisions/066-promotional-powers.md): a creator's
 * public page. Only the public name and image of the account are shown, never its e-mail. A
 * person with no published campaign but an accepted promotion has a page too (decision 069).
 */
export const HostPageResponse = z.object({
  success: z.literal(true),
  data: z.object({
    host: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
    /** Published campaigns (live, frozen or completed), newest first, each with its own totals. */
    campaigns: z.array(EventSummaryResponse),
    /**
     * Third-Party Promotion: published campaigns of other hosts this person promotes (accepted) or
     * promoted (ended), each with the pledges credited to their link.
     */
    promotions: z.array(
      z.object({
        _id: z.string(),
        status: z.enum(['accepted', 'ended']),
        event: EventSummaryResponse,
        pledges: z.number(),
        raised: z.number(),
      }),
    ),
    totals: z.object({
      campaigns: z.number(),
      /** Dollars, the sum of the campaigns' raised totals. */
      raised: z.number(),
      /** Distinct people who back at least one of these campaigns. */
      supporters: z.number(),
    }),
  }),
});
export type HostPageResponse = z.infer<typeof HostPageResponse>;

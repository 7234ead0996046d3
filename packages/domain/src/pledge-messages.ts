/**
 * The messages of a supporter's pledge list (docs/product.md#8-messages), free of zod so the campaign page's
 * pledge button can read them without pulling in the schema library (schemas/my-pledges.ts re-exports them).
 */
export const PLEDGE_MESSAGES = {
  fetchFailed: 'Failed to fetch pledges',
  loadFailed: 'Error loading pledges. Please try again later.',
  empty: 'No pledges made',
} as const;

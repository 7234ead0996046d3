/**
 * Every query key of the web app, one factory: a key names one resource in one shape, so two pages
 * that read the same endpoint share the cache and one invalidation refreshes both. Keys are arrays
 * from the general to the particular (`['events']` invalidates every campaign query).
 */
export const queryKeys = {
  myProfile: ['my-profile'] as const,
  myPledges: ['my-pledges'] as const,
  /** The years of the signed-in supporter's giving statements. */
  statements: ['statements'] as const,
  /** Whether the yearly statement is e-mailed in January (decision 138). */
  statementEmails: ['statement-emails'] as const,
  /** The charity portal (decision 135): the caller's charities, one charity's portal, an invitation, a charity's representatives. */
  charityPortal: {
    all: ['charity-portal'] as const,
    mine: ['charity-portal', 'mine'] as const,
    overview: (id: string) => ['charity-portal', 'overview', id] as const,
    invitation: (token: string) => ['charity-portal', 'invitation', token] as const,
    representatives: (id: string) => ['charity-portal', 'representatives', id] as const,
  },
  /** The matches the signed-in user offers as a sponsor (My Pledges). */
  myMatches: ['my-matches'] as const,
  myEvents: {
    all: ['my-events'] as const,
    of: (userId: string) => ['my-events', userId] as const,
  },
  paymentMethods: ['payment-methods'] as const,
  paymentConfig: ['payment-config'] as const,
  /** The public charity list (GET /charities), grouped. */
  charities: ['charities'] as const,
  /** Where a visitor's Stripe donation stands after a payment method that left the page (decision 255), by PaymentIntent. */
  stripeDonationReturn: (paymentIntent: string) => ['stripe-donation-return', paymentIntent] as const,
  identity: {
    all: ['identity'] as const,
    status: ['identity', 'status'] as const,
  },
  events: {
    all: ['events'] as const,
    detail: (id: string) => ['events', 'detail', id] as const,
    manage: (id: string) => ['events', 'manage', id] as const,
    updates: (id: string) => ['events', 'updates', id] as const,
    supporters: (id: string) => ['events', 'supporters', id] as const,
    /** The open ledger: one page of a campaign's money movements, with its totals. */
    money: (id: string, offset: number) => ['events', 'money', id, offset] as const,
    /** What Close and Complete would do with the money (the confirmation before either). */
    lifecyclePreview: (id: string) => ['events', 'lifecycle-preview', id] as const,
    /** Lists of live campaigns; the rest of the key says which list. */
    active: (...which: readonly unknown[]) => ['events', 'allActive', ...which] as const,
    /** Third-Party Promotion: the public "Promoted by" list, the host's requests, the caller's own. */
    promotions: (id: string) => ['events', 'promotions', id] as const,
    managedPromotions: (id: string) => ['events', 'promotions', id, 'manage'] as const,
    myPromotion: (id: string) => ['events', 'promotions', id, 'mine'] as const,
    /** Fundraising pages: the campaign's leaderboard, and every page of it as its host manages them. */
    fundraisingPages: (id: string) => ['events', 'fundraising-pages', id] as const,
    managedFundraisingPages: (id: string) => ['events', 'fundraising-pages', id, 'manage'] as const,
    /** The sites allowed to show the campaign's embed (its host's list). */
    embedOrigins: (id: string) => ['events', 'embed-origins', id] as const,
    /** Matching pledges: a campaign's sponsors' matches, "Matched by {sponsor}: $X of $Y". */
    matches: (id: string) => ['events', 'matches', id] as const,
    /** The charge run of a campaign, as its host sees it. */
    chargeRun: (id: string) => ['events', 'charge-run', id] as const,
  },
  /** Event Stacking: a public stack page, and the signed-in host's stacks. */
  stacks: {
    detail: (id: string) => ['stacks', 'detail', id] as const,
    mine: ['stacks', 'mine'] as const,
  },
  /** A fundraising page by its link, and the signed-in owner's pages with their supporters. */
  fundraisingPages: {
    all: ['fundraising-pages'] as const,
    detail: (slug: string) => ['fundraising-pages', 'detail', slug] as const,
    mine: ['fundraising-pages', 'mine'] as const,
  },
  hosts: (id: string) => ['hosts', id] as const,
  search: (q: string) => ['search', q] as const,
  closureStatus: ['account-closure'] as const,
  /** The admin console: `admin.all` refreshes every console query after an admin action. */
  admin: {
    all: ['admin'] as const,
    dashboard: ['admin', 'dashboard'] as const,
    reviews: ['admin', 'reviews'] as const,
    review: (eventId: string) => ['admin', 'reviews', eventId] as const,
    campaigns: <Filters>(filters: Filters) => ['admin', 'campaigns', filters] as const,
    campaignPledges: (eventId: string) => ['admin', 'campaigns', eventId, 'pledges'] as const,
    users: {
      all: ['admin', 'users'] as const,
      list: <Filters>(filters: Filters) => ['admin', 'users', filters] as const,
      detail: (userId: string) => ['admin', 'users', 'detail', userId] as const,
    },
    messages: {
      all: ['admin', 'messages'] as const,
      list: <Filters>(filters: Filters) => ['admin', 'messages', filters] as const,
    },
    audit: <Filters>(filters: Filters) => ['admin', 'audit', filters] as const,
    subscribers: (page: number) => ['admin', 'subscribers', page] as const,
    charities: ['admin', 'charities'] as const,
    charging: ['admin', 'charging'] as const,
    chargeHold: (eventId: string) => ['admin', 'charge-hold', eventId] as const,
    chargeRun: (runId: string) => ['admin', 'charge-runs', runId] as const,
    payouts: ['admin', 'payouts'] as const,
    profileChanges: ['admin', 'charity-profile-changes'] as const,
    charityConnect: ['admin', 'charity-connect'] as const,
    charityTransfers: (charityId: string) => ['admin', 'charity-connect', charityId, 'transfers'] as const,
    ledgerCheck: ['admin', 'ledger-check'] as const,
    disputes: ['admin', 'disputes'] as const,
    monthlyGiving: ['admin', 'monthly-giving'] as const,
  },
};

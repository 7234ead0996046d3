/**
 * The query parameter of /login naming the page to come back to, as a Pledge button sends it
 * before the app has hydrated (decision 120); the app itself passes it in the history state.
 */
export const LOGIN_RETURN_PARAM = 'from';

/** Every URL of the web app, defined once (docs/product.md#routes). */
export const paths = {
  home: '/',
  ourStory: '/our-story',
  services: '/services',
  events: '/events',
  promotions: '/events/promotions',
  moneyBomb: '/events/money-bomb',
  competitions: '/events/competitions',
  crowdfunding: '/events/crowdfunding',
  event: (id: string) => `/events/${id}`,
  /** A campaign's open ledger: every movement of its money. */
  eventMoney: (id: string) => `/events/${id}/money`,
  /** Its downloads, served by the API. */
  eventMoneyDownload: (id: string, format: 'csv' | 'json') => `/api/events/${id}/money.${format}`,
  /** All live campaigns of one category (the home page's topic cards). */
  eventsInCategory: (category: string) => `/events?category=${encodeURIComponent(category)}`,
  host: (userId: string) => `/hosts/${userId}`,
  /** Event Stacking: a host's page of several campaigns. */
  stack: (id: string) => `/stacks/${id}`,
  /** A supporter's fundraising page under a campaign. */
  fundraiser: (slug: string) => `/fundraisers/${slug}`,
  /** The campaign page opened through a fundraising page: pledges made there are attributed to it. */
  eventThroughPage: (eventId: string, pageId: string) => `/events/${eventId}?page=${pageId}`,
  /** A campaign's card for other sites' iframes, and its live overlay for streaming software (decision 111). */
  embed: (eventId: string) => `/embed/events/${eventId}`,
  overlay: (eventId: string) => `/overlay/events/${eventId}`,
  charities: '/charities',
  terms: '/terms-of-use',
  privacy: '/privacy-policy',
  cookies: '/cookie-policy',
  support: '/support',
  contact: '/contact',
  accessibility: '/accessibility',
  doNotSell: '/do-not-sell',
  newsletterConfirmed: '/newsletter/confirmed',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  closeAccount: '/site/closeaccount',
  user: {
    dashboard: '/user/dashboard',
    profile: '/user/my-profile',
    pledges: '/user/pledges',
    /** Giving statements: one PDF per year of charges. */
    statements: '/user/statements',
    /** The charity portal: the charities the person represents, and one charity's portal (decision 135). */
    charities: '/user/charities',
    charity: (id: string) => `/user/charities/${id}`,
    events: '/user/events',
    createEvent: '/user/event/create',
    eventSummary: (id: string) => `/user/event/${id}`,
    editEvent: (id: string) => `/user/event/edit/${id}`,
    practice: '/user/events/practice-campaign',
    paymentMethods: '/user/payment-methods',
    /** My Giving: monthly gifts to charities; `?start={charity}` opens Give monthly, `?gift={id}` shows one gift. */
    giving: '/user/giving',
    givingStart: (charityId: string) => `/user/giving?start=${charityId}`,
    /** The on-site confirmation of a month the bank asked to authenticate (the e-mail's link, decision 170). */
    givingConfirm: (giftId: string, chargeId: string) => `/user/giving/${giftId}/confirm/${chargeId}`,
    verifyIdentity: '/user/verify-identity',
    /** The sandbox's stand-in for Stripe's hosted Connect onboarding (the account link points here). */
    sandboxConnect: '/user/sandbox-connect/:ref',
    stacks: '/user/stacks',
    developers: '/user/developers',
    fundraisingPages: '/user/fundraising-pages',
    startFundraisingPage: (eventId: string) => `/user/fundraising-pages/new/${eventId}`,
    editFundraisingPage: (pageId: string) => `/user/fundraising-pages/edit/${pageId}`,
  },
  admin: {
    dashboard: '/admin/dashboard',
    reviews: '/admin/reviews',
    review: (id: string) => `/admin/reviews/${id}`,
    campaigns: '/admin/campaigns',
    charging: '/admin/charging',
    payouts: '/admin/payouts',
    charityConnect: '/admin/charity-connect',
    disputes: '/admin/disputes',
    monthlyGiving: '/admin/monthly-giving',
    wallets: '/admin/wallets',
    charities: '/admin/charities',
    people: '/admin/people',
    messages: '/admin/messages',
    audit: '/admin/audit',
  },
} as const;

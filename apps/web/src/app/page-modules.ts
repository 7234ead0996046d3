import { matchPath } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The source module of each server-rendered page, by route (the same pages as router.tsx): the
 * server names the page's chunks in `<link rel="modulepreload">`, so they download beside the
 * entry chunk instead of after it (docs/decisions/071). A page missing here still renders; its
 * chunks are then fetched when it hydrates.
 */
const PAGE_MODULES: readonly (readonly [pattern: string, module: string])[] = [
  [paths.home, 'src/features/marketing/pages/home.tsx'],
  [paths.ourStory, 'src/features/marketing/pages/our-story.tsx'],
  [paths.services, 'src/features/marketing/pages/services.tsx'],
  [paths.terms, 'src/features/marketing/pages/terms.tsx'],
  [paths.privacy, 'src/features/marketing/pages/privacy.tsx'],
  [paths.cookies, 'src/features/marketing/pages/cookies.tsx'],
  [paths.support, 'src/features/marketing/pages/support.tsx'],
  [paths.accessibility, 'src/features/marketing/pages/accessibility.tsx'],
  [paths.doNotSell, 'src/features/marketing/pages/do-not-sell.tsx'],
  [paths.newsletterConfirmed, 'src/features/newsletter/pages/newsletter-confirmed.tsx'],
  [paths.contact, 'src/features/contact/pages/contact.tsx'],
  [paths.charities, 'src/features/charities/pages/charities.tsx'],
  [paths.events, 'src/features/campaign-lists/pages/campaign-list.tsx'],
  [paths.promotions, 'src/features/campaign-lists/pages/campaign-list.tsx'],
  [paths.moneyBomb, 'src/features/campaign-lists/pages/campaign-list.tsx'],
  [paths.competitions, 'src/features/campaign-lists/pages/campaign-list.tsx'],
  [paths.crowdfunding, 'src/features/campaign-lists/pages/campaign-list.tsx'],
  ['/events/:eventId', 'src/features/campaigns/pages/event-page.tsx'],
  ['/events/:eventId/money', 'src/features/campaigns/pages/campaign-money.tsx'],
  ['/hosts/:userId', 'src/features/hosts/pages/host-page.tsx'],
  ['/stacks/:stackId', 'src/features/stacks/pages/stack-page.tsx'],
  ['/fundraisers/:slug', 'src/features/campaigns/pages/fundraising-page.tsx'],
  ['/embed/events/:eventId', 'src/features/campaigns/pages/embed-page.tsx'],
  ['/overlay/events/:eventId', 'src/features/campaigns/pages/overlay-page.tsx'],
  [paths.login, 'src/features/auth/pages/login.tsx'],
  [paths.register, 'src/features/auth/pages/register.tsx'],
  [paths.forgotPassword, 'src/features/auth/pages/forgot-password.tsx'],
  [paths.resetPassword, 'src/features/auth/pages/reset-password.tsx'],
  [paths.confirmEmail, 'src/features/auth/pages/confirm-email.tsx'],
  [paths.closeAccount, 'src/features/account/pages/close-account.tsx'],
];

/** The page module of a path (as the build manifest names it), or undefined. */
export function pageModuleOf(pathname: string): string | undefined {
  return PAGE_MODULES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
}

const USER_LAYOUT_MODULE = 'src/app/layout/user-layout.tsx';

/**
 * The signed-in area's pages, which the browser alone renders. The page the server sends names
 * their chunks and the area's layout in `<link rel="modulepreload">`, so they download while the
 * entry chunk runs and checks the session; without them, the layout's chunk is asked for only
 * once the session is confirmed, and the page's only once the layout has rendered.
 */
const SIGNED_IN_PAGE_MODULES: readonly (readonly [pattern: string, module: string])[] = [
  [paths.user.dashboard, 'src/features/dashboard/pages/dashboard.tsx'],
  [paths.user.profile, 'src/features/profile/pages/my-profile.tsx'],
  [paths.user.pledges, 'src/features/pledges/pages/my-pledges.tsx'],
  [paths.user.statements, 'src/features/pledges/pages/giving-statements.tsx'],
  [paths.user.events, 'src/features/my-events/pages/my-events.tsx'],
  [paths.user.stacks, 'src/features/stacks/pages/my-stacks.tsx'],
  [paths.user.developers, 'src/features/integrations/pages/developers.tsx'],
  [paths.user.fundraisingPages, 'src/features/campaigns/pages/my-fundraising-pages.tsx'],
  ['/user/fundraising-pages/new/:eventId', 'src/features/campaigns/pages/start-fundraising-page.tsx'],
  ['/user/fundraising-pages/edit/:pageId', 'src/features/campaigns/pages/edit-fundraising-page.tsx'],
  [paths.user.paymentMethods, 'src/features/payment-methods/pages/payment-methods.tsx'],
  [paths.user.giving, 'src/features/monthly-giving/pages/my-giving.tsx'],
  [paths.user.createEvent, 'src/features/campaigns/pages/create-event.tsx'],
  [paths.user.practice, 'src/features/campaigns/pages/practice-campaign.tsx'],
  [paths.user.verifyIdentity, 'src/features/campaigns/pages/verify-identity.tsx'],
  [paths.user.sandboxConnect, 'src/features/charity-connect/pages/sandbox-onboarding.tsx'],
  ['/user/event/edit/:eventId', 'src/features/campaigns/pages/edit-event.tsx'],
  ['/user/event/:eventId', 'src/features/campaigns/pages/event-summary.tsx'],
  ['/admin/*', 'src/app/routes/admin-console.tsx'],
];

/** The modules a signed-in page of this path needs first (the area's layout and the page's own), or none. */
export function signedInPageModulesOf(pathname: string): string[] {
  const page = SIGNED_IN_PAGE_MODULES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  return page ? [USER_LAYOUT_MODULE, page] : [];
}

export { PAGE_MODULES, SIGNED_IN_PAGE_MODULES, USER_LAYOUT_MODULE };

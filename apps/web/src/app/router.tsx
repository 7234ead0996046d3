import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AdminRoute, GuestRoute, ProtectedRoute } from '@/app/route-guards';
import { RootLayout } from '@/app/layout/root-layout';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RouteErrorBoundary } from './routes/route-error';

/*
 * Declarative routes with one lazy chunk per page. The data router (createBrowserRouter) would add
 * about 17 KB gzip to every public page for loaders and actions this app does not use; see
 * docs/decisions/013-declarative-router.md. Navigations run in a transition, so the current page
 * stays on screen while the next page's chunk loads.
 */
const HomePage = lazy(() => import('@/features/marketing/pages/home'));
const OurStoryPage = lazy(() => import('@/features/marketing/pages/our-story'));
const ServicesPage = lazy(() => import('@/features/marketing/pages/services'));
const TermsPage = lazy(() => import('@/features/marketing/pages/terms'));
const PrivacyPage = lazy(() => import('@/features/marketing/pages/privacy'));
const CookiesPage = lazy(() => import('@/features/marketing/pages/cookies'));
const SupportPage = lazy(() => import('@/features/marketing/pages/support'));
const AccessibilityPage = lazy(() => import('@/features/marketing/pages/accessibility'));
const DoNotSellPage = lazy(() => import('@/features/marketing/pages/do-not-sell'));
const NewsletterConfirmedPage = lazy(() => import('@/features/newsletter/pages/newsletter-confirmed'));
const ContactPage = lazy(() => import('@/features/contact/pages/contact'));
const CharitiesPage = lazy(() => import('@/features/charities/pages/charities'));
const CampaignListPage = lazy(() => import('@/features/campaign-lists/pages/campaign-list'));
const EventPagePage = lazy(() => import('@/features/campaigns/pages/event-page'));
const CampaignMoneyPage = lazy(() => import('@/features/campaigns/pages/campaign-money'));
const HostPage = lazy(() => import('@/features/hosts/pages/host-page'));
const StackPage = lazy(() => import('@/features/stacks/pages/stack-page'));
const MyStacksPage = lazy(() => import('@/features/stacks/pages/my-stacks'));
const DevelopersPage = lazy(() => import('@/features/integrations/pages/developers'));
const FundraisingPage = lazy(() => import('@/features/campaigns/pages/fundraising-page'));
const StartFundraisingPage = lazy(() => import('@/features/campaigns/pages/start-fundraising-page'));
const MyFundraisingPages = lazy(() => import('@/features/campaigns/pages/my-fundraising-pages'));
const EditFundraisingPage = lazy(() => import('@/features/campaigns/pages/edit-fundraising-page'));
const EmbedPage = lazy(() => import('@/features/campaigns/pages/embed-page'));
const OverlayPage = lazy(() => import('@/features/campaigns/pages/overlay-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/forgot-password'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password'));
const ConfirmEmailPage = lazy(() => import('@/features/auth/pages/confirm-email'));
const CloseAccountPage = lazy(() => import('@/features/account/pages/close-account'));
const LoginPage = lazy(() => import('@/features/auth/pages/login'));
const RegisterPage = lazy(() => import('@/features/auth/pages/register'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard'));
const MyProfilePage = lazy(() => import('@/features/profile/pages/my-profile'));
const MyPledgesPage = lazy(() => import('@/features/pledges/pages/my-pledges'));
const GivingStatementsPage = lazy(() => import('@/features/pledges/pages/giving-statements'));
const MyEventsPage = lazy(() => import('@/features/my-events/pages/my-events'));
const PaymentMethodsPage = lazy(() => import('@/features/payment-methods/pages/payment-methods'));
const MyGivingPage = lazy(() => import('@/features/monthly-giving/pages/my-giving'));
const ConfirmMonthlyPaymentPage = lazy(() => import('@/features/monthly-giving/pages/confirm-payment'));
const AuthenticatePledgePage = lazy(() => import('@/features/pledges/pages/authenticate-pledge'));
const CreateEventPage = lazy(() => import('@/features/campaigns/pages/create-event'));
const PracticeCampaignPage = lazy(() => import('@/features/campaigns/pages/practice-campaign'));
const SandboxConnectPage = lazy(() => import('@/features/charity-connect/pages/sandbox-onboarding'));
const VerifyIdentityPage = lazy(() => import('@/features/campaigns/pages/verify-identity'));
const EditEventPage = lazy(() => import('@/features/campaigns/pages/edit-event'));
const EventSummaryPage = lazy(() => import('@/features/campaigns/pages/event-summary'));
const CharityPortalPage = lazy(() => import('@/features/charity-portal/pages/charity-portal'));
const MyCharitiesPage = lazy(() => import('@/features/charity-portal/pages/charity-portal').then((module) => ({ default: module.MyCharitiesPage })));
const AcceptInvitationPage = lazy(() => import('@/features/charity-portal/pages/accept-invitation'));
const AdminConsole = lazy(() => import('./routes/admin-console'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const UserLayout = lazy(() => import('@/app/layout/user-layout').then((module) => ({ default: module.UserLayout })));

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageSpinner label="Loading Pledgeway" />}>
        <Routes>
          {/* Shown inside other sites' frames and streaming software: no header, footer or menu. */}
          <Route path={'/embed/events/:eventId'} element={<EmbedPage />} />
          <Route path={'/overlay/events/:eventId'} element={<OverlayPage />} />
          <Route element={<RootLayout />}>
            <Route path={paths.home} element={<HomePage />} />
            <Route path={paths.ourStory} element={<OurStoryPage />} />
            <Route path={paths.services} element={<ServicesPage />} />
            <Route path={paths.terms} element={<TermsPage />} />
            <Route path={paths.privacy} element={<PrivacyPage />} />
            <Route path={paths.cookies} element={<CookiesPage />} />
            <Route path={paths.support} element={<SupportPage />} />
            <Route path={paths.accessibility} element={<AccessibilityPage />} />
            <Route path={paths.doNotSell} element={<DoNotSellPage />} />
            <Route path={paths.newsletterConfirmed} element={<NewsletterConfirmedPage />} />
            <Route path={paths.contact} element={<ContactPage />} />
            <Route path={paths.charities} element={<CharitiesPage />} />
            <Route path={paths.events} element={<CampaignListPage />} />
            <Route path={paths.promotions} element={<CampaignListPage />} />
            <Route path={paths.moneyBomb} element={<CampaignListPage />} />
            <Route path={paths.competitions} element={<CampaignListPage />} />
            <Route path={paths.crowdfunding} element={<CampaignListPage />} />
            <Route path={'/events/:eventId'} element={<EventPagePage />} />
            <Route path={'/events/:eventId/money'} element={<CampaignMoneyPage />} />
            <Route path={'/hosts/:userId'} element={<HostPage />} />
            <Route path={'/stacks/:stackId'} element={<StackPage />} />
            <Route path={'/fundraisers/:slug'} element={<FundraisingPage />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
            <Route path={paths.confirmEmail} element={<ConfirmEmailPage />} />
            <Route path={paths.closeAccount} element={<CloseAccountPage />} />
            <Route path={'/charity-invitations/:token'} element={<AcceptInvitationPage />} />
            <Route element={<GuestRoute />}>
              <Route path={paths.login} element={<LoginPage />} />
              <Route path={paths.register} element={<RegisterPage />} />
            </Route>
            <Route element={<ProtectedRoute />}>
              <Route element={<UserLayout />}>
                <Route path={paths.user.dashboard} element={<DashboardPage />} />
                <Route path={paths.user.profile} element={<MyProfilePage />} />
                <Route path={paths.user.pledges} element={<MyPledgesPage />} />
                <Route path={paths.user.statements} element={<GivingStatementsPage />} />
                <Route path={paths.user.charities} element={<MyCharitiesPage />} />
                <Route path={'/user/charities/:charityId'} element={<CharityPortalPage />} />
                <Route path={paths.user.events} element={<MyEventsPage />} />
                <Route path={paths.user.stacks} element={<MyStacksPage />} />
                <Route path={paths.user.developers} element={<DevelopersPage />} />
                <Route path={paths.user.fundraisingPages} element={<MyFundraisingPages />} />
                <Route path={'/user/fundraising-pages/new/:eventId'} element={<StartFundraisingPage />} />
                <Route path={'/user/fundraising-pages/edit/:pageId'} element={<EditFundraisingPage />} />
                <Route path={paths.user.paymentMethods} element={<PaymentMethodsPage />} />
                <Route path={paths.user.giving} element={<MyGivingPage />} />
                <Route path={'/user/giving/:giftId/confirm/:chargeId'} element={<ConfirmMonthlyPaymentPage />} />
                <Route path={'/user/pledges/:pledgeId/authenticate'} element={<AuthenticatePledgePage />} />
                <Route path={paths.user.createEvent} element={<CreateEventPage />} />
                <Route path={paths.user.practice} element={<PracticeCampaignPage />} />
                <Route path={paths.user.verifyIdentity} element={<VerifyIdentityPage />} />
                <Route path={paths.user.sandboxConnect} element={<SandboxConnectPage />} />
                <Route path={'/user/event/edit/:eventId'} element={<EditEventPage />} />
                <Route path={'/user/event/:eventId'} element={<EventSummaryPage />} />
              </Route>
            </Route>
            <Route element={<AdminRoute />}>
              <Route element={<UserLayout />}>
                <Route path="/admin/*" element={<AdminConsole />} />
              </Route>
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminConsoleLayout } from '@/features/admin/components/admin-console-layout';

/*
 * The admin console's pages, loaded as one route module behind AdminRoute so public pages carry
 * none of it in their initial JavaScript; each page is its own chunk.
 */
const AdminDashboardPage = lazy(() => import('@/features/admin/pages/admin-dashboard'));
const AdminReviewsPage = lazy(() => import('@/features/admin/pages/admin-reviews'));
const AdminCampaignsPage = lazy(() => import('@/features/admin/pages/admin-campaigns'));
const AdminChargingPage = lazy(() => import('@/features/admin/pages/admin-charging'));
const AdminPayoutsPage = lazy(() => import('@/features/admin/pages/admin-payouts'));
const AdminCharityConnectPage = lazy(() => import('@/features/admin/pages/admin-charity-connect'));
const AdminDisputesPage = lazy(() => import('@/features/admin/pages/admin-disputes'));
const AdminMonthlyGivingPage = lazy(() => import('@/features/admin/pages/admin-monthly-giving'));
const AdminCharitiesPage = lazy(() => import('@/features/admin/pages/admin-charities'));
const AdminPeoplePage = lazy(() => import('@/features/admin/pages/admin-people'));
const AdminMessagesPage = lazy(() => import('@/features/admin/pages/admin-messages'));
const AdminAuditPage = lazy(() => import('@/features/admin/pages/admin-audit'));
const AdminWalletsPage = lazy(() => import('@/features/admin/pages/admin-wallets'));

export default function AdminConsole() {
  return (
    <Routes>
      <Route element={<AdminConsoleLayout />}>
        <Route path="dashboard" element={<AdminDashboardPage />} />
        <Route path="reviews" element={<AdminReviewsPage />} />
        <Route path="reviews/:eventId" element={<AdminReviewsPage />} />
        <Route path="campaigns" element={<AdminCampaignsPage />} />
        <Route path="charging" element={<AdminChargingPage />} />
        <Route path="payouts" element={<AdminPayoutsPage />} />
        <Route path="charity-connect" element={<AdminCharityConnectPage />} />
        <Route path="disputes" element={<AdminDisputesPage />} />
        <Route path="monthly-giving" element={<AdminMonthlyGivingPage />} />
        <Route path="charities" element={<AdminCharitiesPage />} />
        <Route path="people" element={<AdminPeoplePage />} />
        <Route path="messages" element={<AdminMessagesPage />} />
        <Route path="audit" element={<AdminAuditPage />} />
        <Route path="wallets" element={<AdminWalletsPage />} />
        <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
      </Route>
    </Routes>
  );
}

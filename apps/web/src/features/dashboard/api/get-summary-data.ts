import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfileResponse } from '@pledgeway/domain/schemas/auth';
import type { MyEventsResponse } from '@pledgeway/domain/schemas/my-events';
import type { MyPledgesResponse } from '@pledgeway/domain/schemas/my-pledges';
import type { PaymentMethodListResponse } from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';

/**
 * The dashboard reads four endpoints that other pages own. Features stay independent, so it has
 * its own fetchers, but with the same query keys and data shapes: the cache is shared, and a
 * change made on one page (which invalidates its key) refreshes the dashboard too.
 */
export const summaryKeys = {
  profile: ['my-profile'] as const,
  pledges: ['my-pledges'] as const,
  events: (userId: string) => ['my-events', userId] as const,
  paymentMethods: ['payment-methods'] as const,
};

export const profileSummaryQuery = () =>
  queryOptions({ queryKey: summaryKeys.profile, queryFn: ({ signal }) => api.get<MyProfileResponse>('/dashboard/my-profile', signal) });

export const pledgesSummaryQuery = () =>
  queryOptions({
    queryKey: summaryKeys.pledges,
    queryFn: async ({ signal }) => {
      const response = await api.get<MyPledgesResponse>('/events/pledges', signal);
      if (!response?.success) throw new Error('Failed to fetch pledges');
      return response.data;
    },
  });

export const eventsSummaryQuery = (userId: string) =>
  queryOptions({
    queryKey: summaryKeys.events(userId),
    queryFn: async ({ signal }) => (await api.get<MyEventsResponse>(`/events?userId=${encodeURIComponent(userId)}`, signal)).data,
    retry: false,
  });

export const paymentMethodsSummaryQuery = () =>
  queryOptions({
    queryKey: summaryKeys.paymentMethods,
    queryFn: async ({ signal }) => (await api.get<PaymentMethodListResponse>('/payment-methods', signal)).data,
  });

export const useProfileSummary = () => useQuery(profileSummaryQuery());
export const usePledgesSummary = () => useQuery(pledgesSummaryQuery());
export const useEventsSummary = (userId: string | undefined) => useQuery({ ...eventsSummaryQuery(userId ?? ''), enabled: Boolean(userId) });
export const usePaymentMethodsSummary = () => useQuery(paymentMethodsSummaryQuery());

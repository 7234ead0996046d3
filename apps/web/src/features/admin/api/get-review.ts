import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminReviewDetailResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getReview = (eventId: string, signal?: AbortSignal) =>
  api.get(AdminReviewDetailResponse, `/admin/reviews/${encodeURIComponent(eventId)}`, signal).then((response) => response.data);

export const reviewQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.admin.review(eventId), queryFn: ({ signal }) => getReview(eventId, signal) });

export const useReview = (eventId: string | undefined) => useQuery({ ...reviewQuery(eventId ?? ''), enabled: Boolean(eventId) });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReviewDetailResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';

export const getReview = (eventId: string, signal?: AbortSignal) =>
  api.get<AdminReviewDetailResponse>(`/admin/reviews/${encodeURIComponent(eventId)}`, signal).then((response) => response.data);

export const reviewQuery = (eventId: string) => queryOptions({ queryKey: ['admin', 'reviews', eventId], queryFn: ({ signal }) => getReview(eventId, signal) });

export const useReview = (eventId: string | undefined) => useQuery({ ...reviewQuery(eventId ?? ''), enabled: Boolean(eventId) });

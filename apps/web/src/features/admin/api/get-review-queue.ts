import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminReviewQueueResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getReviewQueue = (signal?: AbortSignal) => api.get(AdminReviewQueueResponse, '/admin/reviews', signal).then((response) => response.data.items);

export const reviewQueueQuery = () => queryOptions({ queryKey: queryKeys.admin.reviews, queryFn: ({ signal }) => getReviewQueue(signal) });

export const useReviewQueue = () => useQuery(reviewQueueQuery());

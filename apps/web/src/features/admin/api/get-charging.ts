import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChargeQueueResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';

export const getCharging = (signal?: AbortSignal) => api.get<AdminChargeQueueResponse>('/admin/charging', signal).then((response) => response.data);

export const chargingQuery = () => queryOptions({ queryKey: ['admin', 'charging'], queryFn: ({ signal }) => getCharging(signal) });

export const useCharging = () => useQuery(chargingQuery());

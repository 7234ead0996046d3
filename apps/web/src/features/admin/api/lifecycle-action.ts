import { LifecycleResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';

export const postLifecycle = (eventId: string, action: string, body?: Record<string, unknown>) =>
  api.post(LifecycleResponse, `/admin/events/${encodeURIComponent(eventId)}/${action}`, body);

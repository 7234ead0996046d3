import { DeleteEventResponse } from '@pledgeway/domain/schemas/my-events';
import { api } from '@/lib/api-client';

/**
 * DELETE /events/:id for the wizard: a campaign whose funding payment failed is removed at once,
 * so a failed Complete leaves nothing behind (the owner may delete before approval).
 */
export function discardEvent(eventId: string): Promise<DeleteEventResponse> {
  return api.delete(DeleteEventResponse, `/events/${encodeURIComponent(eventId)}`);
}

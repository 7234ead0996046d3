import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';

/**
 * The campaign's host: the public page carries the id of the host's public page, the creator's and
 * admins' views the owner id; both are the host's account id.
 */
export const hostIdOf = (event: Pick<EventDetailResponse, 'host_page_id' | 'owner_id'>): string | undefined => event.host_page_id ?? event.owner_id;

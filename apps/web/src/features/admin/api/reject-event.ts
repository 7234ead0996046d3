import { useCampaignActionMutation } from './admin-mutation';
import { postLifecycle } from './lifecycle-action';

export const rejectEvent = ({ eventId, reason }: { eventId: string; reason: string }) => postLifecycle(eventId, 'reject', { reason });

export const useRejectEvent = () => useCampaignActionMutation(rejectEvent);

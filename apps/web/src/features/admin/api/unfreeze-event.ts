import { useCampaignActionMutation } from './admin-mutation';
import { postLifecycle } from './lifecycle-action';

export const unfreezeEvent = ({ eventId, reason }: { eventId: string; reason: string }) => postLifecycle(eventId, 'unfreeze', { reason });

export const useUnfreezeEvent = () => useCampaignActionMutation(unfreezeEvent);

import { useCampaignActionMutation } from './admin-mutation';
import { postLifecycle } from './lifecycle-action';

export const freezeEvent = ({ eventId, reason }: { eventId: string; reason: string }) => postLifecycle(eventId, 'freeze', { reason });

export const useFreezeEvent = () => useCampaignActionMutation(freezeEvent);

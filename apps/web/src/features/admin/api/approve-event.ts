import { useCampaignActionMutation } from './admin-mutation';
import { postLifecycle } from './lifecycle-action';

export const approveEvent = ({ eventId }: { eventId: string }) => postLifecycle(eventId, 'approve');

export const useApproveEvent = () => useCampaignActionMutation(approveEvent);

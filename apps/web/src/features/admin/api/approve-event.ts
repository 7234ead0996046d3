import { postLifecycle, useLifecycleMutation } from './lifecycle-action';

export const approveEvent = ({ eventId }: { eventId: string }) => postLifecycle(eventId, 'approve');

export const useApproveEvent = () => useLifecycleMutation(approveEvent);

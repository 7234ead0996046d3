import { postLifecycle, useLifecycleMutation } from './lifecycle-action';

export const unfreezeEvent = ({ eventId, reason }: { eventId: string; reason: string }) => postLifecycle(eventId, 'unfreeze', { reason });

export const useUnfreezeEvent = () => useLifecycleMutation(unfreezeEvent);

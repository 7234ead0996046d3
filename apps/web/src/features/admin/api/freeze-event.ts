import { postLifecycle, useLifecycleMutation } from './lifecycle-action';

export const freezeEvent = ({ eventId, reason }: { eventId: string; reason: string }) => postLifecycle(eventId, 'freeze', { reason });

export const useFreezeEvent = () => useLifecycleMutation(freezeEvent);

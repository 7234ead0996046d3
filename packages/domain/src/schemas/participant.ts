import { z } from 'zod';
import { OwnerParticipantResponse } from './event-response.ts';

export const ParticipantIdParams = z.object({ participantId: z.string().uuid('Invalid id') });

/** PATCH /api/participants/:id: the creator marks an invited participant Accepted. */
export const PatchParticipantRequest = z.object({ accepted: z.boolean({ error: 'accepted must be true or false' }) });
export type PatchParticipantRequest = z.infer<typeof PatchParticipantRequest>;

export const ParticipantResult = z.object({
  success: z.literal(true),
  message: z.string(),
  participant: OwnerParticipantResponse,
  profile_image: z.string().optional(),
});
export type ParticipantResult = z.infer<typeof ParticipantResult>;

export const RemoveParticipantResponse = z.object({ success: z.literal(true), message: z.string() });
export type RemoveParticipantResponse = z.infer<typeof RemoveParticipantResponse>;

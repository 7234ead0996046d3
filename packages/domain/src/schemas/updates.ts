import { z } from 'zod';
import { COMMENT_MAX_CHARS, UPDATE_MESSAGE_MAX_CHARS, UPDATE_MESSAGES } from '../update-rules.ts';

export { COMMENT_MAX_CHARS, UPDATE_MESSAGE_MAX_CHARS, UPDATE_MESSAGES, canPostUpdates, updatePostedMessage } from '../update-rules.ts';

/** The text part of POST /api/events/{id}/updates (multipart: `message`, optional file `attachment`). */
export const PostUpdateFields = z.object({
  message: z
    .string({ error: UPDATE_MESSAGES.messageRequired })
    .trim()
    .min(1, UPDATE_MESSAGES.messageRequired)
    .max(UPDATE_MESSAGE_MAX_CHARS, UPDATE_MESSAGES.messageTooLong),
});
export type PostUpdateFields = z.infer<typeof PostUpdateFields>;

/** POST /api/updates/{id}/comments */
export const CreateCommentRequest = z.object({
  body: z
    .string({ error: UPDATE_MESSAGES.commentRequired })
    .trim()
    .min(1, UPDATE_MESSAGES.commentRequired)
    .max(COMMENT_MAX_CHARS, UPDATE_MESSAGES.commentTooLong),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequest>;

export const UpdateAttachment = z.object({
  kind: z.enum(['image', 'document']),
  url: z.string(),
  /** The uploader's file name for documents; "Image" for images (re-encoded, the name is not kept). */
  name: z.string(),
  size: z.number(),
});
export type UpdateAttachment = z.infer<typeof UpdateAttachment>;

export const UpdateComment = z.object({
  _id: z.string(),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** Only the campaign's creator and admins ever receive hidden comments (marked true). */
  hidden: z.boolean(),
});
export type UpdateComment = z.infer<typeof UpdateComment>;

export const CampaignUpdate = z.object({
  _id: z.string(),
  event_id: z.string(),
  message: z.string(),
  attachment: UpdateAttachment.nullable(),
  created_at: z.string(),
  comments: z.array(UpdateComment),
});
export type CampaignUpdate = z.infer<typeof CampaignUpdate>;

/** GET /api/events/{id}/updates: newest first, with what the asking user may do. */
export const UpdatesResponse = z.object({
  success: z.literal(true),
  data: z.object({
    updates: z.array(CampaignUpdate),
    /** The creator or an admin: may post updates and hide comments. */
    can_manage: z.boolean(),
    /** A signed-in supporter (or the creator/admin): may comment. */
    can_comment: z.boolean(),
  }),
});
export type UpdatesResponse = z.infer<typeof UpdatesResponse>;

export const PostUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ update: CampaignUpdate, emailed: z.number() }),
});
export type PostUpdateResponse = z.infer<typeof PostUpdateResponse>;

export const CommentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ comment: UpdateComment }),
});
export type CommentResponse = z.infer<typeof CommentResponse>;

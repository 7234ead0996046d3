import { z } from 'zod';

/** Campaign updates (issue 12, item 5): a message with an optional image or document, and supporters' comments. */
export const UPDATE_MESSAGE_MAX_CHARS = 5000;
export const COMMENT_MAX_CHARS = 500;

export const UPDATE_MESSAGES = {
  messageRequired: 'Please write a message for your update',
  messageTooLong: `Keep your update under ${UPDATE_MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters`,
  oneAttachment: 'Attach at most one image or document',
  attachmentType: 'Attach an image (JPEG, PNG, WebP, GIF) or a .doc, .docx or .pdf document',
  notPublished: 'Updates can be posted once the campaign is published',
  updateNotFound: 'Update not found',
  commentRequired: 'Please write a comment',
  commentTooLong: `Keep your comment under ${COMMENT_MAX_CHARS} characters`,
  commentNotFound: 'Comment not found',
  onlySupporters: 'Only supporters of this campaign can comment on its updates',
  onlyCreatorHides: 'Only the creator of this campaign or an admin can hide a comment',
  commentPosted: 'Your comment is posted',
  commentHidden: 'The comment is hidden',
} as const;

/** "Update posted", plus how many supporters it was e-mailed to (only what really happened). */
export function updatePostedMessage(emailed: number): string {
  if (emailed === 0) return 'Update posted. No supporter has asked for e-mail updates yet.';
  return `Update posted and e-mailed to ${emailed} ${emailed === 1 ? 'supporter' : 'supporters'} who asked for updates.`;
}

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

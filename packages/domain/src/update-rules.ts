/**
 * Limits and messages of campaign updates and comments, free of zod so the public campaign page
 * can use them without loading the schema library (schemas/updates.ts builds the schemas from these).
 */
import { groupThousands } from './numbers.ts';

export const UPDATE_MESSAGE_MAX_CHARS = 5000;
export const COMMENT_MAX_CHARS = 500;

export const UPDATE_MESSAGES = {
  messageRequired: 'Please write a message for your update',
  messageTooLong: `Keep your update under ${groupThousands(UPDATE_MESSAGE_MAX_CHARS)} characters`,
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

/** Updates are posted on published campaigns: live, frozen by an admin, or completed (the same ones the public can see). */
export function canPostUpdates(status: string): boolean {
  return status === 'approved' || status === 'freeze' || status === 'completed';
}

import { DOCUMENT_EXTENSIONS, DOCUMENT_LIMIT_BYTES, EVENT_MESSAGES, IMAGE_LIMIT_BYTES } from '@pledgeway/domain/schemas/event-fields';
import { UPDATE_MESSAGES } from '@pledgeway/domain/update-rules';

/** Image types the server re-encodes (apps/api/src/lib/uploads.ts); documents are judged by name here, by bytes there. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** The file picker's accept list for an update's attachment. */
export const ATTACHMENT_ACCEPT = [...IMAGE_TYPES, ...DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** The same rules as the server, checked before uploading so a wrong file fails at once; undefined when fine. */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | undefined {
  const isDocument = DOCUMENT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(`.${ext}`));
  if (isDocument) return file.size > DOCUMENT_LIMIT_BYTES ? EVENT_MESSAGES.documentTooLarge : undefined;
  if (!IMAGE_TYPES.includes(file.type)) return UPDATE_MESSAGES.attachmentType;
  return file.size > IMAGE_LIMIT_BYTES ? EVENT_MESSAGES.imageTooLarge : undefined;
}

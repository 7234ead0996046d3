import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AUTH_MESSAGES, BANNER_MAX_WIDTH, EVENT_MESSAGES } from '@pledgeway/domain';
import { AppError, assertStorableText } from '../errors.ts';
import type { Storage } from '../providers/storage/index.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Limits for every multipart request (the largest single file is a 10 MB document). */
export const MULTIPART_LIMITS = {
  fileSize: DOCUMENT_MAX_BYTES,
  files: 12,
  fields: 60,
  fieldSize: 2 * 1024 * 1024,
  parts: 80,
  headerPairs: 100,
};

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Reads a whole multipart body into memory (within MULTIPART_LIMITS). */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data body', 415);
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (buffer.length === 0 && !part.filename) continue;
      // A file part may come without a name (`filename=""`): the rest of the code reads an empty name.
      files.push({ fieldname: part.fieldname, filename: part.filename ?? '', mimetype: part.mimetype, buffer });
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  assertStorableText(
    fields,
    files.map((file) => file.filename),
  );
  return { fields, files };
}

/**
 * Reads a multipart field that carries JSON text (participants and categories, docs/product.md#7-api-calls). The parsed
 * value is checked like a JSON body: an escaped `\u0000` or lone surrogate is only text after parsing.
 */
export function parseMultipartJson(value: string | undefined, field: string, options: { allowText?: boolean } = {}): unknown {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    if (options.allowText) return value;
    throw AppError.validation({ [field]: `${field} must be a JSON list` });
  }
  assertStorableText(parsed);
  return parsed;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * Checks an image by its bytes (never its name), caps it at 5 MB, and re-encodes it so metadata
 * (location, camera) is stripped and nothing but pixels is stored.
 */
export async function storeImage(
  storage: Storage,
  buffer: Buffer,
  folder: 'avatars' | 'banners' | 'participants' | 'updates' | 'logos',
  options: { maxWidth?: number } = {},
): Promise<{ key: string; url: string }> {
  if (buffer.length > IMAGE_MAX_BYTES) {
    throw new AppError('IMAGE_TOO_LARGE', AUTH_MESSAGES.imageTooLarge, 413, { image: AUTH_MESSAGES.imageTooLarge });
  }
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new AppError('NOT_AN_IMAGE', 'Please upload an image file', 400, { image: 'Please upload an image file' });
  }
  let output: Buffer;
  try {
    output = await sharp(buffer, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: options.maxWidth ?? (folder === 'banners' ? BANNER_MAX_WIDTH : 1600), withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('NOT_AN_IMAGE', 'Please upload an image file', 400, { image: 'Please upload an image file' });
  }
  return storage.put(`${folder}/${randomUUID()}.jpg`, output, 'image/jpeg');
}

/** doc, docx or pdf judged by the bytes; the stored extension follows the content, not the name. */
export async function documentExtension(buffer: Buffer): Promise<'pdf' | 'docx' | 'doc' | undefined> {
  const type = await fileTypeFromBuffer(buffer);
  if (type?.ext === 'pdf') return 'pdf';
  if (type?.ext === 'docx') return 'docx';
  if (type?.ext === 'doc' || type?.ext === 'cfb') return 'doc';
  return undefined;
}

export const DOCUMENT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
} as const;

/**
 * Stores a doc, docx or pdf (judged by its bytes) of at most 10 MB; undefined when the bytes are
 * none of those, so each caller answers with its own field's message.
 */
export async function storeDocument(
  storage: Storage,
  buffer: Buffer,
  folder: 'documents' | 'update-files',
): Promise<{ key: string; url: string; contentType: string } | undefined> {
  if (buffer.length > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE', EVENT_MESSAGES.documentTooLarge, 413);
  const ext = await documentExtension(buffer);
  if (!ext) return undefined;
  const saved = await storage.put(`${folder}/${randomUUID()}.${ext}`, buffer, DOCUMENT_CONTENT_TYPES[ext]);
  return { ...saved, contentType: DOCUMENT_CONTENT_TYPES[ext] };
}

/** Decodes the base64 images of docs/product.md#7-api-calls (with or without a data: prefix) and stores them like uploads. */
export async function storeBase64Image(
  storage: Storage,
  base64: string,
  folder: 'avatars' | 'banners' | 'participants',
): Promise<{ key: string; url: string }> {
  const payload = base64.replace(/^data:[^;]+;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(payload)) {
    throw new AppError('NOT_AN_IMAGE', 'Please upload an image file', 400, { image: 'Please upload an image file' });
  }
  return storeImage(storage, Buffer.from(payload, 'base64'), folder);
}

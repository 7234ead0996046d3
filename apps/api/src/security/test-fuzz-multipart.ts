import fc from 'fast-check';
import { MULTIPART_LIMITS } from '../lib/uploads.ts';

/*
 * Bodies for the multipart endpoints of the fuzz test: the fields and files the OpenAPI document
 * names for the route mixed with unknown ones, values of every kind (JSON text, numbers, NUL,
 * oversized), files with random bytes, names and types (a few real image and PDF headers among
 * them, a few over the size limits), too many parts, and bodies that are not multipart at all.
 */

export interface MultipartForm {
  fields: string[];
  files: string[];
}

interface FuzzFile {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export type FuzzBody =
  | { kind: 'multipart'; fields: Array<[string, string]>; files: FuzzFile[] }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; value: string }
  | { kind: 'none' };

const PNG_1X1 = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const PDF_START = Uint8Array.from(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n'));
const GIF_START = Uint8Array.from(Buffer.from('GIF89a\x01\x00\x01\x00'));
// Made once: a file just over the 5 MB image limit, and one over the 10 MB per-file limit.
const OVER_IMAGE_LIMIT = new Uint8Array(5 * 1024 * 1024 + 16).fill(0xff);
const OVER_FILE_LIMIT = new Uint8Array(MULTIPART_LIMITS.fileSize + 16).fill(0x25);

const fieldValue = fc.oneof(
  { arbitrary: fc.string({ maxLength: 80 }), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'true',
      'false',
      '-1',
      '0',
      '1e309',
      'NaN',
      '12.345',
      '[]',
      '{}',
      '[{"_id":"x","fullName":1}]',
      '{"a":',
      'null',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '2026-02-30',
      'https://example.com/x',
    ),
    weight: 4,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? ''), weight: 2 },
  // Long, but inside the 2 MB field limit; and once in a while past it.
  { arbitrary: fc.constant('x'.repeat(300_000)), weight: 1 },
  { arbitrary: fc.constant('y'.repeat(MULTIPART_LIMITS.fieldSize + 1)), weight: 1 },
);

const fileBytes = fc.oneof(
  { arbitrary: fc.uint8Array({ maxLength: 2048 }), weight: 12 },
  { arbitrary: fc.constantFrom(PNG_1X1, PDF_START, GIF_START), weight: 6 },
  { arbitrary: fc.uint8Array({ maxLength: 256 }).map((tail) => Uint8Array.from([...PNG_1X1.slice(0, 24), ...tail])), weight: 3 },
  { arbitrary: fc.constantFrom(OVER_IMAGE_LIMIT, OVER_FILE_LIMIT), weight: 1 },
);

const fileName = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', 'photo.png', 'report.pdf', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(400) + '.jpg', 'évite.docx', 'shell.php.png'),
);

const fileType = fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf', 'text/plain', 'application/octet-stream', '');

function multipartBody(form: MultipartForm) {
  const fieldName = fc.oneof(
    { arbitrary: form.fields.length ? fc.constantFrom(...form.fields) : fc.constant('name'), weight: 5 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 20 }), weight: 1 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'documents[0]', 'documents[99]', ...form.files), weight: 1 },
  );
  const fileField = fc.oneof(
    { arbitrary: form.files.length ? fc.constantFrom(...form.files) : fc.constant('file'), weight: 5 },
    { arbitrary: fc.constantFrom('documents[0]', 'image', 'unknown', ...form.fields), weight: 1 },
  );
  const file = fc.record({ field: fileField, name: fileName, type: fileType, bytes: fileBytes });
  const parts = fc.oneof(
    { arbitrary: fc.record({ fields: fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 }), files: fc.array(file, { maxLength: 3 }) }), weight: 12 },
    // More parts than the limits allow.
    {
      arbitrary: fc.constant({
        fields: Array.from({ length: MULTIPART_LIMITS.fields + 1 }, (_, index): [string, string] => [`f${index}`, 'v']),
        files: [] as FuzzFile[],
      }),
      weight: 1,
    },
    {
      arbitrary: fc.constant({
        fields: [] as Array<[string, string]>,
        files: Array.from({ length: MULTIPART_LIMITS.files + 1 }, () => ({ field: form.files[0] ?? 'file', name: 'a.png', type: 'image/png', bytes: PNG_1X1 })),
      }),
      weight: 1,
    },
  );
  return parts.map((value): FuzzBody => ({ kind: 'multipart', ...value }));
}

/** A body for a multipart route: mostly multipart, sometimes JSON, plain text or nothing (the wrong type). */
export function multipartArbitrary(form: MultipartForm): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { arbitrary: multipartBody(form), weight: 10 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value): FuzzBody => ({ kind: 'json', value })), weight: 1 },
    { arbitrary: fc.string({ maxLength: 200 }).map((value): FuzzBody => ({ kind: 'text', value })), weight: 1 },
    { arbitrary: fc.constant<FuzzBody>({ kind: 'none' }), weight: 1 },
  );
}

/** The request options of the test client for a fuzz body. */
export function requestOptions(body: FuzzBody): { json?: unknown; form?: FormData; body?: string; headers?: Record<string, string> } {
  switch (body.kind) {
    case 'json':
      return { json: body.value };
    case 'text':
      return { body: body.value, headers: { 'content-type': 'text/plain' } };
    case 'none':
      return {};
    case 'multipart': {
      const form = new FormData();
      for (const [name, value] of body.fields) form.append(name, value);
      for (const file of body.files) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
      return { form };
    }
  }
}

/** What a failing case prints: the parts, without megabytes of bytes. */
export function describeBody(body: FuzzBody): string {
  if (body.kind !== 'multipart') return JSON.stringify(body).slice(0, 200);
  const fields = body.fields.map(([name, value]) => `${name}=${JSON.stringify(value.slice(0, 30))}${value.length > 30 ? `…(${value.length})` : ''}`);
  const files = body.files.map((file) => `${file.field}:${JSON.stringify(file.name.slice(0, 30))} ${file.type} ${file.bytes.length} B`);
  return `multipart ${[...fields, ...files].join(' ')}`.slice(0, 400);
}

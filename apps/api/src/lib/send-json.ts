import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compression saves less than its headers cost (the compress plugin's threshold too). */
const COMPRESS_THRESHOLD = 1024;
type Encoding = 'br' | 'gzip';

/**
 * A response body serialised once (a cached public read, or a server-rendered page) with its ETag,
 * compressed at most once per encoding, on the first request that accepts it: a cached entry is
 * then sent as stored bytes, with no per-request serialising or compressing.
 */
export class SerialisedBody {
  readonly etag: string;
  private readonly compressed = new Map<Encoding, Buffer>();

  constructor(
    readonly raw: Buffer,
    readonly contentType: string,
  ) {
    // Weak: the gzip and brotli forms of one body share the tag (RFC 9110, 8.8.1).
    this.etag = `W/"${createHash('sha1').update(raw).digest('base64url')}"`;
  }

  static json(value: unknown): SerialisedBody {
    return new SerialisedBody(Buffer.from(JSON.stringify(value)), 'application/json; charset=utf-8');
  }

  encoded(encoding: Encoding): Buffer {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length } })
          : gzipSync(this.raw, { level: 9 });
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}

/** The best encoding the client accepts (brotli, then gzip), honouring `;q=0` and `*`. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const wildcard = weights.get('*') ?? 0;
  const accepts = (name: string) => (weights.get(name) ?? wildcard) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Sends a body serialised earlier: 304 when the client's copy is current, otherwise the stored
 * bytes in the best encoding the client accepts. Fastify sends a buffer as it is, and the compress
 * plugin leaves a body alone once it carries a content-encoding.
 */
export function sendSerialised(request: FastifyRequest, reply: FastifyReply, body: SerialisedBody): FastifyReply {
  reply.header('etag', body.etag);
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  reply.type(body.contentType);
  if (body.raw.length < COMPRESS_THRESHOLD) return reply.send(body.raw);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.raw);
  reply.header('content-encoding', encoding);
  return reply.send(body.encoded(encoding));
}

import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** Keys the app writes: `folder/uuid.ext`. Anything else (dots, slashes, traversal) is not a file. */
const STORED_KEY = /^[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9]{2,5}$/i;
const CACHE_CONTROL = 'public, max-age=604800, immutable';

/**
 * GET /uploads/{key}: the local folder as static files, or a bucket's objects streamed through the
 * app, so stored values and URLs are the same whichever store is configured.
 */
export const uploadsRoute: FastifyPluginAsync = fp(async (app) => {
  const { storage, config } = app.ctx;
  const read = storage.read?.bind(storage);
  if (!read) {
    mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', decorateReply: false, maxAge: '7d', immutable: true });
    return;
  }
  app.addHook('onClose', async () => storage.close?.());
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const object = STORED_KEY.test(key) ? await read(key) : undefined;
    if (!object) throw new AppError('NOT_FOUND', 'File not found', 404);
    reply.header('content-type', object.contentType).header('cache-control', CACHE_CONTROL).header('x-content-type-options', 'nosniff');
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  });
});

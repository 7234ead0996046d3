import type { FastifyReply } from 'fastify';

/**
 * Sends JSON serialised earlier (a cached public read, parsed through its response schema when it
 * was cached): Fastify sends a buffer as it is, without serialising it again.
 */
export function sendSerialisedJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

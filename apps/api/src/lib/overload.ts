import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** How long a refused client is told to wait (the Retry-After header, in seconds). */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** How often the event loop's delay is sampled: a request is refused only within a sample that was over the limit. */
export const OVERLOAD_SAMPLE_INTERVAL_MS = 500;
export const SERVER_BUSY_MESSAGE = 'Pledgeway is very busy right now and did not take this request. Nothing was saved: please try again in a few seconds.';

/**
 * The liveness route's config: the guard lets it through whatever the load (a `pressureHandler`
 * that answers nothing lets the request go on), so that a busy instance is not taken for a dead
 * one and restarted. Readiness (`/api/ready`) is refused past the limit like every other request.
 */
export const LIVENESS_IGNORES_LOAD = { pressureHandler: () => undefined };

/** Refused before any route ran: nothing was read or written for it. */
class ServerBusyError extends AppError {
  constructor() {
    super('SERVER_BUSY', SERVER_BUSY_MESSAGE, 503);
  }
}

/**
 * Beyond capacity, answer at once rather than queue (docs/decisions/106-overload.md). When the
 * event loop's mean delay over the last sample passes `maxEventLoopDelayMs`, every new request is
 * answered 503 SERVER_BUSY with Retry-After in the one error shape, before routing, parsing or any
 * database work; requests already being handled finish normally, so a pledge that was acknowledged
 * was committed first. On the embedded database the database runs on this event loop too, so its
 * backlog shows here as well. 0 turns it off.
 */
export async function registerOverloadGuard(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: OVERLOAD_SAMPLE_INTERVAL_MS,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    customError: ServerBusyError,
  });
}

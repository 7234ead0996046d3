import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { z } from 'zod';
import { setPublicSchemaLoader, tokenStore } from '@/lib/api-client';

/*
 * The API as a web test meets it (decision 221): the app's own client sends real requests, which
 * MSW answers at the network boundary, so the transport, the refresh on 401 and the parsing with
 * the routes' schemas all run as in the browser. Importing this module starts the server for the
 * test file; a request no handler answers fails the test.
 */
export const server = setupServer();

// A screen now waits for real answers (sent, intercepted, parsed) where it used to get a mocked
// hook's value at once; on a loaded 2-core machine that takes seconds, not milliseconds.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// The app's frame (app/providers.tsx) does this in the browser and on the server.
setPublicSchemaLoader(() => import('@/lib/public-answer-schemas'));

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  // Loaded once before the tests, as a browser has it cached after the first page: the first read
  // of a test would otherwise wait for the chunk to be compiled.
  await import('@/lib/public-answer-schemas');
});
afterEach(() => {
  server.resetHandlers();
  tokenStore.clear();
});
afterAll(() => server.close());

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A handler answering `path` (as the app writes it, without /api) with what the route answers: the
 * fixture is typed by the route's response schema and sent as the API's serializer sends it (run
 * through the schema first), so a handler cannot answer a shape the real API would not.
 */
export function answer<S extends z.ZodType>(method: Method, path: string, schema: S, body: z.input<S>, status = 200) {
  return answerEach(method, path, schema, () => body, status);
}

/** As `answer`, with the answer made for each request (to record what was sent, or to vary). */
export function answerEach<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  respond: (request: Request) => z.input<S> | Promise<z.input<S>>,
  status = 200,
) {
  return http[method](`/api${path}`, async ({ request }) => HttpResponse.json(schema.parse(await respond(request)) as JsonBodyType, { status }));
}

/** An answer the route would never give: for proving that a screen refuses it. */
export function malformed(method: Method, path: string, body: JsonBodyType) {
  return http[method](`/api${path}`, () => HttpResponse.json(body));
}

/** The API's error reply (docs/architecture.md#api-conventions): the status, the message and its code. */
export function failure(method: Method, path: string, status: number, message: string, code = 'BAD_REQUEST') {
  return http[method](`/api${path}`, () => HttpResponse.json({ success: false, message, code }, { status }));
}

/** Signed in as far as the client can tell: the bearer token it sends. */
export function signIn(token = 'test-access-token') {
  tokenStore.set(token);
}

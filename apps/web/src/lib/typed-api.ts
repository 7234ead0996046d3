import createClient from 'openapi-fetch';
import type { paths } from './api-schema';
import { failure, sendWithRefresh } from './api-client';

/*
 * The API client typed from the OpenAPI document (openapi-fetch; `lib/api-schema.d.ts` is written
 * by `npm run docs:api` and checked against the routes by `openapi-files.test.ts`): a path, a
 * parameter, a body or an answer the API does not have is a type error. Its requests go through
 * `lib/api-client.ts`'s transport (token, refresh on 401, timeout, the messages of docs/product.md#8-messages).
 * A module of its own, so pages that do not use it (the public ones) do not load openapi-fetch.
 * See docs/decisions/102-typed-api-client.md.
 */

/**
 * The requests openapi-fetch builds go through the same transport. Its base URL only has to make
 * a valid Request (also on the server, which has no page address); the path after it is what is sent.
 */
const TYPED_BASE = 'http://pledgeway.invalid/api';
async function sendTyped(request: Request): Promise<Response> {
  const path = request.url.slice(TYPED_BASE.length);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key] = value));
  const body = request.body ? await request.blob() : undefined;
  return sendWithRefresh(path, { method: request.method, headers, body, signal: request.signal });
}

/** Typed from the OpenAPI document: `apiClient.GET('/admin/payouts', { signal })`. */
export const apiClient = createClient<paths>({ baseUrl: TYPED_BASE, fetch: sendTyped });

/** The answer's data, or the same ApiError `apiRequest` throws (the message of docs/product.md#8-messages). */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw failure(response.url, response, error);
  return data as T;
}

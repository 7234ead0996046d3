import type { z } from 'zod';
import { parseResponse, ResponseShapeError } from './parse-response';

/**
 * The one API client (docs/product.md#7-api-calls): bearer token from localStorage `access-token`,
 * credentials sent, 10-second timeout, one retry after a refresh on 401, and error messages in
 * the order of docs/product.md#8-messages: response message, else error, else the client's, else
 * "Unexpected error occurred".
 *
 * One way to read an answer: `api.get(Schema, path)` parses it with the zod schema its route
 * declares (packages/domain), so its type is the schema's and a wrong shape is a
 * `ResponseShapeError` on screen, never a wrong figure (docs/decisions/220-api-answers-parsed-with-the-shared-schemas.md).
 */
export const ACCESS_TOKEN_KEY = 'access-token';
const TIMEOUT_MS = 10_000;
const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data?: { code?: string; fields?: Record<string, string>; [key: string]: unknown },
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get fields(): Record<string, string> {
    return this.data?.fields ?? {};
  }
}

/**
 * Whether the server may have acted on a request whose outcome the page does not know: the answer
 * was lost on the way (status 0), or it came but could not be read (`ResponseShapeError`). A money
 * request is then sent again under the same Idempotency-Key or token, never a new one, so the
 * server answers the first outcome instead of charging twice.
 */
export function outcomeUnknown(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 0) || error instanceof ResponseShapeError;
}

export const tokenStore = {
  // No storage while a page is rendered on the server: that render is a visitor's.
  get: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(ACCESS_TOKEN_KEY)),
  set: (token: string) => localStorage.setItem(ACCESS_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(ACCESS_TOKEN_KEY),
};

/**
 * Whether a session can exist: an access token here, or the API's non-secret `has_session` hint
 * cookie (set with the httpOnly refresh cookie, cleared with it). A visitor has neither, so their
 * page loads send no auth-check or refresh call that could only fail.
 */
export const SESSION_HINT_COOKIE = 'has_session';
export function sessionMayExist(): boolean {
  return Boolean(tokenStore.get()) || hasRefreshHint();
}
function hasRefreshHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/**
 * How requests reach the API: the browser's fetch, or on the server (entry-server.tsx) a function
 * that answers them inside the server process, with no network hop.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

type Body = FormData | Record<string, unknown> | unknown[] | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Body;
  signal?: AbortSignal;
  /** Skip the refresh-and-retry (used by the refresh call itself). */
  noRetry?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key so a retried request is not done twice. */
  headers?: Record<string, string>;
}

/**
 * A 503 without the API's own message: a load balancer with no instance free, or an instance
 * refusing work past its capacity. Either way the request was not carried out.
 */
export const SERVER_BUSY_MESSAGE = 'Pledgeway is very busy right now and did not take this request. Nothing was saved: please try again in a few seconds.';

function messageFrom(data: unknown, fallback: string | undefined): string {
  if (data && typeof data === 'object') {
    const record = data as { message?: unknown; error?: unknown };
    if (typeof record.message === 'string' && record.message) return record.message;
    if (typeof record.error === 'string' && record.error) return record.error;
  }
  return fallback || 'Unexpected error occurred';
}

export interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
}

async function send(path: string, request: Outgoing): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    return await transport(`${API_BASE}${path}`, { method: request.method, headers, body: request.body, credentials: 'include', signal });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('The request timed out. Please check your connection and try again.', 0);
    if (request.signal?.aborted) throw error;
    throw new ApiError('Could not connect to the server. Please check your connection and try again.', 0);
  }
}

/** Sends, and once more after a refresh when the answer is 401 (unless `noRetry`). */
export async function sendWithRefresh(path: string, request: Outgoing, noRetry = false): Promise<Response> {
  const response = await send(path, request);
  if (response.status === 401 && !noRetry && (await refreshAccessToken())) return send(path, request);
  return response;
}

function toOutgoing(options: RequestOptions): Outgoing {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal: options.signal };
}

let refreshing: Promise<boolean> | undefined;

/**
 * Tabs of one browser share the refresh cookie, and the server ends the whole session when one
 * refresh token is presented twice (it takes that for theft). Tabs loading together would do
 * exactly that, so their refreshes take turns under a Web Lock: each sends the cookie its
 * predecessor's answer left.
 */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return task();
  return navigator.locks.request('pledgeway-session-refresh', task) as Promise<T>;
}

/** One refresh at a time, shared by every request that got a 401 meanwhile. */
export function refreshAccessToken(): Promise<boolean> {
  // Without the hint no refresh cookie exists: asking would only fail.
  if (!hasRefreshHint()) {
    tokenStore.clear();
    return Promise.resolve(false);
  }
  refreshing ??= (async () => {
    try {
      const response = await acrossTabs(() => send('/site/refresh-token', { method: 'POST', headers: {} }));
      if (!response.ok) {
        tokenStore.clear();
        return false;
      }
      const data = (await response.json()) as { accessToken?: string };
      if (data.accessToken) tokenStore.set(data.accessToken);
      return Boolean(data.accessToken);
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = undefined), 0);
    }
  })();
  return refreshing;
}

export function failure(path: string, response: Response, data: unknown): ApiError {
  const fallback = response.status === 503 ? SERVER_BUSY_MESSAGE : response.statusText;
  const error = new ApiError(messageFrom(data, fallback), response.status, data as ApiError['data']);
  if (import.meta.env.DEV) console.warn('API request failed', path, error.status, error.message);
  return error;
}

/** The answer's JSON, not yet read through a schema: `apiCall` (and so `api`) is the way in. */
async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await sendWithRefresh(path, toOutgoing(options), options.noRetry);
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw failure(path, response, data);
  return data;
}

/**
 * The answer's schema, or (on a public page, whose initial JavaScript has no room for zod, decision
 * 220) a function that loads it from its own chunk: the answer is parsed once it is there.
 */
export type AnswerSchema<S extends z.ZodType> = S | (() => Promise<S>);

/** The schemas public pages read, in a chunk of their own (lib/public-answer-schemas.ts). */
export type PublicSchemas = typeof import('./public-answer-schemas');
let loadPublicSchemas: (() => Promise<PublicSchemas>) | undefined;

/**
 * Set once by the app's frame (app/providers.tsx) and by the tests' setup. The `import()` lives
 * there and not here: a module shared by several pages that loads a chunk would move Vite's
 * preload helper out of the entry into a chunk of its own, which every page then downloads.
 */
export function setPublicSchemaLoader(load: () => Promise<PublicSchemas>): void {
  loadPublicSchemas = load;
}

/** A public page's answer schema, by name, loaded with the first read that needs it. */
export const publicSchema =
  <K extends keyof PublicSchemas>(name: K) =>
  async (): Promise<PublicSchemas[K]> => {
    if (!loadPublicSchemas) throw new Error('The answer schemas of public pages were not set up (setPublicSchemaLoader).');
    return (await loadPublicSchemas())[name];
  };

export interface ReadOptions extends RequestOptions {
  /** What the answer is, for the error a wrong shape shows ("payouts"); the method and path otherwise. */
  what?: string;
}

/** Sends, and parses the answer with its route's schema: the one way the app reads an answer. */
export async function apiCall<S extends z.ZodType>(schema: AnswerSchema<S>, path: string, options: ReadOptions = {}): Promise<z.infer<S>> {
  const [body, parser] = await Promise.all([apiRequest(path, options), typeof schema === 'function' ? schema() : schema]);
  return parseResponse(parser, body, options.what ?? `${options.method ?? 'GET'} ${path}`);
}

type Extra = Omit<ReadOptions, 'method' | 'body'>;

export const api = {
  get: <S extends z.ZodType>(schema: AnswerSchema<S>, path: string, signal?: AbortSignal, extra: Extra = {}) => apiCall(schema, path, { ...extra, signal }),
  post: <S extends z.ZodType>(schema: AnswerSchema<S>, path: string, body?: Body, extra: Extra = {}) =>
    apiCall(schema, path, { ...extra, method: 'POST', body }),
  put: <S extends z.ZodType>(schema: AnswerSchema<S>, path: string, body?: Body, extra: Extra = {}) => apiCall(schema, path, { ...extra, method: 'PUT', body }),
  patch: <S extends z.ZodType>(schema: AnswerSchema<S>, path: string, body?: Body, extra: Extra = {}) =>
    apiCall(schema, path, { ...extra, method: 'PATCH', body }),
  delete: <S extends z.ZodType>(schema: AnswerSchema<S>, path: string, extra: Extra = {}) => apiCall(schema, path, { ...extra, method: 'DELETE' }),
};

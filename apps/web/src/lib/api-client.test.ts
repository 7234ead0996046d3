import { afterEach, describe, expect, it } from 'vitest';
import { api, ApiError, apiRequest, SERVER_BUSY_MESSAGE, setApiTransport } from './api-client';
import { apiClient, dataOf } from './typed-api';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Records what reaches the transport and answers with `status` and `body`. */
function answerWith(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  setApiTransport(async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const raw = init?.body instanceof Blob ? await init.body.text() : (init?.body as string | undefined);
    sent.push({ url: String(input), method: init?.method ?? 'GET', headers, body: raw || undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => setApiTransport((input, init) => fetch(input, init)));

describe('the typed client (openapi-fetch) and the untyped one share one transport', () => {
  it('sends a typed GET to /api with its path parameter encoded', async () => {
    const sent = answerWith(200, { success: true, data: { id: 'r1' } });
    await expect(dataOf(apiClient.GET('/admin/charge-runs/{id}', { params: { path: { id: 'a/b c' } } }))).resolves.toEqual({
      success: true,
      data: { id: 'r1' },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/admin/charge-runs/a%2Fb%20c');
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.headers.accept).toBe('application/json');
  });

  it('sends a typed body as JSON', async () => {
    const sent = answerWith(200, { success: true });
    await dataOf(apiClient.POST('/admin/events/{id}/charge-hold', { params: { path: { id: 'e1' } }, body: { reason: 'Checking the payout' } }));
    expect(sent[0]!.url).toBe('/api/admin/events/e1/charge-hold');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ reason: 'Checking the payout' });
  });

  it.each([
    ['the answer’s message', { message: 'Campaign is frozen', error: 'other', code: 'CONFLICT' }, 'Campaign is frozen'],
    ['else its error', { error: 'Campaign is frozen' }, 'Campaign is frozen'],
    ['else the status text', {}, 'Conflict'],
  ])('turns a failed answer into the same ApiError either way: %s', async (_case, body, message) => {
    setApiTransport(async () => new Response(JSON.stringify(body), { status: 409, statusText: 'Conflict', headers: { 'content-type': 'application/json' } }));
    const typed = await dataOf(apiClient.GET('/admin/charging')).catch((error: unknown) => error);
    const untyped = await api.get('/admin/charging').catch((error: unknown) => error);
    for (const error of [typed, untyped]) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(409);
      expect((error as ApiError).message).toBe(message);
    }
  });

  it('reports a transport failure as the connection message', async () => {
    setApiTransport(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(dataOf(apiClient.GET('/admin/charging'))).rejects.toThrow('Could not connect to the server. Please check your connection and try again.');
  });
});

async function failureOf(response: Response): Promise<ApiError> {
  setApiTransport(async () => response);
  return apiRequest('/events/allActive').then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: ApiError) => error,
  );
}

describe('a busy server (503)', () => {
  it("shows the API's own message when it sent one", async () => {
    const body = { success: false, code: 'SERVER_BUSY', message: 'Pledgeway is very busy right now (from the server).' };
    const error = await failureOf(new Response(JSON.stringify(body), { status: 503, headers: { 'retry-after': '5' } }));
    expect(error.status).toBe(503);
    expect(error.message).toBe(body.message);
  });

  it('says plainly that nothing was saved when a load balancer answered without a message', async () => {
    const error = await failureOf(
      new Response('<html><body><h1>503 Service Unavailable</h1></body></html>', { status: 503, statusText: 'Service Unavailable' }),
    );
    expect(error.status).toBe(503);
    expect(error.message).toBe(SERVER_BUSY_MESSAGE);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, ApiError, SERVER_BUSY_MESSAGE, setApiTransport } from './api-client';
import { ResponseShapeError } from './parse-response';

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

const Charge = z.object({ success: z.literal(true), data: z.object({ id: z.string(), amount: z.number() }) });

describe('every answer is read through its schema (decision 220)', () => {
  it('sends a GET to /api and answers with the parsed data', async () => {
    const sent = answerWith(200, { success: true, data: { id: 'r1', amount: 12.5, extra: 'dropped' } });
    await expect(api.get(Charge, '/admin/charge-runs/r1')).resolves.toEqual({ success: true, data: { id: 'r1', amount: 12.5 } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/admin/charge-runs/r1');
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.headers.accept).toBe('application/json');
  });

  it('sends a body as JSON, with extra headers', async () => {
    const sent = answerWith(200, { success: true, data: { id: 'r1', amount: 1 } });
    await api.post(Charge, '/admin/events/e1/charge-hold', { reason: 'Checking the payout' }, { headers: { 'idempotency-key': 'k1' } });
    expect(sent[0]!.url).toBe('/api/admin/events/e1/charge-hold');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    expect(sent[0]!.headers['idempotency-key']).toBe('k1');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ reason: 'Checking the payout' });
  });

  it('refuses an answer of another shape, naming the field and what was read', async () => {
    answerWith(200, { success: true, data: { id: 'r1', amount: '12.50' } });
    const error = await api.get(Charge, '/admin/charge-runs/r1', undefined, { what: 'the charge run' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toMatch(/^The server's answer for the charge run was not understood \(data\.amount: /);
  });

  it('names the method and path when no description was given', async () => {
    answerWith(200, { success: true });
    await expect(api.delete(Charge, '/admin/charge-runs/r1')).rejects.toThrow(
      "The server's answer for DELETE /admin/charge-runs/r1 was not understood (data: ",
    );
  });

  it('loads a schema given as a loader (a public page) and parses with it', async () => {
    answerWith(200, { success: true, data: { id: 'r2', amount: 3 } });
    let loaded = 0;
    const load = async () => {
      loaded += 1;
      return Charge;
    };
    await expect(api.get(load, '/events/e1/matches')).resolves.toEqual({ success: true, data: { id: 'r2', amount: 3 } });
    expect(loaded).toBe(1);
  });

  it.each([
    ['the answer’s message', { message: 'Campaign is frozen', error: 'other', code: 'CONFLICT' }, 'Campaign is frozen'],
    ['else its error', { error: 'Campaign is frozen' }, 'Campaign is frozen'],
    ['else the status text', {}, 'Conflict'],
  ])('turns a failed answer into an ApiError before any parsing: %s', async (_case, body, message) => {
    setApiTransport(async () => new Response(JSON.stringify(body), { status: 409, statusText: 'Conflict', headers: { 'content-type': 'application/json' } }));
    const error = await api.get(Charge, '/admin/charging').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe(message);
  });

  it('reports a transport failure as the connection message', async () => {
    setApiTransport(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(api.get(Charge, '/admin/charging')).rejects.toThrow('Could not connect to the server. Please check your connection and try again.');
  });
});

async function failureOf(response: Response): Promise<ApiError> {
  setApiTransport(async () => response);
  return api.get(z.unknown(), '/events/allActive').then(
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

import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, SERVER_BUSY_MESSAGE, setApiTransport } from './api-client';

afterEach(() => setApiTransport((input, init) => fetch(input, init)));

async function failure(response: Response): Promise<ApiError> {
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
    const error = await failure(new Response(JSON.stringify(body), { status: 503, headers: { 'retry-after': '5' } }));
    expect(error.status).toBe(503);
    expect(error.message).toBe(body.message);
  });

  it('says plainly that nothing was saved when a load balancer answered without a message', async () => {
    const error = await failure(new Response('<html><body><h1>503 Service Unavailable</h1></body></html>', { status: 503, statusText: 'Service Unavailable' }));
    expect(error.status).toBe(503);
    expect(error.message).toBe(SERVER_BUSY_MESSAGE);
  });
});

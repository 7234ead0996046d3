import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { TestClient, uniqueEmail } from '../test/client.ts';
import { OVERLOAD_RETRY_AFTER_SECONDS, SERVER_BUSY_MESSAGE } from './overload.ts';

let server: TestServer;
beforeAll(async () => {
  // A low limit, so that holding this process's event loop (the server shares it) passes it.
  server = await startTestServer({ overloadEventLoopDelayMs: 20 });
});
afterAll(() => server.close());

/** Holds the event loop, as a server past its capacity does. */
function holdEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

function registration(email: string) {
  const form = new FormData();
  form.set('name', 'Busy Day');
  form.set('email', email);
  form.set('password', 'Correct-Horse-42');
  form.set('use_default_avatar', 'true');
  return form;
}

describe('overload', () => {
  it('answers 503 SERVER_BUSY with Retry-After at once past the limit, saves nothing, and serves again once the pressure is gone', async () => {
    const client = new TestClient(server.url);
    let refused: Awaited<ReturnType<TestClient['request']>> | undefined;
    let email = '';
    // A few tries: a hold that straddles two samples of the event loop may not show in either.
    for (let attempt = 0; attempt < 5 && !refused; attempt += 1) {
      email = uniqueEmail('busy');
      holdEventLoop(1500);
      const started = performance.now();
      const answer = await client.request('POST', '/api/site/register', { form: registration(email) });
      if (answer.status === 503) {
        refused = answer;
        // Refused before any work: no waiting behind the backlog.
        expect(performance.now() - started).toBeLessThan(1000);
      }
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(refused?.data).toMatchObject({ success: false, code: 'SERVER_BUSY', message: SERVER_BUSY_MESSAGE });

    // Once the loop is free again the same sign-up goes through: the refused one stored nothing
    // (a stored account would make this a 409 for the e-mail address already taken).
    let accepted = 0;
    for (let attempt = 0; attempt < 40 && !accepted; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await client.request('POST', '/api/site/register', { form: registration(email) });
      if (answer.status !== 503) accepted = answer.status;
    }
    expect(accepted).toBe(201);
  });

  it('keeps answering liveness past the limit while readiness and every other request get 503', async () => {
    const client = new TestClient(server.url);
    let answers: { health: number; ready: number } | undefined;
    // A few tries, as above: the hold must fall within one sample of the event loop.
    for (let attempt = 0; attempt < 5 && answers?.ready !== 503; attempt += 1) {
      holdEventLoop(1500);
      const ready = await client.get('/api/ready');
      const health = await client.get('/api/health');
      answers = { health: health.status, ready: ready.status };
      expect(health.status, JSON.stringify(health.data)).toBe(200);
    }
    expect(answers).toEqual({ health: 200, ready: 503 });
  });
});

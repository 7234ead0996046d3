import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, signUp } from '../../test/client.ts';

/**
 * Every admin endpoint, read from the app's own route list (the OpenAPI document is generated from
 * every registered route), answers 401 to a visitor and 403 to a signed-in user: a new admin
 * route is covered the moment it is registered.
 */
let server: TestServer;
let user: TestClient;
let adminRoutes: { method: string; path: string }[] = [];

const SOME_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  user = (await signUp(server.url)).client;
  const document = (await (await fetch(`${server.url}/api/docs`)).json()) as { paths: Record<string, Record<string, unknown>> };
  adminRoutes = Object.entries(document.paths)
    .map(([path, operations]) => [path.startsWith('/api/') ? path : `/api${path}`, operations] as const)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, SOME_ID) })),
    );
});
afterAll(async () => {
  await server.close();
});

describe('admin endpoints refuse everyone but admins', () => {
  it('finds the admin routes in the route list', () => {
    // The console's own endpoints at least; the life-cycle and money endpoints join the same list.
    expect(adminRoutes.length).toBeGreaterThanOrEqual(17);
    expect(adminRoutes).toContainEqual({ method: 'POST', path: `/api/admin/users/${SOME_ID}/disable` });
  });

  it('answers 401 to a visitor and 403 to a user on every admin route, whatever the body', async () => {
    const visitor = new TestClient(server.url);
    const outcomes: string[] = [];
    for (const route of adminRoutes) {
      const anonymous = await visitor.request(route.method, route.path, route.method === 'GET' ? {} : { json: {} });
      const signedIn = await user.request(route.method, route.path, route.method === 'GET' ? {} : { json: {} });
      outcomes.push(`${route.method} ${route.path} visitor=${anonymous.status} user=${signedIn.status}`);
    }
    expect(outcomes).toEqual(adminRoutes.map((route) => `${route.method} ${route.path} visitor=401 user=403`));
  });
});

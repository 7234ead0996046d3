import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, pngImage, signUp, uniqueEmail } from '../../test/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function registerForm(fields: Record<string, string>, image?: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set('user_image', new Blob([new Uint8Array(image.data)], { type: image.type }), image.name);
  return form;
}

describe('register and log in', () => {
  it('registers with an uploaded image, logs in and reads the profile', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    const form = registerForm({ name: 'Maya Reyes', email, password: 'Lantern-Bridge-7' }, { data: await pngImage(), name: 'me.png', type: 'image/png' });
    const registered = await client.request('POST', '/api/site/register', { form });
    expect(registered.status).toBe(201);
    expect(registered.data.user.image).toMatch(/^\/uploads\/avatars\/.+\.jpg$/);

    const login = await client.post('/api/site/login', { email, password: 'Lantern-Bridge-7' });
    expect(login.status).toBe(200);
    expect(login.data.user.role_id.name).toBe('user');
    client.accessToken = login.data.user.accessToken;
    const profile = await client.get('/api/dashboard/my-profile');
    expect(profile.data.data.name).toBe('Maya Reyes');
  });

  it('refuses a duplicate e-mail with 409 and a clear message', async () => {
    const { email } = await signUp(server.url);
    const client = new TestClient(server.url);
    const again = await client.request('POST', '/api/site/register', {
      form: registerForm({ name: 'Someone Else', email, password: 'Another-Good-9', use_default_avatar: 'true' }),
    });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe('An account with this email already exists');
  });

  it('refuses a wrong password with 401', async () => {
    const { email } = await signUp(server.url);
    const response = await new TestClient(server.url).post('/api/site/login', { email, password: 'not-the-password' });
    expect(response.status).toBe(401);
    expect(response.data.message).toBe('Invalid email or password');
  });

  it('refuses a PNG renamed .exe? no: a non-image renamed .png is refused, a PNG named .exe is judged by content', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    const fake = await client.request('POST', '/api/site/register', {
      form: registerForm(
        { name: 'Text File', email, password: 'Lantern-Bridge-7' },
        { data: Buffer.from('MZ not an image'), name: 'photo.png', type: 'image/png' },
      ),
    });
    expect(fake.status).toBe(400);
    expect(fake.data.message).toBe('Please upload an image file');
    const login = await client.post('/api/site/login', { email, password: 'Lantern-Bridge-7' });
    expect(login.status).toBe(401);
  });

  it('refuses a 6 MB image with the SPEC message and creates no account', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    const big = Buffer.concat([await pngImage(), Buffer.alloc(6 * 1024 * 1024)]);
    const response = await client.request('POST', '/api/site/register', {
      form: registerForm({ name: 'Big Image', email, password: 'Lantern-Bridge-7' }, { data: big, name: 'big.png', type: 'image/png' }),
    });
    expect(response.status).toBe(413);
    expect(response.data.message).toBe('Image size should not exceed 5MB');
    expect((await client.post('/api/site/login', { email, password: 'Lantern-Bridge-7' })).status).toBe(401);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await new TestClient(server.url).request('POST', '/api/site/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.data).toMatchObject({ success: false, code: 'MALFORMED_JSON' });
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh cookie and detects reuse', async () => {
    const { client } = await signUp(server.url);
    const first = client.cookies.get('refresh_token')!;
    const refreshed = await client.post('/api/site/refresh-token');
    expect(refreshed.status).toBe(200);
    expect(client.cookies.get('refresh_token')).not.toBe(first);

    const thief = new TestClient(server.url);
    thief.cookies.set('refresh_token', first);
    expect((await thief.post('/api/site/refresh-token')).status).toBe(401);
    // The reuse revoked the whole family, including the legitimate newest token.
    expect((await client.post('/api/site/refresh-token')).status).toBe(401);
  });
});

describe('outbox mailbox', () => {
  it('is not readable by a visitor, even one connecting from this machine (dev/mailbox.test.ts: who may read it)', async () => {
    const response = await new TestClient(server.url).get('/api/dev/mailbox?limit=1');
    expect(response.status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, pngImage, signUp } from '../../test/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function profileForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe('profile', () => {
  it('requires a token for the profile and auth check', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/dashboard/my-profile')).status).toBe(401);
    expect((await anonymous.get('/api/site/auth-check')).status).toBe(401);
  });

  it('updates profile fields and keeps the session', async () => {
    const { client } = await signUp(server.url);
    const response = await client.request('PUT', '/api/users/update', {
      form: profileForm({ name: 'Jordan Lee', email: 'jordan.lee@example.com', occupation: 'Teacher', company_name: 'Oak School', description: 'I run.' }),
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ message: 'Profile updated successfully', passwordChanged: false });
    const profile = await client.get('/api/dashboard/my-profile');
    expect(profile.data.data).toMatchObject({ name: 'Jordan Lee', occupation: 'Teacher', company_name: 'Oak School', about: 'I run.' });
  });

  it.each([
    [{ name: '', email: 'a@example.com' }, 'name', 'Name is required'],
    [{ name: 'A', email: '' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'nope' }, 'email', 'Invalid email format'],
    [{ name: 'A', email: 'a@example.com', new_password: 'Another-Good-9', confirm_password: 'Another-Good-9' }, 'old_password', 'Old password is required'],
    [{ name: 'A', email: 'a@example.com', old_password: 'x', confirm_password: 'y' }, 'new_password', 'New password is required'],
    [
      { name: 'A', email: 'a@example.com', old_password: 'x', new_password: 'short', confirm_password: 'short' },
      'new_password',
      'Password must be at least 8 characters',
    ],
    [{ name: 'A', email: 'a@example.com', old_password: 'x', new_password: 'Another-Good-9' }, 'confirm_password', 'Please confirm your password'],
    [
      { name: 'A', email: 'a@example.com', old_password: 'x', new_password: 'Another-Good-9', confirm_password: 'Another-Good-8' },
      'confirm_password',
      'Passwords do not match',
    ],
  ])('refuses %o with the SPEC message and changes nothing', async (fields, field, message) => {
    const { client } = await signUp(server.url, { name: 'Unchanged Name' });
    const response = await client.request('PUT', '/api/users/update', { form: profileForm(fields as Record<string, string>) });
    expect(response.status).toBe(400);
    expect(response.data.fields[field]).toBe(message);
    expect((await client.get('/api/dashboard/my-profile')).data.data.name).toBe('Unchanged Name');
  });

  it('changes the password with the old one and signs every session out', async () => {
    const { client, email, password } = await signUp(server.url);
    const wrongOld = await client.request('PUT', '/api/users/update', {
      form: profileForm({ name: 'P', email, old_password: 'wrong-password', new_password: 'Brand-New-Secret-5', confirm_password: 'Brand-New-Secret-5' }),
    });
    expect(wrongOld.status).toBe(400);
    const changed = await client.request('PUT', '/api/users/update', {
      form: profileForm({ name: 'P', email, old_password: password, new_password: 'Brand-New-Secret-5', confirm_password: 'Brand-New-Secret-5' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.data.passwordChanged).toBe(true);
    expect((await client.post('/api/site/refresh-token')).status).toBe(401);
    const anonymous = new TestClient(server.url);
    expect((await anonymous.post('/api/site/login', { email, password })).status).toBe(401);
    expect((await anonymous.post('/api/site/login', { email, password: 'Brand-New-Secret-5' })).status).toBe(200);
  });

  it('refuses a common password', async () => {
    const client = new TestClient(server.url);
    const form = profileForm({ name: 'Common', email: 'common@example.com', password: 'password123', use_default_avatar: 'true' });
    const response = await client.request('POST', '/api/site/register', { form });
    expect(response.status).toBe(400);
    expect(response.data.fields.password).toMatch(/too common/);
  });

  it('changes the profile image and serves it under /uploads/', async () => {
    const { client } = await signUp(server.url);
    const form = new FormData();
    form.set('profile_image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'me.exe');
    const response = await client.request('POST', '/api/profile/image', { form });
    expect(response.status).toBe(200);
    expect(response.data.image_url).toMatch(/^\/uploads\/avatars\/.+\.jpg$/);
    const file = await fetch(`${server.url}${response.data.image_url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many log-in attempts', async () => {
    const limited = await startTestServer({ authRateLimitPerMinute: 3 });
    try {
      const client = new TestClient(limited.url);
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await client.post('/api/site/login', { email: 'x@example.com', password: 'whatever-1' })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const blocked = await client.post('/api/site/login', { email: 'x@example.com', password: 'whatever-1' });
      expect(blocked.data.message).toBe('Too many attempts. Please wait a minute and try again.');
    } finally {
      await limited.close();
    }
  });
});

describe('health and unknown routes', () => {
  it('answers health and 404 JSON for unknown API paths', async () => {
    const client = new TestClient(server.url);
    expect((await client.get('/api/health')).data).toEqual({ status: 'ok' });
    const missing = await client.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

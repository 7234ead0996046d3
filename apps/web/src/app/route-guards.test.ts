import { describe, expect, it } from 'vitest';
import { homeFor } from './route-guards';

describe('where a user lands after logging in', () => {
  it('goes back to the page that sent them, query string and all', () => {
    expect(homeFor('user', '/events/5a4d0a53?page=p1')).toBe('/events/5a4d0a53?page=p1');
  });

  it('refuses a way back that a browser would read as another site', () => {
    // The way back may come from the address (a Pledge button pressed before the app ran), which anyone can write.
    for (const from of ['//evil.example/x', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example', 'evil.example']) {
      expect(homeFor('user', from), JSON.stringify(from)).toBe('/user/dashboard');
    }
  });

  it('does not go back to the log-in or sign-up page, nor to the console', () => {
    for (const from of ['/login', '/login?from=%2Flogin', '/register', '/admin/dashboard']) expect(homeFor('user', from)).toBe('/user/dashboard');
    expect(homeFor('admin', '/events/1')).toBe('/admin/dashboard');
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('uses the embedded defaults with no variables', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/pledgeway-config-test' }, { databaseUrl: 'memory://' });
    expect(config.port).toBe(3000);
    expect(config.seed).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('resolves a relative DATA_DIR against the folder npm was started in', () => {
    const config = loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/pledgeway', JWT_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe('/srv/pledgeway/data');
    expect(config.pgliteDir).toBe('/srv/pledgeway/data/pg');
  });

  it('lists every bad variable at once', () => {
    const attempt = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'admin@example.com', SEED: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
      expect(message).toContain('SEED');
    }
  });

  it('turns seeding off by default with an external database, and SEED=0 turns it off', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'x'.repeat(32) }).seed).toBe(false);
    expect(loadConfig({ SEED: '0', JWT_SECRET: 'x'.repeat(32) }).seed).toBe(false);
  });

  it('needs the publishable key with the Stripe secret key, and keeps STRIPE_API_BASE without its trailing slash', () => {
    const attempt = () => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', JWT_SECRET: 'x'.repeat(32) });
    expect(attempt).toThrow('STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'sk_test_x', JWT_SECRET: 'x'.repeat(32) })).toThrow('pk_');
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(config).toMatchObject({ stripeSecretKey: 'sk_test_x', stripePublishableKey: 'pk_test_x', stripeApiBase: 'http://127.0.0.1:12111' });
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, unsafeProductionSettings } from './config.ts';

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

describe('production refuses unsafe settings', () => {
  const demoOptIns = { ALLOW_SANDBOX_PAYMENTS: '1', ALLOW_OUTBOX_EMAIL: '1' };
  const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/pledgeway-config-test' };

  /** The sentences the server prints before it exits (server.ts). */
  function refusal(env: NodeJS.ProcessEnv): string {
    return unsafeProductionSettings(loadConfig(env)).join('\n');
  }

  it('refuses DATABASE_URL without JWT_SECRET, in one sentence naming JWT_SECRET, and generates no secret', () => {
    expect(loadConfig({ ...production, ...demoOptIns, DATABASE_URL: 'postgres://db/pledgeway' }).jwtSecret).toBe('');
    const message = refusal({ ...production, ...demoOptIns, DATABASE_URL: 'postgres://db/pledgeway' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^JWT_SECRET must be set when DATABASE_URL is set in production/);
  });

  it('refuses the sandbox payment provider without ALLOW_SANDBOX_PAYMENTS', () => {
    const message = refusal({ ...production, ALLOW_OUTBOX_EMAIL: '1' });
    expect(message).toMatch(/^STRIPE_SECRET_KEY is not set.*ALLOW_SANDBOX_PAYMENTS=1/);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('refuses outbox-only e-mail (the development mailbox) without ALLOW_OUTBOX_EMAIL', () => {
    const message = refusal({ ...production, ALLOW_SANDBOX_PAYMENTS: '1' });
    expect(message).toMatch(/^SMTP_URL is not set.*ALLOW_OUTBOX_EMAIL=1/);
  });

  it('starts a demo deployment with the explicit opt-ins', () => {
    const config = loadConfig({ ...production, ...demoOptIns, DATABASE_URL: 'postgres://db/pledgeway', JWT_SECRET: 'x'.repeat(32) });
    expect(unsafeProductionSettings(config)).toEqual([]);
    expect(config.allowSandboxPayments).toBe(true);
    expect(config.allowOutboxEmail).toBe(true);
  });

  it('needs no opt-in once the real providers are configured', () => {
    const config = loadConfig({
      ...production,
      DATABASE_URL: 'postgres://db/pledgeway',
      JWT_SECRET: 'x'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_example',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_example',
      STRIPE_WEBHOOK_SECRET: 'whsec_example_secret',
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(unsafeProductionSettings(config)).toEqual([]);
  });

  it('keeps development and tests as easy as before: no opt-in needed', () => {
    expect(
      unsafeProductionSettings(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/pledgeway', DATA_DIR: '/tmp/pledgeway-config-test' })),
    ).toEqual([]);
  });
});

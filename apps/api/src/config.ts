import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TracingSettings } from './lib/telemetry.ts';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of 0, 1, true, false, yes, no, on, off',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** OTLP over HTTP; gRPC is not bundled (a collector takes HTTP on port 4318). */
const otlpProtocol = z.enum(['http/protobuf', 'http/json'], {
  error: "must be http/protobuf or http/json (gRPC is not supported: send to the collector's OTLP/HTTP port, 4318)",
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, 'must be a port number (0-65535)').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').default(20),
  DATABASE_PREPARED_STATEMENTS: flag.optional(),
  PUBLIC_URL: z.string().url('must be a URL such as https://pledgeway.org').optional(),
  ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED: flag.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Pledgeway <no-reply@pledgeway.org>'),
  SUPPORT_EMAIL: z.string().email().default('support@pledgeway.org'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be the publishable key of the same Stripe account (pk_…)').optional(),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url('must be a URL such as https://s3.example.com').optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8, 'must be the signing secret of the webhook endpoint (whsec_…)').optional(),
  STRIPE_API_BASE: z.string().url('must be a URL such as https://api.stripe.com').default('https://api.stripe.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: flag.optional(),
  ALLOW_SANDBOX_PAYMENTS: flag.optional(),
  ALLOW_OUTBOX_EMAIL: flag.optional(),
  ALLOW_TEST_MODE_PAYMENTS: flag.optional(),
  REFUND_FEE_CENTS: z.coerce.number({ error: 'must be a number of cents' }).int().min(0, 'must be 0 or more').default(0),
  CHARGE_RATE_PER_SECOND: z.coerce.number({ error: 'must be a number' }).int().positive('must be at least 1').optional(),
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0, 'must be 0 (off) or more').default(1000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DEV_MAILBOX_OPEN: flag.optional(),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: flag.optional(),
  // OpenTelemetry's own variables (decision 230): read here to decide whether tracing runs and to
  // refuse a bad one at start; the exporter reads the endpoint, headers and timeouts itself.
  OTEL_SDK_DISABLED: flag.optional(),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'console', 'none'], { error: 'must be otlp, console or none' }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url('must be a URL such as http://collector:4318').optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url('must be a URL such as http://collector:4318/v1/traces').optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** `undefined` selects the embedded PGlite database in `dataDir/pg`; 'memory://' keeps it in memory. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL for what is bound to one session (LISTEN, the migration lock, the job queue):
   * `DATABASE_DIRECT_URL`; unset, `databaseUrl` serves (see `sessionDatabaseUrl`). The query pool may then go through a transaction
   * pooler (PgBouncer) on `DATABASE_URL` (decision 198).
   */
  databaseDirectUrl: string | undefined;
  /** Connections of the query pool per instance. */
  databasePoolSize: number;
  /** Named prepared statements (off for a transaction pooler that does not keep them, PgBouncer before 1.21). */
  databasePreparedStatements: boolean;
  pgliteDir: string;
  publicUrl: string;
  admin: { email: string; password: string } | undefined;
  seed: boolean;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  stripeSecretKey: string | undefined;
  /** Handed to the browser for Stripe Elements; required with STRIPE_SECRET_KEY. */
  stripePublishableKey: string | undefined;
  /** Uploads in an S3-compatible bucket instead of `uploadsDir`. */
  s3: { bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean } | undefined;
  /** Signing secret of Stripe's webhook endpoint; webhooks are refused while it is unset. */
  stripeWebhookSecret: string | undefined;
  /** Where Stripe's API is called: api.stripe.com, or a stand-in in tests. */
  stripeApiBase: string;
  logLevel: Env['LOG_LEVEL'];
  authRateLimitPerMinute: number;
  webDistDir: string;
  /** The server renderer of the public pages, built beside the web app (apps/web/dist-ssr). */
  webSsrEntry: string;
  uploadsDir: string;
  /** Believe X-Forwarded-For (only behind a load balancer that sets it). */
  trustProxy: boolean;
  /** Production may run the sandbox payment and identity providers (a demo deployment). */
  allowSandboxPayments: boolean;
  /** Production may keep e-mail in the outbox without SMTP (a demo deployment). */
  allowOutboxEmail: boolean;
  /** Test-mode funding (a charge on the provider's test card) with Stripe too; the sandbox always allows it. */
  allowTestModePayments: boolean;
  /** What the provider keeps of a refund, withheld from the creator's refund on close (sandbox: none). */
  refundFeeCents: number;
  /**
   * Charge requests per second per instance while a charge run works; undefined follows the
   * provider's documented limit (`PaymentProvider.requestsPerSecond`: Stripe 100 live, 25 test mode).
   */
  chargeRatePerSecond: number | undefined;
  /** Past this event-loop delay the server answers 503 with Retry-After instead of queueing requests (0: never). */
  overloadEventLoopDelayMs: number;
  /** Bearer token for GET /metrics; without it nobody may read them (404), whatever the request looks like. */
  metricsToken: string | undefined;
  /** Set by `npm run dev` (scripts/dev.mjs) only: the development mailbox answers without a sign-in. Refused in production. */
  devMailboxOpen: boolean;
  /** Webhooks may be sent to loopback and private addresses: tests and local development only; refused in production (decision 147). */
  webhooksAllowPrivateAddresses: boolean;
  /**
   * OpenTelemetry traces (decision 230): on when OTEL_TRACES_EXPORTER is otlp or console, or an OTLP
   * endpoint is set without it; off (undefined: no SDK loaded) otherwise, and with OTEL_SDK_DISABLED
   * or OTEL_TRACES_EXPORTER=none.
   */
  tracing: TracingSettings | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once at start; every bad variable is listed, then the process stops. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  if (!cleaned.ADMIN_EMAIL !== !cleaned.ADMIN_PASSWORD) {
    problems.push('  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (cleaned.STRIPE_SECRET_KEY && !cleaned.STRIPE_PUBLISHABLE_KEY) {
    problems.push('  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY (the card form in the browser needs it)');
  }
  if (!parsed.success || problems.length) {
    const lines = problems;
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // npm runs workspace scripts inside apps/api; a relative DATA_DIR means the folder npm was started in.
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const port = overrides.port ?? env.PORT;
  const webDistDir = overrides.webDistDir ?? path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist'));
  const config: Config = {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS ?? true,
    pgliteDir: path.join(dataDir, 'pg'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD } : undefined,
    seed: env.SEED ?? !env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET ?? '',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT) }
      : undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: env.STRIPE_API_BASE.replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    webDistDir,
    webSsrEntry: path.join(path.dirname(webDistDir), 'dist-ssr', 'entry-server.js'),
    uploadsDir: path.join(dataDir, 'uploads'),
    trustProxy: env.TRUST_PROXY ?? false,
    allowSandboxPayments: env.ALLOW_SANDBOX_PAYMENTS ?? false,
    allowOutboxEmail: env.ALLOW_OUTBOX_EMAIL ?? false,
    allowTestModePayments: env.ALLOW_TEST_MODE_PAYMENTS ?? false,
    refundFeeCents: env.REFUND_FEE_CENTS,
    chargeRatePerSecond: env.CHARGE_RATE_PER_SECOND,
    overloadEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS,
    metricsToken: env.METRICS_TOKEN,
    devMailboxOpen: env.DEV_MAILBOX_OPEN ?? false,
    webhooksAllowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES ?? false,
    tracing: tracingSettings(env),
    ...overrides,
  };
  // A generated secret would differ on every instance sharing the database: production leaves it
  // empty, and unsafeProductionSettings names JWT_SECRET.
  if (!config.jwtSecret && !(config.env === 'production' && usesExternalDatabase(config))) config.jwtSecret = persistedSecret(config);
  return config;
}

/** Whether traces are sent, and how, from the standard OpenTelemetry variables. */
function tracingSettings(env: Env): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED) return undefined;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const exporter = env.OTEL_TRACES_EXPORTER ?? (endpoint ? 'otlp' : 'none');
  if (exporter === 'none') return undefined;
  return { exporter, protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf' };
}

/** Where session-bound work connects (decision 198): the direct address, or the one database address. */
export const sessionDatabaseUrl = (config: Config) => config.databaseDirectUrl ?? config.databaseUrl;

const usesExternalDatabase = (config: Config) => config.databaseUrl !== undefined && config.databaseUrl !== 'memory://';

/**
 * Settings that are fine on a developer's machine but unsafe in production, each as one sentence
 * naming the variable to set; the server refuses to start on any of them (server.ts,
 * docs/decisions/061-fail-fast-in-production.md). A demo deployment opts in to the sandbox
 * providers explicitly; `npm start` does so for the embedded database.
 */
export function unsafeProductionSettings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const problems: string[] = [];
  if (usesExternalDatabase(config) && !config.jwtSecret) {
    problems.push('JWT_SECRET must be set when DATABASE_URL is set in production, so that every instance signs sign-ins with the same secret.');
  }
  if (!config.stripeSecretKey && !config.allowSandboxPayments) {
    problems.push(
      'STRIPE_SECRET_KEY is not set, so payments would run on the sandbox provider: set STRIPE_SECRET_KEY, or ALLOW_SANDBOX_PAYMENTS=1 for a demo deployment.',
    );
  }
  if (!config.smtpUrl && !config.allowOutboxEmail) {
    problems.push(
      'SMTP_URL is not set, so e-mail would only be kept in the outbox and the development mailbox: set SMTP_URL, or ALLOW_OUTBOX_EMAIL=1 for a demo deployment.',
    );
  }
  if (config.webhooksAllowPrivateAddresses) {
    problems.push('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is set, so webhooks could reach this machine and its private network: unset it.');
  }
  if (config.devMailboxOpen) {
    problems.push(
      'DEV_MAILBOX_OPEN is set, so anyone could read the e-mails (password-reset links) in the development mailbox: unset it; npm run dev sets it.',
    );
  }
  return problems;
}

/**
 * Without JWT_SECRET a single instance keeps a random secret in its data folder, so sign-ins
 * survive restarts. Several instances must share JWT_SECRET (docs/operations.md, Scaling out).
 */
function persistedSecret(config: Config): string {
  const file = path.join(config.dataDir, 'jwt-secret');
  if (config.databaseUrl === 'memory://') return randomBytes(32).toString('hex');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

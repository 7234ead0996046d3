import { buildApp } from './app.ts';
import { ConfigError, loadConfig, unsafeProductionSettings, type Config } from './config.ts';
import { DatabaseUnreachableError } from './db/client.ts';
import { startTracing } from './lib/telemetry.ts';
import { DEMO_LOGINS, ensureCharities, ensureConfiguredAdmin, seedDemoContent } from './db/seed.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const unsafe = unsafeProductionSettings(config);
  if (unsafe.length) {
    console.error(unsafe.join('\n'));
    process.exit(1);
  }
  // pino-pretty is a development dependency: only a developer's terminal uses it.
  const pretty = process.stdout.isTTY && config.env === 'development';
  // Off unless the OpenTelemetry variables ask for traces: then the SDK is loaded, and only then.
  const tracing = config.tracing ? await startTracing(config.tracing) : undefined;
  const app = await buildApp(config, {
    logger: pretty ? { level: config.logLevel, transport: { target: 'pino-pretty' } } : { level: config.logLevel },
    tracing,
  });
  await ensureCharities(app.ctx.db);
  const seeded = config.seed ? await seedDemoContent(app.ctx.db) : false;
  await ensureConfiguredAdmin(app.ctx.db, config);

  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    // The spans still buffered go out, waiting 2 s at most.
    await tracing?.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `Pledgeway is running at ${config.publicUrl}`,
    `  database: ${app.ctx.database.driver === 'pglite' ? `embedded PGlite (${config.pgliteDir})` : 'PostgreSQL (DATABASE_URL)'}`,
    ...providerLines(config, app.ctx.mailer.name),
    `  uploads:  ${app.ctx.storage.name}`,
    `  traces:   ${tracingLine(config)}`,
  ];
  if (config.seed) {
    lines.push(seeded ? '  demo content: created' : '  demo content: present from an earlier start', '  demo log-ins:');
    for (const login of DEMO_LOGINS) lines.push(`    ${login.role.padEnd(5)} ${login.email} / ${login.password}`);
  }
  if (config.admin) lines.push(`  admin from ADMIN_EMAIL: ${config.admin.email}`);
  console.log(lines.join('\n') + '\n');
}

/** Where spans go, said at start so an operator sees whether the OpenTelemetry variables took. */
function tracingLine(config: Config): string {
  if (!config.tracing) return 'off (set OTEL_EXPORTER_OTLP_ENDPOINT to send them to a collector)';
  if (config.tracing.exporter === 'console') return 'printed to the console (OTEL_TRACES_EXPORTER=console)';
  const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT || 'http://localhost:4318';
  return `OTLP ${config.tracing.protocol} to ${endpointWithoutSecrets(endpoint)}`;
}

function endpointWithoutSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the given endpoint';
  }
}

/** What is real and what is sandbox, said plainly: the sandbox parts move no money and send no mail. */
function providerLines(config: Config, mailerName: string): string[] {
  const sandbox = (flag: string) => (config.env === 'production' ? `, allowed by ${flag}=1` : '');
  return [
    config.stripeSecretKey
      ? '  payments: Stripe'
      : `  payments: SANDBOX, no card is ever charged; test cards such as 4242 4242 4242 4242${sandbox('ALLOW_SANDBOX_PAYMENTS')}`,
    config.stripeSecretKey ? '  identity: Stripe Identity' : '  identity: SANDBOX, identity checks are simulated',
    config.smtpUrl ? `  e-mail:   ${mailerName}` : `  e-mail:   SANDBOX, nothing is sent: ${mailerName}${sandbox('ALLOW_OUTBOX_EMAIL')}`,
  ];
}

main().catch((error) => {
  // A database that cannot be reached is a setting to fix, not a crash to debug.
  if (error instanceof DatabaseUnreachableError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});

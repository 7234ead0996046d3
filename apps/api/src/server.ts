import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
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
  const pretty = process.stdout.isTTY && config.env !== 'production';
  const app = await buildApp(config, {
    logger: pretty ? { level: config.logLevel, transport: { target: 'pino-pretty' } } : { level: config.logLevel },
  });
  await ensureCharities(app.ctx.db);
  const seeded = config.seed ? await seedDemoContent(app.ctx.db) : false;
  await ensureConfiguredAdmin(app.ctx.db, config);

  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `Pledgeway is running at ${config.publicUrl}`,
    `  database: ${app.ctx.database.driver === 'pglite' ? `embedded PGlite (${config.pgliteDir})` : 'PostgreSQL (DATABASE_URL)'}`,
    `  payments: ${config.stripeSecretKey ? 'Stripe' : 'sandbox provider (test cards, e.g. 4242 4242 4242 4242)'}`,
    `  e-mail:   ${app.ctx.mailer.name}`,
    `  uploads:  ${app.ctx.storage.name}`,
  ];
  if (config.seed) {
    lines.push(seeded ? '  demo content: created' : '  demo content: present from an earlier start', '  demo log-ins:');
    for (const login of DEMO_LOGINS) lines.push(`    ${login.role.padEnd(5)} ${login.email} / ${login.password}`);
  }
  if (config.admin) lines.push(`  admin from ADMIN_EMAIL: ${config.admin.email}`);
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

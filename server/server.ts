import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { AdminAccountError } from './modules/auth/admin-account.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoCatalogue } from './db/seed/seed.ts';

// Built, this file runs as dist/server/server.js; the web app is built into dist/web.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');

async function main(): Promise<void> {
  const config = loadConfig(process.env, webRoot);
  const database = openDatabase(config);
  const clock = systemClock;
  // The database is ready before the app is built: better-auth checks its tables when it starts.
  let prepared: { applied: string[]; seeded: boolean };
  try {
    prepared = { applied: await migrateToLatest(database.db), seeded: await seedDemoCatalogue(database.db, clock()) };
  } catch (error) {
    console.error(JSON.stringify({ level: 60, time: clock().getTime(), msg: 'could not prepare the database', err: String(error) }));
    await database.close();
    process.exit(1);
  }
  const app = await buildApp({ config, database, clock });
  app.log.info({ database: database.description, migrationsApplied: prepared.applied, demoCatalogueSeeded: prepared.seeded }, 'database ready');

  app.addHook('onClose', async () => {
    await database.close();
  });

  // On SIGTERM the server stops taking connections, lets in-flight requests finish, then closes the database.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AdminAccountError) {
    console.error(error.message);
  } else {
    console.error('Joinery could not start:', error);
  }
  process.exit(1);
});

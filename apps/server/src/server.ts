import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './db/seed';

/** Starts the server: database, migrations, seed data, HTTP; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  const seeded = await seed(db, config);
  const app = await buildApp({ db, config });
  app.log.info(
    { database: db.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, migrations: applied, seeded },
    'database ready',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let those under way finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`控制台: http://localhost:${config.port}/peis/  接口文档: http://localhost:${config.port}/api/docs`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { assertDataFolder, ensureWritableDir, lockDataDir } from './ops/data-dir';
import { operatorMessage, probeDatabase } from './ops/operator-errors';

/** Read first; kept for the failure message (the port, the database address). */
let config: Config | undefined;

/** Starts the server: database, migrations, seed data, HTTP; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  config = loadConfig();
  // Folders checked, and the PGlite folder claimed, before anything opens them: a wrong folder is named here
  // rather than failing deep inside PGlite, and a second server (or a backup) cannot open the same folder.
  if (!config.databaseUrl) {
    ensureWritableDir(config.dataDir, 'DATA_DIR');
    assertDataFolder(config.dataDir, config.uploadDir);
  }
  ensureWritableDir(config.uploadDir, process.env.UPLOAD_DIR ? 'UPLOAD_DIR' : 'DATA_DIR');
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir, 'server');
  process.on('exit', unlock);
  if (config.databaseUrl) await probeDatabase(config.databaseUrl);
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Close the database cleanly before the start fails (PGlite flushes its files on close).
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
  app.log.info(`控制台: http://localhost:${config.port}/peis/  接口文档: http://localhost:${config.port}/api/docs`);
}

main().catch((err) => {
  // An operator's error (bad setting, port in use, database unreachable, folder unwritable) is one line to fix
  // it by; anything else is a bug and keeps its stack.
  const line = operatorMessage(err, config);
  console.error(line ?? err);
  process.exit(1);
});

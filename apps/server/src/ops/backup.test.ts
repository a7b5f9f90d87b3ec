import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { LocalStorage, newStorageKey } from '../storage';
import { BackupError, backup, restore } from './backup';
import { TAR_END, tarFile } from './tar';

const work = mkdtempSync(join(tmpdir(), 'peis-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Row count of every table of the database, counted here (not by the code under test). */
async function countRows(target: { url?: string; dataDir?: string }): Promise<Record<string, number>> {
  const db = await openDb(target);
  try {
    const tables = await db.query<{ t: string }>(
      'SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1',
    );
    const counts: Record<string, number> = {};
    for (const { t } of tables.rows) {
      counts[t] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}"`)).rows[0].n;
    }
    return counts;
  } finally {
    await db.close();
  }
}

/** A migrated, seeded database with one uploaded file (bytes in the upload folder, its row in uploads). */
async function seeded(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const db = await openDb({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  await migrate(db);
  await seed(db, config, { employees: 12 });
  const bytes = randomBytes(70_000);
  const key = newStorageKey();
  await new LocalStorage(config.uploadDir).put(key, bytes);
  const user = (await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'")).rows[0].id;
  await db.query(
    `INSERT INTO uploads (storage_key, original_name, mime, size, sha256, purpose, uploaded_by)
     VALUES ($1, '体检报告.pdf', 'application/pdf', $2, 'x', 'file', $3)`,
    [key, bytes.length, user],
  );
  await db.close();
  return { config, key, bytes };
}

describe('backup and restore on PGlite', () => {
  let source: Awaited<ReturnType<typeof seeded>>;
  let counts: Record<string, number>;
  const archive = join(work, 'pglite.tar.gz');

  beforeAll(async () => {
    source = await seeded({ DATA_DIR: join(work, 'source') });
    counts = await countRows({ dataDir: source.config.dataDir });
  });

  it('refuses to back up a folder a running server holds', async () => {
    const lock = join(source.config.dataDir, 'peis.lock');
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, holder: 'server' }));
    await expect(backup(source.config, archive)).rejects.toThrow(/in use/);
    rmSync(lock);
    expect(existsSync(archive)).toBe(false);
  });

  it('restores a fresh folder with every table and the uploaded file as they were', async () => {
    const manifest = await backup(source.config, archive);
    expect(manifest).toMatchObject({ kind: 'pglite', rowCounts: counts, uploads: { files: 1 } });
    expect(manifest.migrations.level).toMatch(/^\d+_/);

    const target = loadConfig({ NODE_ENV: 'test', DATA_DIR: join(work, 'target') });
    await restore(target, archive);
    expect(await countRows({ dataDir: target.dataDir })).toEqual(counts);
    expect(Object.keys(counts).length).toBeGreaterThan(20);
    expect(counts.employees).toBeGreaterThan(0);
    expect(counts.uploads).toBe(1);
    expect(readFileSync(join(target.uploadDir, ...source.key.split('/')))).toEqual(source.bytes);
  });

  it('refuses a target with data unless --force, which sets the old folder aside', async () => {
    const target = loadConfig({ NODE_ENV: 'test', DATA_DIR: join(work, 'target') });
    await expect(restore(target, archive)).rejects.toThrow(BackupError);
    await expect(restore(target, archive)).rejects.toThrow(/--force/);
    const lines: string[] = [];
    await restore(target, archive, { force: true }, (l) => lines.push(l));
    expect(lines.join('\n')).toMatch(/before-restore-/);
    expect(await countRows({ dataDir: target.dataDir })).toEqual(counts);
  });

  it('leaves a fresh target empty when the archive breaks off, so the restore can be run again', async () => {
    const whole = readFileSync(archive);
    const cut = join(work, 'cut.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const target = loadConfig({ NODE_ENV: 'test', DATA_DIR: join(work, 'after-cut') });
    await expect(restore(target, cut)).rejects.toThrow();
    expect(readdirSync(target.dataDir)).toEqual([]);
    await restore(target, archive);
    expect(await countRows({ dataDir: target.dataDir })).toEqual(counts);
  });

  it('refuses an archive from a newer migration level, and anything that is not a backup', async () => {
    const future = join(work, 'future.tar.gz');
    const manifest = Buffer.from(
      JSON.stringify({
        format: 'peis-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        kind: 'pglite',
        migrations: { level: '999_from_the_future.sql', applied: ['001_foundation.sql', '999_from_the_future.sql'] },
        rowCounts: {},
        uploads: { files: 0, bytes: 0 },
        tool: 'test',
      }),
    );
    async function* tar() {
      yield* tarFile('manifest.json', manifest.length, manifest);
      yield TAR_END;
    }
    await pipeline(Readable.from(tar()), createGzip(), createWriteStream(future));
    const empty = loadConfig({ NODE_ENV: 'test', DATA_DIR: join(work, 'never') });
    await expect(restore(empty, future)).rejects.toThrow(/newer version/);
    expect(existsSync(empty.dataDir)).toBe(false);

    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not an archive');
    await expect(restore(empty, junk)).rejects.toThrow(/not a backup/);
  });
});

const TEST_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_URL)('backup and restore on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const names = { source: `test_backup_src_${suffix}`, target: `test_backup_dst_${suffix}` };
  const urlOf = (name: string) => {
    const u = new URL(TEST_URL as string);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: TEST_URL });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };

  beforeAll(async () => {
    // Fresh databases, so the dump holds only this test's data (other suites use schemas of the test database).
    await admin(`CREATE DATABASE ${names.source}`);
    await admin(`CREATE DATABASE ${names.target}`);
  });
  afterAll(async () => {
    for (const n of Object.values(names)) await admin(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
  });

  it('restores a fresh database with every table and the uploaded file as they were', async () => {
    const source = await seeded({ DATABASE_URL: urlOf(names.source), DATA_DIR: join(work, 'pg-source') });
    const counts = await countRows({ url: urlOf(names.source) });
    const archive = join(work, 'postgres.tar.gz');
    const manifest = await backup(source.config, archive);
    expect(manifest).toMatchObject({ kind: 'postgres', rowCounts: counts, uploads: { files: 1 } });
    expect(manifest.tool).toMatch(/pg_dump/);

    const target = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: urlOf(names.target),
      DATA_DIR: join(work, 'pg-target'),
    });
    await restore(target, archive);
    expect(await countRows({ url: urlOf(names.target) })).toEqual(counts);
    expect(counts.uploads).toBe(1);
    expect(readFileSync(join(target.uploadDir, ...source.key.split('/')))).toEqual(source.bytes);

    // Not again without --force; with it, the schema is emptied and restored.
    await expect(restore(target, archive)).rejects.toThrow(/--force/);
    mkdirSync(join(work, 'pg-target'), { recursive: true });
    await restore(target, archive, { force: true });
    expect(await countRows({ url: urlOf(names.target) })).toEqual(counts);
  });
});

import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import type { Config } from '../config';
import { openDb, type Queryable } from '../db/client';
import { assertStorageKey } from '../storage';
import { lockDataDir } from './data-dir';
import { readTar, TAR_END, tarFile, tarHeader } from './tar';

/**
 * `npm run backup` / `npm run restore`: the database and the uploaded files in one .tar.gz —
 *
 *   manifest.json    what, when, which kind of database, migration level, row count of every table
 *   pgdata/…         PGlite: the data folder's files, copied while the folder is locked and PGlite closed
 *   database.dump    PostgreSQL: pg_dump's custom format, taken in the same snapshot as the row counts
 *   uploads/<key>    every file of the upload folder
 *
 * Restore refuses a target that is not empty (unless --force), an archive of the other kind of database, and
 * an archive from a newer migration level than this program has; afterwards it compares every table's row count
 * with the manifest.
 */

export const BACKUP_FORMAT = 'peis-backup';
const MANIFEST = 'manifest.json';
const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');
/** Files in a PGlite folder that belong to the running process, not to the database. */
const NOT_DATA = new Set(['peis.lock', 'postmaster.pid']);

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  kind: 'pglite' | 'postgres';
  /** Migration files applied, in order; `level` is the last. */
  migrations: { level: string | null; applied: string[] };
  /** Row count of every table, read in the same consistent state as the copy. */
  rowCounts: Record<string, number>;
  uploads: { files: number; bytes: number };
  /** The tool that made the database part (pg_dump's version, or PGlite's). */
  tool: string;
}

/** A backup or restore that cannot go on, said for the operator in Chinese and English. */
export class BackupError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
    this.name = 'BackupError';
  }
}

const run = promisify(execFile);

/** The migration files this program has. */
function knownMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
}

/** Applied migrations and the row count of every table of the schema in use. */
async function describeDatabase(q: Queryable): Promise<Pick<BackupManifest, 'migrations' | 'rowCounts'>> {
  const tables = (
    await q.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
    )
  ).rows.map((r) => r.name);
  const rowCounts: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t.replaceAll('"', '""')}"`);
    rowCounts[t] = rows[0].n;
  }
  const applied = tables.includes('schema_migrations')
    ? (await q.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name)
    : [];
  return { migrations: { level: applied.at(-1) ?? null, applied }, rowCounts };
}

/**
 * Every file under `root` (relative, '/'-separated), leaving out `skip` (absolute paths); with `dirs`, the
 * folders too (size -1), since PostgreSQL needs its empty ones (pg_tblspc, pg_notify …).
 */
async function listFiles(root: string, skip: string[] = [], dirs = false): Promise<{ rel: string; size: number }[]> {
  const out: { rel: string; size: number }[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (skip.includes(path)) continue;
      if (e.isDirectory() && dirs) out.push({ rel: relative(root, path).split(sep).join('/'), size: -1 });
      if (e.isDirectory()) await walk(path);
      else if (e.isFile()) out.push({ rel: relative(root, path).split(sep).join('/'), size: (await stat(path)).size });
    }
  };
  await walk(root);
  return out;
}

/** The upload folder's files: storage keys only (the .tmp folder of unfinished uploads is not one). */
async function uploadFiles(config: Config) {
  return (await listFiles(config.uploadDir, [join(config.uploadDir, '.tmp')])).filter((f) => {
    try {
      assertStorageKey(f.rel);
      return true;
    } catch {
      return false;
    }
  });
}

/** A postgres URL without its password, and the password for PGPASSWORD (kept out of the process list). */
function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** pg_dump's or pg_restore's version line; a BackupError saying how to install it when it is missing. */
async function pgTool(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  try {
    return (await run(name, ['--version'])).stdout.trim();
  } catch {
    throw new BackupError(
      `未找到 ${name}：PostgreSQL 数据库的备份与恢复需要 PostgreSQL 客户端工具（Debian/Ubuntu：apt-get install postgresql-client，版本不低于服务器）。`,
      `${name} was not found: backing up or restoring a PostgreSQL database needs the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client, at least the server's version).`,
    );
  }
}

async function runTool(name: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(name, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const detail = String((err as { stderr?: string }).stderr || (err as Error).message)
      .trim()
      .replace(/\s*\n\s*/g, ' ');
    throw new BackupError(`${name} 失败：${detail}`, `${name} failed: ${detail}`);
  }
}

function stamp(d = new Date()) {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** Default archive name: backups/peis-<kind>-<UTC date-time>.tar.gz beside the repository's data folder. */
export function defaultBackupFile(config: Config, repoRoot: string): string {
  return resolve(repoRoot, 'backups', `peis-${config.databaseUrl ? 'postgres' : 'pglite'}-${stamp()}.tar.gz`);
}

/** Writes the archive to `file` (through a temporary name, so a failed backup leaves no partial archive). */
export async function backup(config: Config, file: string, log: (line: string) => void = () => {}) {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.part`;
  const dumpFile = `${file}.dump.part`;
  let release = () => {};
  try {
    let manifest: BackupManifest;
    let database: AsyncIterable<Buffer>;
    if (!config.databaseUrl) {
      if (!existsSync(join(config.dataDir, 'PG_VERSION'))) {
        throw new BackupError(
          `数据目录 ${config.dataDir} 中没有数据库，无可备份。请检查 DATA_DIR。`,
          `the data folder ${config.dataDir} holds no database: nothing to back up. Check DATA_DIR.`,
        );
      }
      // The server must be stopped: PGlite is one process's, and its files are only consistent once closed.
      release = lockDataDir(config.dataDir, 'backup');
      const db = await openDb({ dataDir: config.dataDir });
      const described = await describeDatabase(db).finally(() => db.close());
      const pgVersion = readFileSync(join(config.dataDir, 'PG_VERSION'), 'utf8').trim();
      manifest = manifestOf('pglite', described, `PGlite (PostgreSQL ${pgVersion})`);
      const skip = [config.uploadDir, ...[...NOT_DATA].map((n) => join(config.dataDir, n))];
      const files = await listFiles(config.dataDir, skip, true);
      database = (async function* () {
        for (const f of files) {
          if (f.size < 0) yield tarHeader(`pgdata/${f.rel}`, 0, 'directory');
          else yield* tarFile(`pgdata/${f.rel}`, f.size, createReadStream(join(config.dataDir, f.rel)));
        }
      })();
    } else {
      const tool = await pgTool('pg_dump');
      const conn = pgConnection(config.databaseUrl);
      // One snapshot for the row counts and pg_dump, so the manifest describes exactly what was dumped.
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0].id;
        const described = await describeDatabase({
          query: async (text, params) => {
            const r = await client.query(text, params);
            return { rows: r.rows, rowCount: r.rowCount ?? 0 };
          },
          exec: async (script) => {
            await client.query(script);
          },
        });
        manifest = manifestOf('postgres', described, tool);
        await runTool(
          'pg_dump',
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshot}`,
            `--file=${dumpFile}`,
            conn.url,
          ],
          conn.env,
        );
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
      const size = (await stat(dumpFile)).size;
      database = tarFile('database.dump', size, createReadStream(dumpFile));
    }
    // Uploads after the database: a file is stored before its row is written, so every row has its file.
    const uploads = await uploadFiles(config);
    manifest.uploads = { files: uploads.length, bytes: uploads.reduce((n, f) => n + f.size, 0) };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    async function* archive() {
      yield* tarFile(MANIFEST, manifestBytes.length, manifestBytes);
      yield* database;
      for (const f of uploads) {
        yield* tarFile(`uploads/${f.rel}`, f.size, createReadStream(join(config.uploadDir, f.rel)));
      }
      yield TAR_END;
    }
    await pipeline(Readable.from(archive()), createGzip(), createWriteStream(tmp));
    await rename(tmp, file);
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    log(
      `备份完成 / backup written: ${file} (${manifest.kind}, ${manifest.migrations.level ?? 'no migrations'}, ` +
        `${Object.keys(manifest.rowCounts).length} tables, ${rows} rows, ${manifest.uploads.files} uploaded files, ` +
        `${(await stat(file)).size} bytes)`,
    );
    return manifest;
  } finally {
    release();
    await rm(tmp, { force: true });
    await rm(dumpFile, { force: true });
  }
}

function manifestOf(
  kind: BackupManifest['kind'],
  described: Pick<BackupManifest, 'migrations' | 'rowCounts'>,
  tool: string,
): BackupManifest {
  return {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    kind,
    ...described,
    uploads: { files: 0, bytes: 0 },
    tool,
  };
}

/** Whether the target already holds data: a PGlite folder with anything in it, or a schema with tables. */
async function targetHasData(config: Config): Promise<boolean> {
  const uploads = (await uploadFiles(config)).length > 0;
  if (config.databaseUrl) {
    const db = await openDb({ url: config.databaseUrl });
    try {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()',
      );
      return uploads || rows[0].n > 0;
    } finally {
      await db.close();
    }
  }
  const entries = existsSync(config.dataDir) ? readdirSync(config.dataDir).filter((n) => !NOT_DATA.has(n)) : [];
  const uploadsOnly = entries.length === 1 && resolve(config.dataDir, entries[0]) === config.uploadDir;
  return uploads || (entries.length > 0 && !uploadsOnly);
}

/**
 * --force on PostgreSQL: drops every table (with its triggers and indexes), view, sequence and function of the
 * schema in use, so the archive's migration level is the database's again (pg_restore --clean alone would
 * leave tables the archive does not know).
 */
const EMPTY_SCHEMA = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT format('%I', matviewname) AS n FROM pg_matviews WHERE schemaname = current_schema() LOOP
    EXECUTE 'DROP MATERIALIZED VIEW IF EXISTS ' || r.n || ' CASCADE'; END LOOP;
  FOR r IN SELECT format('%I', viewname) AS n FROM pg_views WHERE schemaname = current_schema() LOOP
    EXECUTE 'DROP VIEW IF EXISTS ' || r.n || ' CASCADE'; END LOOP;
  FOR r IN SELECT format('%I', tablename) AS n FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE 'DROP TABLE IF EXISTS ' || r.n || ' CASCADE'; END LOOP;
  FOR r IN SELECT format('%I', sequence_name) AS n FROM information_schema.sequences WHERE sequence_schema = current_schema() LOOP
    EXECUTE 'DROP SEQUENCE IF EXISTS ' || r.n || ' CASCADE'; END LOOP;
  FOR r IN SELECT p.oid::regprocedure::text AS n FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace LOOP
    EXECUTE 'DROP ROUTINE IF EXISTS ' || r.n || ' CASCADE'; END LOOP;
END $$`;

/** Removes what a failed restore wrote into a target that was empty: the data folder's files, the schema's objects, uploads. */
async function emptyTarget(config: Config) {
  await rm(config.uploadDir, { recursive: true, force: true });
  if (config.databaseUrl) {
    const db = await openDb({ url: config.databaseUrl });
    await db.exec(EMPTY_SCHEMA).finally(() => db.close());
    return;
  }
  for (const name of existsSync(config.dataDir) ? readdirSync(config.dataDir) : []) {
    if (!NOT_DATA.has(name)) await rm(join(config.dataDir, name), { recursive: true, force: true });
  }
}

/** A relative path inside the archive that stays inside its folder. */
function safeRelative(name: string, prefix: string): string {
  const rel = name.slice(prefix.length);
  if (!rel || rel.split('/').some((s) => s === '' || s === '.' || s === '..') || rel.includes('\\')) {
    throw new BackupError(`备份文件中有非法路径：${name}`, `the archive has an unsafe path: ${name}`);
  }
  return rel;
}

async function writeEntry(path: string, body: AsyncIterable<Buffer>) {
  await mkdir(dirname(path), { recursive: true });
  await pipeline(Readable.from(body), createWriteStream(path, { flags: 'wx' }));
}

export interface RestoreOptions {
  /** Replace a target that has data: a PGlite folder is moved aside, a PostgreSQL schema emptied. */
  force?: boolean;
}

/** Restores the archive `file` into the configured database and upload folder. */
export async function restore(
  config: Config,
  file: string,
  opts: RestoreOptions = {},
  log: (line: string) => void = () => {},
): Promise<{ manifest: BackupManifest; rowCounts: Record<string, number> }> {
  if (!existsSync(file)) throw new BackupError(`找不到备份文件 ${file}。`, `the archive ${file} was not found.`);
  const entries = readTar(createReadStream(file).pipe(createGunzip()));
  const notOurs = new BackupError(
    `${file} 不是本系统的备份文件（应由 npm run backup 生成）。`,
    `${file} is not a backup of this system (made by npm run backup).`,
  );
  let manifest: BackupManifest;
  let release = () => {};
  /** Set once the target is known empty (or emptied) and writing starts: a failure then removes what was written. */
  let writing = false;
  try {
    const first = await entries.next().catch(() => {
      throw notOurs;
    });
    if (first.done || first.value.name !== MANIFEST) throw notOurs;
    const parts: Buffer[] = [];
    for await (const c of first.value.body) parts.push(c);
    try {
      manifest = JSON.parse(Buffer.concat(parts).toString('utf8'));
    } catch {
      throw notOurs;
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) throw notOurs;

    const known = new Set(knownMigrations());
    const unknown = manifest.migrations.applied.filter((m) => !known.has(m));
    if (unknown.length > 0) {
      throw new BackupError(
        `备份来自更新的版本（迁移 ${manifest.migrations.level}），本程序不认识 ${unknown.join('、')}。请先升级程序再恢复。`,
        `the archive comes from a newer version (migration ${manifest.migrations.level}); this program does not know ${unknown.join(', ')}. Upgrade the program first, then restore.`,
      );
    }
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== kind) {
      const name = (k: string) => (k === 'postgres' ? 'PostgreSQL' : 'PGlite');
      throw new BackupError(
        `备份是 ${name(manifest.kind)} 数据库的，当前配置的是 ${name(kind)}（${kind === 'postgres' ? '已' : '未'}设置 DATABASE_URL）。请用同类数据库恢复。`,
        `the archive is of a ${name(manifest.kind)} database but the configured one is ${name(kind)} (DATABASE_URL ${kind === 'postgres' ? 'set' : 'not set'}). Restore into the same kind.`,
      );
    }

    if (kind === 'pglite') {
      await mkdir(config.dataDir, { recursive: true });
      release = lockDataDir(config.dataDir, 'restore');
    }
    if (await targetHasData(config)) {
      const where = kind === 'pglite' ? `数据目录 ${config.dataDir}` : '数据库';
      if (!opts.force) {
        throw new BackupError(
          `${where} 或上传目录 ${config.uploadDir} 中已有数据，未做任何改动。确认要用备份替换它们时加 --force。`,
          `the ${kind === 'pglite' ? `data folder ${config.dataDir}` : 'database'} or the upload folder ${config.uploadDir} already holds data: nothing changed. Add --force to replace it with the archive.`,
        );
      }
      // Set aside rather than deleted: a restore of the wrong archive can still be undone by hand.
      const when = stamp();
      const aside = (dir: string) => `${dir}.before-restore-${when}`;
      const moveAside = async (dir: string, variable: string) => {
        try {
          await rename(dir, aside(dir));
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          // A mount point (a Docker volume, say) cannot be renamed; its contents are the operator's to move.
          throw new BackupError(
            `无法将 ${dir} 移到一旁（${code}，可能是挂载点）。请自行备份并清空该目录，再不带 --force 恢复；或将 ${variable} 设为其下的子目录。`,
            `cannot move ${dir} aside (${code}; a mount point?). Save and empty it yourself, then restore without --force; or set ${variable} to a folder inside it.`,
          );
        }
        log(`已移至 / moved to ${aside(dir)}`);
      };
      const uploadsInside = config.uploadDir.startsWith(config.dataDir + sep);
      if (!uploadsInside && existsSync(config.uploadDir)) {
        await moveAside(config.uploadDir, 'UPLOAD_DIR');
      }
      if (kind === 'pglite') {
        release();
        const to = aside(config.dataDir);
        await moveAside(config.dataDir, 'DATA_DIR');
        await rm(join(to, 'peis.lock'), { force: true });
        await mkdir(config.dataDir, { recursive: true });
        release = lockDataDir(config.dataDir, 'restore');
      } else {
        if (uploadsInside && existsSync(config.uploadDir)) {
          await moveAside(config.uploadDir, 'DATA_DIR');
        }
        const db = await openDb({ url: config.databaseUrl });
        await db.exec(EMPTY_SCHEMA).finally(() => db.close());
        log('已清空数据库中的表 / emptied the database schema');
      }
    }

    let uploads = 0;
    writing = true;
    for await (const entry of entries) {
      if (entry.name.startsWith('pgdata/') && kind === 'pglite') {
        const rel = safeRelative(entry.name, 'pgdata/');
        const path = join(config.dataDir, ...rel.split('/'));
        if (entry.type === 'directory') await mkdir(path, { recursive: true });
        else await writeEntry(path, entry.body);
      } else if (entry.name === 'database.dump' && kind === 'postgres') {
        await pgTool('pg_restore');
        const dump = join(dirname(resolve(file)), `.restore-${process.pid}.dump`);
        try {
          await pipeline(Readable.from(entry.body), createWriteStream(dump));
          const conn = pgConnection(config.databaseUrl as string);
          // One transaction: a restore that fails part-way leaves the database as it was.
          await runTool(
            'pg_restore',
            ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${conn.url}`, dump],
            conn.env,
          );
        } finally {
          await unlink(dump).catch(() => undefined);
        }
      } else if (entry.name.startsWith('uploads/') && entry.type === 'file') {
        const key = safeRelative(entry.name, 'uploads/');
        assertStorageKey(key);
        await writeEntry(join(config.uploadDir, ...key.split('/')), entry.body);
        uploads++;
      }
    }

    // The proof: every table holds as many rows as when the backup was taken.
    const db = await openDb({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
    const { rowCounts } = await describeDatabase(db).finally(() => db.close());
    const differ = Object.keys({ ...manifest.rowCounts, ...rowCounts }).filter(
      (t) => manifest.rowCounts[t] !== rowCounts[t],
    );
    if (differ.length > 0 || uploads !== manifest.uploads.files) {
      throw new BackupError(
        `恢复后的数据与备份清单不符（表：${differ.join('、') || '无'}；文件 ${uploads}/${manifest.uploads.files}）。`,
        `the restored data does not match the archive's manifest (tables: ${differ.join(', ') || 'none'}; files ${uploads}/${manifest.uploads.files}).`,
      );
    }
    const rows = Object.values(rowCounts).reduce((a, b) => a + b, 0);
    log(
      `恢复完成 / restored ${file} (${manifest.kind}, made ${manifest.createdAt}, ${manifest.migrations.level ?? 'no migrations'}, ` +
        `${Object.keys(rowCounts).length} tables, ${rows} rows, ${uploads} uploaded files; row counts checked)`,
    );
    return { manifest, rowCounts };
  } catch (err) {
    // The target was empty before: leave it empty again, so the restore can simply be run again.
    if (writing) {
      await emptyTarget(config);
      log('恢复未完成，已删除写入的部分 / the restore did not finish; what it had written was removed');
    }
    throw err;
  } finally {
    release();
    await entries.return(undefined);
  }
}

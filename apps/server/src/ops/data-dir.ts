import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A folder the server must write (the PGlite data folder, the uploads) cannot be written. */
export class DataDirError extends Error {
  constructor(
    readonly dir: string,
    /** The variable that names the folder, for the operator's message. */
    readonly variable: string,
    readonly code: string,
  ) {
    super(`${variable} ${dir} is not writable (${code})`);
    this.name = 'DataDirError';
  }
}

/** Another live process (a server, a backup, a restore) has the PGlite data folder open. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly holder: string,
    readonly lockFile: string,
  ) {
    super(`${dir} is in use by ${holder} (pid ${pid})`);
    this.name = 'DataDirBusyError';
  }
}

/** DATA_DIR names a folder that has other things in it and no database: PGlite would create one among them. */
export class NotADataDirError extends Error {
  constructor(
    readonly dir: string,
    readonly sample: string[],
  ) {
    super(`${dir} holds ${sample.join(', ')} and no database`);
    this.name = 'NotADataDirError';
  }
}

/**
 * Refuses a PGlite data folder that is neither empty nor a database (say DATA_DIR=~ by mistake): PGlite would
 * write a new database's files among the operator's own. Hidden files, the lock and the upload folder are not
 * counted.
 */
export function assertDataFolder(dir: string, uploadDir: string): void {
  const names = readdirSync(dir).filter((n) => !n.startsWith('.') && n !== LOCK_FILE && resolve(dir, n) !== uploadDir);
  if (names.length > 0 && !names.includes('PG_VERSION')) throw new NotADataDirError(dir, names.sort().slice(0, 3));
}

/** Creates the folder when missing and proves it writable with a probe file; DataDirError otherwise. */
export function ensureWritableDir(dir: string, variable: string): void {
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    throw new DataDirError(dir, variable, (err as NodeJS.ErrnoException).code ?? 'EIO');
  }
}

const LOCK_FILE = 'peis.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a PGlite data folder for this process. PGlite has no lock of its own, and two processes on one folder
 * corrupt it; so the server, `npm run backup` and `npm run restore` each take this lock first. A lock whose
 * process is gone (a crash) is taken over. Returns the release function.
 */
export function lockDataDir(dir: string, holder: string): () => void {
  const file = join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let other: { pid?: number; holder?: string } = {};
      try {
        other = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // Unreadable or half-written lock: treated as stale.
      }
      if (typeof other.pid === 'number' && other.pid !== process.pid && alive(other.pid)) {
        throw new DataDirBusyError(dir, other.pid, other.holder ?? 'another process', file);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(dir, 0, 'another process', file);
}

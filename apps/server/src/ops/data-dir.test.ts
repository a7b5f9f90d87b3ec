import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, DataDirError, ensureWritableDir, lockDataDir } from './data-dir';

const dir = mkdtempSync(join(tmpdir(), 'peis-datadir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ensureWritableDir', () => {
  it('creates a missing folder and leaves no probe behind', () => {
    const d = join(dir, 'new/deeper');
    ensureWritableDir(d, 'DATA_DIR');
    expect(existsSync(d)).toBe(true);
  });

  it('refuses a file where the folder should be, naming the variable', () => {
    const file = join(dir, 'file');
    writeFileSync(file, 'x');
    expect(() => ensureWritableDir(file, 'UPLOAD_DIR')).toThrow(DataDirError);
    try {
      ensureWritableDir(join(file, 'sub'), 'UPLOAD_DIR');
    } catch (err) {
      expect((err as DataDirError).variable).toBe('UPLOAD_DIR');
    }
  });
});

describe('lockDataDir', () => {
  it('refuses a folder a live process holds, and takes over one whose process is gone', () => {
    const d = join(dir, 'locked');
    ensureWritableDir(d, 'DATA_DIR');
    const lock = join(d, 'peis.lock');
    // The parent process (vitest's) is alive and is not us.
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, holder: 'server' }));
    expect(() => lockDataDir(d, 'backup')).toThrow(DataDirBusyError);
    // A pid that cannot exist: a crashed holder.
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 1, holder: 'server' }));
    const release = lockDataDir(d, 'backup');
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, holder: 'backup' });
    release();
    expect(existsSync(lock)).toBe(false);
  });
});

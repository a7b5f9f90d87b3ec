import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type Storage, StorageNotFoundError } from './storage';

/**
 * Files in a local folder, one file per key. A file is written under a temporary name and renamed into
 * place only once complete, so a failed or refused upload never leaves a partial file under its key.
 */
export class LocalStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key; refuses anything that is not a storage key or would leave the folder. */
  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, data: Readable | Buffer): Promise<{ size: number }> {
    const path = this.pathOf(key);
    // Written in .tmp/ (same file system, so the rename is atomic); the key's folder is made only for a
    // complete file, so a refused upload leaves not even an empty folder.
    const tmpDir = join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
    const out = createWriteStream(tmp, { flags: 'wx', mode: 0o640 });
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, out);
      await mkdir(dirname(path), { recursive: true });
      await rename(tmp, path);
    } catch (err) {
      out.destroy();
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return { size: out.bytesWritten };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      // Opening first turns a missing file into an error here, not an 'error' event mid-response.
      const handle = await open(path, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

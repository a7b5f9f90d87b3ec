import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. The database keeps what a file is (name, type, owner); the storage keeps only
 * its bytes under an opaque key. The local folder is the default; an object store (S3, OSS, MinIO) can be
 * swapped in by implementing these three calls — keys are already flat, URL-safe names.
 */
export interface Storage {
  /**
   * Stores the bytes under `key`. A stream is consumed to its end; when it fails (or is destroyed with an
   * error), nothing is left under the key and the error is rethrown.
   */
  put(key: string, data: Readable | Buffer): Promise<{ size: number }>;
  /** The stored bytes; throws StorageNotFoundError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`storage key not found: ${key}`);
  }
}

/**
 * A new random key: 128 random bits in hex, fanned out by their first two characters ('3f/3fa9…') so no
 * folder grows too large. Nothing of the uploader's file name or input ever reaches a key.
 */
export function newStorageKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

/** Keys this storage accepts: lower-case letters and digits in segments joined by '/' — no '.', no '..'. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9]+(?:\/[a-z0-9]+)*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 200 || !STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Db, openDb } from '../db/client';
import type { TestApp } from './harness';
import { multipart } from './xlsx';

/**
 * A second server instance on the test app's database: on PostgreSQL its own connection pool on the same
 * schema (as another process would have), on PGlite the same Db object. Close it before the TestApp.
 */
export async function secondInstance(
  t: TestApp,
  target: { url?: string },
): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  let db = t.db;
  if (target.url) {
    const { rows } = await t.db.query<{ s: string }>('SELECT current_schema() AS s');
    // The schema as a connection option, not openDb's `schema` (whose close would drop it under the TestApp).
    const url = new URL(target.url);
    url.searchParams.set('options', `-c search_path=${rows[0].s}`);
    db = await openDb({ url: url.toString() });
  }
  const app = await buildApp({ db, config: t.config });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      if (db !== t.db) await db.close();
    },
  };
}

/**
 * A multipart upload whose body arrives in two parts: the headers and half the file at once, the rest
 * only when `release()` is called — a slow client, without timing.
 */
export function gatedUpload(name: string, content: Buffer) {
  const boundary = `----peis${Math.random().toString(16).slice(2)}`;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const half = Math.floor(content.length / 2);
  const payload = Readable.from(
    (async function* () {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      yield content.subarray(0, half);
      await gate;
      yield content.subarray(half);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, release };
}

/** A multipart body with one file field, as a browser sends it. */
export const multipartFile = (name: string, content: Buffer) => multipart(name, content);

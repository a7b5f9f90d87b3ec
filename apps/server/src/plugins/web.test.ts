import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { IMMUTABLE, REVALIDATE } from './web';

const INDEX =
  '<!doctype html><title>健康管理服务平台</title><script type="module" src="/peis/assets/index-Bx7q2.js"></script>';
const SCRIPT = `export const greeting = ${JSON.stringify('你好'.repeat(500))};`;

/** A file and the .br/.gz twins the web build writes beside it. */
function writeWithTwins(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

describe('the web app is sent compressed and cached by name', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'peis-web-'));
    mkdirSync(join(dist, 'assets'));
    writeWithTwins(join(dist, 'index.html'), INDEX);
    writeWithTwins(join(dist, 'assets', 'index-Bx7q2.js'), SCRIPT);
    t = await createTestApp({}, { employees: 5, env: { WEB_DIST: dist } });
  });
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset as brotli when accepted, cached for a year', async () => {
    const res = await get('/peis/assets/index-Bx7q2.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip twin to a browser without brotli (Chromium over plain HTTP)', async () => {
    const res = await get('/peis/assets/index-Bx7q2.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await get('/peis/assets/index-Bx7q2.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it('has index.html revalidated on every load, for the app root and deep links alike', async () => {
    for (const url of ['/peis/', '/peis/login', '/peis/company/dashboard', '/peis/index.html']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get('/peis/login');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });

  it('keeps the twins from being asked for by name and missing assets a 404', async () => {
    expect((await get('/peis/assets/index-Bx7q2.js.br')).statusCode).toBe(404);
    const missing = await get('/peis/assets/index-gone1.js', 'gzip, br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});

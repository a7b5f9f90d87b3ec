import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { IMMUTABLE, REVALIDATE, registerWeb } from '../src/plugins/web';
import { type BenchResult, type BenchTarget, launchChromium, mb, RssSampler, runWhenForked } from './common';

/** Issue 9 item 14: all JS and CSS the browser fetches to show /peis/login, measured gzip. */
const TARGET_KB = 250;
const WEB_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web');

interface Fetched {
  url: string;
  type: string;
  /** gzip (level 6, what a server compressing on the fly sends) of the decoded body. */
  gzipBytes: number;
  /** Bytes that actually crossed the wire (the precompressed twin when one was sent). */
  wireBytes: number;
  encoding: string | null;
  cacheControl: string | null;
}

/**
 * Login page weight: builds the web app from the current source into a temporary folder (apps/web/dist is
 * left alone: others may be serving it), serves it the way the server does (plugins/web.ts), opens
 * /peis/login in Chromium with an empty cache and sums what it fetched. Fails above TARGET_KB, and when a
 * text file came uncompressed or a file without the caching policy of its kind.
 */
export async function benchLoginWeight(target: BenchTarget): Promise<BenchResult> {
  const started = Date.now();
  const rss = new RssSampler();
  const dist = mkdtempSync(join(tmpdir(), 'peis-bench-web-'));
  const failures: string[] = [];
  const app = Fastify({ logger: false });
  try {
    let t = Date.now();
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      stdio: 'inherit',
    });
    const buildMs = Date.now() - t;
    await registerWeb(app, { ...loadConfig({ NODE_ENV: 'test' }), webDist: dist });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    t = Date.now();
    const fetched = await loadLoginPage(address, failures);
    const loadMs = Date.now() - t;

    const assets = fetched.filter((f) => f.type === 'script' || f.type === 'stylesheet');
    const sum = (list: Fetched[], key: 'gzipBytes' | 'wireBytes') => list.reduce((s, f) => s + f[key], 0);
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    const gzipKb = kb(sum(assets, 'gzipBytes'));
    if (gzipKb >= TARGET_KB) failures.push(`login page JS+CSS ${gzipKb} KB gzip, target < ${TARGET_KB} KB`);
    for (const f of fetched) {
      if (!f.encoding) failures.push(`sent uncompressed: ${f.url}`);
      const policy = f.type === 'document' ? REVALIDATE : IMMUTABLE;
      if (f.cacheControl !== policy) failures.push(`cache-control of ${f.url}: ${f.cacheControl}, expected ${policy}`);
    }
    const document = fetched.find((f) => f.type === 'document');
    return {
      bench: 'login-weight',
      target: target.name,
      elapsedMs: Date.now() - started,
      peakRssMb: mb(rss.stop().overall),
      ok: failures.length === 0,
      gzipKb,
      targetKb: TARGET_KB,
      wireKb: kb(sum(assets, 'wireBytes')),
      files: assets.length,
      encodings: [...new Set(fetched.map((f) => f.encoding ?? 'identity'))].join(','),
      documentWireKb: document ? kb(document.wireBytes) : null,
      buildMs,
      loadMs,
      largest: assets
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 5)
        .map((f) => `${f.url.replace(/.*\//, '')} ${kb(f.gzipBytes)} KB`),
      failures,
    };
  } finally {
    rss.stop();
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

/** Every response of /peis/login until the network is idle: the document, scripts (lazy ones too) and styles. */
async function loadLoginPage(baseURL: string, failures: string[]): Promise<Fetched[]> {
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ baseURL });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const pending: Promise<Fetched>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(type)) return;
      pending.push(
        (async () => {
          const [body, sizes] = await Promise.all([res.body(), res.request().sizes()]);
          const headers = res.headers();
          return {
            url: res.url(),
            type,
            gzipBytes: gzipSync(body).length,
            wireBytes: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? null,
            cacheControl: headers['cache-control'] ?? null,
          };
        })(),
      );
    });
    await page.goto('/peis/login');
    await page.getByTestId('login-form').waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    if (errors.length) failures.push(`page errors: ${errors.join('; ')}`);
    return await Promise.all(pending);
  } finally {
    await browser?.close();
  }
}

/** Child-process entry: run.ts forks this file (once: the figure does not depend on the database). */
runWhenForked('login-weight.ts', (target) => benchLoginWeight(target));

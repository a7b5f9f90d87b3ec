import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A port held by this test (beforeAll). */
let busyPort = 0;

/**
 * Runs the real server as an operator would, with `env` on top of a minimal environment. It runs in its own
 * process group, killed whole after 75 s, so a server that did start (the failure this test looks for) is
 * not left running.
 */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // A server that gets as far as listening fails on the port in use: never one left on a real port.
        HOST: '127.0.0.1',
        PORT: String(busyPort),
        ...env,
      },
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const kill = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 75_000);
    child.on('close', (code) => {
      clearTimeout(kill);
      done({ code, stderr });
    });
  });
}

/** Exit code not 0, and stderr is exactly one operator's line: no stack. */
function expectOneLine(r: { code: number | null; stderr: string }, ...parts: string[]) {
  expect(r.code).not.toBe(0);
  expect(r.code).not.toBeNull();
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toContain('    at ');
  expect(lines[0]).toMatch(/^启动失败：.+ \/ Cannot start: .+$/);
  for (const p of parts) expect(lines[0]).toContain(p);
}

describe('the server stops with one line on an operator error', { timeout: 90_000 }, () => {
  let dir: string;
  let blocker: Server;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'peis-startup-'));
    blocker = createServer();
    await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', ok));
    busyPort = (blocker.address() as { port: number }).port;
  });
  afterAll(() => {
    blocker.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('PORT=abc', async () => {
    expectOneLine(await start({ PORT: 'abc', DATA_DIR: join(dir, 'a') }), 'PORT', '"abc"');
  });

  it('a port in use', async () => {
    const r = await start({ PORT: String(busyPort), HOST: '127.0.0.1', DATA_DIR: join(dir, 'b') });
    expectOneLine(r, `端口 ${busyPort} 已被占用`, `port ${busyPort} is in use`);
  });

  it('a DATABASE_URL nothing answers on', async () => {
    const r = await start({ DATABASE_URL: 'postgres://peis:pw@127.0.0.1:1/peis', DATA_DIR: join(dir, 'c') });
    expectOneLine(r, '127.0.0.1:1/peis', 'refused the connection', 'DATABASE_URL');
  });

  it('a DATABASE_URL whose server takes the connection and never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const port = (silent.address() as { port: number }).port;
    try {
      const r = await start({ DATABASE_URL: `postgres://peis@127.0.0.1:${port}/peis`, DATA_DIR: join(dir, 'd') });
      expectOneLine(r, `127.0.0.1:${port}/peis`, 'cannot be reached', 'DATABASE_URL');
    } finally {
      silent.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('a DATABASE_URL naming a database that does not exist', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = '/peis_no_such_database';
    const r = await start({ DATABASE_URL: url.toString(), DATA_DIR: join(dir, 'e') });
    expectOneLine(r, '数据库 peis_no_such_database', 'createdb peis_no_such_database');
  });

  it('a DATA_DIR that cannot be a folder', async () => {
    // A file where the folder should be: unwritable even for root (who ignores permission bits).
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, '');
    expectOneLine(await start({ DATA_DIR: file }), file, 'DATA_DIR');
    expectOneLine(await start({ DATA_DIR: join(file, 'data') }), 'DATA_DIR');
  });

  it('a DATA_DIR holding other files and no database', async () => {
    const home = join(dir, 'home');
    mkdirSync(home);
    writeFileSync(join(home, 'notes.txt'), 'mine');
    expectOneLine(await start({ DATA_DIR: home }), home, 'notes.txt', 'DATA_DIR');
    expect(readdirSync(home)).toEqual(['notes.txt']);
  });

  it.skipIf(process.getuid?.() === 0)('a DATA_DIR without write permission', async () => {
    const locked = join(dir, 'locked');
    const { chmodSync } = await import('node:fs');
    mkdirSync(locked, { mode: 0o500 });
    chmodSync(locked, 0o500);
    expectOneLine(await start({ DATA_DIR: join(locked, 'data') }), 'EACCES', 'DATA_DIR');
  });
});

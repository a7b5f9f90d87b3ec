import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchResult, BenchTarget } from './common';

/**
 * Benchmarks (npm run bench): each one runs in its own child process per database, so its timing and
 * peak RSS are its own. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh schema per
 * run, dropped afterwards). Add a benchmark by adding an entry to BENCHES: a module whose child-process
 * entry takes (target JSON, size) and sends back { ok, result }.
 *
 *   BENCH_ROWS=20000 npm run bench        smaller run
 *   BENCH_ONLY=check-import npm run bench one benchmark
 */
const BENCHES: { name: string; file: string; size: number }[] = [
  { name: 'check-import', file: 'check-import.ts', size: Number(process.env.BENCH_ROWS ?? 100_000) },
];

const targets: BenchTarget[] = [
  { name: 'PGlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
];

function runChild(file: string, target: BenchTarget, size: number): Promise<BenchResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(file, import.meta.url)), [JSON.stringify(target), String(size)], {
      execArgv: process.execArgv,
      stdio: 'inherit',
    });
    let settled = false;
    child.on('message', (m: { ok: boolean; result?: BenchResult; error?: string }) => {
      settled = true;
      if (m.ok && m.result) resolve(m.result);
      else reject(new Error(m.error ?? 'benchmark failed'));
    });
    child.on('exit', (code) => {
      if (!settled) reject(new Error(`benchmark ${file} exited with code ${code}`));
    });
  });
}

const only = process.env.BENCH_ONLY;
const results: BenchResult[] = [];
let failed = false;
for (const bench of BENCHES.filter((b) => !only || b.name === only)) {
  for (const target of targets) {
    process.stdout.write(`▶ ${bench.name} on ${target.name} (${bench.size.toLocaleString('en')}) …\n`);
    try {
      const r = await runChild(bench.file, target, bench.size);
      results.push(r);
      console.log(JSON.stringify(r));
      if (!r.ok) failed = true;
    } catch (err) {
      failed = true;
      console.error(`✗ ${bench.name} on ${target.name}: ${(err as Error).message}`);
    }
  }
}

console.log('\nbench            database     rows     elapsed    rows/s  findings  peak RSS  ok');
for (const r of results) {
  console.log(
    [
      r.bench.padEnd(16),
      r.target.padEnd(11),
      String(r.rows ?? '').padStart(7),
      `${(r.elapsedMs / 1000).toFixed(1)} s`.padStart(10),
      String(r.rowsPerSecond ?? '').padStart(9),
      String(r.findings ?? '').padStart(9),
      `${r.peakRssMb} MB`.padStart(9),
      r.ok ? ' yes' : ' NO',
    ].join(' '),
  );
}
if (failed) process.exitCode = 1;

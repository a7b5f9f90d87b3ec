import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchResult, BenchTarget } from './common';
import type { CallFigures } from './dashboard';
import type { ListFigures } from './lists';

/**
 * Benchmarks (npm run bench): each one runs in its own child process per database, so its timing and
 * peak RSS are its own. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh schema per
 * run, dropped afterwards). Add a benchmark by adding an entry to BENCHES: a module whose child-process
 * entry takes (target JSON, size) and sends back { ok, result }.
 *
 *   BENCH_ROWS=20000 npm run bench        smaller run
 *   BENCH_ONLY=check-import npm run bench one benchmark
 *   BENCH_ONLY=dashboard BENCH_DASHBOARD_EMPLOYEES=5000 npm run bench   dashboard calls and page draw, small
 *   BENCH_REPEAT=30                       timed calls per dashboard call (after 3 warm-up calls)
 *   BENCH_ONLY=login-weight npm run bench JS+CSS of /peis/login in Chromium (builds the web app to a temp folder)
 *   BENCH_ONLY=lists BENCH_LISTS_EMPLOYEES=20000 npm run bench   work lists (kept database, see lists.ts)
 *   BENCH_ONLY=interventions BENCH_INTERVENTION_EMPLOYEES=2000 npm run bench   preview, run people/s (lists' kept database)
 *   BENCH_ONLY=prescriptions BENCH_PRESCRIPTION_EMPLOYEES=2000 npm run bench   bulk generation people/s (lists' kept database)
 *   BENCH_TARGET=PostgreSQL               one database only (PGlite or PostgreSQL)
 */
/** `once`: not a database benchmark, run one time whatever the databases. */
const BENCHES: { name: string; file: string; size: number; once?: boolean }[] = [
  { name: 'check-import', file: 'check-import.ts', size: Number(process.env.BENCH_ROWS ?? 100_000) },
  { name: 'dashboard', file: 'dashboard.ts', size: Number(process.env.BENCH_DASHBOARD_EMPLOYEES ?? 100_000) },
  { name: 'lists', file: 'lists.ts', size: Number(process.env.BENCH_LISTS_EMPLOYEES ?? 100_000) },
  {
    name: 'interventions',
    file: 'interventions.ts',
    size: Number(process.env.BENCH_INTERVENTION_EMPLOYEES ?? process.env.BENCH_LISTS_EMPLOYEES ?? 100_000),
  },
  {
    name: 'prescriptions',
    file: 'prescriptions.ts',
    size: Number(process.env.BENCH_PRESCRIPTION_EMPLOYEES ?? process.env.BENCH_LISTS_EMPLOYEES ?? 100_000),
  },
  { name: 'login-weight', file: 'login-weight.ts', size: 0, once: true },
];

const targets: BenchTarget[] = [
  { name: 'PGlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
].filter((t) => !process.env.BENCH_TARGET || t.name.toLowerCase() === process.env.BENCH_TARGET.toLowerCase());

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
  for (const target of bench.once ? [{ name: 'Chromium' }] : targets) {
    const size = bench.once ? '' : ` (${bench.size.toLocaleString('en')})`;
    process.stdout.write(`▶ ${bench.name} on ${target.name}${size} …\n`);
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

/** padEnd by display width: a CJK character takes two columns. */
const padWide = (s: string, width: number) =>
  s + ' '.repeat(Math.max(0, width - [...s].reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? 2 : 1), 0)));

// Benchmarks with per-call figures (dashboard) get their own table; the others share the throughput one.
const isCalls = (r: BenchResult) => Array.isArray(r.calls);
const isWeight = (r: BenchResult) => typeof r.gzipKb === 'number';
const isLists = (r: BenchResult) => Array.isArray(r.lists);
const throughput = results.filter((r) => !isCalls(r) && !isLists(r) && !isWeight(r));
if (throughput.length) {
  console.log('\nbench            database     rows     elapsed    rows/s  findings  peak RSS  ok');
  for (const r of throughput) {
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
}
for (const r of results.filter(isCalls)) {
  const page = r.pageDrawMs as { p50: number; max: number } | null;
  console.log(
    `\n${r.bench} on ${r.target}: ${String(r.employees)} employees, seed ${((r.seedMs as number) / 1000).toFixed(1)} s, ` +
      `rollups ${String(r.rollupBuildMs)} ms (rebuild ${String(r.rollupRebuildMs)} ms), page draw ${page ? `p50 ${page.p50} ms, max ${page.max} ms` : 'skipped'}, ` +
      `peak RSS ${r.peakRssMb} MB, ok ${r.ok ? 'yes' : 'NO'}`,
  );
  console.log(`${'call'.padEnd(30)} ${'database'.padEnd(11)}    p50    p95  raw p50  raw p95  equal`);
  const ms = (v: number) => v.toFixed(1).padStart(6);
  for (const c of r.calls as CallFigures[]) {
    console.log(
      [
        padWide(c.call, 30),
        r.target.padEnd(11),
        ms(c.p50),
        ms(c.p95),
        ` ${ms(c.rawP50)}`,
        ` ${ms(c.rawP95)}`,
        c.equal ? '  yes' : '  NO',
      ].join(' '),
    );
  }
  for (const f of (r.failures as string[] | undefined) ?? []) console.log(`  ✗ ${f}`);
}
for (const r of results.filter(isLists)) {
  console.log(
    `\n${r.bench} on ${r.target}: ${String(r.employees)} employees, ${String(r.checks)} checks, ` +
      `${String(r.auditRows)} audit entries, p95 target ${String(r.p95TargetMs)} ms, ok ${r.ok ? 'yes' : 'NO'}`,
  );
  console.log(`${'list'.padEnd(18)} ${'account'.padEnd(10)} filter  page    total    p50    p95`);
  for (const l of r.lists as ListFigures[]) {
    console.log(
      [
        l.list.padEnd(18),
        l.account.padEnd(10),
        (l.filter ? 'yes' : 'no').padEnd(6),
        String(l.page).padStart(5),
        String(l.total).padStart(8),
        l.p50.toFixed(1).padStart(6),
        l.p95.toFixed(1).padStart(6),
      ].join(' '),
    );
  }
  for (const f of (r.failures as string[] | undefined) ?? []) console.log(`  ✗ ${f}`);
}
for (const r of results.filter(isWeight)) {
  console.log(
    `\n${r.bench}: /peis/login fetches ${String(r.files)} JS/CSS files, ${String(r.gzipKb)} KB gzip ` +
      `(target < ${String(r.targetKb)} KB), ${String(r.wireKb)} KB on the wire (${String(r.encodings)}), ok ${r.ok ? 'yes' : 'NO'}`,
  );
  console.log(`  largest: ${(r.largest as string[]).join(', ')}`);
  for (const f of (r.failures as string[] | undefined) ?? []) console.log(`  ✗ ${f}`);
}
if (failed) process.exitCode = 1;

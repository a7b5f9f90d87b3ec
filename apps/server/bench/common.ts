import { performance } from 'node:perf_hooks';
import type { Browser } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../src/db/seed';
/** A database a benchmark runs on: in-memory PGlite, or a fresh schema on a PostgreSQL server. */
export interface BenchTarget {
  name: string;
  url?: string;
}

/** What a benchmark reports: a few fixed fields and whatever else it measures. */
export interface BenchResult {
  bench: string;
  target: string;
  elapsedMs: number;
  /** Peak RSS (MB) while the measured part ran. */
  peakRssMb: number;
  ok: boolean;
  [key: string]: unknown;
}

export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Samples process.memoryUsage().rss every 100 ms; the peak overall and since the last reset(). */
export class RssSampler {
  private overall = 0;
  private sinceReset = 0;
  /** RSS when reset() was called: what the measured part started from. */
  baseline = 0;
  private timer: NodeJS.Timeout | null;

  constructor(everyMs = 100) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  private sample() {
    const rss = process.memoryUsage.rss();
    if (rss > this.overall) this.overall = rss;
    if (rss > this.sinceReset) this.sinceReset = rss;
  }

  reset() {
    this.sample();
    this.sinceReset = process.memoryUsage.rss();
    this.baseline = this.sinceReset;
  }

  stop(): { overall: number; duringRun: number } {
    if (this.timer) {
      this.sample();
      clearInterval(this.timer);
      this.timer = null;
    }
    return { overall: this.overall, duringRun: this.sinceReset };
  }
}

/** Nearest-rank percentile (p in 0–100) of a list of samples; NaN for an empty list. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Milliseconds with one decimal, for the reports. */
export const ms1 = (v: number) => Math.round(v * 10) / 10;

/** Runs `fn` `warmup` times unmeasured, then `repeat` times; returns the timed samples (ms). */
export async function timeSamples(fn: () => Promise<void>, warmup: number, repeat: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples;
}

/** The closing fields every benchmark reports: its failures, time taken, peak RSS and whether it passed. */
export const outcome = (failures: string[], started: number, peakRssBytes: number) => ({
  failures,
  elapsedMs: Date.now() - started,
  peakRssMb: mb(peakRssBytes),
  ok: failures.length === 0,
});

/**
 * Child-process entry: run.ts forks a bench file per database (so each run's RSS is its own) with the target
 * as JSON and a size; the file calls this, which runs the bench when it is that child and answers over IPC.
 */
export function runWhenForked(file: string, bench: (target: BenchTarget, size: number) => Promise<BenchResult>) {
  if (!process.argv[1]?.endsWith(file) || !process.send) return;
  const target = JSON.parse(process.argv[2]) as BenchTarget;
  bench(target, Number(process.argv[3]))
    .then((r) => process.send!({ ok: true, result: r }, () => process.exit(0)))
    .catch((err) => process.send!({ ok: false, error: String(err?.stack ?? err) }, () => process.exit(1)));
}

/** A bench's progress line, prefixed with the bench and the database. */
export const benchLog = (bench: string) => (target: BenchTarget, line: string) =>
  console.log(`  [${bench} ${target.name}] ${line}`);

/** Signs `username` in through the app (no network) and returns the bearer token; a refused login ends the run. */
export async function injectLogin(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json().token as string;
}

/** Debian's Chromium: a bench that needs it is skipped where it is missing. */
export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium (never a downloaded browser), quiet: no background traffic to skew what is measured. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

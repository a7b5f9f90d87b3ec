import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DEMO_COMPANY } from '@peis/shared';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/db/reference-data';
import { createAccount, insertUnitTree, seedRoles } from '../src/db/seed';
import { Random, seedPopulation } from '../src/demo/population';
import { type BenchResult, type BenchTarget, injectLogin, mb, RssSampler, runWhenForked } from './common';

const PASSWORD = 'Bench@2026';

/**
 * Excel import of a year's checks: a fresh database with `rows` employees (no checks), a sheet of one
 * 2026 check per employee written with the streaming writer, imported through POST /api/phr/check/import
 * with the multipart body streamed from the file. Reports rows/s, elapsed time, findings and peak RSS.
 */
export async function benchCheckImport(target: BenchTarget, opts: { rows: number }): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = mkdtempSync(join(tmpdir(), 'peis-bench-'));
  const db = await openDb({
    url: target.url,
    // test_ prefix: the schema is dropped when the database is closed (unless KEEP_TEST_SCHEMA=1).
    schema: target.url ? `test_bench_${randomBytes(4).toString('hex')}` : undefined,
  });
  try {
    let t = Date.now();
    await migrate(db);
    await db.tx(async (q) => {
      await seedRoles(q);
      await seedReferenceData(q);
      await insertUnitTree(q, DEMO_COMPANY);
      await seedPopulation(q, { employees: opts.rows, years: [] });
      await createAccount(q, {
        username: 'bench',
        password: PASSWORD,
        name: '性能测试',
        roleCode: 'healthStaff',
        unitId: null,
      });
    });
    // Statistics of the seeded tables, as autovacuum keeps them on PostgreSQL (PGlite has none of its own).
    await db.exec('ANALYZE');
    const seedMs = Date.now() - t;

    t = Date.now();
    const file = join(dir, 'checks-2026.xlsx');
    await writeSheet(db, file);
    const writeMs = Date.now() - t;
    const fileBytes = statSync(file).size;

    const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'test' }) });
    await app.ready();
    const token = await injectLogin(app, 'bench', PASSWORD);

    const boundary = `----peisbench${randomBytes(8).toString('hex')}`;
    const body = Readable.from(
      (async function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="checks-2026.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
        );
        yield* createReadStream(file);
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    rss.reset();
    t = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/phr/check/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    const elapsedMs = Date.now() - t;
    if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
    const report = res.json().data as {
      total: number;
      created: number;
      refused: unknown[];
      findings: number;
      elapsedMs: number;
    };
    const { rows: audit } = await db.query<{ after: Record<string, number> }>(
      "SELECT after FROM audit_log WHERE action = 'import' AND resource = 'check' ORDER BY id DESC LIMIT 1",
    );
    const { writeMs: dbWriteMs, evaluateMs } = audit[0]?.after ?? {};
    const { rows: counts } = await db.query<{ checks: number; findings: number; tags: number }>(
      `SELECT (SELECT count(*)::int FROM health_checks WHERE year = 2026) AS checks,
              (SELECT count(*)::int FROM positive_findings WHERE year = 2026) AS findings,
              (SELECT count(*)::int FROM person_tags WHERE year = 2026) AS tags`,
    );
    await app.close();
    const peak = rss.stop();
    return {
      bench: 'check-import',
      target: target.name,
      rows: report.total,
      created: report.created,
      refused: report.refused.length,
      refusedSample: report.refused.slice(0, 3),
      findings: report.findings,
      stored: counts[0],
      elapsedMs,
      rowsPerSecond: Math.round(report.total / (elapsedMs / 1000)),
      peakRssMb: mb(peak.duringRun),
      rssAtStartMb: mb(rss.baseline),
      peakRssMbOverall: mb(peak.overall),
      dbMs: { write: dbWriteMs, evaluate: evaluateMs },
      seedMs,
      writeMs,
      fileMb: Math.round((fileBytes / 1024 / 1024) * 10) / 10,
      ok: report.created === opts.rows && report.refused.length === 0 && elapsedMs < 60_000,
    };
  } finally {
    rss.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** One 2026 check per employee with plausible values, written row by row (flat memory, inline strings). */
async function writeSheet(db: Awaited<ReturnType<typeof openDb>>, file: string) {
  const rnd = new Random(2026);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: createWriteStream(file),
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('体检数据');
  const codes = ['SBP', 'DBP', 'TC', 'TG', 'LDLC', 'HDLC', 'FPG', 'UA', 'HEIGHT', 'WEIGHT', 'WAIST', 'HR', 'ALT'];
  ws.columns = [
    { header: '身份证号', key: 'idCard' },
    { header: '姓名', key: 'name' },
    { header: '体检日期', key: 'date', style: { numFmt: 'yyyy-mm-dd' } },
    { header: '体检机构', key: 'provider' },
    ...codes.map((c) => ({ header: c, key: c })),
  ];
  ws.getRow(1).commit();
  const providers = ['西安体检中心', '油田总医院体检部', '克拉玛依体检中心'];
  let lastId = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number; id_card: string; name: string; sex: number }>(
      'SELECT id, id_card, name, sex FROM employees WHERE id > $1 ORDER BY id LIMIT 5000',
      [lastId],
    );
    for (const e of rows) {
      const male = e.sex === 1;
      const n = (mean: number, sd: number, lo: number, hi: number, d: number) =>
        round(Math.min(hi, Math.max(lo, mean + rnd.normal() * sd)), d);
      const height = n(male ? 171 : 159, 6, 145, 195, 1);
      ws.addRow({
        idCard: e.id_card,
        name: e.name,
        date: new Date(Date.UTC(2026, rnd.int(2, 5), rnd.int(1, 28))),
        provider: rnd.pick(providers),
        SBP: n(126, 16, 90, 200, 0),
        DBP: n(80, 10, 55, 120, 0),
        TC: n(4.8, 0.9, 2.5, 9, 2),
        TG: n(1.5, 0.8, 0.3, 8, 2),
        LDLC: n(2.9, 0.8, 0.8, 6, 2),
        HDLC: n(1.3, 0.3, 0.6, 2.5, 2),
        FPG: n(5.4, 0.9, 3.8, 14, 2),
        UA: n(male ? 380 : 290, 70, 150, 650, 0),
        HEIGHT: height,
        WEIGHT: n(male ? 72 : 58, 10, 40, 130, 1),
        WAIST: n(male ? 86 : 76, 9, 55, 130, 1),
        HR: n(74, 9, 50, 120, 0),
        ALT: n(28, 12, 5, 150, 0),
      }).commit();
    }
    if (rows.length < 5000) break;
    lastId = Number(rows[rows.length - 1].id);
  }
  ws.commit();
  await wb.commit();
}

runWhenForked('check-import.ts', (target, rows) => benchCheckImport(target, { rows }));

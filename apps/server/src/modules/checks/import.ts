import type { Readable } from 'node:stream';
import type { ImportProgress } from '../../crud/import-run';
import { type ImportReport, refusalCollector, text } from '../../crud/xlsx';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { loadRules } from '../../lib/rule-evaluation';
import { openXlsx, saveUpload, type XlsxLimits } from '../../lib/xlsx-reader';
import type { SessionUser } from '../../plugins/auth';
import { writeBatch } from './import-batch';
import { type Column, FIXED_COLUMNS, type PendingRow, parseRow, resolveColumns } from './import-sheet';
import type { IndicatorSpec } from './indicators';

export { cellDate, FIXED_COLUMNS, normHeader, resolveColumns } from './import-sheet';

/** What an import answers: the generic report plus the headers it did not know and the findings it made. */
export interface CheckImportReport extends ImportReport {
  unknownHeaders: string[];
  findings: number;
  elapsedMs: number;
}

/** Database time of an import's batches (ms): writing the checks, and running the rules on them. */
export interface ImportTimings {
  writeMs: number;
  evaluateMs: number;
}

/** Rows written and evaluated per transaction. */
export const IMPORT_BATCH = 1000;
/** Checks written by one import past which the tables' planner statistics are refreshed. */
const ANALYZE_AFTER = 5000;

export interface ImportOptions {
  /** Unknown header → indicator code (already validated against `defs`); '' / null = ignore the column. */
  mapping?: Record<string, string | null>;
  /** May rows that would change an existing check do so (check:edit)? */
  canEdit: boolean;
  /** Called after every row read. */
  onRow?: (rowsRead: number) => void;
  /** Called at the end with where the time went. */
  timings?: (t: ImportTimings) => void;
  /** Called inside each batch's transaction, after its writes, with the totals so far (audit, progress). */
  onCommitted?: (q: Queryable, progress: ImportProgress & { findings: number }) => Promise<void>;
  batchSize?: number;
  /** Bounds of the .xlsx (defaults: XLSX_LIMITS). */
  limits?: Partial<XlsxLimits>;
}

/**
 * Imports health-check results from an .xlsx (first sheet only) — a saved upload's path, or a stream that
 * is saved to a temporary file first — read through the bounded reader (zip bombs are refused before
 * anything grows): rows are validated as they come, then written and evaluated by the positive rules in
 * batches, one transaction per batch,
 * with one employee look-up per batch. A check is identified by person and date, so importing a file
 * twice adds nothing: the second time rows are unchanged, or update the check when a value differs
 * (the sheet's values are laid over the stored ones). Memory stays flat whatever the number of rows,
 * except for the set of person-dates already seen (to refuse duplicates inside the file).
 */
export async function importChecks(
  db: Db,
  user: SessionUser,
  input: string | Readable,
  defs: Map<string, IndicatorSpec>,
  opts: ImportOptions,
): Promise<CheckImportReport> {
  if (typeof input !== 'string') {
    const saved = await saveUpload(input, {
      tooLarge: () => new AppError(413, '文件过大'),
      timeoutMs: 10 * 60_000,
    });
    try {
      return await importChecks(db, user, saved.path, defs, opts);
    } finally {
      await saved.dispose();
    }
  }
  const started = Date.now();
  const batchSize = opts.batchSize ?? IMPORT_BATCH;
  const report: CheckImportReport = {
    total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: [],
    unknownHeaders: [],
    findings: 0,
    elapsedMs: 0,
  };
  const timings: ImportTimings = { writeMs: 0, evaluateMs: 0 };
  const refusals = refusalCollector(report.refused);
  const refuse = refusals.refuse;
  const rules = await db.tx((q) => loadRules(q));
  const seen = new Map<string, number>();
  let batch: PendingRow[] = [];
  let rowsRead = 0;
  let rowsCommitted = 0;
  const flush = async (rows: PendingRow[]) => {
    const t = Date.now();
    const r = await db.tx(async (q) => {
      const out = await writeBatch(q, user, defs, rules, rows, opts.canEdit);
      await opts.onCommitted?.(q, {
        rowsRead,
        rowsCommitted: rowsCommitted + rows.length,
        created: report.created + out.created,
        updated: report.updated + out.updated,
        unchanged: report.unchanged + out.unchanged,
        findings: report.findings + out.findings,
      });
      return out;
    });
    rowsCommitted += rows.length;
    timings.writeMs += Date.now() - t - r.evaluateMs;
    timings.evaluateMs += r.evaluateMs;
    report.created += r.created;
    report.updated += r.updated;
    report.unchanged += r.unchanged;
    report.findings += r.findings;
    refuse(r.refused);
  };

  let columns: Column[] | null = null;
  // One batch is written while the next is read: at most two batches in memory, and on PostgreSQL the
  // parsing overlaps the database work.
  let pending: Promise<void> | null = null;
  let dbFailure: unknown = null;
  const settle = async () => {
    if (pending) await pending;
    pending = null;
    if (dbFailure) throw dbFailure;
  };
  const write = async () => {
    if (!batch.length) return;
    const rows = batch;
    batch = [];
    await settle();
    pending = flush(rows).catch((err) => {
      dbFailure = err;
    });
  };
  const readSheet = async () => {
    const reader = await openXlsx(
      input,
      {
        sharedStrings: 'cache',
        // Styles are not needed: a date cell then reads as its Excel day number, which cellDate() converts.
        styles: 'ignore',
        worksheets: 'emit',
        hyperlinks: 'ignore',
        entries: 'ignore',
      },
      opts.limits,
    );
    sheets: for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = (row.values as unknown[]).slice(1);
        if (!columns) {
          const resolved = resolveColumns(
            cells.map((c) => text(c)),
            defs,
            opts.mapping ?? {},
          );
          columns = resolved.columns;
          report.unknownHeaders = resolved.unknownHeaders;
          const missing = (['idCard', 'checkDate'] as const).filter((k) => !columns!.some((c) => c.kind === k));
          if (missing.length) {
            refuse([
              {
                row: row.number,
                column: missing.map((k) => FIXED_COLUMNS[k]).join('、'),
                value: '',
                reason: '表头缺少必填列，请使用导入模板',
              },
            ]);
            break sheets;
          }
          continue;
        }
        if (cells.every((c) => text(c) === '')) continue;
        rowsRead++;
        report.total++;
        opts.onRow?.(rowsRead);
        const parsed = parseRow(row.number, cells, columns, defs);
        if (!parsed.problems.length && parsed.idCard && parsed.checkDate) {
          const key = `${parsed.idCard}|${parsed.checkDate}`;
          const first = seen.get(key);
          if (first !== undefined) {
            parsed.problems.push({
              row: row.number,
              column: FIXED_COLUMNS.checkDate,
              value: parsed.checkDate,
              reason: `与第${first}行重复（同一员工同一体检日期）`,
              person: parsed.person,
            });
          } else seen.set(key, row.number);
        }
        batch.push(parsed);
        if (batch.length >= batchSize) await write();
      }
      break; // the first sheet only
    }
  };
  try {
    await readSheet();
  } catch (err) {
    await pending;
    // A fault of the database is the server's; anything else came from a file that is not a readable .xlsx.
    if (dbFailure) throw dbFailure;
    if (err instanceof AppError) throw err;
    throw new AppError(400, '文件无法读取，请确认是有效的 .xlsx 文件');
  }
  await write();
  await settle();
  // Planner statistics after a bulk load: PGlite has no autovacuum, and the dashboards read these tables.
  if (report.created + report.updated >= ANALYZE_AFTER) {
    await db.exec('ANALYZE health_checks, positive_findings, person_tags').catch(() => undefined);
  }
  if (!columns) refuse([{ row: 1, column: '', value: '', reason: '文件中没有数据' }]);
  refusals.close();
  report.elapsedMs = Date.now() - started;
  opts.timings?.(timings);
  return report;
}

import type { Readable } from 'node:stream';
import type { ImportProgress } from '../../crud/import-run';
import { type ImportReport, type RefusedRow, refusalCollector, text } from '../../crud/xlsx';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { employeeScopeSql } from '../../lib/scope';
import { openXlsx, saveUpload, type XlsxLimits } from '../../lib/xlsx-reader';
import type { SessionUser } from '../../plugins/auth';
import { evaluateChecks, loadRules } from '../positive/evaluate';
import {
  canonicalValues,
  checkDateProblem,
  checkValue,
  type IndicatorSpec,
  indicatorHeader,
  withBmi,
} from './indicators';

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
/** The fixed columns of the sheet (单位 is in exports and is ignored on import). */
export const FIXED_COLUMNS = {
  idCard: '身份证号',
  name: '姓名',
  checkDate: '体检日期',
  provider: '体检机构',
  unit: '单位',
} as const;
type FixedKey = keyof typeof FIXED_COLUMNS;

type Column =
  | { kind: FixedKey; header: string }
  | { kind: 'value'; header: string; def: IndicatorSpec }
  | { kind: 'skip'; header: string };

/** Header text compared loosely: no spaces, half-width brackets, lower case. */
export const normHeader = (h: string) =>
  h.replace(/\s+/g, '').replaceAll('（', '(').replaceAll('）', ')').toLowerCase();

/**
 * How the sheet's headers map to fields: the fixed columns by name; an indicator by its Chinese name,
 * "名称(单位)", its code (any case), or the caller's mapping (header → code; '' or null = ignore).
 */
export function resolveColumns(
  headers: string[],
  defs: Map<string, IndicatorSpec>,
  mapping: Record<string, string | null>,
): { columns: Column[]; unknownHeaders: string[] } {
  const byKey = new Map<string, Column['kind'] | IndicatorSpec>();
  for (const [k, label] of Object.entries(FIXED_COLUMNS)) byKey.set(normHeader(label), k as FixedKey);
  for (const d of defs.values()) {
    for (const key of [d.name, indicatorHeader(d), d.code]) {
      if (!byKey.has(normHeader(key))) byKey.set(normHeader(key), d);
    }
  }
  const mapped = new Map(Object.entries(mapping).map(([h, c]) => [normHeader(h), c ? c.toUpperCase() : null]));
  const unknownHeaders: string[] = [];
  const used = new Set<string>();
  const columns = headers.map((header): Column => {
    const key = normHeader(header);
    if (!key) return { kind: 'skip', header };
    let target: Column['kind'] | IndicatorSpec | undefined = byKey.get(key);
    if (target === undefined && mapped.has(key)) {
      const code = mapped.get(key);
      if (!code) return { kind: 'skip', header };
      target = defs.get(code);
    }
    // A second column for the same field is ignored and reported, never silently merged.
    const usedKey = typeof target === 'string' ? `fixed:${target}` : target ? `code:${target.code}` : '';
    if (!target || used.has(usedKey)) {
      unknownHeaders.push(header);
      return { kind: 'skip', header };
    }
    used.add(usedKey);
    if (typeof target === 'string') return { kind: target as FixedKey, header } as Column;
    return { kind: 'value', header, def: target };
  });
  return { columns, unknownHeaders };
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date cell: an Excel date, an Excel day number, or 'YYYY-MM-DD' text (also / or . between parts). */
export function cellDate(v: unknown): string | null {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number' && v > 20_000 && v < 100_000) {
    return new Date(EXCEL_EPOCH + Math.round(v) * 86_400_000).toISOString().slice(0, 10);
  }
  const s = text(v);
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (!m) return s === '' ? '' : null;
  return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
}

/** A value cell as a number, or undefined when empty; NaN when it is not a number. */
function cellNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  const s = text(v);
  if (s === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

interface PendingRow {
  row: number;
  idCard: string;
  name: string;
  checkDate: string;
  provider: string | null;
  values: Record<string, number>;
  /** Where each value came from, to report a problem found later in its own column. */
  source: Map<string, { header: string; value: string }>;
  problems: RefusedRow[];
  idCardCell: string;
  nameCell: string;
}

interface ExistingRow {
  id: number;
  employee_id: number;
  check_date: string;
  provider: string | null;
  values: Record<string, number>;
  version: number;
}

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

/** One data row read into a pending check, with the problems that need no database. */
function parseRow(rowNo: number, cells: unknown[], columns: Column[], defs: Map<string, IndicatorSpec>): PendingRow {
  const p: PendingRow = {
    row: rowNo,
    idCard: '',
    name: '',
    checkDate: '',
    provider: null,
    values: {},
    source: new Map(),
    problems: [],
    idCardCell: '',
    nameCell: '',
  };
  let valueProblems = 0;
  const problem = (column: string, value: string, reason: string) =>
    p.problems.push({ row: rowNo, column, value, reason });
  columns.forEach((col, i) => {
    const cell = cells[i];
    switch (col.kind) {
      case 'idCard':
        p.idCardCell = text(cell);
        p.idCard = p.idCardCell.replace(/\s+/g, '').toUpperCase();
        if (!p.idCard) problem(col.header, '', '请填写身份证号');
        break;
      case 'name':
        p.nameCell = text(cell);
        p.name = p.nameCell.replace(/\s+/g, '');
        break;
      case 'checkDate': {
        const d = cellDate(cell);
        const shown = text(cell);
        if (d === '') problem(col.header, '', '请填写体检日期');
        else if (d === null) problem(col.header, shown, '体检日期格式应为 YYYY-MM-DD');
        else {
          const why = checkDateProblem(d);
          if (why) problem(col.header, d, why);
          else p.checkDate = d;
        }
        break;
      }
      case 'provider': {
        const s = text(cell);
        if (s.length > 100) problem(col.header, s, '体检机构不能超过100个字');
        else p.provider = s || null;
        break;
      }
      case 'value': {
        const n = cellNumber(cell);
        if (n === undefined) break;
        const r = checkValue(col.def, n);
        if (r.problem) {
          valueProblems++;
          problem(col.header, text(cell), r.problem);
        } else {
          p.values[col.def.code] = r.value!;
          p.source.set(col.def.code, { header: col.header, value: text(cell) });
        }
        break;
      }
      default:
        break;
    }
  });
  if (!p.problems.length) {
    const bmiProblem = withBmi(defs, p.values);
    if (bmiProblem) {
      const src = p.source.get('BMI') ?? p.source.get('WEIGHT');
      problem(src?.header ?? 'BMI', String(bmiFrom(p.values)), bmiProblem.message);
    }
  }
  if (!valueProblems && !Object.keys(p.values).length) problem('', '', '至少填写一项指标');
  return p;
}

const bmiFrom = (v: Record<string, number>) => Math.round((v.WEIGHT / (v.HEIGHT / 100) ** 2) * 10) / 10;

/**
 * Writes one batch in its transaction: the people looked up by ID number in one query (in scope), the
 * stored checks of the same person-dates in one query, then inserts and updates in one statement each,
 * and the positive rules run on every check written.
 */
async function writeBatch(
  q: Queryable,
  user: SessionUser,
  defs: Map<string, IndicatorSpec>,
  rules: Awaited<ReturnType<typeof loadRules>>,
  rows: PendingRow[],
  canEdit: boolean,
): Promise<{
  created: number;
  updated: number;
  unchanged: number;
  findings: number;
  evaluateMs: number;
  refused: RefusedRow[];
}> {
  const out = { created: 0, updated: 0, unchanged: 0, findings: 0, evaluateMs: 0, refused: [] as RefusedRow[] };
  const cards = [...new Set(rows.map((r) => r.idCard).filter(Boolean))];
  const params: unknown[] = [cards];
  const { rows: people } = await q.query<{ id: number; id_card: string; name: string }>(
    `SELECT e.id, e.id_card, e.name FROM employees e
      WHERE e.id_card = ANY($1) AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
    params,
  );
  const byCard = new Map(people.map((p) => [p.id_card, { id: Number(p.id), name: p.name }]));

  const good: (PendingRow & { employeeId: number })[] = [];
  for (const r of rows) {
    const identity: RefusedRow[] = [];
    const person = r.idCard ? byCard.get(r.idCard) : undefined;
    if (r.idCard && !person) {
      identity.push({
        row: r.row,
        column: FIXED_COLUMNS.idCard,
        value: r.idCardCell,
        reason: '身份证号不存在或不在账号的单位范围内',
      });
    } else if (person && r.name && r.name !== person.name.replace(/\s+/g, '')) {
      identity.push({ row: r.row, column: FIXED_COLUMNS.name, value: r.nameCell, reason: '姓名与身份证号不符' });
    }
    const problems = [...identity, ...r.problems];
    if (problems.length) out.refused.push(...problems);
    else good.push({ ...r, employeeId: person!.id });
  }
  if (!good.length) return out;

  // Insert first: in a new year's file nearly every row is new, and the conflicts name the rest.
  const written: number[] = [];
  const { rows: made } = await q.query<{ id: number; employee_id: number; check_date: string }>(
    `INSERT INTO health_checks (employee_id, check_date, year, provider, "values")
     SELECT k.employee_id, k.check_date, extract(year FROM k.check_date)::smallint, k.provider, k.vals::jsonb
       FROM unnest($1::bigint[], $2::date[], $3::text[], $4::text[]) AS k(employee_id, check_date, provider, vals)
     ON CONFLICT (employee_id, check_date) WHERE deleted_at IS NULL DO NOTHING
     RETURNING id, employee_id, to_char(check_date, 'YYYY-MM-DD') AS check_date`,
    [
      good.map((g) => g.employeeId),
      good.map((g) => g.checkDate),
      good.map((g) => g.provider),
      good.map((g) => JSON.stringify(g.values)),
    ],
  );
  const madeKeys = new Set(made.map((m) => `${m.employee_id}|${m.check_date}`));
  for (const m of made) written.push(Number(m.id));
  out.created += made.length;
  const rest = good.filter((g) => !madeKeys.has(`${g.employeeId}|${g.checkDate}`));

  const updates: {
    row: PendingRow;
    id: number;
    version: number;
    values: Record<string, number>;
    provider: string | null;
  }[] = [];
  if (rest.length) {
    const { rows: existing } = await q.query<ExistingRow>(
      `SELECT c.id, c.employee_id, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c.provider, c."values", c.version
         FROM health_checks c
         JOIN unnest($1::bigint[], $2::date[]) AS k(employee_id, check_date)
           ON c.employee_id = k.employee_id AND c.check_date = k.check_date
        WHERE c.deleted_at IS NULL`,
      [rest.map((g) => g.employeeId), rest.map((g) => g.checkDate)],
    );
    const stored = new Map(existing.map((e) => [`${e.employee_id}|${e.check_date}`, e]));
    for (const g of rest) {
      const e = stored.get(`${g.employeeId}|${g.checkDate}`);
      if (!e) {
        // Only a concurrent change of the same person-date can get here.
        out.refused.push({
          row: g.row,
          column: FIXED_COLUMNS.checkDate,
          value: g.checkDate,
          reason: '该员工当日已有体检记录',
        });
        continue;
      }
      const values = { ...e.values, ...g.values };
      const bmiProblem = withBmi(defs, values);
      if (bmiProblem) {
        const src = g.source.get('WEIGHT') ?? g.source.get('HEIGHT');
        out.refused.push({
          row: g.row,
          column: src?.header ?? 'BMI',
          value: src?.value ?? '',
          reason: bmiProblem.message,
        });
        continue;
      }
      const provider = g.provider ?? e.provider;
      if (canonicalValues(values) === canonicalValues(e.values) && provider === e.provider) {
        out.unchanged++;
        continue;
      }
      if (!canEdit) {
        out.refused.push({ row: g.row, column: '', value: '', reason: '记录已存在，且没有修改权限' });
        continue;
      }
      updates.push({ row: g, id: Number(e.id), version: e.version, values, provider });
    }
  }
  if (updates.length) {
    const { rows: changed } = await q.query<{ id: number }>(
      `UPDATE health_checks c SET "values" = k.vals::jsonb, provider = k.provider, version = c.version + 1, updated_at = now()
         FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[]) AS k(id, version, provider, vals)
        WHERE c.id = k.id AND c.version = k.version AND c.deleted_at IS NULL
       RETURNING c.id`,
      [
        updates.map((u) => u.id),
        updates.map((u) => u.version),
        updates.map((u) => u.provider),
        updates.map((u) => JSON.stringify(u.values)),
      ],
    );
    const done = new Set(changed.map((c) => Number(c.id)));
    for (const u of updates) {
      if (done.has(u.id)) {
        written.push(u.id);
        out.updated++;
      } else {
        out.refused.push({ row: u.row.row, column: '', value: '', reason: '数据已被他人修改，请刷新后重试' });
      }
    }
  }
  if (written.length) {
    const t = Date.now();
    out.findings = (await evaluateChecks(q, written, { rules })).findings;
    out.evaluateMs = Date.now() - t;
  }
  return out;
}

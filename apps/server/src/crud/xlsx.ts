import { PassThrough, Readable } from 'node:stream';
import {
  childFields,
  columnOf,
  type FieldDef,
  fieldExpr,
  fieldSchema,
  optionLabel,
  type ResourceDef,
  valueFields,
} from '@peis/shared';
import ExcelJS from 'exceljs';
import type { Db, Queryable } from '../db/client';
import { AppError } from '../lib/errors';
import { openXlsx } from '../lib/xlsx-reader';
import type { SessionUser } from '../plugins/auth';
import {
  addSheet,
  ChildRows,
  type ChildSheet,
  childSheets,
  readChildRow,
  recordKey,
  writeChildSheets,
} from './child-sheets';
import type { CrudRepository, Row } from './crud-repository';
import { findEmployee } from './field-values';
import type { ImportProgress } from './import-run';
import { employeeNameSql, employeeUnitSql, exportsInFull, isListField, maskRecord } from './sql-fields';

/** Fields that exports and imports carry, in definition order. */
export const sheetFields = (def: ResourceDef) =>
  valueFields(def).filter(
    ([, f]) => !f.hideInExport && f.kind !== 'hidden' && f.kind !== 'children' && !(f.kind === 'computed' && !f.sql),
  );

/** Labels of the import key: the columns that tie a child sheet's rows to their record. */
const keyLabels = (def: ResourceDef) => (def.importKey ?? []).map((k) => def.fields[k].label);

/** Content type of every .xlsx download. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition for a download with a Chinese file name (RFC 5987). */
export const attachment = (fileName: string) =>
  `attachment; filename="${encodeURIComponent(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

const EXPORT_BATCH = 1000;

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
}

/** The columns that name the person in a person export (档案, 指标名单): the same headers and widths in each. */
export const PERSON_COLUMNS: SheetColumn[] = [
  { header: '姓名', key: 'name', width: 12 },
  { header: '性别', key: 'sexLabel', width: 8 },
  { header: '年龄', key: 'age', width: 8 },
  { header: '身份证号', key: 'idCard', width: 22 },
];

/**
 * Streams rows into an .xlsx: `fetchBatch(afterId, limit)` is called with the last id written until it
 * returns fewer than `limit` rows, and each batch is written as it comes, so memory stays flat however
 * many rows there are. Rows must carry a numeric `id` and be ordered by it. The first batch is read
 * before the stream is handed back, so a bad filter or a failing query answers as an error instead of
 * a 200 with a truncated file.
 */
export async function streamXlsx(
  sheetName: string,
  columns: SheetColumn[],
  fetchBatch: (afterId: number, limit: number) => Promise<Row[]>,
): Promise<Readable> {
  const first = await fetchBatch(0, EXPORT_BATCH);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ ...c, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  (async () => {
    let rows = first;
    for (;;) {
      for (const r of rows) ws.addRow(r).commit();
      if (rows.length < EXPORT_BATCH) break;
      rows = await fetchBatch(Number(rows[rows.length - 1].id), EXPORT_BATCH);
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err));
  return out;
}

/** Streams the records matching a resource's list filters into an .xlsx, coded values as their labels. */
export function exportXlsx(
  q: Queryable,
  repo: CrudRepository,
  user: SessionUser,
  filters: Record<string, string | undefined>,
  deleted: boolean,
): Promise<Readable> {
  const fields = sheetFields(repo.def);
  const select = fields
    .map(([key, f]) => {
      const col = fieldExpr(key, f, 't');
      if (f.kind === 'date') return `to_char(${col}, 'YYYY-MM-DD') AS "${key}"`;
      if (f.kind === 'company') return `(SELECT name FROM units WHERE id = ${col}) AS "${key}"`;
      // 张三（采油一厂）: the person as the list shows them, not an id.
      if (f.kind === 'employee')
        return `${employeeNameSql(col)} || '（' || ${employeeUnitSql(col)} || '）' AS "${key}"`;
      return `${col} AS "${key}"`;
    })
    .join(', ');
  const columns = fields.map(([key, f]) => ({ header: f.label, key }));
  const fetchBatch = async (afterId: number, limit: number) => {
    const params: unknown[] = [];
    const where = repo.filterWhere(user, { filters, deleted }, params);
    params.push(afterId, limit);
    const { rows } = await q.query<Row>(
      `SELECT t.id, ${select} FROM ${repo.from()}
          WHERE ${where.join(' AND ')} AND t.id > $${params.length - 1} ORDER BY t.id LIMIT $${params.length}`,
      params,
    );
    const full = exportsInFull(repo.def, user);
    return rows.map((r) => {
      const values: Row = { id: r.id };
      for (const [key, f] of fields) values[key] = f.kind === 'company' ? r[key] : cellValue(f, r[key]);
      return full ? values : maskRecord(repo.def, values);
    });
  };
  if (!childFields(repo.def).length) return streamXlsx(repo.def.label, columns, fetchBatch);
  return childrenWorkbook(q, repo.def, columns, fetchBatch);
}

/**
 * The export of a resource with child collections: the records' sheet, then one sheet per collection and
 * level (child-sheets.ts). Built in memory: such catalogues (questionnaires, cookbooks) are small.
 */
async function childrenWorkbook(
  q: Queryable,
  def: ResourceDef,
  columns: SheetColumn[],
  fetchBatch: (afterId: number, limit: number) => Promise<Row[]>,
): Promise<Readable> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.label);
  ws.columns = columns.map((c) => ({ ...c, width: Math.max(12, c.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  const records: { id: number; keyCells: unknown[] }[] = [];
  for (let after = 0; ; ) {
    const rows = await fetchBatch(after, EXPORT_BATCH);
    for (const r of rows) {
      ws.addRow(r);
      records.push({ id: Number(r.id), keyCells: (def.importKey ?? []).map((k) => r[k]) });
    }
    if (rows.length < EXPORT_BATCH) break;
    after = Number(rows[rows.length - 1].id);
  }
  await writeChildSheets(q, wb, def, records, keyLabels(def), cellValue);
  return Readable.from(Buffer.from(await wb.xlsx.writeBuffer()));
}

function cellValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (f.options || f.kind === 'switch' || Array.isArray(v)) return optionLabel(f, v);
  return v;
}

/** An empty sheet with the import columns, their required marks and the allowed values. */
export async function templateXlsx(def: ResourceDef): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.label);
  const fields = sheetFields(def).filter(([, f]) => !f.hideInForm);
  ws.columns = fields.map(([key, f]) => ({ header: f.label, key, width: Math.max(14, f.label.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  fields.forEach(([, f], i) => {
    const notes = [
      f.required ? '必填' : '选填',
      f.options ? `可选：${f.options.map((o) => o.label).join('、')}` : '',
      f.kind === 'date' ? '格式：yyyy-MM-dd' : '',
      f.kind === 'company' ? '填写单位全称或简称' : '',
      f.kind === 'employee' ? '填写身份证号、工号或“姓名（单位简称）”' : '',
      isListField(f) ? '多个值用顿号分隔' : '',
    ].filter(Boolean);
    ws.getCell(1, i + 1).note = notes.join('；');
  });
  for (const sheet of childSheets(def)) addSheet(wb, keyLabels(def), sheet);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface RefusedRow {
  row: number;
  column: string;
  value: string;
  reason: string;
  /** Whose row it is, when the import can tell from the row itself (姓名 and the ID number's last four). */
  person?: string;
}

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: RefusedRow[];
}

export const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: string; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((t) => t.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return text(o.result);
  }
  return String(v).trim();
};

/** A cell's text turned into the field's value, or an error message. */
function parseCell(f: FieldDef, raw: unknown, units: Map<string, number>): { value?: unknown; error?: string } {
  const s = text(raw);
  if (s === '') return { value: undefined };
  const byLabel = (t: string) => {
    const o = f.options?.find((x) => x.label === t || String(x.value) === t);
    return o?.value;
  };
  switch (f.kind) {
    case 'number': {
      const n = Number(s);
      return Number.isFinite(n) ? { value: n } : { error: `${f.label}应为数字` };
    }
    case 'switch':
      if (['是', 'true', '1', '启用'].includes(s)) return { value: true };
      if (['否', 'false', '0', '停用'].includes(s)) return { value: false };
      return { error: `${f.label}应为"是"或"否"` };
    case 'company': {
      const id = units.get(s);
      return id ? { value: id } : { error: '单位不存在或不在账号的单位范围内' };
    }
    case 'select':
    case 'radio': {
      if (!f.options) return { value: s };
      const v = byLabel(s);
      return v === undefined ? { error: `${f.label}的取值无效` } : { value: v };
    }
    case 'checkbox':
    case 'multiSelect':
    case 'remoteMultiSelect':
    case 'tags': {
      const parts = s
        .split(/[、,，;；]/)
        .map((p) => p.trim())
        .filter(Boolean);
      if (!f.options) return { value: parts };
      const values = parts.map(byLabel);
      return values.some((v) => v === undefined) ? { error: `${f.label}的取值无效` } : { value: values };
    }
    default:
      return { value: s };
  }
}

/** Rows a resource import writes per transaction. */
const IMPORT_BATCH = 200;
/** Rows a resource import reads (the largest catalogue, employee accounts, is a company's staff). */
export const RESOURCE_IMPORT_MAX_ROWS = 100_000;
/** Refused-cell entries kept in a report; past this only a closing note is added. */
export const MAX_REFUSED = 10_000;

/**
 * The refused cells of an import's report: the first MAX_REFUSED are kept; close() adds a note with the
 * full count when more were refused, and orders the rows (the note last).
 */
export function refusalCollector(refused: RefusedRow[]) {
  let count = 0;
  return {
    refuse(problems: RefusedRow[]) {
      for (const p of problems) {
        count++;
        if (refused.length < MAX_REFUSED) refused.push(p);
      }
    },
    close() {
      if (count > refused.length) {
        refused.push({ row: 0, column: '', value: '', reason: `问题过多，仅列出前${MAX_REFUSED}条（共${count}条）` });
      }
      refused.sort((a, b) => (a.row === 0 ? 1 : b.row === 0 ? -1 : a.row - b.row));
    },
  };
}

/** Writes one good row in the batch's transaction; `existing` is the live record with the same import key. */
export type ImportWrite = (
  q: Queryable,
  values: Row,
  existing: Row | null,
) => Promise<'created' | 'updated' | 'unchanged'>;

/**
 * Imports a saved .xlsx (first sheet), read through the bounded reader outside any transaction: headers
 * matched by label or key, each row validated with the same schema as the form; good rows are written in
 * short batches (one transaction each, a savepoint per row so one failing row does not undo the others),
 * created, or updated when a live record with the same import key exists (so importing the same file
 * twice creates nothing new); refused rows are reported with the column, value and reason.
 */
export async function importXlsx(
  db: Db,
  repo: CrudRepository,
  user: SessionUser,
  path: string,
  write: ImportWrite,
  opts: { onCommitted?: (q: Queryable, progress: ImportProgress) => Promise<void> } = {},
): Promise<ImportReport> {
  const def = repo.def;
  const fields = sheetFields(def).filter(([, f]) => !f.hideInForm);
  const report: ImportReport = { total: 0, created: 0, updated: 0, unchanged: 0, refused: [] };
  const refusals = refusalCollector(report.refused);
  const refuse = refusals.refuse;
  const units = new Map<string, number>();
  // Units are named in the sheet by full or short name; only those in the account's scope resolve.
  const { rows: unitRows } = await db.query<{ id: number; name: string; short_name: string }>(
    `SELECT id, name, short_name FROM units WHERE deleted_at IS NULL AND path LIKE $1`,
    [`${user.unitPath ?? '/'}%`],
  );
  for (const u of unitRows) {
    units.set(u.name, u.id);
    units.set(u.short_name, u.id);
  }

  let batch: { row: number; values: Row }[] = [];
  let rowsCommitted = 0;
  let writing = false;
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch;
    batch = [];
    writing = true;
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const problems: RefusedRow[] = [];
    await db.tx(async (q) => {
      for (const { row, values } of rows) {
        await q.query('SAVEPOINT import_row');
        try {
          const existing = await findByImportKey(q, repo, user, values);
          counts[await write(q, values, existing)]++;
          await q.query('RELEASE SAVEPOINT import_row');
        } catch (err) {
          await q.query('ROLLBACK TO SAVEPOINT import_row');
          const e = err as { message?: string; errors?: { path: string; message: string }[] };
          const path = err instanceof AppError ? e.errors?.[0]?.path : undefined;
          problems.push({
            row,
            column: path ? (def.fields[path]?.label ?? path) : '',
            value: path ? text(values[path]) : '',
            reason: err instanceof AppError ? err.message : '保存失败',
          });
        }
      }
      await opts.onCommitted?.(q, {
        rowsRead: report.total,
        rowsCommitted: rowsCommitted + rows.length,
        created: report.created + counts.created,
        updated: report.updated + counts.updated,
        unchanged: report.unchanged + counts.unchanged,
      });
    });
    rowsCommitted += rows.length;
    report.created += counts.created;
    report.updated += counts.updated;
    report.unchanged += counts.unchanged;
    refuse(problems);
    writing = false;
  };

  const children = childFields(def).length ? { sheets: childSheets(def), rows: new ChildRows() } : null;
  if (children && !def.importKey?.length) throw new AppError(500, `${def.label}没有导入标识列`);
  /** Records of a resource with children wait until their child sheets are read. */
  const pending: { row: number; values: Row }[] = [];
  let sheetNo = 0;
  let columns: ([string, FieldDef] | undefined)[] | null = null;
  try {
    const reader = await openXlsx(
      path,
      { sharedStrings: 'cache', worksheets: 'emit' },
      { maxRows: RESOURCE_IMPORT_MAX_ROWS },
    );
    sheets: for await (const sheet of reader) {
      const childSheet = sheetNo++ > 0 ? children?.sheets[sheetNo - 2] : undefined;
      if (sheetNo > 1 && !childSheet) break;
      if (childSheet && children) {
        await readChildSheet(def, childSheet, sheet, children.rows, refuse, units);
        continue;
      }
      for await (const row of sheet) {
        const cells = (row.values as unknown[]).slice(1);
        if (!columns) {
          columns = cells.map((c) => {
            const h = text(c);
            return fields.find(([key, f]) => f.label === h || key === h);
          });
          const missing = fields.filter(([, f]) => f.required && !columns!.some((c) => c?.[1] === f));
          if (missing.length) {
            refuse([
              {
                row: row.number,
                column: missing.map(([, f]) => f.label).join('、'),
                value: '',
                reason: '表头缺少必填列，请使用导入模板',
              },
            ]);
            break sheets;
          }
          continue;
        }
        if (cells.every((c) => text(c) === '')) continue;
        report.total++;
        const values: Row = {};
        const problems: RefusedRow[] = [];
        columns.forEach((col, i) => {
          if (!col) return;
          const [key, f] = col;
          const parsed = parseCell(f, cells[i], units);
          if (parsed.error)
            problems.push({ row: row.number, column: f.label, value: text(cells[i]), reason: parsed.error });
          else values[key] = parsed.value;
        });
        for (const [key, f] of fields) {
          if (f.kind !== 'employee' || typeof values[key] !== 'string') continue;
          const found = await findEmployee(db, user, values[key] as string);
          if (typeof found === 'number') values[key] = found;
          else problems.push({ row: row.number, column: f.label, value: text(values[key]), reason: found.error });
        }
        for (const [key, f] of fields) {
          if (problems.some((p) => p.column === f.label)) continue;
          const r = fieldSchema(f).safeParse(values[key]);
          if (!r.success) {
            problems.push({
              row: row.number,
              column: f.label,
              value: text(values[key]),
              reason: r.error.issues[0].message,
            });
          } else values[key] = r.data;
        }
        if (problems.length) refuse(problems);
        else (children ? pending : batch).push({ row: row.number, values });
        if (batch.length >= IMPORT_BATCH) await flush();
      }
      if (!children) break; // the first sheet only
    }
    if (children) {
      const keys = new Set<string>();
      for (const p of pending) {
        const key = recordKey(def, p.values);
        keys.add(key);
        const refusal = children.rows.spoiled.has(key)
          ? { column: '', reason: `其${childSheets(def)[0].name}等子表有错误行，整条未导入` }
          : children.rows.attach(def, key, p.values).error;
        if (refusal) refuse([{ row: p.row, column: refusal.column, value: '', reason: refusal.reason }]);
        else batch.push(p);
        if (batch.length >= IMPORT_BATCH) await flush();
      }
      for (const [key, at] of children.rows.firstRow) {
        if (!keys.has(key))
          refuse([{ row: at.row, column: at.sheet, value: '', reason: `第一张表中没有对应的${def.label}` }]);
      }
    }
    await flush();
  } catch (err) {
    // A fault of the database is the server's; anything else came from a file that is not a readable .xlsx.
    if (writing || err instanceof AppError) throw err;
    throw new AppError(400, '文件无法读取，请确认是有效的 .xlsx 文件');
  }
  if (!columns) refuse([{ row: 1, column: '', value: '', reason: '文件中没有数据' }]);
  refusals.close();
  return report;
}

/** Reads one child sheet of an import into `rows` (the header row first), refusing bad rows. */
async function readChildSheet(
  def: ResourceDef,
  s: ChildSheet,
  sheet: AsyncIterable<{ number: number; values: unknown }>,
  rows: ChildRows,
  refuse: (p: RefusedRow[]) => void,
  units: Map<string, number>,
) {
  let header: string[] | null = null;
  for await (const row of sheet) {
    const cells = (row.values as unknown[]).slice(1);
    if (!header) {
      header = cells.map(text);
      continue;
    }
    if (cells.every((c) => text(c) === '')) continue;
    const r = readChildRow(def, s, header, cells, row.number, (f, raw) => parseCell(f, raw, units), text);
    if (r.key) rows.seen(r.key, row.number, s.name);
    if (r.problems.length) {
      refuse(r.problems);
      if (r.key) rows.spoiled.add(r.key);
    } else if (r.key) rows.add(s, r.key, r.positions, r.values);
  }
}

/** The live-rows condition of a table with soft delete (none without). */
const live = (def: ResourceDef) => (def.softDelete === false ? [] : ['t.deleted_at IS NULL']);

async function findByImportKey(
  q: Queryable,
  repo: CrudRepository,
  user: SessionUser,
  values: Row,
): Promise<Row | null> {
  const keys = repo.def.importKey;
  if (!keys?.length) return null;
  const params: unknown[] = [];
  const conds = keys.map((k) => {
    params.push(values[k] ?? null);
    return `t.${columnOf(k, repo.def.fields[k])} IS NOT DISTINCT FROM $${params.length}`;
  });
  // Only a record the account may reach is updated; one out of its scope is not revealed (the write then
  // meets the uniqueness rule or creates the account's own record).
  const scope = repo.scopeWhere(user, params);
  const { rows } = await q.query<{ id: number }>(
    `SELECT t.id FROM ${repo.from([...conds, ...scope])} WHERE ${[...live(repo.def), ...conds, ...scope].join(' AND ')} LIMIT 1`,
    params,
  );
  return rows[0] ? { id: Number(rows[0].id) } : null;
}

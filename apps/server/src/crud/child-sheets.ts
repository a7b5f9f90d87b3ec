import {
  type ChildCollectionDef,
  childFields,
  type FieldDef,
  fieldSchema,
  formFields,
  type ResourceDef,
} from '@peis/shared';
import type ExcelJS from 'exceljs';
import type { Queryable } from '../db/client';
import { loadChildren } from './children';

type Row = Record<string, unknown>;
type ChildField = FieldDef & { children: ChildCollectionDef };

/**
 * The sheets of a resource's child collections in an export, the import template and an import: after the
 * record's own sheet, one sheet per collection and level, depth first (问卷 → 题目 → 选项). A child sheet's
 * columns are the record's import key (as on the first sheet), the position of each level down to the row
 * (`题目序号`, then `选项序号`, from 1) and the row's own fields.
 */
export interface ChildSheet {
  name: string;
  /** Child field keys from the record down to this collection. */
  path: string[];
  /** Labels of the levels, for the position headers. */
  levels: string[];
  /** The collection's own columns (no grandchildren). */
  fields: [string, FieldDef][];
}

export function childSheets(
  def: Pick<ResourceDef, 'fields'>,
  path: string[] = [],
  levels: string[] = [],
): ChildSheet[] {
  const out: ChildSheet[] = [];
  for (const [key, f] of childFields(def)) {
    const c = (f as ChildField).children;
    const here = { path: [...path, key], levels: [...levels, f.label] };
    out.push({ name: f.label, ...here, fields: sheetFieldsOf(c.fields) });
    out.push(...childSheets(c, here.path, here.levels));
  }
  return out;
}

/** The columns a child sheet carries of a collection's fields. */
const sheetFieldsOf = (fields: Record<string, FieldDef>) =>
  formFields({ fields }).filter(([, f]) => f.kind !== 'children' && f.kind !== 'hidden' && !f.hideInExport);

/** Header labels of a child sheet, after the record's import-key labels. */
export const childHeaders = (keyLabels: string[], s: ChildSheet) => [
  ...keyLabels,
  ...s.levels.map((l) => `${l}序号`),
  ...s.fields.map(([, f]) => f.label),
];

/**
 * Adds the child sheets of exported records to a workbook: `keyCells(record)` gives the record's import-key
 * cells as the first sheet shows them, `cell(f, v)` a value as a cell.
 */
export async function writeChildSheets(
  q: Queryable,
  wb: ExcelJS.Workbook,
  def: ResourceDef,
  records: { id: number; keyCells: unknown[] }[],
  keyLabels: string[],
  cell: (f: FieldDef, v: unknown) => unknown,
): Promise<void> {
  const sheets = childSheets(def);
  const sheetOf = new Map(sheets.map((s) => [s.path.join('.'), addSheet(wb, keyLabels, s)]));
  const CHUNK = 500;
  for (let i = 0; i < records.length; i += CHUNK) {
    const chunk = records.slice(i, i + CHUNK);
    const loaded: Row[] = chunk.map((r) => ({ id: r.id }));
    await loadChildren(q, def, loaded);
    loaded.forEach((rec, j) => {
      const walk = (holder: Row, fields: Record<string, FieldDef>, path: string[], positions: number[]) => {
        for (const [key, f] of childFields({ fields })) {
          const p = [...path, key];
          const s = sheets.find((x) => x.path.join('.') === p.join('.'))!;
          ((holder[key] as Row[]) ?? []).forEach((row, n) => {
            const pos = [...positions, n + 1];
            sheetOf
              .get(p.join('.'))!
              .addRow([...chunk[j].keyCells, ...pos, ...s.fields.map(([k, cf]) => cell(cf, row[k]))]);
            walk(row, (f as ChildField).children.fields, p, pos);
          });
        }
      };
      walk(rec, def.fields, [], []);
    });
  }
}

/** A child sheet with its bold header row (the import template's and the export's). */
export function addSheet(wb: ExcelJS.Workbook, keyLabels: string[], s: ChildSheet): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(s.name);
  ws.columns = childHeaders(keyLabels, s).map((h) => ({ header: h, width: Math.max(12, h.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

/**
 * Collects the rows of child sheets during an import and hangs them under their records: rows are keyed by
 * the record's import key and their positions; `attach` turns them into the records' child arrays
 * (ordered by position) and validates each collection as the form does.
 */
export class ChildRows {
  /** sheet path → record key → "pos.pos" → row values. */
  private rows = new Map<string, Map<string, Map<string, Row>>>();
  /** Records with a refused child row: not written, since their children would be incomplete. */
  readonly spoiled = new Set<string>();
  /** The first row of each record key, for refusing rows whose record is not on the first sheet. */
  readonly firstRow = new Map<string, { row: number; sheet: string }>();

  add(s: ChildSheet, recordKey: string, positions: number[], values: Row) {
    const path = s.path.join('.');
    if (!this.rows.has(path)) this.rows.set(path, new Map());
    const byRecord = this.rows.get(path)!;
    if (!byRecord.has(recordKey)) byRecord.set(recordKey, new Map());
    byRecord.get(recordKey)!.set(positions.join('.'), values);
  }

  /** Notes where a record's child rows start (child sheets are read in order). */
  seen(recordKey: string, row: number, sheet: string) {
    if (!this.firstRow.has(recordKey)) this.firstRow.set(recordKey, { row, sheet });
  }

  /** Whether any child row names this record. */
  has(recordKey: string): boolean {
    return [...this.rows.values()].some((m) => m.has(recordKey));
  }

  /** The record's child collections, nested, validated: the values to write, or the first problem. */
  attach(def: ResourceDef, recordKey: string, values: Row): { error?: { column: string; reason: string } } {
    const build = (fields: Record<string, FieldDef>, path: string[], positions: number[], holder: Row) => {
      for (const [key, f] of childFields({ fields })) {
        const p = [...path, key];
        const mine = this.rows.get(p.join('.'))?.get(recordKey);
        const prefix = positions.length ? `${positions.join('.')}.` : '';
        const entries = [...(mine?.entries() ?? [])]
          .filter(([pos]) => pos.startsWith(prefix) && pos.split('.').length === positions.length + 1)
          .sort((a, b) => Number(a[0].split('.').pop()) - Number(b[0].split('.').pop()));
        holder[key] = entries.map(([pos, row]) => {
          const copy = { ...row };
          build((f as ChildField).children.fields, p, pos.split('.').map(Number), copy);
          return copy;
        });
      }
    };
    build(def.fields, [], [], values);
    for (const [key, f] of childFields(def)) {
      const r = fieldSchema(f).safeParse(values[key]);
      if (!r.success) return { error: { column: f.label, reason: r.error.issues[0].message } };
      values[key] = r.data;
    }
    return {};
  }
}

/** The key tying child rows to their record: its import-key values. */
export const recordKey = (def: ResourceDef, values: Row) =>
  JSON.stringify((def.importKey ?? []).map((k) => values[k] ?? null));

export interface ChildRowProblem {
  row: number;
  column: string;
  value: string;
  reason: string;
}

/**
 * One row of a child sheet read against its header: the record key, the positions (whole numbers from 1) and
 * the row's values, validated as the form validates them; or its problems (columns named `sheet·label`).
 */
export function readChildRow(
  def: ResourceDef,
  s: ChildSheet,
  header: string[],
  cells: unknown[],
  rowNo: number,
  parse: (f: FieldDef, raw: unknown) => { value?: unknown; error?: string },
  text: (v: unknown) => string,
): { key?: string; positions: number[]; values: Row; problems: ChildRowProblem[] } {
  const problems: ChildRowProblem[] = [];
  const at = (label: string) => header.indexOf(label);
  const problem = (label: string, raw: unknown, reason: string) =>
    problems.push({ row: rowNo, column: `${s.name}·${label}`, value: text(raw), reason });
  const readField = (key: string, f: FieldDef, into: Row) => {
    const i = at(f.label);
    const raw = i < 0 ? undefined : cells[i];
    const parsed = parse(f, raw);
    if (parsed.error) return problem(f.label, raw, parsed.error);
    const r = fieldSchema(f).safeParse(parsed.value);
    if (!r.success) return problem(f.label, raw, r.error.issues[0].message);
    into[key] = r.data;
  };
  const keyValues: Row = {};
  for (const k of def.importKey ?? []) readField(k, def.fields[k], keyValues);
  const positions = s.levels.map((l) => {
    const raw = cells[at(`${l}序号`)];
    const n = Number(text(raw));
    if (!Number.isInteger(n) || n < 1 || n > 10_000) problem(`${l}序号`, raw, '序号应为从1开始的整数');
    return n;
  });
  const values: Row = {};
  for (const [k, f] of s.fields) readField(k, f, values);
  const keyOk = !problems.some((p) =>
    (def.importKey ?? []).some((k) => p.column === `${s.name}·${def.fields[k].label}`),
  );
  return { key: keyOk ? recordKey(def, keyValues) : undefined, positions, values, problems };
}

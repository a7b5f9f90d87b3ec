import { ID_CARD_MESSAGES, idCardProblem } from '@peis/shared';
import type { RefusedRow } from '../../crud/xlsx';
import { text } from '../../crud/xlsx';
import { checkDateProblem, checkValue, type IndicatorSpec, indicatorHeader, withBmi } from './indicators';

/** Reading the check import's sheet: its headers to columns, each data row to a pending check. */

/** The fixed columns of the sheet (单位 is in exports and is ignored on import). */
export const FIXED_COLUMNS = {
  idCard: '身份证号',
  name: '姓名',
  checkDate: '体检日期',
  provider: '体检机构',
  unit: '单位',
} as const;
type FixedKey = keyof typeof FIXED_COLUMNS;

export type Column =
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

export interface PendingRow {
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
  /** Whose row it is, from the sheet's own cells: 张三（身份证尾号 1234）. */
  person: string;
}

/**
 * Names a sheet row's person from what the sheet itself says (its 姓名 and the ID number's last four), so a
 * refusal says whose row it is without revealing anything the database holds.
 */
export function personLabel(nameCell: string, idCardCell: string): string {
  const name = nameCell.replace(/\s+/g, '');
  const id = idCardCell.replace(/\s+/g, '');
  const tail = id.length >= 4 ? `身份证尾号 ${id.slice(-4).toUpperCase()}` : '';
  if (name && tail) return `${name}（${tail}）`;
  return name || tail;
}

/** One data row read into a pending check, with the problems that need no database. */
export function parseRow(
  rowNo: number,
  cells: unknown[],
  columns: Column[],
  defs: Map<string, IndicatorSpec>,
): PendingRow {
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
    person: '',
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
        else {
          // A number that cannot be anyone's (format, birth date, check digit) says so; it is never looked up.
          const why = idCardProblem(p.idCard);
          if (why) {
            problem(col.header, p.idCardCell, ID_CARD_MESSAGES[why]);
            p.idCard = '';
          }
        }
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
  p.person = personLabel(p.nameCell, p.idCardCell);
  for (const x of p.problems) x.person = p.person;
  return p;
}

const bmiFrom = (v: Record<string, number>) => Math.round((v.WEIGHT / (v.HEIGHT / 100) ** 2) * 10) / 10;

import { enumLabel, SEX } from '@peis/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** Years offered by the year filters: the data's years (2023–2025) up to the current year. */
export function yearOptions(): { value: number; label: string }[] {
  const last = Math.max(dayjs().year(), 2025);
  const out: { value: number; label: string }[] = [];
  for (let y = last; y >= 2023; y--) out.push({ value: y, label: `${y}年` });
  return out;
}

export const DATE = 'YYYY-MM-DD';
export const today = (): Dayjs => dayjs().startOf('day');
export const toDate = (d: Dayjs | null | undefined): string | undefined => (d ? d.format(DATE) : undefined);
export const fromDate = (s: string | null | undefined): Dayjs | null => (s ? dayjs(s) : null);
/** For DatePicker disabledDate: days before today. */
export const beforeToday = (d: Dayjs) => d.isBefore(today(), 'day');
/** For DatePicker disabledDate: days after today. */
export const afterToday = (d: Dayjs) => d.isAfter(today(), 'day');

/** Text of a blank-able value in a cell. */
export const orDash = (v: unknown): string => (v === null || v === undefined || v === '' ? '-' : String(v));

/** An id for an import run: crypto.randomUUID where the page is a secure context, a random string elsewhere. */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** 性别 / 年龄 of a person's row: '男 / 45岁', '女', '-'. */
export const sexAge = (r: { sex?: number | null; age?: number | null }): string =>
  `${enumLabel(SEX, r.sex) || '-'}${r.age !== null && r.age !== undefined ? ` / ${r.age}岁` : ''}`;

/**
 * A duration for a person to read: "0.3 秒" and "1.4 秒" under 10 s (never "0.0": anything measured is at
 * least 0.1 s), whole seconds up to a minute, then "2 分 5 秒".
 */
export function formatDuration(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 9.95) return `${Math.max(0.1, Math.round(s * 10) / 10).toFixed(1)} 秒`;
  if (s < 59.5) return `${Math.round(s)} 秒`;
  const whole = Math.round(s);
  const sec = whole % 60;
  return `${Math.floor(whole / 60)} 分${sec ? ` ${sec} 秒` : '钟'}`;
}

import { z } from 'zod';

/**
 * Request parameters checked before any work (ARCHITECTURE: never a 500 for bad input): ids and
 * numbers within what the database stores, real calendar dates, text without control characters.
 */

/** Largest value of a PostgreSQL integer column (ids are integer or bigint; both fit below this). */
export const PG_INT_MAX = 2_147_483_647;

/** A record id from a path or filter: a whole number 1…2,147,483,647. */
export const idParam = (label = '编号') =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .min(1, `${label}应为正整数`)
    .max(PG_INT_MAX, `${label}超出范围`);

/** A whole number within [min, max] from a query string or body. */
export const intInRange = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`);

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a yyyy-MM-dd string naming a day that exists (2025-02-30 does not). */
export function isCalendarDate(v: string): boolean {
  if (!DATE_PATTERN.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2100 && dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A yyyy-MM-dd date that exists in the calendar, between 1900 and 2100. */
export const calendarDate = (label = '日期') =>
  z
    .string({ error: `请选择${label}` })
    .regex(DATE_PATTERN, `${label}格式应为 yyyy-MM-dd`)
    .refine(isCalendarDate, `${label}不存在，请检查年月日`);

/**
 * Control characters other than tab and line breaks (NUL above all: PostgreSQL text cannot hold it).
 * Query and path values may not contain line breaks either.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
export const BODY_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
export const PARAM_CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** `/:id` path parameters of every record route. */
export const idParams = z.object({ id: idParam() });

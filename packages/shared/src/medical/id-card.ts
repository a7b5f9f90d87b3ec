/**
 * Resident ID number (GB 11643-1999): 6-digit area code, 8-digit birth date yyyyMMdd, 3-digit sequence
 * (odd = male, even = female) and a check character.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export type IdCardProblem = 'format' | 'birthday' | 'checksum';

/** Why an ID number is invalid, or null when it is valid. A lower-case x is accepted as X. */
export function idCardProblem(value: string, today: Date = new Date()): IdCardProblem | null {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  if (y < 1900 || !isRealDate(y, m, d) || Date.UTC(y, m - 1, d) > today.getTime()) return 'birthday';
  if (idCardCheckChar(id) !== id[17]) return 'checksum';
  return null;
}

export const ID_CARD_MESSAGES: Record<IdCardProblem, string> = {
  format: '身份证号应为18位，前17位为数字，末位为数字或X',
  birthday: '身份证号中的出生日期无效',
  checksum: '身份证号校验位错误',
};

export function isValidIdCard(value: string): boolean {
  return idCardProblem(value) === null;
}

export interface IdCardInfo {
  /** yyyy-MM-dd */
  birthday: string;
  /** 1 male, 2 female (SPEC §3) */
  sex: 1 | 2;
}

/** Birthday and sex from a valid ID number. */
export function idCardInfo(value: string): IdCardInfo {
  const id = value.trim().toUpperCase();
  return {
    birthday: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`,
    sex: Number(id[16]) % 2 === 1 ? 1 : 2,
  };
}

/** Age in whole years on a given day (default today). */
export function ageOn(birthday: string, on: Date = new Date()): number {
  const [y, m, d] = birthday.split('-').map(Number);
  let age = on.getFullYear() - y;
  if (on.getMonth() + 1 < m || (on.getMonth() + 1 === m && on.getDate() < d)) age--;
  return age;
}

/** Masks an ID number for lists: 1101**********1234. */
export function maskIdCard(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length < 8) return '*'.repeat(value.length);
  return value.slice(0, 4) + '*'.repeat(value.length - 8) + value.slice(-4);
}

/** Masks a mobile number for lists: 138****5678. */
export function maskMobile(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length < 7) return '*'.repeat(value.length);
  return value.slice(0, 3) + '*'.repeat(value.length - 7) + value.slice(-4);
}

/** Mainland mobile number: 11 digits starting with 1[3-9]. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

import { describe, expect, it } from 'vitest';
import {
  ageOn,
  idCardCheckChar,
  idCardInfo,
  idCardProblem,
  isValidIdCard,
  MOBILE_PATTERN,
  maskIdCard,
  maskMobile,
} from './id-card';
import { bmi } from './indicators';

/** MEDICAL.md's test value: female, born 1949-12-31. */
const SAMPLE = '11010519491231002X';

/** The first 17 digits and their check character. */
const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

describe('resident ID number (GB 11643-1999)', () => {
  it('accepts the reference value and reads sex and birthday from it', () => {
    expect(idCardProblem(SAMPLE)).toBeNull();
    expect(isValidIdCard(SAMPLE)).toBe(true);
    expect(idCardInfo(SAMPLE)).toEqual({ birthday: '1949-12-31', sex: 2 });
  });

  it('accepts a lower-case x and surrounding spaces', () => {
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(isValidIdCard(` ${SAMPLE} `)).toBe(true);
    expect(idCardInfo('11010519491231002x').sex).toBe(2);
  });

  it('computes the check character (hand-computed sums mod 11)', () => {
    // Σ aᵢwᵢ = 167, 167 mod 11 = 2 → X
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    // 176 mod 11 = 0 → 1
    expect(idCardCheckChar('44030419900101001')).toBe('1');
    // 234 mod 11 = 3 → 9
    expect(idCardCheckChar('61010219800615123')).toBe('9');
    // 208 mod 11 = 10 → 2
    expect(idCardCheckChar('65010219851102004')).toBe('2');
    // 191 mod 11 = 4 → 8
    expect(idCardCheckChar('62060220000229003')).toBe('8');
  });

  it('refuses a wrong check character', () => {
    expect(idCardProblem('110105194912310021')).toBe('checksum');
    expect(idCardProblem('440304199001010012')).toBe('checksum');
    expect(isValidIdCard('440304199001010012')).toBe(false);
    expect(isValidIdCard('440304199001010011')).toBe(true);
  });

  it('refuses a bad format', () => {
    expect(idCardProblem('')).toBe('format');
    expect(idCardProblem('11010519491231002')).toBe('format'); // 17 characters
    expect(idCardProblem('11010519491231002XX')).toBe('format'); // 19
    expect(idCardProblem('1101051949123100X2')).toBe('format'); // X not last
    expect(idCardProblem('11010519491231002Y')).toBe('format');
    expect(idCardProblem('110105491231002')).toBe('format'); // old 15-digit number
  });

  it('refuses impossible and future birth dates', () => {
    expect(idCardProblem(withCheck('11010519490230002'))).toBe('birthday'); // 30 February
    expect(idCardProblem(withCheck('11010519491301002'))).toBe('birthday'); // month 13
    expect(idCardProblem(withCheck('11010518991231002'))).toBe('birthday'); // before 1900
    expect(idCardProblem(withCheck('11010519000229002'))).toBe('birthday'); // 1900 was no leap year
    expect(idCardProblem(withCheck('11010520000229002'))).toBeNull(); // 2000 was one
    const today = new Date(Date.UTC(2025, 5, 30, 12));
    expect(idCardProblem(withCheck('11010520250701001'), today)).toBe('birthday');
    expect(idCardProblem(withCheck('11010520250630001'), today)).toBeNull();
    expect(isValidIdCard(withCheck('11010520991231001'))).toBe(false);
  });

  it('reads men from an odd sequence digit and women from an even one', () => {
    expect(idCardInfo(withCheck('61010219800615123')).sex).toBe(1);
    expect(idCardInfo(withCheck('61010219800615124')).sex).toBe(2);
    expect(idCardInfo(withCheck('61010219800615120')).sex).toBe(2);
    expect(idCardInfo(withCheck('61010219800615123')).birthday).toBe('1980-06-15');
  });
});

describe('ageOn', () => {
  it('counts whole years, one less before the birthday of the year', () => {
    const on = new Date(2025, 5, 30);
    expect(ageOn('1990-06-30', on)).toBe(35); // birthday today
    expect(ageOn('1990-07-01', on)).toBe(34); // tomorrow
    expect(ageOn('1990-12-31', on)).toBe(34);
    expect(ageOn('1990-01-01', on)).toBe(35);
    expect(ageOn('1949-12-31', new Date(2025, 11, 30))).toBe(75);
    expect(ageOn('1949-12-31', new Date(2025, 11, 31))).toBe(76);
  });
});

describe('masks', () => {
  it('masks an ID number: first 4 and last 4 characters kept', () => {
    expect(maskIdCard(SAMPLE)).toBe('1101**********002X');
    expect(maskIdCard(SAMPLE)).toHaveLength(18);
    expect(maskIdCard('')).toBe('');
    expect(maskIdCard(null)).toBe('');
    expect(maskIdCard(undefined)).toBe('');
    expect(maskIdCard('12345')).toBe('*****');
  });

  it('masks a mobile number: first 3 and last 4 digits kept', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('')).toBe('');
    expect(maskMobile(null)).toBe('');
    expect(maskMobile('12345')).toBe('*****');
  });

  it('knows a mainland mobile number', () => {
    expect(MOBILE_PATTERN.test('13812345678')).toBe(true);
    expect(MOBILE_PATTERN.test('19912345678')).toBe(true);
    expect(MOBILE_PATTERN.test('12812345678')).toBe(false);
    expect(MOBILE_PATTERN.test('1381234567')).toBe(false);
  });
});

describe('bmi', () => {
  it('is weight / height² with one decimal', () => {
    expect(bmi(170, 65)).toBe(22.5);
    expect(bmi(160, 64)).toBe(25);
    expect(bmi(180, 90.7)).toBe(28);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ABNORMALITY_CRITERIA,
  ABNORMALITY_TYPES,
  abnormalityLevel,
  CHRONIC_DISEASES,
  conditionHolds,
  INDICATOR_ROW_CRITERIA,
  type Values,
} from './criteria';
import { compileRule, GUIDELINE_RULES, ruleMatches, SAMPLE_RULES } from './positive-rules';

/** Values around every threshold of the definitions (each cut-off, a step below and above), and missing. */
const GRID: Record<string, (number | undefined)[]> = {
  SBP: [undefined, 119, 120, 139, 140, 159, 160, 179, 180],
  DBP: [undefined, 79, 80, 89, 90, 99, 100, 109, 110],
  TC: [undefined, 5.18, 5.19, 6.19, 6.2],
  TG: [undefined, 1.7, 1.71, 2.29, 2.3, 5.59, 5.6],
  LDLC: [undefined, 3.37, 3.38, 4.09, 4.1],
  HDLC: [undefined, 0.99, 1.0, 1.03, 1.04],
  FPG: [undefined, 6.09, 6.1, 6.99, 7.0, 7.6, 11.09, 11.1],
  HBA1C: [undefined, 6.4, 6.5],
  UA: [undefined, 357, 358, 420, 421, 428, 429, 539, 540, 599, 600],
  BMI: [undefined, 23.9, 24, 27.9, 28, 32.4, 32.5],
};
/** Every combination of the grid values of `codes`, for both sexes and an unknown one. */
function* cases(codes: string[]): Generator<{ values: Values; sex: number }> {
  const walk = function* (i: number, acc: Record<string, number | undefined>): Generator<Values> {
    if (i === codes.length) {
      yield { ...acc };
      return;
    }
    for (const x of GRID[codes[i]]) yield* walk(i + 1, { ...acc, [codes[i]]: x });
  };
  for (const values of walk(0, {})) for (const sex of [0, 1, 2]) yield { values, sex };
}
const rowHolds = (id: number, values: Values, sex: number) =>
  conditionHolds(INDICATOR_ROW_CRITERIA.find((r) => r.id === id)!.condition, values, sex);
const CODES: Record<string, string[]> = {
  bp: ['SBP', 'DBP'],
  lipid: ['TC', 'TG', 'LDLC', 'HDLC'],
  glucose: ['FPG', 'HBA1C'],
  ua: ['UA'],
  weight: ['BMI'],
};

describe('one definition per abnormality', () => {
  it('every indicator-table row but 正常高值 belongs to exactly the abnormality that lists it', () => {
    for (const row of INDICATOR_ROW_CRITERIA) {
      const owners = Object.values(ABNORMALITY_CRITERIA).filter((a) => a.rows.includes(row.id));
      expect(owners.map((a) => a.key)).toEqual(row.abnormality ? [row.abnormality] : []);
    }
    expect(Object.keys(ABNORMALITY_CRITERIA)).toEqual(ABNORMALITY_TYPES.map((t) => t.key));
  });

  it('a person is flagged (level ≥ 1) exactly when one of the abnormality’s table rows holds', () => {
    for (const a of Object.values(ABNORMALITY_CRITERIA)) {
      for (const { values, sex } of cases(CODES[a.key])) {
        const level = abnormalityLevel(a.key, values, sex);
        const inRows = a.rows.some((id) => rowHolds(id, values, sex));
        expect(level > 0, `${a.key} ${JSON.stringify(values)} sex ${sex}`).toBe(inRows);
      }
    }
  });

  it('blood-pressure levels are the table’s grade rows', () => {
    for (const { values, sex } of cases(CODES.bp)) {
      const level = abnormalityLevel('bp', values, sex);
      for (const [grade, row] of [
        [1, 2],
        [2, 3],
        [3, 4],
      ])
        expect(level === grade, JSON.stringify(values)).toBe(rowHolds(row, values, sex));
    }
  });

  it('the statistics’ chronic diseases are unions of table rows too (糖尿病 = rows 10–11, 肥胖 = row 14)', () => {
    const rowsOf: Record<string, number[]> = {
      hypertension: [2, 3, 4],
      diabetes: [10, 11],
      dyslipidemia: [5, 6, 7, 8],
      hyperuricemia: [12],
      obesity: [14],
    };
    for (const c of CHRONIC_DISEASES) {
      for (const { values, sex } of cases(CODES[c.abnormality])) {
        expect(abnormalityLevel(c.abnormality, values, sex) >= c.minLevel, `${c.key} ${JSON.stringify(values)}`).toBe(
          rowsOf[c.key].some((id) => rowHolds(id, values, sex)),
        );
      }
    }
  });

  it('the criterion shown on the widgets names only thresholds of its rows', () => {
    const numbers = (s: string) => (s.replace(/1–3级|BMI/g, '').match(/\d+(\.\d+)?/g) ?? []).map(Number);
    for (const a of Object.values(ABNORMALITY_CRITERIA)) {
      const thresholds = new Set(
        a.rows.flatMap((id) => {
          const c = INDICATOR_ROW_CRITERIA.find((r) => r.id === id)!.condition;
          return [...c.any, ...(c.all ?? [])].map((b) => b.value);
        }),
      );
      for (const n of numbers(a.criterion)) expect(thresholds, `${a.key}: ${n}`).toContain(n);
    }
    expect(ABNORMALITY_CRITERIA.ua.criterion).toBe('尿酸：男>428、女>357 µmol/L');
  });
});

describe('the guideline rule library (reference/MEDICAL.md), at each cut-off and just below', () => {
  const rules = GUIDELINE_RULES.map(compileRule);
  const fired = (values: Values, sex = 1, age = 45) =>
    rules.filter((r) => ruleMatches(r, { sex, age }, values)).map((r) => `${r.names}:${r.levels}`);

  it('has stable unique codes and cites a source in every description', () => {
    expect(new Set(GUIDELINE_RULES.map((r) => r.code)).size).toBe(GUIDELINE_RULES.length);
    for (const r of GUIDELINE_RULES) expect(r.remark).toMatch(/指南|WHO|WS\/T/);
  });

  it('diabetes range: FPG ≥ 7.0 and HbA1c ≥ 6.5 are orange findings', () => {
    expect(fired({ FPG: 7.6 })).toEqual(['空腹血糖达糖尿病水平:2']);
    expect(fired({ FPG: 7.0 })).toEqual(['空腹血糖达糖尿病水平:2']);
    expect(fired({ FPG: 6.99 })).toEqual([]);
    expect(fired({ HBA1C: 6.5 })).toEqual(['糖化血红蛋白达糖尿病水平:2']);
    expect(fired({ HBA1C: 6.4 })).toEqual([]);
  });

  it('blood pressure grades 1–3 (≥ 140/90, ≥ 160/100, ≥ 180/110), one grade per reading', () => {
    expect(fired({ SBP: 140, DBP: 90 })).toEqual(['高血压1级:1']);
    expect(fired({ SBP: 140, DBP: 70 })).toEqual(['高血压1级:1']);
    expect(fired({ SBP: 120, DBP: 90 })).toEqual(['高血压1级:1']);
    expect(fired({ SBP: 139, DBP: 89 })).toEqual([]);
    expect(fired({ SBP: 160, DBP: 80 })).toEqual(['高血压2级:2']);
    expect(fired({ SBP: 130, DBP: 100 })).toEqual(['高血压2级:2']);
    expect(fired({ SBP: 159, DBP: 99 })).toEqual(['高血压1级:1']);
    expect(fired({ SBP: 180, DBP: 80 })).toEqual(['高血压3级:2']);
    expect(fired({ SBP: 150, DBP: 110 })).toEqual(['高血压3级:2']);
    expect(fired({ SBP: 179, DBP: 109 })).toEqual(['高血压2级:2']);
  });

  it('the blood-pressure rules fire on the same readings as the tag grades', () => {
    for (const { values } of cases(CODES.bp)) {
      const level = abnormalityLevel('bp', values, 1);
      expect(fired(values).join(), JSON.stringify(values)).toBe(level ? `高血压${level}级:${level === 1 ? 1 : 2}` : '');
    }
  });

  it('raised and severe lipids (2016 guideline)', () => {
    expect(fired({ TC: 6.2 })).toEqual(['总胆固醇升高:1']);
    expect(fired({ TC: 6.19 })).toEqual([]);
    expect(fired({ LDLC: 4.1 })).toEqual(['低密度脂蛋白胆固醇升高:1']);
    expect(fired({ LDLC: 4.09 })).toEqual([]);
    expect(fired({ TG: 2.3 })).toEqual(['甘油三酯升高:1']);
    expect(fired({ TG: 2.29 })).toEqual([]);
    expect(fired({ HDLC: 0.99 })).toEqual(['高密度脂蛋白胆固醇降低:1']);
    expect(fired({ HDLC: 1.0 })).toEqual([]);
    expect(fired({ TG: 5.6 })).toEqual(['甘油三酯升高:1', '重度高甘油三酯血症:2']);
    expect(fired({ TG: 5.59 })).toEqual(['甘油三酯升高:1']);
  });

  it('uric acid > 420 for both sexes, ≥ 540 orange; obesity BMI ≥ 28', () => {
    expect(fired({ UA: 421 }, 2)).toEqual(['高尿酸血症:1']);
    expect(fired({ UA: 420 }, 1)).toEqual([]);
    expect(fired({ UA: 540 })).toEqual(['高尿酸血症:1', '血尿酸显著升高:2']);
    expect(fired({ UA: 539 })).toEqual(['高尿酸血症:1']);
    expect(fired({ BMI: 28 })).toEqual(['肥胖:1']);
    expect(fired({ BMI: 27.9 })).toEqual([]);
  });

  it('keeps SPEC §9’s sample rules as they are, beside it', () => {
    expect(SAMPLE_RULES.find((r) => r.names === '空腹血糖受损')?.judge).toBe('FPG >= 6.1 && FPG <= 7');
    expect(SAMPLE_RULES.find((r) => r.names === '血压偏高')?.judge).toBe('SBP > 140 || DBP > 90');
  });
});

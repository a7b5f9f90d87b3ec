import type { AbnormalityKey } from './rules/tags';

/**
 * Company-dashboard definitions (PRODUCT.md "Dashboard semantics"): the completion rings and the
 * indicators they count, the 14 rows of the employee indicator table, the decline table's fixed units.
 */

/** Ring cards: path key of /company/dashboard/wanchengdu/{key}, title, and the abnormality counted. */
export const COMPLETION_INDICATORS: { key: string; title: string; abnormality: AbnormalityKey; library: string }[] = [
  { key: 'gaoxueya1', title: '高血压', abnormality: 'bp', library: '血压' },
  { key: 'gaoxuezhi1', title: '高血脂', abnormality: 'lipid', library: '血脂' },
  { key: 'gaoxuetang1', title: '高血糖', abnormality: 'glucose', library: '血糖' },
  { key: 'gaoniaosuan1', title: '高尿酸', abnormality: 'ua', library: '尿酸' },
  { key: 'gaobmi1', title: '高BMI', abnormality: 'weight', library: '体重' },
];

/** The health-package card's title (its dialog is split by package level). */
export const HEALTH_PACKAGE_TITLE = '健康服务包';

/** Completion rate of SPEC §9: done / total × 100, a whole percent; 0 when there is nobody. */
export const completionRate = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

/** Decline ratio of the decline table: (count2024 − count2025) / count2024, 0 when count2024 is 0; 4 decimals. */
export const declineRate = (count2024: number, count2025: number) =>
  count2024 > 0 ? Math.round(((count2024 - count2025) / count2024) * 10000) / 10000 : 0;

/** Units always present in the decline table (SPEC §9), by display name. */
export const DECLINE_ALWAYS_UNITS = ['保卫部', '页岩油', '行政事务中心', '新疆分公司'];

/**
 * The decline table's alias table (SPEC §9 leaves it to the project): a unit's short name → the name the
 * table shows. Units not listed show their short name.
 */
export const UNIT_ALIASES: Record<string, string> = {
  采油一厂一区: '采油一厂',
  采油一厂二区: '采油一厂',
  页岩油开发分公司: '页岩油',
  机关: '公司机关',
};

/** The decline table's fixed order; names not listed follow in unit order. */
export const DECLINE_ORDER = [
  '采油一厂',
  '采油二厂',
  '采油三厂',
  '采气一厂',
  '页岩油',
  '井下作业',
  '钻井处',
  '输油处',
  '研究院',
  '工艺院',
  '水电处',
  '物资处',
  '信息中心',
  '公司机关',
  '保卫部',
  '行政事务中心',
  '新疆分公司',
];

/** Age bands of SPEC §9. */
export const AGE_BANDS = [
  { key: 'lte_34', label: '≤34岁', min: 0, max: 34 },
  { key: 'gte_35_44', label: '35–44岁', min: 35, max: 44 },
  { key: 'gte_45', label: '≥45岁', min: 45, max: 200 },
] as const;

export interface IndicatorRowDef {
  id: number;
  leibie: string;
  mingcheng: string;
  biaozhun: string;
  /** SQL condition over a check `c` ("values" jsonb) and its person `e` (sex). */
  sql: string;
}

const v = (code: string) => `(c."values"->>'${code}')::numeric`;

/** The 14 rows of the employee health-check indicator table (PRODUCT.md), each a condition on one check. */
export const INDICATOR_TABLE_ROWS: IndicatorRowDef[] = [
  {
    id: 1,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '正常高值 120–139/80–89 mmHg',
    sql: `(${v('SBP')} < 140 AND ${v('DBP')} < 90 AND (${v('SBP')} >= 120 OR ${v('DBP')} >= 80))`,
  },
  {
    id: 2,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '1级 140–159/90–99 mmHg',
    sql: `((${v('SBP')} >= 140 OR ${v('DBP')} >= 90) AND ${v('SBP')} < 160 AND ${v('DBP')} < 100)`,
  },
  {
    id: 3,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '2级 160–179/100–109 mmHg',
    sql: `((${v('SBP')} >= 160 OR ${v('DBP')} >= 100) AND ${v('SBP')} < 180 AND ${v('DBP')} < 110)`,
  },
  {
    id: 4,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '3级 ≥180/≥110 mmHg',
    sql: `(${v('SBP')} >= 180 OR ${v('DBP')} >= 110)`,
  },
  { id: 5, leibie: '心脑血管', mingcheng: '血脂', biaozhun: '总胆固醇 >5.18 mmol/L', sql: `${v('TC')} > 5.18` },
  { id: 6, leibie: '心脑血管', mingcheng: '血脂', biaozhun: '甘油三酯 >1.7 mmol/L', sql: `${v('TG')} > 1.7` },
  { id: 7, leibie: '心脑血管', mingcheng: '血脂', biaozhun: '低密度脂蛋白 >3.37 mmol/L', sql: `${v('LDLC')} > 3.37` },
  { id: 8, leibie: '心脑血管', mingcheng: '血脂', biaozhun: '高密度脂蛋白 <1.04 mmol/L', sql: `${v('HDLC')} < 1.04` },
  {
    id: 9,
    leibie: '代谢',
    mingcheng: '血糖',
    biaozhun: '空腹血糖受损 6.1–7.0 mmol/L',
    sql: `(${v('FPG')} >= 6.1 AND ${v('FPG')} < 7.0)`,
  },
  { id: 10, leibie: '代谢', mingcheng: '血糖', biaozhun: '空腹血糖 ≥7.0 mmol/L', sql: `${v('FPG')} >= 7.0` },
  { id: 11, leibie: '代谢', mingcheng: '血糖', biaozhun: '糖化血红蛋白 ≥6.5%', sql: `${v('HBA1C')} >= 6.5` },
  {
    id: 12,
    leibie: '代谢',
    mingcheng: '尿酸',
    biaozhun: '男 >428、女 >357 µmol/L',
    sql: `((e.sex = 1 AND ${v('UA')} > 428) OR (e.sex = 2 AND ${v('UA')} > 357))`,
  },
  {
    id: 13,
    leibie: '代谢',
    mingcheng: '体重',
    biaozhun: '超重 BMI 24–27.9',
    sql: `(${v('BMI')} >= 24 AND ${v('BMI')} < 28)`,
  },
  { id: 14, leibie: '代谢', mingcheng: '体重', biaozhun: '肥胖 BMI ≥28', sql: `${v('BMI')} >= 28` },
];

/** Risk-population and abnormal-factor names, in display order. */
export const ABNORMAL_FACTORS: { key: AbnormalityKey; name: string }[] = [
  { key: 'bp', name: '血压异常' },
  { key: 'lipid', name: '血脂异常' },
  { key: 'glucose', name: '血糖异常' },
  { key: 'ua', name: '尿酸异常' },
  { key: 'weight', name: '体重异常' },
];

import {
  CRITERIA_VERSION,
  describeRule,
  EDUCATION_OPTIONS,
  GUIDELINE_RULES,
  INDICATORS,
  SAMPLE_RULES,
} from '@peis/shared';
import { queueEvaluation } from '../modules/positive/jobs';
import type { Queryable } from './client';

/** Dictionary entries a new database starts with; administrators maintain them in /main/settings/dict. */
const DICTS: Record<string, string[]> = {
  title: [
    '主任医师',
    '副主任医师',
    '主治医师',
    '医师',
    '主任护师',
    '副主任护师',
    '主管护师',
    '护师',
    '健康管理师',
    '公共营养师',
    '心理咨询师',
  ],
  major: [
    '临床医学',
    '预防医学',
    '全科医学',
    '护理学',
    '营养学',
    '中医学',
    '心理学',
    '康复医学',
    '运动医学',
    '职业病学',
  ],
  department: [
    '全科',
    '内科',
    '心血管内科',
    '内分泌科',
    '神经内科',
    '外科',
    '营养科',
    '心理科',
    '中医科',
    '康复科',
    '体检中心',
    '职业病科',
  ],
  nation: ['汉族', '回族', '维吾尔族', '蒙古族', '藏族', '满族', '壮族', '哈萨克族', '土家族', '其他'],
  occupation: [
    '专业技术人员',
    '办事人员和有关人员',
    '企业负责人',
    '学生或儿童',
    '商业、服务业人员',
    '离退休人员',
    '自由职业或无业',
    '其他',
  ],
  workType: [
    '采油工',
    '采气工',
    '集输工',
    '井下作业工',
    '钻井工',
    '电工',
    '焊工',
    '仪表工',
    '化验工',
    '司机',
    '管理人员',
    '技术人员',
  ],
};

interface Range {
  code: string;
  sex?: 1 | 2;
  low?: number;
  high?: number;
  category: string;
}
type Limits = Pick<Range, 'low' | 'high'>;

/** An indicator whose range differs for men (1) and women (2): one row per sex. */
const bySex = (code: string, category: string, male: Limits, female: Limits): Range[] => [
  { code, sex: 1, ...male, category },
  { code, sex: 2, ...female, category },
];

/** Adult reference ranges (lab upper limits of SPEC §9 and the guidelines of reference/MEDICAL.md). */
const RANGES: Range[] = [
  { code: 'SBP', low: 90, high: 139, category: '血压' },
  { code: 'DBP', low: 60, high: 89, category: '血压' },
  { code: 'TC', low: 2.8, high: 5.18, category: '血脂' },
  { code: 'TG', low: 0.56, high: 1.7, category: '血脂' },
  { code: 'LDLC', high: 3.37, category: '血脂' },
  { code: 'HDLC', low: 1.04, category: '血脂' },
  { code: 'FPG', low: 3.9, high: 6.1, category: '血糖' },
  { code: 'HBA1C', low: 4, high: 6, category: '血糖' },
  ...bySex('UA', '尿酸', { low: 208, high: 428 }, { low: 155, high: 357 }),
  ...bySex('CR', '肾功能', { low: 57, high: 111 }, { low: 41, high: 81 }),
  ...bySex('HCY', '心血管', { high: 16.2 }, { high: 13.56 }),
  { code: 'HEIGHT', category: '体格' },
  { code: 'WEIGHT', category: '体格' },
  { code: 'BMI', low: 18.5, high: 23.9, category: '体格' },
  ...bySex('WAIST', '体格', { high: 89.9 }, { high: 84.9 }),
  ...bySex('ALT', '肝功能', { low: 9, high: 50 }, { low: 7, high: 40 }),
  ...bySex('AST', '肝功能', { low: 15, high: 40 }, { low: 13, high: 35 }),
  { code: 'HR', low: 60, high: 100, category: '体格' },
];

/** Loads the dictionaries and indicator definitions into empty tables (any environment). */
export async function seedReferenceData(q: Queryable): Promise<void> {
  const { rows: d } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM dict_items');
  if (d[0].n === 0) {
    const entries: [string, string, string, number][] = EDUCATION_OPTIONS.map((o, i) => [
      'education',
      o.label,
      o.value,
      i + 1,
    ]);
    for (const [type, names] of Object.entries(DICTS)) {
      for (const [i, name] of names.entries()) entries.push([type, name, String(i + 1), i + 1]);
    }
    for (const [type, name, value, order] of entries) {
      await q.query('INSERT INTO dict_items (dict_type, name, value, sort_order) VALUES ($1, $2, $3, $4)', [
        type,
        name,
        value,
        order,
      ]);
    }
  }
  const { rows: i } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM indicators');
  if (i[0].n === 0) {
    let order = 0;
    for (const r of RANGES) {
      const def = INDICATORS.find((x) => x.code === r.code)!;
      await q.query(
        `INSERT INTO indicators (code, name, unit, category, sex, ref_low, ref_high, plausible_min, plausible_max, decimals, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          def.code,
          def.name,
          def.unit,
          r.category,
          r.sex ?? 0,
          r.low ?? null,
          r.high ?? null,
          def.min,
          def.max,
          def.decimals,
          ++order,
        ],
      );
    }
  }
  const { rows: r } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM positive_rules');
  if (r[0].n === 0) {
    for (const rule of SAMPLE_RULES) {
      await q.query(
        `INSERT INTO positive_rules (names, gender, age_min, age_max, library_name, levels, judge, remark)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [...ruleColumns(rule), describeRule(rule)],
      );
    }
  }
  await seedDefaultRules(q);
  const { rows: m } = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM app_settings WHERE key = 'contract.levelByRisk'",
  );
  if (m[0].n === 0) {
    await q.query("INSERT INTO app_settings (key, value) VALUES ('contract.levelByRisk', $1::jsonb)", [
      JSON.stringify(DEFAULT_CONTRACT_LEVELS),
    ]);
  }
}

/** A rule's values in the column order both rule inserts share (names … judge). */
function ruleColumns(rule: (typeof SAMPLE_RULES)[number]) {
  return [rule.names, rule.gender, rule.ageMin, rule.ageMax, rule.libraryName, rule.levels, rule.judge];
}

/** Health-service package level by risk level; administrators change it in the settings. */
export const DEFAULT_CONTRACT_LEVELS: Record<string, 1 | 2 | 3> = { 健康: 1, 风险: 1, 异常: 2, 慢病: 3, 重病: 3 };

/**
 * The guideline rule library (GUIDELINE_RULES) by code: a new database gets all of it, an existing one the
 * codes it lacks — a rule once added and later edited or deleted in the console is never added again. When
 * rules were added, or the abnormality definitions (CRITERIA_VERSION) differ from those the stored tags were
 * computed with, the existing checks are re-evaluated in the background (findings of the new rules, every
 * person's tags); a database without checks has nothing to redo.
 */
export async function seedDefaultRules(q: Queryable): Promise<{ added: number[]; queued: boolean }> {
  const added: number[] = [];
  for (const rule of GUIDELINE_RULES) {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO positive_rules (code, names, gender, age_min, age_max, library_name, levels, judge, remark)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (code) DO NOTHING RETURNING id`,
      [rule.code, ...ruleColumns(rule), rule.remark],
    );
    if (rows[0]) added.push(Number(rows[0].id));
  }
  const { rows: v } = await q.query<{ value: string }>(
    "SELECT value #>> '{}' AS value FROM app_settings WHERE key = 'tags.criteria'",
  );
  const criteriaChanged = v[0]?.value !== CRITERIA_VERSION;
  if (criteriaChanged) {
    await q.query(
      `INSERT INTO app_settings (key, value) VALUES ('tags.criteria', to_jsonb($1::text))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [CRITERIA_VERSION],
    );
  }
  if (!added.length && !criteriaChanged) return { added, queued: false };
  const { rows: checks } = await q.query('SELECT 1 FROM health_checks WHERE deleted_at IS NULL LIMIT 1');
  if (!checks.length) return { added, queued: false };
  // The server's job runner picks it up once ready.
  await queueEvaluation(q, added.length ? '新增默认规则库' : '异常判定标准更新', added);
  return { added, queued: true };
}

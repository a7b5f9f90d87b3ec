import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRule, SAMPLE_RULES } from '@peis/shared';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../test/suite';

/** Migration 016: the seeded sample rules' 说明 says what each rule finds, not where it came from. */
const MIGRATION = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), 'migrations', '016_rule_texts.sql'),
  'utf8',
);
const SEED_TEXT = 'SPEC §9 示例规则';

describe('016_rule_texts', () => {
  it('writes, for every sample rule, the sentence a new database is seeded with', () => {
    for (const rule of SAMPLE_RULES) expect(MIGRATION, rule.names).toContain(`'${describeRule(rule)}'`);
  });
});

withTestApp('sample rule texts on $name', {}, (t) => {
  it('seeds the sample rules with what they find', async () => {
    const { rows } = await t.db.query<{ names: string; remark: string | null }>(
      'SELECT names, remark FROM positive_rules WHERE code IS NULL ORDER BY id',
    );
    expect(rows).toHaveLength(SAMPLE_RULES.length);
    expect(rows.some((r) => r.remark === SEED_TEXT)).toBe(false);
    expect(rows.find((r) => r.names === '血压偏高')?.remark).toBe(
      '20–80岁员工体检中收缩压 > 140 mmHg 或 舒张压 > 90 mmHg，提示“血压偏高”',
    );
  });

  it('rewrites an older database’s seed text and keeps a 说明 a user wrote', async () => {
    // An older database: every sample rule still says the seed text, but one a user has since described.
    await t.db.query('UPDATE positive_rules SET remark = $1 WHERE code IS NULL', [SEED_TEXT]);
    await t.db.query("UPDATE positive_rules SET remark = '门诊复查用' WHERE code IS NULL AND judge = 'TG > 1.7'");
    await t.db.exec(MIGRATION);
    const { rows } = await t.db.query<{ judge: string; remark: string | null; names: string; gender: number }>(
      'SELECT names, gender, judge, remark FROM positive_rules WHERE code IS NULL',
    );
    for (const r of rows) {
      const rule = SAMPLE_RULES.find((s) => s.judge === r.judge && s.gender === r.gender && s.names === r.names);
      expect(r.remark, r.judge).toBe(r.judge === 'TG > 1.7' ? '门诊复查用' : describeRule(rule!));
    }
  });
});

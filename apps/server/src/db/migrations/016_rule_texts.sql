-- The sample rules a new database was seeded with said only 'SPEC §9 示例规则' in their 说明: each now says what
-- it finds (describeRule in packages/shared/src/rules/describe.ts). Only rows still carrying that seed text are
-- changed; a 说明 a user has written is kept.
UPDATE positive_rules SET remark = '20–80岁员工体检中总胆固醇 > 5.18 mmol/L，提示“总胆固醇偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '总胆固醇偏高' AND gender = 0 AND judge = 'TC > 5.18';
UPDATE positive_rules SET remark = '20–80岁员工体检中甘油三酯 > 1.7 mmol/L，提示“甘油三酯偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '甘油三酯偏高' AND gender = 0 AND judge = 'TG > 1.7';
UPDATE positive_rules SET remark = '20–80岁员工体检中低密度脂蛋白胆固醇 > 3.37 mmol/L，提示“低密度脂蛋白偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '低密度脂蛋白偏高' AND gender = 0 AND judge = 'LDLC > 3.37';
UPDATE positive_rules SET remark = '20–80岁员工体检中体重指数 > 28 kg/m²，提示“体重指数偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '体重指数偏高' AND gender = 0 AND judge = 'BMI > 28';
UPDATE positive_rules SET remark = '20–80岁员工体检中收缩压 > 140 mmHg 或 舒张压 > 90 mmHg，提示“血压偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '血压偏高' AND gender = 0 AND judge = 'SBP > 140 || DBP > 90';
UPDATE positive_rules SET remark = '20–80岁女性员工体检中同型半胱氨酸 > 13.56 µmol/L，提示“同型半胱氨酸偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '同型半胱氨酸偏高' AND gender = 2 AND judge = 'HCY > 13.56';
UPDATE positive_rules SET remark = '20–80岁男性员工体检中同型半胱氨酸 > 16.2 µmol/L，提示“同型半胱氨酸偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '同型半胱氨酸偏高' AND gender = 1 AND judge = 'HCY > 16.2';
UPDATE positive_rules SET remark = '20–80岁女性员工体检中尿酸 > 357 µmol/L，提示“尿酸偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '尿酸偏高' AND gender = 2 AND judge = 'UA > 357';
UPDATE positive_rules SET remark = '20–80岁男性员工体检中尿酸 > 428 µmol/L，提示“尿酸偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '尿酸偏高' AND gender = 1 AND judge = 'UA > 428';
UPDATE positive_rules SET remark = '20–80岁女性员工体检中肌酐 > 81 µmol/L，提示“肌酐偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '肌酐偏高' AND gender = 2 AND judge = 'CR > 81';
UPDATE positive_rules SET remark = '20–80岁男性员工体检中肌酐 > 111 µmol/L，提示“肌酐偏高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '肌酐偏高' AND gender = 1 AND judge = 'CR > 111';
UPDATE positive_rules SET remark = '20–80岁员工体检中空腹血糖 ≥ 6.1 mmol/L 且 空腹血糖 ≤ 7 mmol/L，提示“空腹血糖受损”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '空腹血糖受损' AND gender = 0 AND judge = 'FPG >= 6.1 && FPG <= 7';
UPDATE positive_rules SET remark = '20–80岁员工体检中甘油三酯 > 11.1 mmol/L，提示“甘油三酯显著升高”', version = version + 1, updated_at = now()
  WHERE remark = 'SPEC §9 示例规则' AND code IS NULL AND names = '甘油三酯显著升高' AND gender = 0 AND judge = 'TG > 11.1';

import type { Queryable } from './client';

/**
 * Demo records of the administration screens: facilities at the big units, a panel of experts, help
 * articles that describe this product, and supplementary insurance for part of the demo employees.
 */
export async function seedDemoRecords(q: Queryable): Promise<void> {
  const { rows: units } = await q.query<{ id: number; short_name: string }>(
    'SELECT id, short_name FROM units WHERE parent_id IS NOT NULL ORDER BY sort_order, id',
  );
  const kinds = [
    [1, '医务室', '办公楼一层'],
    [2, '健康小屋', '职工活动中心二层'],
    [3, 'AED', '办公楼大厅'],
  ] as const;
  for (const [i, u] of units.entries()) {
    for (const [kind, label, place] of kinds.slice(0, i % 3 === 0 ? 3 : 2)) {
      await q.query(
        `INSERT INTO facilities (name, kind, unit_id, location, contact_phone, open_hours, status, installed_on)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7::date)`,
        [
          `${u.short_name}${label}`,
          kind,
          u.id,
          `${u.short_name}${place}`,
          `029-8659${String(1000 + i * 7 + kind).slice(-4)}`,
          kind === 3 ? '全天' : '周一至周五 8:30-17:30',
          `20${20 + (i % 5)}-0${1 + (kind % 9)}-15`,
        ],
      );
    }
  }
  const experts = [
    [
      '张志刚',
      1,
      '主任医师',
      '临床医学',
      '心血管内科',
      '油田总医院',
      '13991230001',
      '心血管疾病的预防与康复，高血压综合管理。',
    ],
    ['刘慧敏', 2, '副主任医师', '营养学', '营养科', '油田总医院', '13991230002', '临床营养，慢病膳食干预与体重管理。'],
    [
      '陈建国',
      1,
      '主治医师',
      '全科医学',
      '内分泌科',
      '市第一人民医院',
      '13991230003',
      '糖尿病与代谢性疾病的规范化诊疗。',
    ],
    ['赵雅琴', 2, '心理咨询师', '心理学', '心理科', '油田总医院', '13991230004', '员工心理健康评估与心理疏导。'],
    ['孙立军', 1, '副主任医师', '职业病学', '职业病科', '省职业病防治院', '13991230005', '职业健康监护与职业病诊断。'],
  ] as const;
  for (const e of experts) {
    await q.query(
      `INSERT INTO experts (name, sex, title, major, department, hospital, mobile, intro) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [...e],
    );
  }
  const articles = [
    [
      1,
      '如何登录与修改密码',
      '使用分配的用户名和密码登录。首次登录后请在右上角"修改密码"中设置新密码：至少8位，且须同时包含字母、数字和符号。连续5次输错密码，账号将锁定15分钟。',
    ],
    [
      1,
      '单位范围与数据权限',
      '每个账号都有管理单位。不选管理单位的账号可查看全公司数据；选择了管理单位的账号只能查看该单位及其下级单位的数据。普通员工只能查看本人的健康档案。',
    ],
    [
      1,
      '如何批量导入员工',
      '在"员工账户"页面点击"导入"，先下载导入模板，按模板填写后上传。系统逐行校验，合格的行直接保存，不合格的行会列出行号、列名、取值和原因。重复导入同一文件不会产生重复记录。',
    ],
    [
      2,
      '为什么身份证号提示校验位错误？',
      '身份证号第18位是按国家标准 GB 11643-1999 计算的校验码。提示校验位错误说明号码有误，请核对原件后重新录入。末位为X时大小写均可。',
    ],
    [
      2,
      '提示"数据已被他人修改"怎么办？',
      '两个人同时修改同一条记录时，后保存的一方会收到该提示，以免覆盖对方的修改。请关闭对话框、刷新列表后重新编辑。',
    ],
    [
      4,
      '成人血压水平分类',
      '正常血压：收缩压<120且舒张压<80 mmHg；正常高值：120–139和/或80–89；1级高血压：140–159和/或90–99；2级：160–179和/或100–109；3级：≥180和/或≥110（中国高血压防治指南2018）。',
    ],
  ] as const;
  for (const [i, [category, title, content]] of articles.entries()) {
    await q.query(
      'INSERT INTO help_articles (title, category, content, sort_order, updated_by) VALUES ($1, $2, $3, $4, $5)',
      [title, category, content, i + 1, '系统管理员'],
    );
  }
  // Supplementary medical insurance for 2025: every third employee, premium by plan.
  await q.query(
    `INSERT INTO insurance_enrolments (employee_id, employee_name, unit_id, year, plan, premium, coverage, start_date, end_date, status)
     SELECT id, name, unit_id, 2025, 1 + (id % 2)::int, CASE WHEN id % 2 = 0 THEN 680 ELSE 360 END,
            CASE WHEN id % 2 = 0 THEN 300000 ELSE 100000 END, DATE '2025-01-01', DATE '2025-12-31', 1
       FROM employees WHERE id % 3 = 0 AND deleted_at IS NULL`,
  );
}

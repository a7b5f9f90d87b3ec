import { expect, type Page, test } from '@playwright/test';
import { searchResourceRow, signIn, storedToken } from './helpers';

/**
 * Issue 11 item 9: what a day at the console shows is in Chinese terms — rule conditions read 且/或 with
 * indicator names, the audit log names objects and fields, the permission tree offers business terms only,
 * the check form names indicators with their units.
 */

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/h5/${name}.png`, fullPage: false });

async function call(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await storedToken(page)}` },
    data,
  });
  expect(res.status(), `${method} ${path}`).toBe(200);
  return (await res.json()).data;
}

test('rule conditions read 且/或 with indicator names; the expression only under 表达式（高级）', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/setting');
  const table = page.getByTestId('resource-table');
  const row = await searchResourceRow(page, '规则名称', '血压偏高');
  await expect(row.first()).toContainText('收缩压 > 140 或 舒张压 > 90');
  // At 1440 the reading fits its column (no ellipsis).
  const cell = row.first().getByTestId('expression-text');
  expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const code of ['&&', '||', 'SBP']) await expect(table).not.toContainText(code);
  await shot(page, 'rules-1440');
  await row.first().getByTestId('row-view').click();
  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByTestId('expression-text')).toHaveText('收缩压 > 140 或 舒张压 > 90');
  await expect(detail).toContainText('20–80岁员工体检中收缩压 > 140 mmHg 或 舒张压 > 90 mmHg，提示“血压偏高”');
  await expect(detail).not.toContainText('SPEC');
  // The raw expression is folded until asked for.
  await expect(detail.getByText('SBP > 140 || DBP > 90')).toBeHidden();
  await detail.getByText('表达式（高级）').click();
  await expect(detail.getByText('SBP > 140 || DBP > 90')).toBeVisible();
  await shot(page, 'rule-detail-1440');
  await page.keyboard.press('Escape');

  // Writing a condition: the reading follows the expression.
  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('判定条件', { exact: true }).fill('HBA1C >= 6.5 && (FPG >= 7 || SBP >= 140)');
  await expect(form.getByTestId('expression-reading')).toHaveText(
    '糖化血红蛋白 ≥ 6.5 且（空腹血糖 ≥ 7 或 收缩压 ≥ 140）',
  );
  await shot(page, 'rule-form-1440');
});

test('the audit log names a check’s changed fields in Chinese', async ({ page }) => {
  await signIn(page, 'staff');
  const people = await call(page, 'GET', '/phr?pageSize=1');
  const employeeId = people.records[0].id;
  const check = await call(page, 'POST', '/phr/check', {
    employeeId,
    checkDate: '2026-06-01',
    provider: '审计体检中心',
    values: { SBP: 120, DBP: 80, HR: 70 },
  });
  await call(page, 'PUT', `/phr/check/${check.id}`, {
    checkDate: '2026-06-02',
    provider: '审计体检中心',
    values: { SBP: 120, DBP: 80, HR: 88 },
    version: check.version,
  });

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/peis/main/oplog');
    const search = page.getByTestId('oplog-search');
    // On a phone the filters fold behind 筛选.
    if (size.name === 'phone') await page.getByTestId('oplog-search-toggle').click();
    await search.getByLabel('记录编号').fill(String(check.id));
    await search.getByRole('button', { name: /查\s*询/ }).click();
    const table = page.getByTestId('oplog-table');
    await expect(table).toContainText('体检数据');
    // The person, not the sign-in name.
    await expect(table).toContainText('李卫康');
    await expect(table).not.toContainText('check');
    await table.getByTestId('oplog-row-detail').first().click();
    const diff = page.getByTestId('oplog-diff');
    await expect(diff).toContainText('体检数值 · 心率');
    await expect(diff).toContainText('体检日期');
    await expect(diff).not.toContainText('values');
    await expect(diff).not.toContainText('checkDate');
    await shot(page, `oplog-detail-${size.width}`);
    await page.keyboard.press('Escape');
  }
});

test('the permission tree offers business terms only', async ({ page }) => {
  await signIn(page, 'admin');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/peis/company/role');
    // The role list names roles; their system codes (healthStaff …) stay out of it.
    await expect(page.getByTestId('resource-table')).toContainText('健康管理人员');
    await expect(page.getByTestId('resource-table')).not.toContainText('healthStaff');
    await page.getByTestId('row-permissions').first().click();
    const drawer = page.getByTestId('role-permissions');
    await drawer.getByRole('button', { name: '全部展开' }).click();
    const tree = page.getByTestId('role-permission-tree');
    await expect(tree).toContainText('健康档案');
    await expect(tree).toContainText('选择单位（筛选与表单中的单位列表）');
    await expect(tree).not.toContainText('组件测试');
    await expect(tree).not.toContainText('读取单位树');
    await expect(drawer).not.toContainText('收起按钮');
    await shot(page, `permissions-${size.width}`);
    await page.keyboard.press('Escape');
  }
});

test('the check form names indicators with their units, never their codes', async ({ page }) => {
  await signIn(page, 'staff');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/peis/main/phr/check');
    await page.getByTestId('check-add').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('check-value-SBP') });
    await expect(dialog).toContainText('身高（cm）');
    await expect(dialog).toContainText('糖化血红蛋白（%）');
    await expect(dialog).toContainText('收缩压（mmHg）');
    await expect(dialog).not.toContainText('HEIGHT');
    await expect(dialog).not.toContainText('HBA1C');
    await shot(page, `check-form-${size.width}`);
    await page.keyboard.press('Escape');
  }
});

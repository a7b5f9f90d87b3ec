import { expect, test } from '@playwright/test';
import { collectPageErrors, signIn, storedToken } from './helpers';

test('the company dashboard draws every widget from the demo data and follows the unit filter', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/company\/dashboard$/);
  const rings = page.getByTestId('ring-card');
  await expect(rings).toHaveCount(6);
  for (const key of ['gaoxueya1', 'gaoxuezhi1', 'gaoxuetang1', 'gaoniaosuan1', 'gaobmi1', 'healthPackage']) {
    await expect(page.locator(`[data-testid=ring-card][data-key=${key}]`)).toBeVisible();
  }
  await expect(page.getByTestId('ring-rate').first()).toContainText('%');
  const table = page.getByTestId('indicator-table');
  await expect(table).toContainText('2025年员工体检指标');
  await expect(table).toContainText('心脑血管');
  await expect(table).toContainText('空腹血糖受损');
  await expect(page.getByTestId('factor-pie').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('risk-donut').locator('canvas')).toHaveCount(1);

  // Each widget shows what it counts: the same criterion as the indicator table's rows.
  await page.locator('[data-testid=ring-card][data-key=gaoniaosuan1]').getByTestId('ring-criterion').hover();
  await expect(page.locator('.ant-tooltip:visible')).toContainText('尿酸：男>428、女>357 µmol/L');
  await page.getByTestId('factor-pie-criteria-icon').hover();
  const criteria = page.getByTestId('factor-pie-criteria');
  await expect(criteria).toContainText('尿酸异常：尿酸：男>428、女>357 µmol/L');
  await expect(criteria).toContainText('甘油三酯>1.7');
  await page.mouse.move(0, 0);

  // A ring opens its 进度统计 dialog with a row per unit.
  await page
    .locator('[data-testid=ring-card][data-key=gaoxueya1]')
    .locator('canvas, [data-testid=ring-rate]')
    .first()
    .click();
  const dialog = page.getByTestId('ring-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(dialog).toContainText('采油');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Changing the unit reloads the widgets with that unit's name.
  const reload = page.waitForResponse(
    (r) => r.url().includes('/company/dashboard/fxrq') && r.url().includes('companyName='),
  );
  await page.getByTestId('dashboard-filter').locator('.ant-select').first().click();
  await page.keyboard.type('第三采油厂');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="第三采油厂"]').first().click();
  expect((await reload).status()).toBe(200);
  await expect(page.getByTestId('dashboard-scope')).toContainText('第三采油厂');
  expect(errors).toEqual([]);
});

test('the decline dialog says 暂无数据，请稍后访问 for a unit without data; a row exports to .xlsx', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const token = await storedToken(page);
  const root = (
    await (
      await page.request.get('/api/company/company/tree', { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).data[0];
  const created = await page.request.post('/api/company/company', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: '新建测试单位', shortName: '测试单位', parentId: root.id, sortOrder: 99 },
  });
  expect(created.status()).toBe(200);
  await page.reload();
  await page.getByTestId('dashboard-filter').locator('.ant-select').first().click();
  await page.keyboard.type('新建测试单位');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="新建测试单位"]').first().click();
  await page.locator('[data-testid=ring-card][data-key=gaoxueya1]').getByTestId('ring-decline-link').click();
  const decline = page.getByTestId('decline-dialog');
  await expect(decline).toContainText('暂无数据，请稍后访问');
  await decline.getByRole('button', { name: '取 消' }).click();
  await expect(decline).toBeHidden();

  await page.getByTestId('dashboard-filter').locator('.ant-select-clear').click({ force: true });
  const download = page.waitForEvent('download');
  await page.getByTestId('indicator-export').first().click();
  expect((await download).suggestedFilename()).toMatch(/^员工健康指标_血压_1_2025\.xlsx$/);
});

test('the workbench shows its count cards, the high-risk chart and the Gantt chart', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByTestId('count-card')).toHaveCount(5);
  await expect(page.locator('[data-testid=count-card][data-key=records]')).toContainText('健康档案');
  await expect(page.getByTestId('high-risk-chart').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('gantt-chart').locator('canvas')).toHaveCount(1);
  // The demo's open tasks assigned to this account, each with its status.
  const mine = page.getByTestId('my-positive-tasks').locator('tr.ant-table-row');
  await expect(mine.first()).toBeVisible();
  await expect(mine.first()).toContainText(/待处理|处理中/);
  await page.locator('[data-testid=count-card][data-key=newFindings]').click();
  await expect(page).toHaveURL(/main\/positive\/new$/);
  expect(errors).toEqual([]);
});

test('statistics pages show their tables from the demo data and export them', async ({ page }) => {
  await signIn(page, 'admin');
  for (const [path, header] of [
    ['/peis/company/statistics/yufenzu', '血压异常1级'],
    ['/peis/company/statistics/manbing', '高血压患病率(%)'],
    ['/peis/company/statistics/dabing', '大病人数'],
  ] as const) {
    await page.goto(path);
    const table = page.getByTestId('statistics-table').first();
    await expect(table).toContainText(header);
    await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
    if (path.endsWith('manbing')) {
      await table.locator('thead').getByTestId('criterion-hyperuricemiaCount').hover();
      await expect(page.locator('.ant-tooltip:visible')).toContainText('尿酸：男>428、女>357 µmol/L');
    }
  }
  const download = page.waitForEvent('download');
  await page.getByTestId('statistics-export').first().click();
  expect((await download).suggestedFilename()).toBe('大病统计_2025.xlsx');
});

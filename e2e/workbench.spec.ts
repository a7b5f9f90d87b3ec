import { expect, type Page, test } from '@playwright/test';
import { apiCall, collectPageErrors, signIn } from './helpers';

/** The 工作台 (issue 11 items 1, 2 and 5): real numbers, links to the very item, a home per role. */

const SHOTS = 'test-results/h1';

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300); // the charts redraw to the new width
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

interface HighRisk {
  checked: number;
  bars: { name: string; value: number }[];
}

/** Types a range into the chart's RangePicker. */
async function chooseRange(page: Page, start: string, end: string) {
  const inputs = page.getByTestId('high-risk-chart').locator('.ant-picker input');
  await inputs.first().click();
  await inputs.first().fill(start);
  await inputs.first().press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
}

test('高危指标统计 asks the server for the chosen range and shows its numbers; an empty range says 无数据', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const first = page.waitForRequest((r) => r.url().includes('/api/main/dashboard/high-risk'));
  await signIn(page, 'staff');
  expect(new URL((await first).url()).searchParams.get('start')).toBe('2023-01-01');
  const bars = page.getByTestId('high-risk-bars');
  const y2023 = await apiCall<HighRisk>(page, 'GET', '/main/dashboard/high-risk?start=2023-01-01&end=2023-12-31');
  await expect(bars).toHaveAttribute('data-values', y2023.bars.map((b) => b.value).join(','));
  await expect(page.getByTestId('high-risk-chart')).toContainText(`范围内体检的 ${y2023.checked} 人`);
  // Hovering the first bar (高血压) names its definition.
  const box = (await bars.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + 40 + (box.width - 56) / 10, box.y + box.height * 0.85);
  await expect(bars).toContainText('血压：收缩压≥140 和/或 舒张压≥90 mmHg');
  await expect(bars).toContainText(`高血压：${y2023.bars[0].value} 人`);

  const y2025 = await apiCall<HighRisk>(page, 'GET', '/main/dashboard/high-risk?start=2025-01-01&end=2025-12-31');
  expect(y2025.bars.map((b) => b.value)).not.toEqual(y2023.bars.map((b) => b.value));
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/main/dashboard/high-risk') && r.url().includes('start=2025-01-01'),
  );
  await chooseRange(page, '2025-01-01', '2025-12-31');
  expect(new URL((await asked).url()).searchParams.get('end')).toBe('2025-12-31');
  await expect(bars).toHaveAttribute('data-values', y2025.bars.map((b) => b.value).join(','));

  await chooseRange(page, '2010-01-01', '2010-12-31');
  await expect(page.getByTestId('high-risk-empty')).toContainText('无数据');
  await expect(bars).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('项目甘特图: staff set the planned dates in 设置计划 and the chart keeps them', async ({ page }) => {
  await signIn(page, 'staff');
  const gantt = page.getByTestId('gantt-chart');
  await expect(gantt.locator('canvas')).toHaveCount(1);
  const year = new Date().getFullYear();
  await expect(gantt).toContainText(`项目甘特图（${year} 年）`);
  // Tasks without any activity this year are named as such, not drawn as if they had some.
  const plan = await apiCall<{ tasks: { name: string; actualStart: string | null }[] }>(
    page,
    'GET',
    '/main/dashboard/plan',
  );
  const idle = plan.tasks.filter((t) => !t.actualStart).map((t) => t.name);
  if (idle.length) await expect(gantt.getByTestId('gantt-idle')).toHaveText(`本年度尚无活动记录：${idle.join('、')}`);
  else await expect(gantt.getByTestId('gantt-idle')).toHaveCount(0);
  await gantt.getByTestId('plan-edit').click();
  const form = page.getByTestId('plan-form');
  const range = form.locator('.ant-form-item', { hasText: '健康档案建档' }).locator('input');
  await range.first().click();
  await range.first().fill(`${year}-01-05`);
  await range.first().press('Enter');
  await range.nth(1).fill(`${year}-03-31`);
  await range.nth(1).press('Enter');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/main/dashboard/plan') && r.request().method() === 'PUT',
  );
  await page.getByTestId('plan-ok').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('工作计划已保存')).toBeVisible();
  await expect(page.getByTestId('gantt-tasks')).toHaveAttribute(
    'data-planned',
    new RegExp(`^${year}-01-05~${year}-03-31,`),
  );
  await page.reload();
  await expect(page.getByTestId('gantt-tasks')).toHaveAttribute(
    'data-planned',
    new RegExp(`^${year}-01-05~${year}-03-31,`),
  );
  await shoot(page, 'workbench-staff');
});

test('去处理 opens that task in the task list', async ({ page }) => {
  await signIn(page, 'staff');
  const row = page.getByTestId('my-positive-tasks').locator('tr.ant-table-row').first();
  await expect(row).toBeVisible();
  const name = (await row.locator('td').first().innerText()).trim();
  const link = row.getByTestId('my-positive-tasks-open');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/main\/positive\/task\?id=\d+$/);
  await link.click();
  await expect(page).toHaveURL(/\/main\/positive\/task\?id=\d+$/);
  await expect(page.locator('.ant-table-row', { hasText: name }).first()).toBeVisible();
});

test('the expert’s home is their own work: their own counts and to-do, no company charts or plan', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'expert');
  await page.goto('/peis/main/dashboard');
  const workbench = page.getByTestId('workbench');
  await expect(workbench).toBeVisible();
  await expect(page.getByTestId('my-todo')).toBeVisible();
  await expect(page.locator('[data-testid=count-card][data-key=myTasks]')).toContainText('我的阳性任务');
  await expect(page.getByTestId('count-card')).toHaveCount(2);
  await expect(page.getByTestId('gantt-chart')).toHaveCount(0);
  await expect(page.getByTestId('high-risk-chart')).toHaveCount(0);
  await expect(page.locator('[data-testid=count-card][data-key=records]')).toHaveCount(0);
  await expect(page.getByTestId('my-positive-tasks').locator('tr.ant-table-row').first()).toBeVisible();
  expect(errors).toEqual([]);
  await shoot(page, 'workbench-expert');
});

test('the employee keeps their own cards without the staff widgets', async ({ page }) => {
  await signIn(page, 'employee');
  await page.goto('/peis/main/dashboard');
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.locator('[data-testid=count-card][data-key=records]')).toBeVisible();
  await expect(page.getByTestId('gantt-chart')).toHaveCount(0);
  await expect(page.getByTestId('high-risk-chart')).toHaveCount(0);
  await expect(page.locator('[data-testid=count-card][data-key=highRisk]')).toHaveCount(0);
});

test('the admin’s workbench shows the charts and the 高危人群 card equal to the dashboard’s 慢病 + 重病', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/peis/main/dashboard');
  await expect(page.getByTestId('high-risk-chart').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('gantt-chart').getByTestId('plan-edit')).toBeVisible();
  const risk = await apiCall<{ name: string; value: number }[]>(page, 'GET', '/company/dashboard/fxrq?year=2025');
  const chronic = risk.filter((x) => x.name === '慢病' || x.name === '重病').reduce((s, x) => s + x.value, 0);
  await expect(page.locator('[data-testid=count-card][data-key=highRisk]').getByTestId('count-card-value')).toHaveText(
    String(chronic),
  );
});

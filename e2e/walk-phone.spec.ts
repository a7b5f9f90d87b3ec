import { expect, test } from '@playwright/test';
import { apiCall, signIn } from './helpers';

/**
 * What the walk (e2e/walk.spec.ts) showed on a phone: the company dashboard's indicator table had its counts
 * past the right edge, under 指标类别 and a wide 判定标准; a health record's 体检记录 showed 指标/单位/参考 and
 * no value. Now name, standard and total, and name and the first check's value are in view.
 */
test('on a phone the company dashboard indicator table shows each indicator with its total in view', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/peis/company/dashboard');
  const table = page.getByTestId('indicator-table');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await table.locator('thead').scrollIntoViewIfNeeded();
  const header = table.locator('thead th', { hasText: '合计(人次)' });
  const box = await header.boundingBox();
  expect(box, '合计(人次) header').not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(table.locator('thead th', { hasText: '判定标准' })).toBeInViewport();
  await expect(table.locator('thead th', { hasText: '指标类别' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/walk/admin-390-indicator-table.png' });
});

test('on a phone a health record’s check table shows each indicator beside its first value', async ({ page }) => {
  await signIn(page, 'staff');
  await page.setViewportSize({ width: 390, height: 844 });
  const checks = await apiCall<{ records: { employeeId: number }[] }>(page, 'GET', '/phr/check?pageSize=1');
  await page.goto(`/peis/main/phr/detail/${checks.records[0].employeeId}`);
  const table = page.getByTestId('phr-checks-table');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  const heads = table.locator('thead th');
  await expect(heads.first()).toHaveText('指标');
  // The second header is the first check's date, wholly inside the screen; the unit and reference ride
  // under the name (收缩压 · mmHg).
  await expect(heads.nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  const box = await heads.nth(1).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(table.locator('.ant-table-row', { hasText: '收缩压' })).toContainText('mmHg');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/walk/staff-390-phr-checks.png' });
});

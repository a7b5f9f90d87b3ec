import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chooseInCell,
  chooseOption,
  collectPageErrors,
  deleteRow,
  discardChanges,
  searchResourceRow,
  signIn,
} from './helpers';

/**
 * 运动库 (issue 12): a 运动模板 built from two items shows its weekly minutes, moderate-equivalent minutes and
 * MET-minutes while it is typed, in the list and in 查看; a 运动项目's intensity follows its MET across 6.
 * Screenshots at 1440 × 900 and 390 × 844 go to test-results/fitness-library/ (looked at by hand).
 */
const SHOTS = 'test-results/fitness-library';
const stamp = () => String(Date.now()).slice(-6);

/** Picks the 运动项目 of template line `row` by typing part of its name. */
const pickItem = (page: Page, form: Locator, row: number, search: string, name: string) =>
  chooseInCell(page, form, { collection: 'lines', row, field: 'itemId' }, search, name);

test('运动模板: two items, the weekly totals live in the form, in the list and in 查看', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = `测试运动模板${stamp()}`;
  await signIn(page, 'staff');
  await page.goto('/peis/main/fitness/template');
  await expect(page.getByTestId('resource-table')).toContainText('糖尿病运动处方');
  await page.screenshot({ path: `${SHOTS}/template-list-1440.png`, fullPage: true });

  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('模板名称', { exact: true }).fill(name);
  await chooseOption(page, form, '适用人群', '一般人群');
  await page.getByTestId('child-add-lines').click();
  await page.getByTestId('child-add-lines').click();
  await pickItem(page, form, 0, '快走（约5.6', '快走（约5.6公里/小时）');
  await form.getByLabel('每次（分钟）（第1行）').fill('30');
  await form.getByLabel('每周（次）（第1行）').fill('3');
  await pickItem(page, form, 1, '慢跑', '慢跑');
  await form.getByLabel('每次（分钟）（第2行）').fill('20');
  await form.getByLabel('每周（次）（第2行）').fill('2');

  // 30×3 brisk walking (4.3 MET, 中) + 20×2 jogging (7 MET, 高, counted twice).
  const preview = page.getByTestId('plan-preview');
  await expect(preview.getByTestId('plan-weekly-minutes')).toContainText('130');
  await expect(preview.getByTestId('plan-moderate-minutes')).toContainText('170');
  await expect(preview.getByTestId('plan-met-minutes')).toContainText('667');
  await expect(preview.locator('tbody tr.ant-table-row').nth(1)).toContainText('高');
  await expect(preview.getByTestId('plan-goal')).toContainText('抗阻训练每周0天，应为至少2天');
  await page.screenshot({ path: `${SHOTS}/template-form-1440.png`, fullPage: true });

  // A third line of resistance training reaches the 一般人群 goal.
  await page.getByTestId('child-add-lines').click();
  await pickItem(page, form, 2, '抗阻训练', '抗阻训练（多组动作，中等负荷）');
  await form.getByLabel('每次（分钟）（第3行）').fill('20');
  await form.getByLabel('每周（次）（第3行）').fill('2');
  await expect(preview.getByTestId('plan-moderate-minutes')).toContainText('210');
  await expect(preview.getByTestId('plan-goal')).toContainText('达到本人群目标');
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();

  const row = await searchResourceRow(page, '模板名称', name);
  await expect(row).toHaveCount(1);
  // 中等强度当量, MET·分钟/周, 总时长 computed by the server.
  await expect(row).toContainText('210');
  await expect(row).toContainText(String(Math.round(4.3 * 90 + 7 * 40 + 3.5 * 40)));
  await expect(row).toContainText('170');

  await row.getByTestId('row-view').click();
  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByTestId('plan-detail').getByTestId('plan-weekly-minutes')).toContainText('170');
  await expect(detail.getByTestId('plan-detail')).toContainText('慢跑');
  await page.screenshot({ path: `${SHOTS}/template-detail-1440.png`, fullPage: true });
  await detail.page().keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await deleteRow(page, row);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/peis/main/fitness/template');
  await expect(page.getByTestId('resource-table')).toContainText('糖尿病运动处方');
  await page.screenshot({ path: `${SHOTS}/template-list-390.png`, fullPage: true });
  await page
    .getByTestId('resource-table')
    .locator('.list-card', { hasText: '糖尿病运动处方' })
    .getByTestId('row-edit')
    .click();
  await expect(page.getByTestId('plan-preview').getByTestId('plan-goal')).toContainText('达到本人群目标');
  await page.screenshot({ path: `${SHOTS}/template-form-390.png` });
  await page.getByTestId('plan-preview').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/template-preview-390.png` });
  expect(errors).toEqual([]);
});

test('运动项目: the intensity follows the MET across 6 (5.9 中 → 6 高)', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = `测试运动项目${stamp()}`;
  await signIn(page, 'staff');
  await page.goto('/peis/main/fitness/items');
  await expect(page.getByTestId('resource-table')).toContainText('快走（约5.6公里/小时）');
  await page.screenshot({ path: `${SHOTS}/items-1440.png`, fullPage: true });

  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('项目名称', { exact: true }).fill(name);
  await chooseOption(page, form, '项目类别', '骑行');
  await chooseOption(page, form, '运动类型', '有氧耐力');
  await form.getByLabel('MET值', { exact: true }).fill('5.9');
  await form.getByLabel('纲要代码', { exact: true }).fill('01019');
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();

  const row = await searchResourceRow(page, '项目名称', name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('中');
  await expect(row).toContainText('18-80');

  await row.getByTestId('row-edit').click();
  await form.getByLabel('MET值', { exact: true }).fill('6');
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('高');
  await expect(row).not.toContainText('中');

  // A wrong age range is refused by the server on its field.
  await row.getByTestId('row-edit').click();
  await form.getByLabel('最小适用年龄', { exact: true }).fill('70');
  await form.getByLabel('最大适用年龄', { exact: true }).fill('40');
  await page.getByTestId('resource-form-ok').click();
  await expect(form.getByText('最大适用年龄不能小于最小适用年龄')).toBeVisible();
  await page.getByTestId('resource-form-cancel').click();
  await discardChanges(page);
  await deleteRow(page, row);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/peis/main/fitness/items');
  await expect(page.getByTestId('resource-table')).toContainText('快走（约5.6公里/小时）');
  await page.screenshot({ path: `${SHOTS}/items-390.png`, fullPage: true });
  await page.goto('/peis/main/fitness/principles');
  await expect(page.getByTestId('resource-table')).toContainText('运动禁忌与暂缓运动（先转诊）');
  await page.screenshot({ path: `${SHOTS}/principles-390.png`, fullPage: true });
  expect(errors).toEqual([]);
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectPageErrors, searchResourceRow as searchRow, signIn } from './helpers';

/**
 * 膳食库 (issue 12): a dish built from two ingredients shows one serving's nutrients while it is typed and in the
 * list; a cookbook's 查看 shows every day's energy and protein/fat/carbohydrate shares. Screenshots at 1440 × 900
 * and 390 × 844 go to /tmp/hA-shots (looked at by hand).
 */
const SHOTS = '/tmp/hA-shots';
const stamp = () => String(Date.now()).slice(-6);

/** Searches the list by name; on a phone the filters fold behind 筛选 first. */
async function searchResourceRow(page: Page, label: string, text: string) {
  const toggle = page.getByTestId('resource-search-toggle');
  if (await toggle.isVisible()) await toggle.click();
  return searchRow(page, label, text);
}

/** Picks an option of the antd Select of the form item labelled `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const item = scope.locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) });
  await item.locator('.ant-select').first().click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(option, { exact: true })
    .click();
}

/** Picks the ingredient of dish line `row` by typing its name into the remote select. */
async function pickIngredient(page: Page, form: Locator, row: number, name: string) {
  const cell = form.getByTestId('child-row-lines').nth(row).getByTestId('child-cell-ingredientId');
  await cell.locator('.ant-select').click();
  await cell.locator('input').fill(name);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(name, { exact: true }).click();
}

for (const size of [
  { width: 1440, height: 900, tag: '1440' },
  { width: 390, height: 844, tag: '390' },
]) {
  test(`菜品: two ingredients with grams, the nutrients live in the form and in the list (${size.tag})`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const name = `番茄鸡蛋${stamp()}`;
    await signIn(page, 'staff');
    await page.setViewportSize(size);
    await page.goto('/peis/main/diet/dishes');
    await expect(page.getByTestId('resource-table')).toContainText('清蒸鲈鱼');

    await page.getByTestId('resource-create').click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('名称', { exact: true }).fill(name);
    await choose(page, form, '类别', '荤菜');
    await form.getByRole('checkbox', { name: '午餐' }).check();
    await page.getByTestId('child-add-lines').click();
    await page.getByTestId('child-add-lines').click();
    await pickIngredient(page, form, 0, '番茄');
    await form.getByLabel('重量（克）（第1行）').fill('200');
    await pickIngredient(page, form, 1, '鸡蛋');
    await form.getByLabel('重量（克）（第2行）').fill('100');

    // 番茄 200 g × 15 kcal/100 g + 鸡蛋 100 g × 139 kcal/100 g = 169 kcal; protein 1.8 + 13.1 = 14.9 g.
    const figures = page.getByTestId('dish-nutrients');
    await expect(figures.getByTestId('nutrient-kcal')).toHaveText('169 千卡');
    await expect(figures).toContainText('14.9 克');
    await form.getByLabel('重量（克）（第2行）').fill('50');
    await expect(figures.getByTestId('nutrient-kcal')).toHaveText('100 千卡');
    await form.getByLabel('重量（克）（第2行）').fill('100');
    await expect(figures.getByTestId('nutrient-kcal')).toHaveText('169 千卡');
    await page.screenshot({ path: `${SHOTS}/dish-form-${size.tag}.png`, fullPage: true });

    await page.getByTestId('resource-form-ok').click();
    await expect(form).toBeHidden();
    const row = await searchResourceRow(page, '名称', name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('169');
    // A phone's card shows the essentials (名称, 能量); the wide table all four.
    if (size.width > 1000) await expect(row).toContainText('14.9');
    await page.screenshot({ path: `${SHOTS}/dish-list-${size.tag}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test(`食谱: 查看 shows every day's energy and macronutrient shares (${size.tag})`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await signIn(page, 'staff');
    await page.setViewportSize(size);
    await page.goto('/peis/main/diet/cookbook');
    await expect(page.getByTestId('resource-table')).toContainText('减重膳食');
    const row = await searchResourceRow(page, '名称', '普通膳食（1800–2000千卡）');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('1800-2000');
    await page.screenshot({ path: `${SHOTS}/cookbook-list-${size.tag}.png`, fullPage: true });
    await row.getByTestId('row-view').click();
    const detail = page.getByTestId('resource-detail');
    const days = detail.getByTestId('cookbook-day');
    await expect(days).toHaveCount(7);
    for (let i = 0; i < 7; i++) {
      const text = (await days.nth(i).getByTestId('day-kcal').innerText()).trim();
      const kcal = Number(text.replace(/[^\d]/g, ''));
      expect(kcal, text).toBeGreaterThanOrEqual(1800);
      expect(kcal, text).toBeLessThanOrEqual(2000);
      await expect(days.nth(i)).toContainText(/蛋白质|克（\d+%）/);
    }
    await expect(page.getByTestId('cookbook-days')).toContainText('早餐：');
    await expect(detail.locator('.ant-tag-error')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/cookbook-detail-${size.tag}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test(`食谱: the form computes every day as the 餐单 changes and marks a day outside the range (${size.tag})`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signIn(page, 'staff');
    await page.setViewportSize(size);
    await page.goto('/peis/main/diet/cookbook');
    await expect(page.getByTestId('resource-table')).toContainText('减重膳食');
    const row = await searchResourceRow(page, '名称', '减重膳食（1200–1400千卡）');
    await row.getByTestId('row-edit').click();
    const form = page.getByTestId('resource-form');
    const preview = page.getByTestId('cookbook-preview');
    await expect(preview.getByTestId('cookbook-day')).toHaveCount(7);
    await expect(preview.locator('.ant-tag-error')).toHaveCount(0);
    // Three servings of the first meal's first dish push day 1 over 1400 kcal; the day says so at once.
    await form.getByLabel('份数（第1行）').fill('3');
    await expect(preview.getByTestId('cookbook-day').first().locator('.ant-tag-error')).toContainText('超出范围');
    await page.screenshot({ path: `${SHOTS}/cookbook-form-${size.tag}.png`, fullPage: false });
    // Saving is refused naming the day.
    await page.getByTestId('resource-form-ok').click();
    await expect(page.locator('.ant-message')).toContainText(/第1天能量\d+千卡，不在本食谱范围1200–1400千卡内/);
    await expect(form).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('食材: a typo in 能量 is refused under the field naming the computed value; the catalogues at both sizes', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  await page.goto('/peis/main/diet/ingredients');
  await expect(page.getByTestId('resource-table')).toContainText('马铃薯');
  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('名称', { exact: true }).fill(`燕麦片${stamp()}`);
  await choose(page, form, '食物类别', '谷薯类');
  // 4 × 15 + 9 × 6.7 + 4 × 61.6 = 367 kcal; 3670 is a slipped digit (over the 900 limit), 36.7 a dropped one.
  await form.getByLabel('能量（千卡）').fill('36.7');
  await form.getByLabel('蛋白质（克）').fill('15');
  await form.getByLabel('脂肪（克）').fill('6.7');
  await form.getByLabel('碳水化合物（克）').fill('61.6');
  await form.getByLabel('数据来源').fill('产品包装营养成分表');
  await page.getByTestId('resource-form-ok').click();
  const kcalItem = form.locator('.ant-form-item', { has: page.locator('label[title="能量（千卡）"]') });
  await expect(kcalItem).toContainText('计算约为367千卡');
  await expect(form).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ingredient-refused-1440.png` });
  await form.getByLabel('能量（千卡）').fill('367');
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();

  for (const size of [
    { width: 1440, height: 900, tag: '1440' },
    { width: 390, height: 844, tag: '390' },
  ]) {
    await page.setViewportSize(size);
    for (const [path, text] of [
      ['ingredients', '马铃薯'],
      ['dtcm', '当归生姜羊肉汤'],
      ['principles', '糖尿病膳食原则'],
    ]) {
      await page.goto(`/peis/main/diet/${path}`);
      await expect(page.getByTestId('resource-table')).toContainText(text);
      await page.screenshot({ path: `${SHOTS}/${path}-list-${size.tag}.png`, fullPage: true });
    }
  }
  expect(errors).toEqual([]);
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { discardChanges, searchResourceRow, signIn } from './helpers';

// Irreversible actions say what will happen to whom; what the server refuses is not offered; changed forms
// are not dropped without asking (issue 11 item 7).

const SHOTS = 'test-results/h4';

/** The open 放弃未保存的修改？ question. */
const discardQuestion = (page: Page) => page.locator('.ant-modal-confirm').filter({ hasText: '放弃未保存的修改？' });

test('built-in rows offer no delete, with the reason; other rows name the record in the delete question', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/user');
  const admin = await searchResourceRow(page, '用户名', 'admin');
  const adminRow = admin.filter({ has: page.locator('td', { hasText: /^admin$/ }) });
  const refused = adminRow.getByTestId('row-delete');
  await expect(refused).toBeDisabled();
  await refused.hover({ force: true });
  await expect(page.locator('.ant-tooltip')).toContainText('内置管理员账号不能删除');

  const staff = await searchResourceRow(page, '用户名', 'staff');
  const staffRow = staff.filter({ has: page.locator('td', { hasText: /^staff$/ }) });
  await staffRow.getByTestId('row-delete').click();
  const ask = page.locator('.ant-popconfirm');
  await expect(ask).toContainText('确定删除用户“staff”吗？');
  await expect(ask).toContainText('删除后不再出现在列表中');
  await page.screenshot({ path: `${SHOTS}/user-delete-1440.png` });
  await ask.getByRole('button', { name: /取\s*消/ }).click();

  await page.goto('/peis/company/role');
  const table = page.getByTestId('resource-table');
  const builtIn = table.locator('tr.ant-table-row', { hasText: '公司管理员' });
  await expect(builtIn.getByTestId('row-delete')).toBeDisabled();
  await builtIn.getByTestId('row-delete').hover({ force: true });
  await expect(page.locator('.ant-tooltip')).toContainText('内置角色不能删除');
  // Every seeded role is built in: none offers 删除.
  const deletes = table.getByTestId('row-delete');
  await expect(deletes.first()).toBeVisible();
  for (const button of await deletes.all()) await expect(button).toBeDisabled();
});

test('a catalogue with a deleted view names the record and says where it can be restored', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/Facility');
  const row = page.getByTestId('resource-table').locator('tr.ant-table-row').first();
  const name = (await row.locator('td').first().innerText()).trim();
  await row.getByTestId('row-delete').click();
  const ask = page.locator('.ant-popconfirm');
  await expect(ask).toContainText(`确定删除医疗设施“${name}”吗？`);
  await expect(ask).toContainText('删除后可在“已删除”中恢复');
  await ask.getByRole('button', { name: /取\s*消/ }).click();
});

test('the 4-tab record form asks before dropping changes: ✕, 取 消 and a move to another page', async ({ page }) => {
  await signIn(page, 'staff');
  // Reached from 体检数据 through the menu, so the browser's back is a move inside the console.
  await page.goto('/peis/main/phr/check');
  await page
    .getByTestId('side-menu')
    .locator('li.ant-menu-item')
    .filter({ hasText: /^健康档案$/ })
    .click();
  await expect(page).toHaveURL(/\/peis\/main\/phr$/);
  const dialog = page.getByTestId('phr-dialog');
  const mobile = dialog.getByTestId('phr-field-mobile');
  const edit = page.getByTestId('phr-table').getByTestId('phr-row-edit').first();

  // Unchanged: 取 消 closes at once.
  await edit.click();
  await expect(mobile).toBeVisible();
  await dialog.getByTestId('phr-cancel').click();
  await expect(dialog).toBeHidden();
  await expect(discardQuestion(page)).toHaveCount(0);

  // Changed: 取 消 asks; 继续编辑 keeps the dialog and the typed value.
  await edit.click();
  await mobile.fill('13900000002');
  await dialog.getByTestId('phr-cancel').click();
  await expect(discardQuestion(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/discard-1440.png` });
  await discardQuestion(page).getByTestId('discard-cancel').click();
  await expect(dialog).toBeVisible();
  await expect(mobile).toHaveValue('13900000002');

  // The corner ✕ asks too.
  await dialog.locator('.ant-modal-close').click();
  await expect(discardQuestion(page)).toBeVisible();
  await discardQuestion(page).getByTestId('discard-cancel').click();
  await expect(mobile).toHaveValue('13900000002');

  // Going to another page of the console (the browser's back) waits for the answer.
  await page.goBack();
  await expect(discardQuestion(page)).toBeVisible();
  await discardQuestion(page).getByTestId('discard-cancel').click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/peis\/main\/phr$/);

  // 放弃修改 closes without saving.
  await dialog.getByTestId('phr-cancel').click();
  await discardChanges(page);
  await expect(dialog).toBeHidden();
  await edit.click();
  await expect(mobile).not.toHaveValue('13900000002');

  // On a phone the question fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await mobile.fill('13900000003');
  await dialog.getByTestId('phr-cancel').click();
  await expect(discardQuestion(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/discard-390.png` });
  await discardChanges(page);
});

test('a generic resource form asks too, and a saved form closes without asking', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/Facility');
  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('名称', { exact: true }).fill('确认测试设施');
  await page.keyboard.press('Escape');
  await expect(discardQuestion(page)).toBeVisible();
  await discardQuestion(page).getByTestId('discard-cancel').click();
  await expect(form).toBeVisible();
  await page.getByTestId('resource-form-cancel').click();
  await discardChanges(page);
  await expect(form).toBeHidden();

  // A changed record that is saved closes at once.
  await page.getByTestId('resource-table').locator('tr.ant-table-row').first().getByTestId('row-edit').click();
  const location = form.getByLabel('位置', { exact: true });
  await expect(location).not.toHaveValue('');
  await location.fill(`${await location.inputValue()}A`.slice(-100));
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();
  await expect(discardQuestion(page)).toHaveCount(0);
});

/** The POSTs the page sends to `path` from now on (a transfer must send none before its question is answered). */
function postsTo(page: Page, path: string): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(path)) posts.push(r.url());
  });
  return posts;
}

/** Picks a unit by its full name in the tree picker of a form item. */
async function pickUnit(page: Page, item: Locator, name: string) {
  const select = item.locator('.ant-select');
  await select.click();
  await page.keyboard.type(name);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .locator(`.ant-select-tree-node-content-wrapper[title="${name}"]`)
    .first()
    .click();
  await expect(select).toContainText(name);
}

test('员工调动 asks first, naming the people, the units they leave and join, and what moves with them', async ({
  page,
}) => {
  const posts = postsTo(page, '/api/account/transfer');
  await signIn(page, 'admin');
  await page.goto('/peis/company/account/transfer');
  const rows = page.getByTestId('transfer-employee-table').locator('tr.ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  const nameOf = async (i: number) => (await rows.nth(i).locator('td').nth(1).innerText()).trim();
  const first = await nameOf(0);
  const second = await nameOf(1);
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  const form = page.getByTestId('transfer-form');
  await pickUnit(page, form.locator('.ant-form-item', { hasText: '调入单位' }), '第二采油厂');
  await page.getByTestId('transfer-reason').fill('岗位调整');

  await page.getByTestId('transfer-submit').click();
  const summary = page.getByTestId('transfer-confirm');
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确定调动以下2人？');
  await expect(summary).toContainText(`${first}、${second}（2人）`);
  await expect(summary).toContainText('原单位：');
  await expect(summary).toContainText('调入单位：第二采油厂（采油二厂）');
  await expect(summary).toContainText('调动原因：岗位调整');
  await expect(summary).toContainText('健康档案、体检数据、阳性发现与阳性任务、随访计划与记录');
  await page.screenshot({ path: `${SHOTS}/transfer-confirm-1440.png` });
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(summary).toBeHidden();
  expect(posts).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('transfer-submit').click();
  await expect(summary).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/transfer-confirm-390.png` });
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定调动' }).click();
  await expect(page.locator('.ant-message')).toContainText('已调动');
  expect(posts).toHaveLength(1);
});

test('档案转移 asks first, naming the people, the target unit and the responsible staff member', async ({ page }) => {
  const posts = postsTo(page, '/api/phr/transfer');
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr/transfer');
  const rows = page.getByTestId('phr-transfer-records').locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const name = (await rows.first().locator('td').nth(1).innerText()).trim();
  // The 单位 cell, found by its header (the column order may change).
  const headers = await page.getByTestId('phr-transfer-records').locator('thead th').allInnerTexts();
  const unit = (
    await rows
      .first()
      .locator('td')
      .nth(headers.findIndex((h) => h.trim() === '单位'))
      .innerText()
  ).trim();
  await rows.first().locator('.ant-checkbox-input').check();
  const form = page.getByTestId('phr-transfer-form');
  await pickUnit(page, form.locator('.ant-form-item', { hasText: '目标单位' }), '第一采油厂第二作业区');
  await page.getByTestId('phr-transfer-reason').fill('工作调动');
  await page.getByTestId('phr-transfer-submit').click();
  const summary = page.getByTestId('transfer-confirm');
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确定转移以下1人？');
  await expect(summary).toContainText(`人员：${name}（1人）`);
  await expect(summary).toContainText(`原单位：${unit} 1人`);
  await expect(summary).toContainText('目标单位：第一采油厂第二作业区（采油一厂二区）');
  await expect(summary).toContainText('责任人：不变');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(summary).toBeHidden();
  expect(posts).toEqual([]);
});

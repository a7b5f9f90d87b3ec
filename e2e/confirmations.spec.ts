import { expect, type Page, test } from '@playwright/test';
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

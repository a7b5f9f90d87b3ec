import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectPageErrors, deleteRow, searchResourceRow, signIn } from './helpers';

/** Picks an option of the antd Select or TreeSelect of the form item labelled `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const item = scope.locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) });
  await item.locator('.ant-select').first().click();
  // Searchable pickers (the unit tree) narrow to the option, which a virtual list may not have drawn yet.
  if (await item.locator('.ant-select-show-search').count()) await page.keyboard.type(option);
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open
    .locator(`.ant-select-item-option[title="${option}"], .ant-select-tree-node-content-wrapper[title="${option}"]`)
    .first()
    .click();
  await expect(item.locator('.ant-select')).toContainText(option);
}

const stamp = () => String(Date.now()).slice(-6);

test('医疗设施: create, search, edit, delete and restore', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = `测试医务室${stamp()}`;
  await signIn(page, 'admin');
  await page.goto('/peis/company/Facility');
  await expect(page.getByTestId('resource-list')).toBeVisible();

  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await expect(form).toBeVisible();
  // SPEC §5: a required field says 必填项 on change.
  await form.getByLabel('名称', { exact: true }).fill('x');
  await form.getByLabel('名称', { exact: true }).fill('');
  await expect(form.getByText('必填项').first()).toBeVisible();
  await form.getByLabel('名称', { exact: true }).fill(name);
  await choose(page, form, '类型', '健康小屋');
  await choose(page, form, '所属单位', '第二采油厂');
  await form.getByLabel('位置', { exact: true }).fill('二号院');
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();

  const row = await searchResourceRow(page, '名称', name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('采油二厂');

  await row.getByTestId('row-edit').click();
  await expect(form.getByLabel('位置', { exact: true })).toHaveValue('二号院');
  await form.getByLabel('位置', { exact: true }).fill('三号院');
  await page.getByTestId('resource-form-ok').click();
  await expect(row).toContainText('三号院');

  await deleteRow(page, row);
  await page.getByTestId('resource-deleted-toggle').getByText('已删除').click();
  const deleted = page.getByTestId('resource-table').locator('tr', { hasText: name });
  await deleted.getByTestId('row-restore').click();
  await expect(deleted).toHaveCount(0);
  await page.getByTestId('resource-deleted-toggle').getByText('在用记录').click();
  await expect(page.getByTestId('resource-table').locator('tr', { hasText: name })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('字典管理 and 帮助: create, search, delete and restore', async ({ page }) => {
  const name = `测试职称${stamp()}`;
  await signIn(page, 'admin');
  await page.goto('/peis/main/settings/dict');
  // One dictionary type at a time: 职称's list, where 新增 starts with 职称.
  await page.getByTestId('dict-type-title').click();
  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await expect(form.locator('.ant-form-item').filter({ hasText: '字典' }).first()).toContainText('职称');
  await form.getByLabel('名称', { exact: true }).fill(name);
  await form.getByLabel('值', { exact: true }).fill(`v${stamp()}`);
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();
  const row = await searchResourceRow(page, '名称', name);
  await expect(row).toHaveCount(1);
  await deleteRow(page, row);
  await page.getByTestId('resource-deleted-toggle').getByText('已删除').click();
  await page.getByTestId('resource-table').locator('tr', { hasText: name }).getByTestId('row-restore').click();
  await expect(page.getByTestId('resource-table').locator('tr', { hasText: name })).toHaveCount(0);
});

test('员工账户: an invalid ID number is refused with its reason; deleted accounts are restored from 已删除', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/account');
  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('姓名', { exact: true }).fill('测试员工');
  await form.getByLabel('身份证号', { exact: true }).fill('110105194912310021');
  await choose(page, form, '所属单位', '第三采油厂');
  await page.getByTestId('resource-form-ok').click();
  await expect(form.getByText('身份证号校验位错误')).toBeVisible();
  await form.getByLabel('身份证号', { exact: true }).fill('11010519491231002X');
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();
  const row = await searchResourceRow(page, '姓名', '测试员工');
  await expect(row).toContainText('1101**********002X');
  await deleteRow(page, row);

  await page.goto('/peis/company/account/isdelete');
  const deleted = page.getByTestId('resource-table').locator('tr', { hasText: '测试员工' });
  await deleted.getByTestId('row-restore').click();
  await expect(deleted).toHaveCount(0);
});

test('avatar upload messages of SPEC §5, and the audit log shows a change', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/expert');
  await page.getByTestId('resource-create').click();
  const uploader = page.getByTestId('resource-form').getByTestId('avatar-uploader');
  const input = uploader.locator('input[type=file]');
  await input.setInputFiles({
    name: 'photo.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a\x01\x00\x01\x00', 'binary'),
  });
  await expect(page.locator('.ant-message')).toContainText('上传图片只能是 JPG/PNG 格式!');
  const big = Buffer.alloc(3 * 1024 * 1024, 0);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.locator('.ant-message')).toContainText('上传头像图片大小不能超过 2MB!');
  await page.getByTestId('resource-form-cancel').click();

  await page.goto('/peis/main/oplog');
  // 用户 shows the account's person name (the sign-in name on hover).
  await expect(page.getByTestId('oplog-table')).toContainText('系统管理员');
  await expect(page.getByTestId('oplog-table')).toContainText(/新增|恢复|删除/);
});

test('个人设置: a new picture and name show in the header once saved', async ({ page }) => {
  await signIn(page, 'expert');
  await page.goto('/peis/main/settings/user');
  const form = page.getByTestId('profile-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveCount(0);
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await form.getByTestId('avatar-uploader').locator('input[type=file]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(form.getByTestId('avatar-uploader').locator('.ant-upload-list-item')).toHaveCount(1);
  await form.getByTestId('profile-name').fill('专家测试名');
  await form.getByTestId('profile-save').click();
  await expect(page.locator('.ant-message')).toContainText('保存成功');
  await expect(page.getByTestId('header-user-name')).toHaveText('专家测试名');
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', /\/api\/files\/\d+\?token=/);
});

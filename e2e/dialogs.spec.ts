import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, discardChanges, signIn } from './helpers';

// Every form dialog starts from the record it opens for: what was typed for one person and cancelled (or saved)
// never shows in the dialog of the next person, where it could be saved on the wrong record.

/** The antd Modal holding the element with this test id. */
const modalOf = (page: Page, testId: string) => page.locator('.ant-modal').filter({ has: page.getByTestId(testId) });

/** Cancels the dialog holding `testId` (its values `changed`: after 放弃修改) and waits until it is gone. */
async function cancel(page: Page, testId: string, changed = false) {
  await modalOf(page, testId)
    .getByRole('button', { name: /取\s*消/ })
    .click();
  if (changed) await discardChanges(page);
  await expect(page.getByTestId(testId)).toBeHidden();
}

/**
 * Two rows of a table that show `button`, for two different people (the text of cell `nameCell`), or just two
 * different records when `nameCell` is null.
 */
async function twoRows(table: Locator, button: string, nameCell: number | null) {
  const rows = table.locator('tr.ant-table-row').filter({ has: table.page().getByTestId(button) });
  await expect(rows.nth(1)).toBeVisible();
  const found = await rows.evaluateAll(
    (trs, cell) =>
      trs.map((tr) => ({
        key: tr.getAttribute('data-row-key') ?? '',
        name: cell === null ? tr.getAttribute('data-row-key') : (tr.querySelectorAll('td')[cell]?.textContent ?? ''),
      })),
    nameCell,
  );
  const a = found[0];
  const b = found.find((r) => r.name?.trim() !== a.name?.trim());
  if (!b) throw new Error(`no second person among ${found.length} rows`);
  const row = (key: string) => table.locator(`tr.ant-table-row[data-row-key="${key}"]`);
  return { a: row(a.key), b: row(b.key), nameA: a.name?.trim() ?? '', nameB: b.name?.trim() ?? '' };
}

/** Picks the first option of an antd Select (other than `not`, when given); returns its text. */
async function pickOption(page: Page, select: Locator, not?: string): Promise<string> {
  await select.click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  const option = (not ? options.filter({ hasNotText: not }) : options).first();
  const text = (await option.innerText()).trim();
  await option.click();
  await expect(select).toContainText(text);
  return text;
}

/** The checked button of an antd Radio.Group. */
const checkedRadio = (group: Locator) => group.locator('.ant-radio-wrapper-checked, .ant-radio-button-wrapper-checked');

const stamp = () => String(Date.now()).slice(-6);

test('阳性任务 处理: a cancelled 转诊 and note do not carry to the next person, nor a saved note to the next 处理', async ({
  page,
}) => {
  await signIn(page, 'staff');
  // The list puts open tasks first (status, then due date): the first page has 处理 rows of several people.
  await page.goto('/peis/main/positive/task');
  const table = page.getByTestId('positive-task-table');
  const { a, b, nameA, nameB } = await twoRows(table, 'task-handle', 0);
  const form = page.getByTestId('task-handle-form');

  await a.getByTestId('task-handle').click();
  await expect(modalOf(page, 'task-handle-form')).toContainText(nameA);
  await form.getByTestId('task-action').getByText('转诊').click();
  await page.getByTestId('task-action-note').fill('已转诊至总医院心内科');
  await cancel(page, 'task-handle-form', true);

  await b.getByTestId('task-handle').click();
  await expect(modalOf(page, 'task-handle-form')).toContainText(nameB);
  await expect(checkedRadio(form.getByTestId('task-action'))).toHaveText('电话沟通');
  await expect(page.getByTestId('task-action-note')).toHaveValue('');
  await cancel(page, 'task-handle-form');

  // A saved record: the next 处理 of the same task starts empty too.
  const keyA = await a.getAttribute('data-row-key');
  await a.getByTestId('task-handle').click();
  await page.getByTestId('task-action-note').fill('电话告知复查血压');
  await page.getByTestId('task-action-submit').click();
  await expect(form).toBeHidden();
  await page.getByTestId('positive-task-search').getByLabel('姓名').fill(nameA);
  await page.getByTestId('positive-task-search-submit').click();
  const again = table.locator(`tr.ant-table-row[data-row-key="${keyA}"]`);
  await expect(again).toContainText('处理中');
  await again.getByTestId('task-handle').click();
  await expect(modalOf(page, 'task-handle-form')).toContainText(nameA);
  await expect(page.getByTestId('task-action-note')).toHaveValue('');
  await expect(checkedRadio(form.getByTestId('task-action'))).toHaveText('电话沟通');
});

test('阳性任务 改派: a handler picked for one task and cancelled does not show on the next task', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/task');
  const { a, b, nameB } = await twoRows(page.getByTestId('positive-task-table'), 'task-assign', 0);
  const form = page.getByTestId('task-assign-form');
  const picker = form.locator('.ant-select').first();

  await b.getByTestId('task-assign').click();
  await expect(modalOf(page, 'task-assign-form')).toContainText(nameB);
  // The 处理人 cell, found by its header (the column order may change).
  const headers = await page.getByTestId('positive-task-table').locator('thead th').allInnerTexts();
  const handlerB = (
    await b
      .locator('td')
      .nth(headers.findIndex((h) => h.trim() === '处理人'))
      .innerText()
  ).trim();
  await expect(picker).toContainText(handlerB);
  const dueB = await form.locator('.ant-picker input').inputValue();
  await cancel(page, 'task-assign-form');

  await a.getByTestId('task-assign').click();
  await pickOption(page, picker, handlerB);
  await cancel(page, 'task-assign-form', true);

  await b.getByTestId('task-assign').click();
  await expect(modalOf(page, 'task-assign-form')).toContainText(nameB);
  await expect(picker).toContainText(handlerB);
  await expect(form.locator('.ant-picker input')).toHaveValue(dueB);
});

test('新增阳性 确认 and 排除: a handler, note or reason typed for one finding and cancelled is not on the next', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/new');
  // The first cell is the row's check box.
  const { a, b, nameB } = await twoRows(page.getByTestId('positive-new-table'), 'positive-confirm', 1);

  const confirm = page.getByTestId('positive-confirm-form');
  const picker = confirm.locator('.ant-select').first();
  await a.getByTestId('positive-confirm').click();
  await pickOption(page, picker);
  await confirm.locator('textarea').fill('请本周内复查');
  await cancel(page, 'positive-confirm-form', true);

  await b.getByTestId('positive-confirm').click();
  await expect(modalOf(page, 'positive-confirm-form')).toContainText(nameB);
  await expect(picker.locator('.ant-select-placeholder')).toBeVisible();
  await expect(confirm.locator('textarea')).toHaveValue('');
  await cancel(page, 'positive-confirm-form');

  const dismiss = page.getByTestId('positive-dismiss-form');
  await a.getByTestId('positive-dismiss').click();
  await dismiss.locator('textarea').fill('复查正常');
  await cancel(page, 'positive-dismiss-form', true);
  await b.getByTestId('positive-dismiss').click();
  await expect(modalOf(page, 'positive-dismiss-form')).toContainText(nameB);
  await expect(dismiss.locator('textarea')).toHaveValue('');
});

/** Two follow-up plans (电话, 上门) for two people, made through the API; their list rows. */
async function twoPlans(page: Page) {
  const people = await apiCall<{ records: { id: number; name: string }[] }>(page, 'GET', '/phr?pageSize=2');
  const s = stamp();
  const titles = [`对话框随访甲${s}`, `对话框随访乙${s}`];
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  for (const [i, title] of titles.entries()) {
    await apiCall(page, 'POST', '/follow-up/task', {
      employeeId: people.records[i].id,
      title,
      method: i + 1,
      frequencyDays: 30,
      nextDate: today,
      note: `计划备注${i}`,
    });
  }
  await page.goto('/peis/main/follow-up/task');
  const table = page.getByTestId('followup-table');
  const [a, b] = titles.map((t) => table.locator('tr.ant-table-row', { hasText: t }));
  await expect(a).toBeVisible();
  await expect(b).toBeVisible();
  return { a, b, titleB: titles[1] };
}

test('随访 记录随访 and 编辑计划: what was typed for one plan and cancelled is not on the next', async ({ page }) => {
  await signIn(page, 'staff');
  const { a, b, titleB } = await twoPlans(page);

  const record = page.getByTestId('followup-record-form');
  await a.getByTestId('followup-record').click();
  await record.getByText('微信').click();
  await page.getByTestId('followup-record-outcome').fill('血压平稳');
  await record.locator('textarea').nth(1).fill('下次上门');
  await cancel(page, 'followup-record-form', true);
  await b.getByTestId('followup-record').click();
  await expect(modalOf(page, 'followup-record-form')).toContainText(titleB);
  await expect(checkedRadio(record)).toHaveText('上门');
  await expect(page.getByTestId('followup-record-outcome')).toHaveValue('');
  await expect(record.locator('textarea').nth(1)).toHaveValue('');
  await cancel(page, 'followup-record-form');

  const plan = page.getByTestId('plan-form');
  const title = plan.getByLabel('计划名称');
  await a.getByTestId('followup-edit').click();
  await title.fill('改过的计划名称');
  await plan.getByLabel('备注').fill('改过的备注');
  await cancel(page, 'plan-form', true);
  await b.getByTestId('followup-edit').click();
  await expect(title).toHaveValue(titleB);
  await expect(plan.getByLabel('备注')).toHaveValue('计划备注1');
  await expect(checkedRadio(plan)).toHaveText('上门');
  await cancel(page, 'plan-form');

  // 新建计划 after an edit: an empty form, not the last plan's.
  await page.getByTestId('followup-add').click();
  await expect(title).toHaveValue('');
  await expect(plan.getByLabel('备注')).toHaveValue('');
});

test('体检 修改: values typed into one check and cancelled are not on the next check nor on 新增体检', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr/check');
  const { a, b } = await twoRows(page.getByTestId('check-table'), 'check-edit', null);
  const form = page.getByTestId('check-form');
  const sbp = form.getByTestId('check-value-SBP');
  const provider = form.getByPlaceholder('选填');

  await b.getByTestId('check-edit').click();
  await expect(form.getByLabel('体检日期')).not.toHaveValue('');
  const sbpB = await sbp.inputValue();
  const providerB = await provider.inputValue();
  await cancel(page, 'check-form');

  await a.getByTestId('check-edit').click();
  await sbp.fill('199');
  await provider.fill('对话框测试医院');
  await cancel(page, 'check-form', true);

  await b.getByTestId('check-edit').click();
  await expect(sbp).toHaveValue(sbpB);
  await expect(provider).toHaveValue(providerB);
  await cancel(page, 'check-form');

  await page.getByTestId('check-add').click();
  await expect(sbp).toHaveValue('');
  await expect(provider).toHaveValue('');
});

test('健康档案 编辑: a mobile number typed into one record and cancelled is not on the next record', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr');
  const { a, b } = await twoRows(page.getByTestId('phr-table'), 'phr-row-edit', null);
  const dialog = page.getByTestId('phr-dialog');
  const name = dialog.getByTestId('phr-field-name');
  const mobile = dialog.getByTestId('phr-field-mobile');

  await b.getByTestId('phr-row-edit').click();
  await expect(name).not.toHaveValue('');
  const nameB = await name.inputValue();
  const mobileB = await mobile.inputValue();
  await dialog.getByTestId('phr-cancel').click();
  await expect(dialog).toBeHidden();

  await a.getByTestId('phr-row-edit').click();
  await expect(name).not.toHaveValue('');
  await mobile.fill('13900000001');
  await name.fill('对话框测试名');
  await dialog.getByTestId('phr-cancel').click();
  await discardChanges(page);
  await expect(dialog).toBeHidden();

  await b.getByTestId('phr-row-edit').click();
  await expect(name).toHaveValue(nameB);
  await expect(mobile).toHaveValue(mobileB);
});

test('用户 编辑 and 重置密码: what was typed for one user and cancelled is not in the next user’s dialog', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/user');
  const { a, b } = await twoRows(page.getByTestId('resource-table'), 'row-reset-password', null);

  const reset = page.getByTestId('reset-password-form');
  await a.getByTestId('row-reset-password').click();
  await page.getByTestId('reset-password-new').fill('Other@2025');
  await page.getByTestId('reset-password-confirm').fill('Other@2025');
  await cancel(page, 'reset-password-form', true);
  await b.getByTestId('row-reset-password').click();
  await expect(reset).toBeVisible();
  await expect(page.getByTestId('reset-password-new')).toHaveValue('');
  await expect(page.getByTestId('reset-password-confirm')).toHaveValue('');
  await cancel(page, 'reset-password-form');

  const form = page.getByTestId('resource-form');
  const name = form.getByLabel('姓名', { exact: true });
  await b.getByTestId('row-edit').click();
  await expect(name).not.toHaveValue('');
  const nameB = await name.inputValue();
  await page.getByTestId('resource-form-cancel').click();
  await a.getByTestId('row-edit').click();
  await expect(name).not.toHaveValue('');
  await name.fill('对话框测试用户');
  await page.getByTestId('resource-form-cancel').click();
  await discardChanges(page);
  await expect(form).toBeHidden();
  await b.getByTestId('row-edit').click();
  await expect(name).toHaveValue(nameB);
});

test('员工调动: the unit and reason typed for one employee are cleared with the selection', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/account/transfer');
  const rows = page.getByTestId('transfer-employee-table').locator('tr.ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  const form = page.getByTestId('transfer-form');
  const unit = form.locator('.ant-form-item', { hasText: '调入单位' }).locator('.ant-select');

  await rows.nth(0).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('transfer-selected')).toContainText('已选择 1 名员工');
  await unit.click();
  await page.keyboard.type('第二采油厂');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .locator('.ant-select-tree-node-content-wrapper[title="第二采油厂"]')
    .first()
    .click();
  await expect(unit).toContainText('第二采油厂');
  await page.getByTestId('transfer-reason').fill('岗位调整');
  await page.getByTestId('transfer-selected').getByRole('button', { name: '清空' }).click();
  await expect(page.getByTestId('transfer-selected')).toContainText('已选择 0 名员工');

  await rows.nth(1).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('transfer-selected')).toContainText('已选择 1 名员工');
  await expect(page.getByTestId('transfer-reason')).toHaveValue('');
  await expect(unit).not.toContainText('第二采油厂');
});

test('服务包级别设置 and 规则预览: a change cancelled is not there on the next opening', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/follow-up/task');
  await page.getByTestId('contract-tab').click();
  const levels = page.getByTestId('contract-levels-form');
  const firstRisk = levels.locator('.ant-form-item').first();
  await page.getByTestId('contract-levels').click();
  const saved = (await checkedRadio(firstRisk).innerText()).trim();
  await firstRisk.locator('.ant-radio-button-wrapper').filter({ hasNotText: saved }).first().click();
  await expect(checkedRadio(firstRisk)).not.toHaveText(saved);
  await cancel(page, 'contract-levels-form', true);
  await page.getByTestId('contract-levels').click();
  await expect(checkedRadio(firstRisk)).toHaveText(saved);
  await cancel(page, 'contract-levels-form');

  await page.goto('/peis/main/positive/setting');
  const { a, b } = await twoRows(page.getByTestId('resource-table'), 'row-preview', null);
  const judge = page.getByTestId('rule-preview-judge');
  // The footer's 关 闭 (the corner ✕ is named 关闭 too).
  const close = () => modalOf(page, 'rule-preview-form').locator('.ant-modal-footer').getByRole('button').click();
  await b.getByTestId('row-preview').click();
  await expect(judge).not.toHaveValue('');
  const judgeB = await judge.inputValue();
  await close();
  await expect(judge).toBeHidden();
  await a.getByTestId('row-preview').click();
  await judge.fill('SBP >= 200');
  await close();
  await expect(judge).toBeHidden();
  await b.getByTestId('row-preview').click();
  await expect(judge).toHaveValue(judgeB);
});

import { idCardCheckChar, maskIdCard } from '@peis/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectPageErrors, signIn, storedToken } from './helpers';

/** Chooses options of an antd Select by typing (its option list is virtualised). */
async function selectByTyping(page: Page, field: Locator, ...options: string[]) {
  await field.locator('.ant-select').first().click();
  for (const o of options) {
    await page.keyboard.type(o);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Escape');
}

const tab = (dialog: Locator, name: string) => dialog.getByRole('tab', { name });

/** A valid ID number born 1990-03-07 with a random sequence, so a repeated run does not meet its own record. */
function freshIdCard(): string {
  const first17 = `11010519900307${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

test('adds a whole record through 添加/修改基础信息, edits it, and finds it in the list and the detail page', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const idCard = freshIdCard();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/phr/form')) posts.push(r.url());
  });
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr');
  await expect(page.getByTestId('phr-list')).toBeVisible();
  await page.getByTestId('phr-add').click();
  const dialog = page.getByTestId('phr-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('添加/修改基础信息')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '取 消' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '提 交' })).toBeVisible();

  // An outside click does not close it.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  // 必填项 on an empty name, on change.
  const name = dialog.getByTestId('phr-field-name');
  await name.fill('x');
  await name.fill('');
  await expect(dialog.getByText('必填项').first()).toBeVisible();

  // 个人信息
  await dialog.locator('.ant-form-item', { hasText: '单位' }).first().locator('.ant-select').click();
  await page
    .locator('.ant-select-tree:visible, .ant-select-dropdown:visible')
    .last()
    .getByTitle('第一采油厂第一作业区')
    .click();
  await expect(dialog.locator('.ant-form-item', { hasText: '单位' }).first()).toContainText('第一采油厂第一作业区');
  await name.fill('端到端测试');
  await dialog.getByTestId('phr-field-idcard').fill(idCard);
  await expect(dialog.getByLabel('出生日期')).toHaveValue('1990-03-07');
  await dialog.getByTestId('phr-field-mobile').fill('13912345678');
  // Enter in a field does not send the record: only 提 交 does (counted below).
  await page.keyboard.press('Enter');

  // 健康信息: data, past history with rows and the other-illness text, other section conditionals.
  await tab(dialog, '健康信息').click();
  await dialog.getByTestId('phr-field-height').fill('170');
  await dialog.getByTestId('phr-field-weight').fill('65');
  await expect(dialog.getByTestId('phr-field-bmi')).toHaveValue('22.5');
  const illness = dialog.getByTestId('phr-past-illness');
  await illness.getByLabel('有', { exact: true }).check();
  await expect(illness.getByTestId('illness-row')).toHaveCount(1);
  await illness.getByTestId('illness-add').click();
  await expect(illness.getByTestId('illness-row')).toHaveCount(2);
  await expect(illness.getByTestId('illness-row').nth(1).getByTestId('illness-remove')).toBeVisible();
  const rows = illness.getByTestId('illness-row');
  for (const [i, date, disease] of [
    [0, '2020-05-01', '高血压'],
    [1, '2021-06-15', '其他'],
  ] as const) {
    const row = rows.nth(i);
    await row.locator('input').first().fill(date);
    await page.keyboard.press('Enter');
    await selectByTyping(page, row.locator('.ant-form-item').nth(1), disease);
  }
  await dialog.getByTestId('illness-remark').fill('痛风');
  await dialog.locator('.ant-form-item', { hasText: '遗传病史' }).getByLabel('有', { exact: true }).check();
  await dialog.getByTestId('heredity-detail').fill('家族性高胆固醇血症');
  await dialog.locator('.ant-form-item', { hasText: '残疾情况' }).getByLabel('其他残疾', { exact: true }).check();
  await dialog.getByTestId('disability-remark').fill('听力下降');
  await dialog.locator('.ant-form-item', { hasText: '药物过敏史' }).getByLabel('其他', { exact: true }).check();
  await dialog.getByTestId('drug-remark').fill('阿司匹林');

  // 家庭信息: a member with 其他 shows its remark.
  await tab(dialog, '家庭信息').click();
  await selectByTyping(page, dialog.getByTestId('family-fater'), '高血压', '其他');
  await dialog.getByTestId('family-fater-remark').fill('痛风');

  // 生活信息 and 居住环境
  // 生活信息 is free text (SPEC §3): usual answers offered, others typed.
  await tab(dialog, '生活信息').click();
  const lifeField = (label: string) => dialog.locator('.ant-form-item', { hasText: label });
  await selectByTyping(page, lifeField('饮食习惯'), '荤素均衡', '口味偏咸');
  await lifeField('吸烟情况').locator('input').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content', { hasText: '从不吸烟' }).click();
  await lifeField('睡眠情况').locator('input').fill('每晚约7小时');

  await dialog.getByTestId('phr-submit').click();
  await expect(page.locator('.ant-message')).toContainText('提交成功！');
  await expect(dialog).toBeHidden();

  // The list finds it, masked.
  await page.getByTestId('phr-search-name').fill('端到端测试');
  await page.getByTestId('phr-search-submit').click();
  const row = page.getByTestId('phr-table').locator('tr', { hasText: maskIdCard(idCard) });
  await expect(row).toContainText('端到端测试');

  // The detail page shows what was saved; an edit refreshes the viewer.
  await row.getByTestId('phr-row-view').click();
  await expect(page.getByTestId('phr-detail')).toBeVisible();
  const viewer = page.getByTestId('phr-viewer');
  await expect(viewer).toContainText('13912345678');
  await viewer.getByRole('tab', { name: '健康信息' }).click();
  await expect(viewer).toContainText('痛风');
  await expect(viewer).toContainText('家族性高胆固醇血症');
  await viewer.getByRole('tab', { name: '生活信息' }).click();
  for (const text of ['荤素均衡、口味偏咸', '从不吸烟', '每晚约7小时']) await expect(viewer).toContainText(text);
  await page.getByTestId('phr-viewer-edit').click();
  const edit = page.getByTestId('phr-dialog');
  await expect(edit.getByTestId('phr-field-idcard')).toBeDisabled();
  await tab(edit, '健康信息').click();
  await edit.getByTestId('phr-field-weight').fill('70');
  await edit.getByTestId('phr-submit').click();
  await expect(edit).toBeHidden();
  await viewer.getByRole('tab', { name: '健康信息' }).click();
  await expect(viewer).toContainText('24.2');
  expect(posts).toHaveLength(2);
  expect(errors).toEqual([]);
});

test('the detail page draws trend charts from the demo checks', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr');
  await page.getByTestId('phr-table').getByTestId('phr-row-view').first().click();
  await expect(page.getByTestId('phr-detail')).toBeVisible();
  const charts = page.getByTestId('phr-trend-chart');
  await expect(charts.first()).toBeVisible();
  expect(await charts.count()).toBeGreaterThanOrEqual(3);
  await expect(charts.first().locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('phr-checks-table')).toContainText('收缩压');
});

test('the detail page shows the person’s grouping by year, findings, and the task once a finding is confirmed', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const found = (await (await page.request.get('/api/positive/new?year=2025&page=1&pageSize=1', { headers })).json())
    .data.records[0];
  const users = (await (await page.request.get('/api/user/assignees?pageSize=500', { headers })).json()).data.records;
  const confirmed = await page.request.post('/api/positive/new/confirm', {
    headers,
    data: { ids: [found.id], assigneeId: users[0].id, dueDate: '2099-12-31', note: '端到端' },
  });
  expect(confirmed.status()).toBe(200);

  await page.goto(`/peis/main/phr/detail/${found.employeeId}`);
  const work = page.getByTestId('phr-detail-work');
  await expect(work.getByTestId('phr-work-tags')).toContainText(String(found.year));
  const finding = work
    .getByTestId('phr-work-findings')
    .locator('tr', { hasText: found.checkDate })
    .filter({ hasText: found.ruleName });
  await expect(finding).toContainText('已确认');
  const task = work.getByTestId('phr-work-tasks').locator('tr', { hasText: '2099-12-31' });
  await expect(task).toContainText(found.ruleName);
  await expect(task).toContainText('待处理');
  await expect(task).toContainText(users[0].name);
});

test('progress lists units and opens a unit’s incomplete records', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr/progress');
  await expect(page.getByTestId('phr-progress-row').first()).toBeVisible();
  await expect(page.getByTestId('phr-progress-total')).toContainText('合计');
  await page.getByTestId('phr-progress-row').first().click();
  await expect(page.getByTestId('phr-progress-incomplete')).toBeVisible();
});

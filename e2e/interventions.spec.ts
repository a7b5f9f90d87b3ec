import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, searchResourceRow, signIn } from './helpers';

/**
 * Issue 12 "Interventions" on screen: a 干预模型 is written (condition read in Chinese, 膳食处方, a 宣教 item),
 * previewed on the demo population, run in the background to 干预任务 with their planned actions; an action is
 * marked done (progress moves) and a task is completed with its outcome; a confirmed finding starts an
 * intervention and the person's page lists it. Screenshots of both pages, the preview and a task's detail at
 * 1440 × 900 and 390 × 844 go to test-results/interventions/.
 */

const SHOTS = 'test-results/interventions';
const MODEL = `血压干预测试${Date.now() % 100000}`;

/** A screenshot of the page (a dialog or drawer: of the window, where it stays while the page scrolls). */
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage });
}

/** Picks the option whose text has `text` in the open select dropdown. */
async function pickOption(page: Page, text: string) {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

test.describe.configure({ mode: 'serial' });

test('a model is written, previewed and run; its tasks are worked to 已完成', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  await page.goto('/peis/main/hi/model');

  // 新增: name, condition (read back in Chinese), 膳食处方 on, one 宣教 item.
  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('模型名称', { exact: true }).fill(MODEL);
  await form.getByLabel('触发条件', { exact: true }).fill('BP_LEVEL >= 1');
  await expect(form.getByTestId('expression-reading')).toHaveText('血压分级 ≥ 1');
  await form.getByLabel('膳食处方', { exact: true }).click();
  await page.getByTestId('child-add-education').click();
  const item = page.getByTestId('child-row-education').last();
  await item.getByTestId('child-cell-title').locator('input').fill('低盐饮食');
  await item.getByTestId('child-cell-content').locator('textarea').fill('每日食盐不超过5克，少吃腌制食品。');

  await shot(page, 'model-form', false);

  // 预览 of the condition as typed, before saving: a count over the demo data and the values it read.
  await page.getByTestId('hi-form-preview').click();
  const result = page.getByTestId('hi-preview-result');
  await expect(result).toContainText(/有体检的 \d+ 人中，符合条件 [1-9]\d* 人/);
  await expect(page.getByTestId('hi-preview-sample')).toContainText('血压分级');
  await shot(page, 'preview', false);
  await page.getByTestId('hi-preview-close').click();
  await page.getByTestId('resource-form-ok').click();
  await expect(form).toBeHidden();

  const row = await searchResourceRow(page, '模型名称', MODEL);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('血压分级 ≥ 1');

  // 运行: the count to confirm, the progress, then what was created.
  await row.getByTestId('hi-row-run').click();
  await expect(page.getByTestId('hi-run-count')).toContainText(/运行将按\d{4}年体检为 [1-9]\d* 人生成干预任务/);
  await shot(page, 'run-confirm', false);
  await page.getByTestId('hi-run-ok').click();
  await expect(page.getByTestId('hi-run-done')).toContainText(/新建 [1-9]\d* 个/, { timeout: 90_000 });
  await page.getByTestId('hi-run-open-tasks').click();
  await expect(page).toHaveURL(/\/main\/hi\/task/);

  // The model's tasks: person, model and version, progress 0/2 (膳食处方 + 宣教).
  const search = page.getByTestId('resource-search');
  await search.getByLabel('干预模型').click();
  await page.keyboard.type(MODEL);
  await pickOption(page, MODEL);
  await page.getByTestId('resource-search-submit').click();
  const tasks = page.getByTestId('resource-table').locator('tr.ant-table-row');
  await expect(tasks.first()).toContainText(MODEL);
  await expect(tasks.first()).toContainText('第1版');
  await expect(tasks.first().getByTestId('hi-task-progress')).toHaveText('0/2');
  await shot(page, 'tasks');

  // Its detail: the planned actions; 标记完成 on the 宣教 item moves the progress to 1/2.
  const who = (await tasks.first().locator('td').first().innerText()).trim();
  // Completing moves the task after the open ones (the list's order): follow it by its person.
  const first = tasks.filter({ hasText: who }).first();
  await first.getByTestId('row-view').click();
  const detail = page.getByTestId('hi-task-actions');
  await expect(detail).toContainText('开具膳食处方');
  await expect(detail).toContainText('低盐饮食');
  await shot(page, 'task-detail', false);
  await detail.getByTestId('hi-action-done').click();
  await page.getByTestId('hi-action-done-note').fill('已发放低盐饮食宣教资料');
  await page.getByTestId('hi-action-done-ok').click();
  await expect(page.locator('.ant-message')).toContainText('已标记完成');
  await expect(detail.locator('tr', { hasText: '低盐饮食' })).toContainText('已完成');
  await expect(detail.getByTestId('hi-action-done')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(first.getByTestId('hi-task-progress')).toHaveText('1/2');

  // 完成 with its outcome (required).
  await first.getByTestId('row-action-complete').click();
  const action = page.getByTestId('action-form');
  await page.getByTestId('action-form-ok').click();
  await expect(action).toContainText('必填项');
  await action.getByLabel('干预效果').fill('血压控制在 130/85 mmHg 以下，已掌握低盐饮食');
  await page.getByTestId('action-form-ok').click();
  await expect(page.locator('.ant-message')).toContainText('干预任务已完成');
  await expect(first).toContainText('已完成');
  expect(errors).toEqual([]);
});

test('a confirmed finding starts an intervention; the person page lists it', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/task');
  const row = page.getByTestId('positive-task-table').locator('tr.ant-table-row').first();
  const person = (await row.locator('td').first().innerText()).trim();
  await row.getByTestId('task-intervene').click();
  await page.getByTestId('hi-start-model').click();
  await pickOption(page, MODEL);
  await expect(page.getByText('触发条件：血压分级 ≥ 1')).toBeVisible();
  await page.getByTestId('hi-start-ok').click();
  // A new task, or the one the person already had from the run (same model version and year): a link either way.
  await expect(page.getByTestId('hi-start-done')).toContainText(person);
  await page.getByTestId('hi-start-open-task').click();
  await expect(page).toHaveURL(/\/main\/hi\/task\?id=\d+/);
  await expect(page.getByTestId('linked-record-tag')).toBeVisible();
  const detail = page.getByTestId('resource-detail');
  await expect(detail).toContainText(person);
  await expect(detail).toContainText(MODEL);
  const taskId = Number(new URL(page.url()).searchParams.get('id'));

  // The person's page lists their interventions, linking back to the task.
  await page.keyboard.press('Escape');
  const employeeId = await page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').token as string;
    const res = await fetch(`/api/hi/task/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()).data.employeeId as number;
  }, taskId);
  await page.goto(`/peis/main/phr/detail/${employeeId}`);
  const list = page.getByTestId('phr-hi-tasks');
  await expect(list).toContainText(MODEL);
  await list.scrollIntoViewIfNeeded();
  await shot(page, 'person-interventions', false);
  await list.getByTestId('phr-hi-task-link').filter({ hasText: MODEL }).first().click();
  await expect(page).toHaveURL(/\/main\/hi\/task\?id=\d+/);
  expect(errors).toEqual([]);
});

test('screens at 1440 × 900 and 390 × 844', async ({ page }) => {
  await signIn(page, 'staff');
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/peis/main/hi/model');
    await expect(page.getByTestId('resource-table')).toContainText('高血压');
    await shot(page, 'models');
    await page.getByTestId('hi-preview').click();
    await page.getByTestId('hi-preview-condition').fill('BP_LEVEL >= 2 && AGE >= 40');
    await page.getByTestId('hi-preview-submit').click();
    await expect(page.getByTestId('hi-preview-result')).toBeVisible();
    await shot(page, 'preview-blank', false);
    await page.getByTestId('hi-preview-close').click();
    await page.goto('/peis/main/hi/task');
    await expect(page.getByTestId('row-view').first()).toBeVisible();
    await shot(page, 'tasks-all');
    await page.getByTestId('row-view').first().click();
    await expect(page.getByTestId('hi-task-actions')).toBeVisible();
    await shot(page, 'task-detail-demo', false);
    await page.keyboard.press('Escape');
  }
});

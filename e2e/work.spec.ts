import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { discardChanges, importCheckSheet, signIn, storedToken } from './helpers';

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await storedToken(page);
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()).data as T;
}

test('a rule with a bad expression is refused with the position; the preview counts people', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/setting');
  await page.getByTestId('resource-create').click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('规则名称', { exact: true }).fill('收缩压很高');
  await form.getByLabel('所属库', { exact: true }).fill('血压');
  await form.getByLabel('判定条件', { exact: true }).fill('SBP >=');
  await page.getByTestId('resource-form-ok').click();
  await expect(form.getByText('第7个字符处：表达式不完整')).toBeVisible();
  await page.getByTestId('resource-form-cancel').click();
  await discardChanges(page);

  await page.getByTestId('rule-preview').click();
  await page.getByTestId('rule-preview-judge').fill('SBP >= 140');
  await page.getByTestId('rule-preview-submit').click();
  await expect(page.getByTestId('rule-preview-result')).toContainText(/共\s*\d+\s*人体检，符合\s*\d+\s*人/);
});

test('imports a sheet of checks and shows the row-by-row report', async ({ page }) => {
  await signIn(page, 'staff');
  const list = await api<{ records: { id: number; name: string }[] }>(page, '/phr?pageSize=2&hasRecord=true');
  const person = await api<{ record: { patientInfo: { idCard: string; name: string } } }>(
    page,
    `/phr/${list.records[0].id}`,
  );
  const { idCard, name } = person.record.patientInfo;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('体检');
  ws.addRow(['身份证号', '姓名', '体检日期', '体检机构', '收缩压(mmHg)', '舒张压(mmHg)', '空腹血糖(mmol/L)']);
  ws.addRow([idCard, name, '2026-03-02', '油田总医院体检中心', 152, 96, 5.2]);
  ws.addRow([idCard, name, '2026-03-03', '油田总医院体检中心', 20, 80, 5.0]);
  ws.addRow(['11010519491231002X', '无此人', '2026-03-02', '油田总医院体检中心', 120, 80, 5.0]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  const report = await importCheckSheet(page, buffer);
  await expect(report).toContainText('1');
  const refused = page.getByTestId('check-import-refused');
  await expect(refused).toContainText('超出合理范围');
  await expect(refused).toContainText('11010519491231002X');

  // 下载问题报告: the refused cells go up in a POST and come back as a sheet under the server's file name.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('check-import-report-download').click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheet = new ExcelJS.Workbook();
  await sheet.xlsx.load(await readFile(await file.path()));
  const cells = sheet.worksheets[0].getSheetValues().flat().map(String);
  expect(cells).toContain('11010519491231002X');
});

test('confirms a new finding and works its task through to 已完成 with a log entry', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/new');
  const row = page.getByTestId('positive-new-table').locator('tr.ant-table-row').first();
  const person = (await row.locator('td').nth(1).innerText()).trim();
  await row.getByTestId('positive-confirm').click();
  const form = page.getByTestId('positive-confirm-form');
  await form.locator('.ant-select').first().click();
  await page.keyboard.type('李卫康');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await page.getByTestId('positive-confirm-ok').click();
  await expect(page.locator('.ant-message')).toContainText('已确认1条');

  // The demo holds this person's earlier tasks too: find theirs by name, then the newest (highest id).
  await page.goto('/peis/main/positive/task');
  await page.getByTestId('positive-task-search').getByLabel('姓名').fill(person);
  await page.getByTestId('positive-task-search-submit').click();
  const theirs = page.getByTestId('positive-task-table').locator('tr.ant-table-row', { hasText: person });
  await expect(theirs.first()).toBeVisible();
  await expect(page.getByTestId('positive-task-table').locator('tr.ant-table-row').first()).toContainText(person);
  const ids = await theirs.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key'))));
  const task = page.getByTestId('positive-task-table').locator(`tr[data-row-key="${Math.max(...ids)}"]`);
  await expect(task).toContainText('待处理');
  await task.getByTestId('task-handle').click();
  await page.getByTestId('task-action').getByText('电话沟通').click();
  await page.getByTestId('task-action-note').fill('电话告知复查');
  await page.getByTestId('task-action-submit').click();
  await expect(task).toContainText('处理中');
  await task.getByTestId('task-handle').click();
  await page.getByTestId('task-action').getByText('结案').click();
  await page.getByTestId('task-action-note').fill('复查正常，结案');
  await page.getByTestId('task-action-submit').click();
  await expect(page.locator('.ant-message')).toContainText('已记录：结案');
  // A completed task sorts after the open ones, by due date: with this person's task history it may be on a
  // later page. Among their completed tasks it is due last, so it is on the last page of 已完成.
  const completed = page.waitForResponse(
    (r) => r.url().includes('/api/positive/task?') && r.url().includes('status=3'),
  );
  await page.getByTestId('task-status-tabs').getByText('已完成').click();
  await completed;
  const pages = page.getByTestId('positive-task-table').locator('.ant-pagination-item');
  if ((await pages.count()) > 1) {
    const turned = page.waitForResponse((r) => r.url().includes('/api/positive/task?') && r.url().includes('status=3'));
    await pages.last().click();
    await turned;
  }
  await expect(task).toContainText('已完成');

  await page.goto('/peis/main/positive/log');
  await expect(page.getByTestId('positive-log-table')).toContainText('复查正常，结案');
});

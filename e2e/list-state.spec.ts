import { expect, type Page, test } from '@playwright/test';
import { apiCall, signIn } from './helpers';

/**
 * Issue 11 items 2–5 (list side): a list's filters, page and sort live in the URL, so leaving it for a record and
 * coming back finds the same list; column headers sort on the server; the expert's task list opens on 只看我的;
 * a link with ?id= shows that one task and opens it.
 */

const SHOTS = 'test-results/h2';
const activePage = (page: Page, container: string) =>
  page.getByTestId(container).locator('.ant-pagination-item-active').first();

test('filters and page survive opening a record: browser back and 返回列表 restore the same list', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr');
  const table = page.getByTestId('phr-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // 性别 男, then page 2.
  await page.getByTestId('phr-search').getByLabel('性别').click();
  await page.locator('.ant-select-dropdown:visible').getByText('男', { exact: true }).click();
  const searched = page.waitForResponse((r) => /\/api\/phr\?.*sex=1/.test(r.url()));
  await page.getByTestId('phr-search-submit').click();
  await searched;
  await expect(page).toHaveURL(/[?&]sex=1(&|$)/);
  const paged = page.waitForResponse((r) => /\/api\/phr\?.*page=2/.test(r.url()));
  await page.getByTestId('phr-list').locator('.ant-pagination-item-2').click();
  await paged;
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]sex=1(&|$)/);
  await expect(activePage(page, 'phr-list')).toHaveText('2');
  await expect(table).not.toHaveClass(/ant-table-loading/);
  const firstName = await table.locator('tbody tr.ant-table-row').first().locator('td').first().innerText();
  const listUrl = page.url();

  // Browser back.
  await table.getByTestId('phr-row-view').first().click();
  await expect(page).toHaveURL(/\/main\/phr\/detail\/\d+/);
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(activePage(page, 'phr-list')).toHaveText('2');
  await expect(page.getByTestId('phr-search').getByText('男', { exact: true })).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row').first().locator('td').first()).toHaveText(firstName);
  await page.screenshot({ path: `${SHOTS}/phr-list-restored-1440.png` });

  // 返回列表 on the record page.
  await table.getByTestId('phr-row-view').first().click();
  await page.getByTestId('phr-back-to-list').click();
  await expect(page).toHaveURL(listUrl);
  await expect(activePage(page, 'phr-list')).toHaveText('2');
  // Every row is a man's (the list answered the restored filter).
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const sexColumn = headers.indexOf('性别') + 1;
  expect(sexColumn).toBeGreaterThan(0);
  const sexes = await table.locator(`tbody tr.ant-table-row td:nth-child(${sexColumn})`).allInnerTexts();
  expect(sexes.length).toBeGreaterThan(0);
  expect(new Set(sexes)).toEqual(new Set(['男']));
});

test('a column header sorts the task list on the server, the sort kept in the URL', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/task?mine=0');
  const table = page.getByTestId('positive-task-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const header = table.locator('thead th', { hasText: '截止日期' });
  const dueDates = async () =>
    (await table.locator('tbody tr.ant-table-row').allInnerTexts()).map((t) => t.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '');
  const answered = (order: string) =>
    page.waitForResponse((r) => r.url().includes('/api/positive/task?') && r.url().includes(`order=${order}`));
  const asc = answered('asc');
  await header.click();
  await asc;
  await expect(page).toHaveURL(/sort=dueDate&order=asc/);
  let dates = await dueDates();
  expect(dates).toEqual([...dates].sort());
  const desc = answered('desc');
  await header.click();
  await desc;
  await expect(page).toHaveURL(/sort=dueDate&order=desc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  dates = await dueDates();
  expect(dates).toEqual([...dates].sort().reverse());
  // The sort survives a reload (it is the URL's).
  await page.reload();
  await expect(table.locator('thead th', { hasText: '截止日期' })).toHaveAttribute('aria-sort', 'descending');
});

test('the expert opens the task list on 只看我的, and can turn it off (kept in the URL)', async ({ page }) => {
  await signIn(page, 'expert');
  const first = page.waitForResponse(
    (r) => r.url().includes('/api/positive/task?') && !r.url().includes('pageSize=1&'),
  );
  await page.goto('/peis/main/positive/task');
  expect((await first).url()).toContain('mine=true');
  await expect(page.getByTestId('task-mine')).toBeChecked();
  await page.getByTestId('task-mine').click();
  await expect(page.getByTestId('task-mine')).not.toBeChecked();
  await expect(page).toHaveURL(/[?&]mine=0/);
  await page.reload();
  await expect(page.getByTestId('task-mine')).not.toBeChecked();
});

test('?id= shows that one task with a closable tag and opens its handling', async ({ page }) => {
  await signIn(page, 'staff');
  const tasks = await apiCall<{ records: { id: number; name: string; status: number }[] }>(
    page,
    'GET',
    '/positive/task?pageSize=5&status=1',
  );
  const task = tasks.records[0];
  await page.goto(`/peis/main/positive/task?id=${task.id}`);
  await expect(page.getByTestId('task-handle-form')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/task-linked-dialog-1440.png` });
  await page.keyboard.press('Escape');
  const table = page.getByTestId('positive-task-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(task.name);
  const tag = page.getByTestId('linked-record-tag');
  await expect(tag).toHaveText(`仅显示任务 #${task.id}`);
  await page.screenshot({ path: `${SHOTS}/task-linked-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/task-linked-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await tag.locator('.ant-tag-close-icon').click();
  await expect(tag).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);
});

test('a declared list sorts on its sortable column, and page and sort come back after a reload', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/Facility');
  const table = page.getByTestId('resource-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const header = table.locator('thead th.ant-table-column-has-sorters', { hasText: '名称' });
  const answered = page.waitForResponse((r) => r.url().includes('/api/facility?') && r.url().includes('sort=name'));
  await header.click();
  await answered;
  await expect(page).toHaveURL(/[?&]sort=name&order=asc/);
  const names = await table.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
  // The rows are the server's order by name (its collation), not the default order.
  const byName = await apiCall<{ records: { name: string }[] }>(page, 'GET', '/facility?sort=name&order=asc');
  const byDefault = await apiCall<{ records: { name: string }[] }>(page, 'GET', '/facility');
  expect(names).toEqual(byName.records.map((r) => r.name));
  expect(byName.records.map((r) => r.name)).not.toEqual(byDefault.records.map((r) => r.name));
  await page.reload();
  await expect(table.locator('thead th', { hasText: '名称' })).toHaveAttribute('aria-sort', 'ascending');
});

test('体检数据 and 新增阳性 keep search and sort in the URL', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr/check');
  const checks = page.getByTestId('check-table');
  await expect(checks.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await checks.locator('thead th', { hasText: '体检日期' }).click();
  await expect(page).toHaveURL(/sort=checkDate&order=asc/);
  await page.reload();
  await expect(checks.locator('thead th', { hasText: '体检日期' })).toHaveAttribute('aria-sort', 'ascending');

  await page.goto('/peis/main/positive/new');
  await page.getByTestId('positive-new-status').click();
  await page.locator('.ant-select-dropdown:visible').getByText('已确认', { exact: true }).click();
  await page.getByTestId('positive-new-search-submit').click();
  await expect(page).toHaveURL(/[?&]status=1(&|$)/);
  await page.reload();
  await expect(page.getByTestId('positive-new-search').getByText('已确认', { exact: true })).toBeVisible();
});

test('操作日志 sorts by 时间 on the server, kept in the URL', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/main/oplog');
  const log = page.getByTestId('oplog-page');
  await expect(log.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const oldest = page.waitForResponse((r) => r.url().includes('/api/oplog?') && r.url().includes('order=asc'));
  await log.locator('thead th', { hasText: '时间' }).click();
  await oldest;
  await expect(page).toHaveURL(/sort=at&order=asc/);
});

test('处理记录 and 随访记录 keep their name search in the URL', async ({ page }) => {
  await signIn(page, 'staff');
  for (const [path, search] of [
    ['/peis/main/positive/log', 'positive-log-search'],
    ['/peis/main/follow-up/log', 'followup-log-search'],
  ]) {
    await page.goto(path);
    await page.getByTestId(search).getByLabel('姓名').fill('李');
    await page.getByTestId(`${search}-submit`).click();
    await expect(page).toHaveURL(/[?&]name=%E6%9D%8E(&|$)/);
    await page.reload();
    await expect(page.getByTestId(search).getByLabel('姓名')).toHaveValue('李');
  }
});

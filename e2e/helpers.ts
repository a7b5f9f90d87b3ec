import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@2025';

/** Signs in through the login form and waits for the landing page. */
export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/peis/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** Collects uncaught page errors; a test asserts the list stays empty. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').token as string);
}

/** Calls the API as the signed-in page's account and returns the answer's `data` (expects a 200). */
export async function apiCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await storedToken(page);
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.status(), `${method} ${path}`).toBe(200);
  return (await res.json()).data as T;
}

/** Searches a declared resource's list by one field and returns the rows whose text has `text`. */
export async function searchResourceRow(page: Page, label: string, text: string): Promise<Locator> {
  await page.getByTestId('resource-search').getByLabel(label).fill(text);
  await page.getByTestId('resource-search-submit').click();
  // A table row on a wide screen, a row's card on a phone (ListTable).
  return page.getByTestId('resource-table').locator('tr, .list-card', { hasText: text });
}

/** 删除 on a list row, confirmed in its popconfirm; the row leaves the list. */
export async function deleteRow(page: Page, row: Locator) {
  await row.getByTestId('row-delete').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(row).toHaveCount(0);
}

/** Answers 放弃未保存的修改？ (asked when a changed form dialog closes) with 放弃修改. */
export async function discardChanges(page: Page) {
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: '放弃未保存的修改？' });
  await ask.getByTestId('discard-ok').click();
  await expect(ask).toBeHidden();
}

/** Uploads an .xlsx of checks through 体检数据's 导入 dialog and returns the report once it shows. */
export async function importCheckSheet(page: Page, buffer: Buffer): Promise<Locator> {
  await page.goto('/peis/main/phr/check');
  await page.getByTestId('check-import').click();
  await page.getByTestId('check-import-file').setInputFiles({
    name: '体检导入.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  const report = page.getByTestId('check-import-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  return report;
}

/** The open dropdown of an antd Select. */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks `option` in the antd Select of the form item labelled `label` inside `scope`. */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  const item = scope.locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) });
  await item.locator('.ant-select').first().click();
  await openDropdown(page).getByTitle(option, { exact: true }).click();
}

/**
 * Picks `option` in the remote select of a child-table cell (`child-cell-<field>` of row `row` of the table
 * `collection`), typing `search` first so the option is found among many.
 */
export async function chooseInCell(
  page: Page,
  form: Locator,
  at: { collection: string; row: number; field: string },
  search: string,
  option: string,
) {
  const cell = form.getByTestId(`child-row-${at.collection}`).nth(at.row).getByTestId(`child-cell-${at.field}`);
  await cell.locator('.ant-select').click();
  await cell.locator('input').fill(search);
  await openDropdown(page).getByTitle(option, { exact: true }).click();
}

import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectPageErrors, discardChanges, searchResourceRow, signIn, storedToken } from './helpers';

/** Where the screenshots of this spec go (looked at by hand; not compared). */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/resource-kinds';

interface Question {
  id: number;
  title: string;
  kind: number;
  required: boolean;
  options: { id: number; label: string; score: number | null }[];
}
interface Questionnaire {
  id: number;
  version: number;
  name: string;
  kind: number;
  enabled: boolean;
  description: string | null;
  questions: Question[];
}

async function api(page: Page, method: 'GET' | 'PUT', path: string, body?: unknown) {
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await storedToken(page)}` },
    data: body,
  });
  expect(res.status(), `${method} ${path}`).toBe(200);
  return (await res.json()).data;
}

const stamp = () => String(Date.now()).slice(-6);

/** Picks an option of the antd Select of the form item labelled `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const item = scope.locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) });
  await item.locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(option).click();
}

/** The editor of the 问卷 form: the questions table and each question's options table. */
function editor(page: Page) {
  const form = page.getByTestId('resource-form');
  const questions = form.getByTestId('questions');
  return {
    form,
    questions,
    questionRows: questions.getByTestId('child-row-questions'),
    options: (q: number) => questions.getByTestId('options').nth(q),
    title: (q: number) => form.getByLabel(`题干（第${q + 1}行）`, { exact: true }),
    option: (q: number, o: number) =>
      questions
        .getByTestId('options')
        .nth(q)
        .getByLabel(`选项文字（第${o + 1}行）`),
  };
}

/** Pastes HTML into the focused rich-text editor as a browser paste from another program would. */
async function pasteHtml(page: Page, html: string) {
  await page.getByTestId('rich-text-body').evaluate((el, data) => {
    const dt = new DataTransfer();
    dt.setData('text/html', data);
    dt.setData('text/plain', data.replace(/<[^>]*>/g, ''));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, html);
}

test('问卷管理: questions and options in the form, reorder, edit, a stale edit, server messages on their cells, sanitised rich text, the detail', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const name = `体检前健康问卷${stamp()}`;
  await signIn(page, 'staff');
  await page.goto('/peis/main/questionnaire');
  await expect(page.getByTestId('resource-list')).toBeVisible();

  await page.getByTestId('resource-create').click();
  const e = editor(page);
  await expect(e.form).toBeVisible();
  await e.form.getByLabel('名称', { exact: true }).fill(name);
  await choose(page, e.form, '类型', '健康问卷');
  // Without questions the form says so and is not sent.
  await page.getByTestId('resource-form-ok').click();
  await expect(e.form.getByText('请至少填写一行题目')).toBeVisible();

  await page.getByTestId('child-add-questions').click();
  await e.title(0).fill('您每周运动几次？');
  await e.options(0).getByTestId('child-add-options').click();
  await e.options(0).getByTestId('child-add-options').click();
  await e.option(0, 0).fill('0次');
  await e.option(0, 1).fill('1-2次');
  await e.options(0).getByLabel('分值（第2行）').fill('2');
  await page.getByTestId('child-add-questions').click();
  await e.title(1).fill('您是否吸烟？');
  await e.options(1).getByTestId('child-add-options').click();
  await e.options(1).getByTestId('child-add-options').click();
  await e.option(1, 0).fill('是');
  await e.option(1, 1).fill('是');
  // The cell's own rule (the server's schema) speaks in the cell as soon as it is edited.
  await expect(e.options(1).getByTestId('child-row-options').nth(1)).toContainText('选项文字不能重复');
  await e.option(1, 1).fill('否');
  await expect(e.options(1).getByTestId('child-cell-error')).toHaveCount(0);

  // Rich text: typed, made bold, and a paste from a web page keeps only what the editor offers.
  await page.getByTestId('rich-text-body').click();
  await pasteHtml(
    page,
    '<p style="color:red" onclick="alert(1)">粘贴内容<script>window.__pasted=1</script><img src="x" onerror="window.__pasted=2"><a href="javascript:alert(1)">坏链接</a><a href="https://example.com/a">好链接</a></p>',
  );
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('填写前请阅读');
  await page.keyboard.press('Shift+Home');
  await page.getByTestId('rt-bold').click();
  // The browser bolds with <b>; the value sent says <strong> (checked on the saved record below).
  await expect(page.getByTestId('rich-text-body').locator('b, strong')).toContainText('填写前请阅读');
  await expect(page.getByTestId('rich-text-body').locator('img, script, [style], [onclick]')).toHaveCount(0);

  await page.getByTestId('resource-form-ok').click();
  await expect(e.form).toBeHidden();
  const row = await searchResourceRow(page, '名称', name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2'); // 题目数, computed by the server

  const list = await api(page, 'GET', `/questionnaire?name=${encodeURIComponent(name)}`);
  const id = list.records[0].id as number;
  let saved = (await api(page, 'GET', `/questionnaire/${id}`)) as Questionnaire;
  expect(saved.questions.map((q) => q.title)).toEqual(['您每周运动几次？', '您是否吸烟？']);
  expect(saved.questions[0].options.map((o) => [o.label, o.score])).toEqual([
    ['0次', null],
    ['1-2次', 2],
  ]);
  expect(saved.description).toContain('<strong>填写前请阅读</strong>');
  expect(saved.description).toContain('好链接');
  expect(saved.description).not.toMatch(/script|onclick|onerror|style=|<img|javascript:/);
  expect(await page.evaluate(() => (window as { __pasted?: number }).__pasted)).toBeUndefined();

  // Edit: the second question moves up (its options with it), the first one is reworded.
  await row.getByTestId('row-edit').click();
  await expect(e.title(0)).toHaveValue('您每周运动几次？');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/form-1440.png` });
  await e.questionRows.nth(1).getByTestId('child-up').click();
  await expect(e.title(0)).toHaveValue('您是否吸烟？');
  await expect(e.option(0, 0)).toHaveValue('是');
  await e.title(1).fill('您每周运动几次？（近一月）');
  await page.getByTestId('resource-form-ok').click();
  await expect(e.form).toBeHidden();
  saved = (await api(page, 'GET', `/questionnaire/${id}`)) as Questionnaire;
  expect(saved.questions.map((q) => q.title)).toEqual(['您是否吸烟？', '您每周运动几次？（近一月）']);
  expect(saved.questions[0].options.map((o) => o.label)).toEqual(['是', '否']);

  // The detail shows the children as read-only tables, in order, and the sanitised description.
  await row.getByTestId('row-view').click();
  const detail = page.getByTestId('resource-detail');
  const view = detail.getByTestId('children-view-questions');
  await expect(view.locator('tbody > tr.ant-table-row').first()).toContainText('您是否吸烟？');
  await expect(view.getByTestId('children-view-options').first()).toContainText('否');
  await expect(view.getByTestId('children-view-options').nth(1)).toContainText('1-2次');
  await expect(detail.getByTestId('rich-text-view').locator('strong')).toContainText('填写前请阅读');
  await expect(detail.locator('script, img')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/detail-1440.png` });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // A stale edit: someone else saves while the form is open → 409, the dialog stays with the server's message.
  await row.getByTestId('row-edit').click();
  await expect(e.title(0)).toHaveValue('您是否吸烟？');
  const { id: _id, version, questions, name: n, kind, enabled, description } = saved;
  await api(page, 'PUT', `/questionnaire/${id}`, {
    version,
    name: n,
    kind,
    enabled,
    description,
    questions: questions.map((q) => ({ ...q, title: `${q.title}！` })),
  });
  await e.title(0).fill('您吸烟吗？');
  await page.getByTestId('resource-form-ok').click();
  await expect(page.getByText('数据已被他人修改，请刷新后重试')).toBeVisible();
  await expect(e.form).toBeVisible();
  await page.getByTestId('resource-form-cancel').click();
  await discardChanges(page);
  await expect(e.form).toBeHidden();

  // A server 400 naming a nested cell lands on that cell (a rule only the server knows, simulated here).
  await row.getByTestId('row-edit').click();
  await expect(e.title(0)).toHaveValue('您是否吸烟？！');
  await page.route(`**/api/questionnaire/${id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          json: {
            code: 400,
            msg: '选项文字已被其他问卷使用',
            errors: [{ path: 'questions.1.options.0.label', message: '选项文字已被其他问卷使用' }],
          },
        })
      : route.continue(),
  );
  await page.getByTestId('resource-form-ok').click();
  const cell = e.options(1).getByTestId('child-row-options').first();
  await expect(cell).toContainText('选项文字已被其他问卷使用');
  await expect(e.options(0).getByTestId('child-cell-error')).toHaveCount(0);
  await expect(e.form.getByText('请修改表格中标红的内容')).toBeVisible();
  // Editing the cell takes its server message away.
  await e.option(1, 0).fill('从不');
  await expect(cell).not.toContainText('选项文字已被其他问卷使用');
  await page.unroute(`**/api/questionnaire/${id}`);
  await page.getByTestId('resource-form-cancel').click();
  await discardChanges(page);

  // A phone-sized window: the same form and detail, full width.
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByTestId('row-edit').click();
  await expect(e.title(0)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-390.png` });
  await page.getByTestId('resource-form-cancel').click();
  await row.getByTestId('row-view').click();
  await expect(detail.getByTestId('children-view-questions')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detail-390.png` });
  await page.screenshot({ path: `${SHOTS}/detail-390-full.png`, fullPage: true });
  expect(errors).toEqual([]);
});

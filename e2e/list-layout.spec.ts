import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, signIn } from './helpers';

/**
 * Issue 11 item 6: every list at 1440 × 900 (side menu open) keeps its essential columns in view, never cuts a
 * date and gives cut text a tooltip; at 390 × 844 each row is a card, nothing scrolls sideways and the search
 * filters sit behind 筛选. Screenshots of each list at both sizes go to test-results/h3/.
 */

const SHOTS = 'test-results/h3';

interface ListRoute {
  path: string;
  /** A tab to open first (two lists on one page). */
  tab?: string;
  /** The list has rows in the demo data (so the phone shows cards). */
  rows?: boolean;
}

const STAFF_ROUTES: ListRoute[] = [
  { path: 'main/phr', rows: true },
  { path: 'main/phr/progress', rows: true },
  { path: 'main/phr/transfer', rows: true },
  { path: 'main/phr/check', rows: true },
  { path: 'main/positive/new', rows: true },
  { path: 'main/positive/task', rows: true },
  { path: 'main/positive/log', rows: true },
  { path: 'main/follow-up/task' },
  { path: 'main/follow-up/task', tab: '健康服务包' },
  { path: 'main/follow-up/log' },
  { path: 'main/questionnaire' },
  { path: 'main/settings/target', rows: true },
  { path: 'main/settings/dict', rows: true },
];

const ADMIN_ROUTES: ListRoute[] = [
  { path: 'main/oplog', rows: true },
  { path: 'company/account/transfer', rows: true },
  { path: 'company/account', rows: true },
  { path: 'company/user', rows: true },
  { path: 'company/role', rows: true },
  { path: 'company/expert', rows: true },
  { path: 'company/Facility', rows: true },
  { path: 'company/company', rows: true },
];

const shotName = (who: string, r: ListRoute, size: string) =>
  `${SHOTS}/${who}-${r.path.replaceAll('/', '_')}${r.tab ? `-${r.tab}` : ''}-${size}.png`;

async function open(page: Page, r: ListRoute) {
  await page.goto(`/peis/${r.path}`);
  await expect(page.getByTestId('breadcrumb')).toBeVisible();
  await expect(page.getByTestId('no-permission-page'), r.path).toHaveCount(0);
  if (r.tab) await page.getByRole('tab', { name: r.tab }).click();
  // The list has answered: a row, a card or the empty text, and no loading spinner left.
  const answered = page.locator('.ant-table-row, .list-card, .ant-empty').filter({ visible: true });
  await expect(answered.first(), r.path).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** What is wrong with the page's lists at the current size (an empty list when nothing is). */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1)
      problems.push(`页面横向滚动 ${doc.scrollWidth} > ${window.innerWidth}`);
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'))) {
      if (table.closest('.ant-drawer, .ant-modal')) continue;
      const box = (table.querySelector('.ant-table-container') ?? table).getBoundingClientRect();
      for (const th of Array.from(table.querySelectorAll<HTMLElement>('thead th.list-essential'))) {
        const r = th.getBoundingClientRect();
        const name = th.textContent?.trim() ?? '';
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth + 1)
          problems.push(`必要列「${name}」不在视野内 (${Math.round(r.left)}–${Math.round(r.right)})`);
      }
      for (const td of Array.from(table.querySelectorAll<HTMLElement>('tbody td.list-essential'))) {
        // The cell's content does not spill out of (or get cut by) the cell. (A fixed cell's shadow is drawn
        // outside it: measured by its content instead.)
        const fixed = td.matches('.ant-table-cell-fix-left, .ant-table-cell-fix-right, [class*="ant-table-cell-fix"]');
        const spill = fixed
          ? Array.from(td.children).some((c) => c.getBoundingClientRect().right > td.getBoundingClientRect().right + 1)
          : td.scrollWidth > td.clientWidth + 1;
        if (spill) problems.push(`必要列单元格被截断：「${td.textContent?.trim()}」`);
        // Text cut with "…" says in full what it is: our Clip (a tooltip) or a title.
        for (const el of Array.from(td.querySelectorAll<HTMLElement>('*'))) {
          const cut = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow === 'ellipsis';
          if (cut && !el.classList.contains('list-clip') && !el.closest('[title]') && !el.closest('.ant-typography'))
            problems.push(`截断的文字没有提示：「${el.textContent?.trim()}」`);
        }
      }
    }
    return problems;
  });
}

async function checkWide(page: Page, who: string, r: ListRoute) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, r);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(await layoutProblems(page), `${who} ${r.path} ${r.tab ?? ''} 1440`).toEqual([]);
  await page.screenshot({ path: shotName(who, r, '1440') });
}

async function checkPhone(page: Page, who: string, r: ListRoute) {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, r);
  const label = `${who} ${r.path} ${r.tab ?? ''} 390`;
  // Lists in the page (not in a drawer) are cards now.
  if (r.rows) await expect(page.locator('.list-card').first(), label).toBeVisible();
  const tables = await page
    .locator('.ant-table-wrapper')
    .evaluateAll((els) => els.filter((e) => !e.closest('.ant-drawer, .ant-modal')).length);
  expect(tables, `${label}: 没有表格`).toBe(0);
  expect(await layoutProblems(page), label).toEqual([]);
  await page.screenshot({ path: shotName(who, r, '390') });
  // The filters fold behind 筛选; it opens them.
  const card = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('button', { name: /筛\s*选/ }), visible: true })
    .last();
  if ((await card.count()) > 0) {
    const toggle = card.getByRole('button', { name: /筛\s*选/ });
    const form = card.locator('form');
    await expect(form, label).toBeHidden();
    await toggle.click();
    await expect(form, label).toBeVisible();
    expect(await layoutProblems(page), `${label} 筛选`).toEqual([]);
    await page.screenshot({ path: shotName(who, r, '390-filters') });
  }
}

test('staff lists: essential columns in view at 1440, cards and 筛选 at 390', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  for (const r of STAFF_ROUTES) await checkWide(page, 'staff', r);
  for (const r of STAFF_ROUTES) await checkPhone(page, 'staff', r);
  expect(errors).toEqual([]);
});

test('administrator lists: essential columns in view at 1440, cards and 筛选 at 390', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'admin');
  for (const r of ADMIN_ROUTES) await checkWide(page, 'admin', r);
  for (const r of ADMIN_ROUTES) await checkPhone(page, 'admin', r);
  expect(errors).toEqual([]);
});

test('the 阳性任务 list: 状态 and 截止日期 in view at 1440, a cut cell shows its text on hover, a card per task', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await page.goto('/peis/main/positive/task');
  const table = page.getByTestId('positive-task-table');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  for (const name of ['姓名', '状态', '截止日期', '操作']) {
    const th = table.locator('thead th', { hasText: name }).first();
    await expect(th).toBeInViewport({ ratio: 1 });
  }
  // The 派发时间 cells hold the whole "YYYY-MM-DD HH:mm" (never "2026-11-2").
  const created = await table
    .locator('tbody td.list-nowrap')
    .evaluateAll((tds) => tds.map((td) => ({ text: td.textContent ?? '', cut: td.scrollWidth > td.clientWidth + 1 })));
  expect(created.length).toBeGreaterThan(0);
  expect(created.filter((c) => c.cut)).toEqual([]);
  // A cut cell names itself in full on hover.
  const clipped = table.locator('.list-clip').filter({ hasNotText: /^$/ });
  const index = await clipped.evaluateAll((els) => els.findIndex((e) => e.scrollWidth > e.clientWidth + 1));
  if (index >= 0) {
    const el = clipped.nth(index);
    const full = (await el.textContent()) ?? '';
    await el.hover();
    await expect(page.locator('.ant-tooltip').filter({ hasText: full }).last()).toBeVisible();
  }

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.locator('.list-card').first();
  await expect(card).toBeVisible();
  // The card holds the task's essentials: name, status, due date and its buttons.
  await expect(card.locator('.list-card-title')).not.toBeEmpty();
  await expect(card.getByText('截止日期')).toBeVisible();
  await expect(card.getByTestId('task-logs')).toBeVisible();
  // No headers to click on a phone: the 排序 select sorts the list on the server the same way.
  await page.getByTestId('list-sort').click();
  await page.locator('.ant-select-dropdown:visible').getByText('截止日期 降序', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=dueDate&order=desc/);
  await expect(page.getByTestId('list-sort')).toContainText('截止日期 降序');
  // 筛选 shows how many filters are set.
  await page.getByRole('button', { name: /筛\s*选/ }).click();
  await page.getByTestId('positive-task-search').getByLabel('姓名').fill('张');
  await page.getByTestId('positive-task-search-submit').click();
  await expect(page.getByTestId('positive-task-search')).toBeHidden();
  await expect(page.locator('.ant-badge').filter({ hasText: '筛选' }).locator('.ant-badge-count')).toHaveText('1');
});

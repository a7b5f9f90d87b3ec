import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCall, collectPageErrors, importCheckSheet, PASSWORD, signIn, storedToken } from './helpers';

/** Issue 11 item 10: the smaller findings of the walkthrough, each seen in Chromium. */

const SHOTS = 'test-results/h6';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });
}

/** A unit with no people: its rings count 0 of 0. */
async function emptyUnit(page: Page, name: string): Promise<void> {
  const token = await storedToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const root = (await (await page.request.get('/api/company/company/tree', { headers })).json()).data[0];
  const made = await page.request.post('/api/company/company', {
    headers,
    data: { name, shortName: name, parentId: root.id, sortOrder: 98 },
  });
  expect(made.status()).toBe(200);
}

async function pickDashboardUnit(page: Page, name: string) {
  await page.getByTestId('dashboard-filter').locator('.ant-select').first().click();
  await page.keyboard.type(name);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="${name}"]`).first().click();
}

/** The buttons of a dialog's footer, by their text. */
const footerButtons = (dialog: Locator) => dialog.locator('.ant-modal-footer button').allInnerTexts();

test("进度统计 closes with one 关 闭, 下降率 keeps SPEC §2's 取 消 / 确 定; an empty ring says 无数据 (10b, 10c)", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin');
  await expect(page.getByTestId('ring-card').first()).toBeVisible();

  // 进度统计 only shows figures: one 关 闭. 下降率's footer is fixed by SPEC §2 word for word: 取 消 and 确 定, both close.
  await page.locator('[data-testid=ring-card][data-key=gaoxueya1]').getByTestId('ring-decline-link').click();
  const decline = page.getByTestId('decline-dialog');
  await expect(decline.locator('tr.ant-table-row').first()).toBeVisible();
  expect(await footerButtons(decline)).toEqual(['取 消', '确 定']);
  await shoot(page, 'decline-dialog');
  await decline.getByRole('button', { name: '确 定' }).click();
  await expect(decline).toBeHidden();

  await page.locator('[data-testid=ring-card][data-key=gaoxueya1]').getByTestId('ring-rate').click();
  const progress = page.getByTestId('ring-dialog');
  await expect(progress.locator('tr.ant-table-row').first()).toBeVisible();
  expect(await footerButtons(progress)).toEqual(['关 闭']);
  await progress.getByRole('button', { name: '关 闭' }).click();
  await expect(progress).toBeHidden();

  // A unit without people: 0 of 0 is no rate, not 0 %.
  await emptyUnit(page, '无人测试单位');
  await page.reload();
  await pickDashboardUnit(page, '无人测试单位');
  const ring = page.locator('[data-testid=ring-card][data-key=gaoxueya1]');
  await expect(ring.getByTestId('ring-split')).toContainText('已完成 0');
  await expect(ring.getByTestId('ring-rate')).toHaveText('无数据');
  await expect(page.locator('[data-testid=ring-card][data-key=healthPackage]').getByTestId('ring-rate')).toHaveText(
    '无数据',
  );
  await shoot(page, 'empty-ring');
  await page.setViewportSize(PHONE);
  await expect(ring.getByTestId('ring-rate')).toHaveText('无数据');
  await ring.scrollIntoViewIfNeeded();
  await shoot(page, 'empty-ring');
  await page.setViewportSize(DESKTOP);
  expect(errors).toEqual([]);
});

test('个人设置 names the role once (10f)', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/main/settings/user');
  const role = page.getByTestId('profile-role');
  await expect(role).toHaveValue('公司管理员');
  await shoot(page, 'profile');
  await page.setViewportSize(PHONE);
  await expect(role).toHaveValue('公司管理员');
  await shoot(page, 'profile');
});

test('字典管理 lists one dictionary type at a time; 新增 starts with that type (10g)', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin');
  await page.goto('/peis/main/settings/dict');
  const types = page.getByTestId('dict-types');
  await expect(types).toContainText('文化程度');
  const table = page.getByTestId('resource-table');
  const typeCells = () =>
    table.locator('tr.ant-table-row').evaluateAll((rows) =>
      rows.map((r) => {
        // The 字典 column: the header's index of that title.
        const head = [...(r.closest('table')?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);
        const at = head.indexOf('字典');
        return r.querySelectorAll('td')[at]?.textContent ?? '';
      }),
    );
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  expect(new Set(await typeCells())).toEqual(new Set(['文化程度']));

  await page.getByTestId('dict-type-title').click();
  await expect(page.getByTestId('resource-list')).toContainText('字典管理 · 职称');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await expect.poll(async () => [...new Set(await typeCells())]).toEqual(['职称']);
  // No 字典 filter beside the type list: the type is chosen on the left.
  await expect(page.getByTestId('resource-search').getByLabel('字典')).toHaveCount(0);
  await shoot(page, 'dict');

  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const form = page.locator('.ant-modal').filter({ hasText: '新增字典项' });
  await expect(form.locator('.ant-form-item').filter({ hasText: '字典' }).first()).toContainText('职称');
  await form.getByTestId('resource-form-cancel').click();

  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('dict-type-select')).toBeVisible();
  await shoot(page, 'dict');
  expect(errors).toEqual([]);
});

test('管理范围 is a choice: the unit picker only for 指定单位, and required there (10d)', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/company/user');
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const form = page.locator('.ant-modal').filter({ hasText: '新增用户' });
  await expect(form.getByText('管理范围')).toBeVisible();
  await expect(form.getByLabel('管理单位')).toHaveCount(0);
  await form.getByText('指定单位').click();
  await expect(form.getByLabel('管理单位')).toBeVisible();
  await shoot(page, 'user-form');
  await form.getByTestId('resource-form-ok').click();
  await expect(form.locator('#resource-form-unitId_help, .ant-form-item-explain-error').first()).toBeVisible();
  await expect(form.locator('.ant-form-item').filter({ hasText: '管理单位' })).toContainText('必填项');
  await form.getByText('全公司').click();
  await expect(form.getByLabel('管理单位')).toHaveCount(0);
});

test('an account with an administrator-set password goes to 修改密码 and can do nothing else (10e)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const role = (
    await apiCall<{ records: { id: number; code: string }[] }>(page, 'GET', '/role?pageSize=50')
  ).records.find((r) => r.code === 'expert');
  await apiCall(page, 'POST', '/user', {
    username: 'firstlogin',
    name: '首次登录',
    roleId: role?.id,
    scopeKind: 'company',
    enabled: true,
    initialPassword: 'Initial@2025',
  });
  await page.goto('/peis/logout');
  await expect(page.getByTestId('login-username')).toBeVisible();
  await page.getByTestId('login-username').fill('firstlogin');
  await page.getByTestId('login-password').fill('Initial@2025');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/main\/password$/);
  await expect(page.getByTestId('password-forced')).toBeVisible();
  // The console is out of reach until the password is changed.
  await page.goto('/peis/main/dashboard');
  await expect(page).toHaveURL(/\/main\/password$/);
  await shoot(page, 'password-forced');
  await page.setViewportSize(PHONE);
  await shoot(page, 'password-forced');
  await page.setViewportSize(DESKTOP);

  await page.getByTestId('password-old').fill('Initial@2025');
  await page.getByTestId('password-new').fill('MyOwn#2025');
  await page.getByTestId('password-confirm').fill('MyOwn#2025');
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'firstlogin', 'MyOwn#2025');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(PASSWORD).not.toBe('MyOwn#2025');
});

interface CheckRow {
  employeeId: number;
  values: Record<string, number>;
}

test('a record: check columns all dated YYYY-MM-DD, the 血脂 legend clear of its axis name, numbers unbroken on a phone (10h, 10i, 10j)', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  const checks = await apiCall<{ records: CheckRow[] }>(page, 'GET', '/phr/check?pageSize=200');
  const counts = new Map<number, number>();
  for (const c of checks.records)
    if (c.values?.TC != null) counts.set(c.employeeId, (counts.get(c.employeeId) ?? 0) + 1);
  // A person with checks in more than one year shows the old mix ("2024年" beside a date) best.
  const [employeeId] = [...counts].sort((a, b) => b[1] - a[1])[0];
  await page.goto(`/peis/main/phr/detail/${employeeId}`);
  const table = page.getByTestId('phr-checks-table');
  await expect(table).toBeVisible();
  const heads = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim()).slice(3);
  expect(heads.length).toBeGreaterThan(0);
  for (const h of heads) expect(h).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // 血脂趋势: the legend's box and the y axis name's box, read from the drawn chart, do not meet.
  const lipid = page.locator('.phr-trend-card').filter({ hasText: '血脂趋势' }).getByTestId('phr-trend-chart');
  await lipid.scrollIntoViewIfNeeded();
  await expect(lipid.locator('canvas')).toHaveCount(1);
  const boxesMeet = () =>
    lipid.evaluate((el) => {
      type Rect = { x: number; y: number; width: number; height: number; applyTransform(m: number[]): void };
      type Shape = {
        style?: { text?: string };
        getBoundingRect(): Rect & { clone(): Rect };
        getComputedTransform(): number[] | null;
      };
      const chart = (
        el as unknown as {
          echartsInstance: {
            getZr(): { storage: { getDisplayList(u: boolean): Shape[] } };
            getOption(): { series: { name: string }[] };
          };
        }
      ).echartsInstance;
      const names = new Set(chart.getOption().series.map((s) => s.name));
      const boxes = (match: (text: string) => boolean) =>
        chart
          .getZr()
          .storage.getDisplayList(true)
          .filter((s) => typeof s.style?.text === 'string' && match(s.style.text))
          .map((s) => {
            const r = s.getBoundingRect().clone();
            const m = s.getComputedTransform();
            if (m) r.applyTransform(m);
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          });
      const legend = boxes((t) => names.has(t));
      const axisName = boxes((t) => t.includes('mmol/L'));
      const meet = (a: Rect, b: Rect) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      return {
        legend: legend.length,
        axisName: axisName.length,
        meet: legend.some((l) => axisName.some((a) => meet(l, a))),
      };
    });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect
      .poll(async () => {
        const r = await boxesMeet();
        return r.legend > 0 && r.axisName > 0 && !r.meet;
      })
      .toBe(true);
    await lipid.scrollIntoViewIfNeeded();
    await shoot(page, 'lipid-trend');
  }

  // On a phone the ID number of the record stays on one line.
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .getByRole('tab', { name: /个人信息|基本信息/ })
    .first()
    .click()
    .catch(() => undefined);
  const digits = page.locator('.digits');
  await expect(digits.first()).toBeVisible();
  const lines = await digits.evaluateAll((els) => els.map((e) => e.getClientRects().length));
  expect(lines.length).toBeGreaterThan(0);
  for (const n of lines) expect(n).toBe(1);
  await digits.first().scrollIntoViewIfNeeded();
  await shoot(page, 'phr-detail-digits');

  // The list's 身份证号 column (a phone's card leaves it out): one line as well.
  await page.setViewportSize(DESKTOP);
  await page.goto('/peis/main/phr');
  const listDigits = page.getByTestId('phr-list').locator('.digits');
  await expect(listDigits.first()).toBeVisible();
  for (const n of await listDigits.evaluateAll((els) => els.map((e) => e.getClientRects().length))) expect(n).toBe(1);
  await shoot(page, 'phr-list-digits');
  expect(errors).toEqual([]);
});

test('the check import report: real elapsed time, whose row each refusal is, a wrong check digit named (10a)', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const list = await apiCall<{ records: { id: number }[] }>(page, 'GET', '/phr?pageSize=2&hasRecord=true');
  const person = await apiCall<{ record: { patientInfo: { idCard: string; name: string } } }>(
    page,
    'GET',
    `/phr/${list.records[0].id}`,
  );
  const { idCard, name } = person.record.patientInfo;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('体检');
  ws.addRow(['身份证号', '姓名', '体检日期', '收缩压(mmHg)', '舒张压(mmHg)']);
  ws.addRow([idCard, name, '2026-03-12', 150, 95]);
  ws.addRow(['610402198605209999', '张三', '2026-03-12', 120, 80]);
  ws.addRow(['11010519491231002X', '无此人', '2026-03-12', 120, 80]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  const report = await importCheckSheet(page, buffer);
  await expect(report).toContainText(/用时 (\d+\.\d|\d+) 秒/);
  await expect(report).not.toContainText('用时 0.0 秒');
  const refused = page.getByTestId('check-import-refused');
  const rowOf = (text: string) => refused.locator('tr.ant-table-row').filter({ hasText: text });
  await expect(rowOf('9999')).toContainText('张三（身份证尾号 9999）');
  await expect(rowOf('9999')).toContainText('身份证号校验位错误');
  await expect(rowOf('002X')).toContainText('无此人（身份证尾号 002X）');
  await expect(rowOf('002X')).toContainText('身份证号不存在或不在账号的单位范围内');
  await shoot(page, 'check-import-report');
  await page.setViewportSize(PHONE);
  await expect(refused).toBeVisible();
  await shoot(page, 'check-import-report');
});

import { expect, test } from '@playwright/test';
import { collectPageErrors, signIn, storedToken } from './helpers';

test('the menu shows only what the role permits', async ({ page }) => {
  await signIn(page, 'employee');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('健康档案');
  await expect(menu).toContainText('系统设置');
  await expect(menu).not.toContainText('阳性管理');
  await expect(menu).not.toContainText('健康干预');
  await expect(page.getByTestId('area-switch')).toHaveCount(0);

  await page.goto('/peis/main/positive/task');
  await expect(page.getByTestId('no-permission-page')).toBeVisible();
  await page.goto('/peis/company/dashboard');
  await expect(page.getByTestId('no-permission-page')).toBeVisible();
});

test('health staff see the health-management menu but not company administration', async ({ page }) => {
  await signIn(page, 'staff');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('阳性管理');
  await expect(menu).toContainText('膳食处方');
  await page.goto('/peis/company/user');
  await expect(page.getByTestId('no-permission-page')).toBeVisible();
});

test('the company administrator switches between the two areas', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('side-menu')).toContainText('单位管理');
  await expect(page.getByTestId('area-switch')).toBeVisible();
  await page.goto('/peis/main/tools/test');
  await expect(page.getByTestId('side-menu')).toContainText('组件测试');
  await expect(page.getByTestId('breadcrumb')).toContainText('组件测试');
});

test('the demo counter widget updates state A', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/main/tools/test');
  await expect(page.getByTestId('counter-value')).toHaveText('状态 A：0');
  await page.getByRole('button', { name: '更新状态 A' }).click();
  await page.getByRole('button', { name: '更新状态 A' }).click();
  await expect(page.getByTestId('counter-value')).toHaveText('状态 A：2');
});

test('a button without its permission is absent, and a missing list hides it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/peis/main/tools/test');
  await expect(page.getByTestId('permission-demo-button')).toBeVisible();

  // The same page for a role whose button list lacks tools:test.
  await page.route('**/api/me', async (route) => {
    const res = await route.fetch();
    const me = await res.json();
    await route.fulfill({
      response: res,
      json: { ...me, btnPermissions: me.btnPermissions.filter((p: string) => p !== 'tools:test') },
    });
  });
  await page.reload();
  await expect(page.getByTestId('counter-value')).toBeVisible();
  await expect(page.getByTestId('permission-demo-button')).toHaveCount(0);
  await page.unroute('**/api/me');

  await page.reload();
  await expect(page.getByTestId('permission-demo-button')).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('btnPermissions'));
  // Navigating inside the app (no reload) reads the stored list again.
  await page.getByTestId('side-menu').getByText('帮助').click();
  await page.getByTestId('side-menu').getByText('组件测试').click();
  await expect(page.getByTestId('counter-value')).toBeVisible();
  await expect(page.getByTestId('permission-demo-button')).toHaveCount(0);
});

test('a 401 from the server sends the browser to the login page', async ({ page, request }) => {
  await signIn(page, 'staff');
  const token = await storedToken(page);
  // The session ends on the server (as after an idle timeout); the next call answers 401.
  await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(page).toHaveURL(/\/peis\/login$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('server errors follow the SPEC §8 catalogue', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  for (const [status, text] of [
    [403, '权限错误：403'],
    [500, '服务器错误：500'],
    [404, '服务器错误：404'],
    [502, '未知错误'],
  ] as const) {
    await page.route('**/api/me', (route) => route.fulfill({ status, body: '' }));
    await page.reload();
    await expect(page.locator('.ant-message')).toContainText(text);
    await page.unroute('**/api/me');
  }
  expect(errors).toEqual([]);
});

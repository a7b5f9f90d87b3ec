import { expect, test } from '@playwright/test';
import { collectPageErrors, PASSWORD, signIn, storedToken } from './helpers';

test('the root opens the login page titled 健康管理服务平台', async ({ page }) => {
  await page.goto('/peis/');
  await expect(page).toHaveURL(/\/peis\/login$/);
  await expect(page).toHaveTitle('健康管理服务平台');
  await expect(page.getByTestId('login-form')).toBeVisible();
});

const landings = [
  { username: 'admin', url: /\/peis\/company\/dashboard$/, userType: 1 },
  { username: 'staff', url: /\/peis\/main\/dashboard$/, userType: 2 },
  { username: 'expert', url: /\/peis\/main\/dashboard$/, userType: 3 },
  { username: 'employee', url: /\/peis\/main\/dashboard$/, userType: 4 },
];

for (const { username, url, userType } of landings) {
  test(`${username} signs in and lands on its home page`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await signIn(page, username);
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId('header-user-name')).not.toBeEmpty();
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
    expect(session).toMatchObject({ username, userType });
    expect(session.token).toBeTruthy();
    expect(session.openid).toBeTruthy();
    const buttons = await page.evaluate(() => JSON.parse(localStorage.getItem('btnPermissions') ?? 'null'));
    expect(Array.isArray(buttons)).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/peis/login');
  await page.getByTestId('login-username').fill('expert');
  await page.getByTestId('login-password').fill('Wrong@2025');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/peis\/login$/);
  // A right password afterwards resets the failure count.
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/peis\/main\/dashboard$/);
});

test('empty fields are refused in the form', async ({ page }) => {
  await page.goto('/peis/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
});

test('退出 ends the session on the server and returns to login', async ({ page, request }) => {
  await signIn(page, 'staff');
  const token = await storedToken(page);
  await page.getByTestId('logout-link').click();
  await expect(page).toHaveURL(/\/peis\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

import { ALL_ROUTES } from '@peis/shared';
import { expect, test } from '@playwright/test';
import { collectPageErrors, signIn } from './helpers';

const concrete = (path: string) => path.replace(':id', '1');

// Every route of SPEC §2 opens without an uncaught error: company routes as the administrator, main
// routes as health staff (who hold every main menu but the UI-kit page, opened by the administrator).
test('every company route opens', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'admin');
  for (const route of ALL_ROUTES.filter((r) => r.area === 'company')) {
    await page.goto(`/peis/${concrete(route.path)}`);
    if (route.fullScreen) await expect(page.getByTestId('full-screen-layout'), route.path).toBeVisible();
    else await expect(page.getByTestId('breadcrumb'), route.path).toContainText(route.title);
    await expect(page.getByTestId('no-permission-page')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('every main route opens', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  for (const route of ALL_ROUTES.filter((r) => r.area === 'main' && r.path !== 'main/tools/test')) {
    await page.goto(`/peis/${concrete(route.path)}`);
    await expect(page.getByTestId('breadcrumb'), route.path).toContainText(route.title);
    await expect(page.getByTestId('no-permission-page')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('/main goes to the workbench, /main/password opens, unknown routes show not-found', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'staff');
  await page.goto('/peis/main');
  await expect(page).toHaveURL(/\/peis\/main\/dashboard$/);
  await page.goto('/peis/main/password');
  await expect(page.getByTestId('password-page')).toBeVisible();
  for (const path of ['/peis/nothing-here', '/peis/main/nothing-here', '/peis/company/no/such/page']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found-page'), path).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('signed out, a deep link goes to the login page', async ({ page }) => {
  await page.goto('/peis/main/phr/detail/12');
  await expect(page).toHaveURL(/\/peis\/login$/);
});

import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/** Every Content-Security-Policy violation the page reports (the policy is the server's own header). */
async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`);
    });
  });
  return violations;
}

test('index.html runs no inline script and sends its policy', async ({ request }) => {
  const res = await request.get('/peis/login');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toMatch(/\ssrc="/);
  expect(html).not.toMatch(/\son[a-z]+="/);
});

test('the console works under the Content-Security-Policy without a single violation', async ({ page }) => {
  const violations = await collectCspViolations(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/company\/dashboard$/);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  // Pages with forms (zod validation), tables and charts.
  for (const url of ['/peis/company/user', '/peis/main/phr']) {
    await page.goto(url);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, signIn } from './helpers';

// One name per unit (issue 11 item 8): the short name in tables and dashboard tables, the full name in details,
// the other one on hover — through one component (components/unit-name.tsx).

const SHOTS = 'test-results/h4';

interface UnitNode {
  name: string;
  shortName?: string;
  children?: UnitNode[];
}

/** The account's units, full name by short name. */
async function fullNames(page: Page): Promise<Map<string, string>> {
  const tree = await apiCall<UnitNode[]>(page, 'GET', '/company/company/tree');
  const names = new Map<string, string>();
  const walk = (nodes: UnitNode[]) => {
    for (const n of nodes) {
      names.set(n.shortName ?? n.name, n.name);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return names;
}

/** Hovers a unit name and expects `other` in its tooltip. */
async function expectTooltip(page: Page, name: Locator, other: string) {
  await name.hover();
  await expect(page.locator('.ant-tooltip:visible')).toContainText(other);
  await page.mouse.move(0, 0);
}

test('a unit is its short name in the list and the dashboard, its full name in the detail, the other on hover', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const full = await fullNames(page);
  // Different names for the same unit would show here: every unit has one short and one full name.
  expect(full.get('采油一厂一区')).toBe('第一采油厂第一作业区');

  await page.goto('/peis/company/Facility');
  const row = page
    .getByTestId('resource-table')
    .locator('tr.ant-table-row')
    .filter({ has: page.getByTestId('unit-name') })
    .first();
  const listName = row.getByTestId('unit-name');
  const short = (await listName.innerText()).trim();
  const long = full.get(short);
  expect(long, `${short} is a short name of the unit tree`).toBeTruthy();
  if (long !== short) await expectTooltip(page, listName, long as string);
  await page.screenshot({ path: `${SHOTS}/unit-list-1440.png` });

  await row.getByTestId('row-view').click();
  const detailName = page.getByTestId('resource-detail').getByTestId('unit-name');
  await expect(detailName).toHaveText(long as string);
  if (long !== short) await expectTooltip(page, detailName, short);
  await page.keyboard.press('Escape');

  // The dashboard's per-unit table names the same units by the same short names.
  await page.goto('/peis/company/dashboard');
  await page
    .locator('[data-testid=ring-card][data-key=gaoxueya1]')
    .locator('canvas, [data-testid=ring-rate]')
    .first()
    .click();
  const dialog = page.getByTestId('ring-dialog');
  const units = dialog.getByTestId('unit-name');
  await expect(units.first()).toBeVisible();
  const shown = (await units.allInnerTexts()).map((t) => t.trim());
  for (const name of shown) expect(full.has(name), `${name} is a short name`).toBe(true);
  const first = shown[0];
  if (full.get(first) !== first) await expectTooltip(page, units.first(), full.get(first) as string);
  await page.screenshot({ path: `${SHOTS}/unit-dashboard-1440.png` });

  // A hand-made list (体检数据, as health staff) names units the same way.
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'staff');
  await page.goto('/peis/main/phr/check');
  const checkUnit = page.locator('tr.ant-table-row').first().getByTestId('unit-name');
  const checkShort = (await checkUnit.innerText()).trim();
  expect(full.has(checkShort), `${checkShort} is a short name`).toBe(true);
  if (full.get(checkShort) !== checkShort) await expectTooltip(page, checkUnit, full.get(checkShort) as string);

  // On a phone the same list is a card per check.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.list-card').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/unit-list-390.png` });
});

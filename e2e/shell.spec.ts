import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, NO_GROUPS_MESSAGE, test } from './fixtures';

// Expected menus written out from the table of spec 1 §2 and the screens added since (Carrier Files,
// Access Report, Upload Enrollments after Enroll Subscriber), deliberately not derived from the app's code.
const HOME = 'Home';
const PRIVACY = 'Privacy';
const MEMBER_SCREENS = [
  'Broker',
  'Enroll Subscriber',
  'Upload Enrollments',
  'Update Subscriber/Dependent Demographics',
  'Terminate Subscriber/Dependent',
  'Change Coverage',
  'Enrollment Submissions',
  'Carrier Files',
  'Coverage Inquiry',
];

const EXPECTED_MENUS: Record<string, string[]> = {
  'hr@example.com': [HOME, ...MEMBER_SCREENS, 'ID Card', 'Census Report', 'Open Enrollment', PRIVACY],
  'broker@example.com': [HOME, ...MEMBER_SCREENS, 'ID Card', 'Census Report', 'Open Enrollment', PRIVACY],
  'admin@example.com': [
    HOME,
    ...MEMBER_SCREENS,
    'Claim Search',
    'ID Card',
    'Census Report',
    'Claims Funding Report',
    'Admin Invoice',
    'Monthly Reports',
    'Access Report',
    'Users',
    'Open Enrollment',
    'Plans and Rates',
    PRIVACY,
  ],
  'idcard@example.com': [HOME, 'ID Card', PRIVACY],
  'claims@example.com': [HOME, 'Claim Search', PRIVACY],
  'finance@example.com': [HOME, 'Claims Funding Report', 'Admin Invoice', PRIVACY],
  'reports@example.com': [HOME, 'Monthly Reports', PRIVACY],
  'auditor@example.com': [HOME, 'Access Report', PRIVACY],
  'employee@example.com': [HOME, 'My Benefits', PRIVACY],
};

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function storageKeys(page: Page) {
  return page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
}

test.describe('menu per role', () => {
  for (const [email, expected] of Object.entries(EXPECTED_MENUS)) {
    test(`${email} sees exactly its menu entries`, async ({ signInAs, shell }) => {
      await signInAs(email);
      await expect(shell.menuEntries).toHaveText(expected);
      await expect(shell.nav.getByRole('link', { name: 'Home' })).toBeVisible();
    });
  }
});

test('the shell shows the page label, current group, user and version', async ({ page, signInAs, shell }) => {
  await signInAs('hr@example.com');
  await expect(shell.banner.getByTestId('page-label')).toHaveText('Home');
  await expect(shell.banner.getByRole('img', { name: /logo$/ })).toBeVisible();
  await expect(shell.banner.getByText(/^Group ID: /)).toBeVisible();
  await expect(shell.banner.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText(/20250724\.2/)).toBeVisible();

  await shell.nav.getByRole('link', { name: 'Census Report' }).click();
  await expect(page).toHaveURL(/\/census-report$/);
  await expect(shell.banner.getByTestId('page-label')).toHaveText('Census Report');
});

test('the home page has no serious accessibility violations', async ({ page, signInAs }) => {
  await signInAs('broker@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a broker switches the current group through the Broker modal', async ({ page, signInAs, shell }) => {
  await signInAs('broker@example.com');
  const before = (await shell.groupName.innerText()).trim();

  await shell.openBrokerModal();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  const names = await shell.brokerGroupNames();
  expect(names).toHaveLength(3);
  const other = names.find((name) => !name.startsWith(`${before} (`));
  expect(other).toBeDefined();

  await shell.chooseGroup(other!);
  await expect(shell.groupName).toHaveText(other!.replace(/ \([^)]*\)$/, ''));
  await expect(page).toHaveURL(/\/$/);
});

test('a broker selects a group from the home page cards', async ({ page, signInAs, shell }) => {
  await signInAs('broker@example.com');
  const select = page.getByRole('button', { name: /^Select group / }).first();
  const label = (await select.getAttribute('aria-label')) ?? '';
  await select.click();
  await expect(shell.groupName).toHaveText(label.replace(/^Select group /, ''));
  await expect(page).toHaveURL(/\/$/);
});

test('a user without groups sees only the no-groups message and can log out', async ({ page, signInAs, shell }) => {
  await signInAs('nogroups@example.com');
  await expect(page.getByText(NO_GROUPS_MESSAGE)).toBeVisible();
  await expect(shell.nav).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a screen the current group does not grant shows a no-access message', async ({ page, signInAs, shell }) => {
  await signInAs('idcard@example.com');
  await page.goto('/claim-search');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(shell.nav).toBeVisible();
  // The wizard's root path follows the same rule instead of going home.
  await page.goto('/enroll-subscriber');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page).toHaveURL(/\/enroll-subscriber$/);
});

test('an unknown path ends on home', async ({ page, signInAs }) => {
  await signInAs('hr@example.com');
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test("a screen opened by its address fetches its own code beside the router's", async ({ page, signInAs }) => {
  await signInAs('hr@example.com');
  // Downloads that completed: Chromium sometimes starts a module's request, drops it and asks again.
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/census-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Census Report' })).toBeVisible();
  const named = (await page.locator('meta[name="route-chunks"]').getAttribute('content'))?.split(' ') ?? [];
  expect(named.length).toBeGreaterThan(0);
  // Each named chunk is downloaded. Chromium now and then
  // downloads one preloaded module a second time; a preload the import could not use (another
  // credentials mode, another URL) would download every one of them twice.
  for (const chunk of named) expect(scripts, chunk).toContain(chunk);
  expect(scripts.filter((url) => named.includes(url)).length).toBeLessThan(2 * named.length);
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(preloaded).toEqual(expect.arrayContaining(named));

  // A page that is not a screen of its own names nothing.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.locator('meta[name="route-chunks"]')).toHaveCount(0);
});

// Lighthouse's phone and a desktop: the frame follows the shell's layout at both.
for (const viewport of [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
]) {
  test(`a signed-in cold load paints the screen's title before any script, where its heading comes (${viewport.width} px)`, async ({
    page,
    signInAs,
  }) => {
    const screen = '/update-subscriber/choose-a-subscriber-or-dependent';
    const title = 'Update Subscriber/Dependent Demographics';
    await signInAs('hr@example.com');
    await page.setViewportSize(viewport);

    // What the page's HTML paints on its own, the scripts held back.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(screen);
    const painted = page.locator('#boot-frame').getByText(title, { exact: true });
    await expect(painted).toBeVisible();
    const before = await painted.boundingBox();
    await expect(page.getByRole('status')).toHaveText('loading');
    await page.unroute('**/assets/*.js');

    await page.goto(screen);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expect(page.locator('#boot-frame')).toHaveCount(0);
    const after = await heading.boundingBox();
    // The screen's title replaces the painted one without moving.
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(after?.[side], side).toBeCloseTo(before![side], 0);
  });
}

test('a signed-in cold load sends the session check before the app’s code loads, and only once', async ({
  page,
  signInAs,
}) => {
  await signInAs('hr@example.com');
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/Account/Access') || pathname.startsWith('/assets/routed-app-')) sent.push(pathname);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const access = sent.filter((path) => path.endsWith('/Account/Access'));
  // One call: the guard took the entry's answer instead of asking again.
  expect(access).toHaveLength(1);
  expect(sent.indexOf(access[0]!)).toBeLessThan(sent.findIndex((path) => path.startsWith('/assets/routed-app-')));
});

test('logout leaves no app or sign-in data in web storage', async ({ page, signInAs, shell, loginPage }) => {
  await signInAs('hr@example.com');
  expect((await storageKeys(page)).session.length).toBeGreaterThan(0);

  await shell.logout();
  // After the provider's logout the portal goes home, which asks for a new sign-in.
  await page.waitForURL(/\/idp\//);
  await loginPage.waitUntilShown();
  const atLogin = await storageKeys(page);
  expect(atLogin.local).toEqual([]);
  expect(atLogin.session.filter((key) => !key.startsWith('oidc.') || key.startsWith('oidc.user:'))).toEqual([]);

  // Back on the site (a public page, so no new sign-in starts): nothing at all is left.
  await page.goto('/not-found');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await storageKeys(page)).toEqual({ local: [], session: [] });
});

test('signing in from a deep link returns to that screen', async ({ page, loginPage, shell }) => {
  await page.goto('/census-report');
  await page.waitForURL(/\/idp\//);
  await loginPage.signIn('hr@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/census-report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Census Report' })).toBeVisible();
  await expect(shell.nav).toBeVisible();
});

test('page views are sent on route changes until the user opts out in the Privacy modal', async ({
  page,
  signInAs,
  shell,
}) => {
  // The body is not visible to Playwright (fetch streams it), so views are counted per navigation.
  let pageViews = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/Analytics/PageView')) pageViews += 1;
  });
  await signInAs('hr@example.com');
  await expect.poll(() => pageViews).toBe(1);
  await shell.nav.getByRole('link', { name: 'Change Coverage' }).click();
  await expect.poll(() => pageViews).toBe(2);

  await shell.nav.getByRole('button', { name: 'Privacy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy' });
  await expect(privacy).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await privacy.getByRole('checkbox', { name: 'Do not send page-view analytics' }).check();
  await privacy.getByRole('button', { name: 'Close' }).click();
  await expect(privacy).toBeHidden();

  await shell.nav.getByRole('link', { name: 'Census Report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Census Report' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(pageViews).toBe(2);
});

test('a single 401 is cured by one silent renewal: the call is repeated and the screen stays', async ({
  page,
  signInAs,
  shell,
}) => {
  await signInAs('hr@example.com');
  let providerVisits = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && /\/idp\//.test(request.url())) {
      providerVisits += 1;
    }
  });
  let calls = 0;
  await page.route('**/Analytics/PageView', async (route) => {
    calls += 1;
    if (calls > 1) return route.continue();
    await route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Unauthorized', status: 401 }),
    });
  });

  await shell.nav.getByRole('link', { name: 'Change Coverage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change Coverage' })).toBeVisible();
  await expect.poll(() => calls).toBe(2);
  await expect(page).toHaveURL(/\/change-coverage$/);
  await expect(shell.nav).toBeVisible();
  expect(providerVisits).toBe(0);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the portal meets: 2.0, 2.1 and 2.2, A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every axe violation of those levels on the page (or inside `include`) as it is now, whatever its impact. */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page itself scrolls sideways (0 when it does not). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Nothing on the screen is still loading: no progress bar, no loading screen, no skeleton. */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^loading$/ })).toHaveCount(0);
  // Skeletons in place of rows (the member lists).
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

/** Goes to a path inside the running app, as its own links do (the router follows pushState). */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical WCAG 2 A/AA violations on the page (or inside `include`), once running
 * transitions have ended: a dialog still fading in has every colour at part opacity.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Spinners and progress bars run forever; only transitions that end are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type StoredDraft = {
  requestPK: number | null;
  subscriberPK: number | null;
  changeReasonPK: number | null;
  step: number | null;
  dependentTermDate: string | null;
};

/** The enrollment draft pointers the app keeps in sessionStorage. */
export async function storedDraft(page: Page): Promise<StoredDraft> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('benefits-portal.app');
    return (raw ? JSON.parse(raw).state.enrollment : {}) as StoredDraft;
  });
}

/** Reads the API as the signed-in user (the token oidc-client-ts keeps in sessionStorage). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

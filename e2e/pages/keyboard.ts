import { expect, type Page } from '@playwright/test';

/** What has the keyboard focus: its accessible-ish name, and whether a sighted user can see it. */
type Focused = { name: string; tag: string; visible: boolean };

/** Reads the focused element (reading only: the journeys act through `page.keyboard` alone). */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', tag: 'BODY', visible: false };
    const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/[\s*]+/g, ' ').trim();
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(' ')
        .map((id) => text(document.getElementById(id)))
        .join(' ')
        .trim();
    let name: string;
    const radioGroup = el.closest('[role="radiogroup"]');
    const control = el.closest('.MuiFormControl-root');
    if (radioGroup) name = `${byIds(radioGroup.getAttribute('aria-labelledby'))}: ${text(el.closest('label'))}`;
    else if (control?.querySelector('label') && el.tagName !== 'BUTTON') name = text(control.querySelector('label'));
    else name = el.getAttribute('aria-label') ?? text(el);
    const rect = el.getBoundingClientRect();
    const hidden = el.closest('[aria-hidden="true"]') !== null;
    return { name, tag: el.tagName, visible: rect.width > 1 && rect.height > 1 && !hidden };
  });
}

/** The focused element is on screen (non-zero size, not inside aria-hidden), not the page's body. */
export async function expectFocusVisible(page: Page, what: string): Promise<void> {
  const now = await focused(page);
  expect(now.tag, `focus after ${what}`).not.toBe('BODY');
  expect(now.visible, `focused ${now.tag} "${now.name}" visible after ${what}`).toBe(true);
}

/** Presses Tab until the focused element is the one wanted, at most `limit` times. */
export async function tabUntil(page: Page, wanted: (now: Focused) => boolean, what: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`No focusable ${what} within ${limit} Tabs`);
}

/** Presses Tab until the focused element's name matches (a string: exactly). */
export function tabTo(page: Page, name: string | RegExp): Promise<void> {
  return tabUntil(page, (now) => (typeof name === 'string' ? now.name === name : name.test(now.name)), String(name));
}

/** Presses Tab until a member row without a pending request has the focus. */
export function tabToMemberRow(page: Page): Promise<void> {
  return tabUntil(page, (now) => now.tag === 'TR' && !now.name.includes('Pending request'), 'member row');
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.type(text);
}

import { expect, type Locator, type Page } from '@playwright/test';

export const CHOOSER_PATHS = {
  update: '/update-subscriber/choose-a-subscriber-or-dependent',
  terminate: '/terminate-subscriber/choose-a-subscriber-or-dependent',
  changeCoverage: '/change-coverage',
} as const;

/** The shared member chooser: search, sortable table, pages, dependents and the pending notice. */
export class MemberChooserPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly pagesNav: Locator;
  readonly termedCheckbox: Locator;
  readonly pendingNotice: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Last Name' }) });
    this.rows = page.getByTestId('member-row');
    this.pagesNav = page.getByRole('navigation', { name: 'Member list pages' });
    this.termedCheckbox = page.getByRole('checkbox', { name: 'Display Termed Member' });
    this.pendingNotice = page.getByRole('dialog', { name: 'Notification for Request' });
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Loading members' })).toHaveCount(0);
  }

  header(name: string): Locator {
    return this.table.getByRole('columnheader', { name });
  }

  async sortBy(name: string): Promise<void> {
    const before = this.page.url();
    await this.header(name).getByRole('button').click();
    await expect.poll(() => this.page.url()).not.toBe(before);
    await this.waitForRows();
  }

  async goToPage(n: number): Promise<void> {
    await this.pagesNav.getByRole('button', { name: `Page ${n}`, exact: true }).click();
    await expect(this.pagesNav.getByRole('button', { name: `Page ${n}`, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await this.waitForRows();
  }

  async search(filters: { firstName?: string; lastName?: string; ssn?: string }): Promise<void> {
    await this.page.getByLabel('Search First Name').fill(filters.firstName ?? '');
    await this.page.getByLabel('Search Last Name').fill(filters.lastName ?? '');
    await this.page.getByLabel('SSN last 4').fill(filters.ssn ?? '');
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    await this.waitForRows();
  }

  /** Last and first name of a row (without its Termed / Pending request marks). */
  async nameOf(row: Locator): Promise<{ lastName: string; firstName: string }> {
    return row.evaluate((tr) => {
      const cells = [...tr.querySelectorAll('td')];
      // The first cell holds the dependents toggle when there is one.
      const [last, first] = tr.querySelector('button[aria-expanded]') ? cells.slice(1) : cells;
      const text = (cell: Element | undefined) => (cell?.firstChild?.textContent ?? '').trim();
      return { lastName: text(last), firstName: text(first) };
    });
  }

  /** 'Last, First' of every row shown, in order. */
  async names(): Promise<string[]> {
    const names: string[] = [];
    for (const row of await this.rows.all()) {
      const { lastName, firstName } = await this.nameOf(row);
      names.push(`${lastName}, ${firstName}`);
    }
    return names;
  }

  row(lastName: string, firstName: string): Locator {
    return this.rows.filter({ hasText: lastName }).filter({ hasText: firstName });
  }

  dependentsToggle(row: Locator): Locator {
    return row.getByRole('button', { name: /dependents of/ });
  }

  async dependentsOf(row: Locator): Promise<Locator> {
    await this.dependentsToggle(row).click();
    const list = this.page
      .getByRole('list', { name: /^Dependents of / })
      .or(this.page.getByText(/has no dependents\.$/));
    await expect(list.first()).toBeVisible();
    return this.page.getByRole('list', { name: /^Dependents of / }).getByRole('button');
  }

  /**
   * Opens the rows one by one until one lists a dependent (named `name`, if given) and returns
   * that dependent's choice button; rows without one are closed again.
   */
  async firstDependent(
    rows: Locator,
    name?: string,
  ): Promise<{ dependent: Locator; subscriber: { lastName: string; firstName: string } }> {
    for (const row of await rows.all()) {
      const dependents = await this.dependentsOf(row);
      const match = name ? dependents.filter({ hasText: name }) : dependents;
      if ((await match.count()) > 0) return { dependent: match.first(), subscriber: await this.nameOf(row) };
      await this.dependentsToggle(row).click();
    }
    throw new Error('No row of this page has a matching dependent.');
  }

  async returnFromPendingNotice(): Promise<void> {
    await this.pendingNotice.getByRole('button', { name: 'Return to previous step' }).click();
    await expect(this.pendingNotice).toBeHidden();
  }
}

import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { EnrollmentWizardPage, type Person } from './enrollment-wizard-page';

const MANAGER_PATH = '/enrollment-manager';

/** The token playwright.config.ts gives the test server (PROCESSING_TRIGGER_TOKEN). */
const PROCESSING_TOKEN = process.env.E2E_PROCESSING_TOKEN ?? 'e2e-processing-trigger';

/** Enrollment Submissions Manager: filters, the paged table, its row actions and dialogs. */
export class EnrollmentManagerPage {
  readonly heading: Locator;
  readonly rows: Locator;
  readonly pagesNav: Locator;
  readonly viewDialog: Locator;
  readonly approveDialog: Locator;
  readonly cancelDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Enrollment Submissions' });
    this.rows = page.getByTestId('request-row');
    this.pagesNav = page.getByRole('navigation', { name: 'Request list pages' });
    this.viewDialog = page.getByRole('dialog', { name: 'View Request' });
    this.approveDialog = page.getByRole('dialog', { name: /^(Approve Request|Request Approved)$/ });
    this.cancelDialog = page.getByRole('dialog', { name: 'Cancel Request' });
  }

  async open(search = ''): Promise<void> {
    await this.page.goto(`${MANAGER_PATH}${search}`);
    await expect(this.heading).toBeVisible();
    await this.waitForList();
  }

  async openFromMenu(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Enrollment Submissions' })
      .click();
    await expect(this.heading).toBeVisible();
    await this.waitForList();
  }

  /** The page's rows (or its empty message) are shown and nothing is loading. */
  async waitForList(): Promise<void> {
    await expect(
      this.rows
        .first()
        .or(this.page.getByText(/^No requests match the filters\.$|^There are no requests on this page\.$/)),
    ).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Loading requests' })).toHaveCount(0);
  }

  field(label: string): Locator {
    return this.page
      .getByRole('search', { name: 'Filter enrollment submissions' })
      .getByRole('textbox', { name: label, exact: true });
  }

  get statusSelect(): Locator {
    return this.page.getByRole('combobox', { name: 'Request Status' });
  }

  async fillDate(label: 'Date From' | 'Date To', mmddyyyy: string): Promise<void> {
    await this.page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton', { name: 'Month' }).click();
    await this.page.keyboard.type(mmddyyyy.replaceAll('/', ''));
  }

  async filter(filters: {
    lastName?: string;
    firstName?: string;
    status?: string;
    dateFrom?: string;
    dateTo?: string;
  }): Promise<void> {
    if (filters.dateFrom) await this.fillDate('Date From', filters.dateFrom);
    if (filters.dateTo) await this.fillDate('Date To', filters.dateTo);
    await this.field('Last Name').fill(filters.lastName ?? '');
    await this.field('First Name').fill(filters.firstName ?? '');
    await this.statusSelect.selectOption(filters.status ? { label: filters.status } : { value: '' });
    const before = this.page.url();
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => this.page.url()).not.toBe(before);
    await this.waitForList();
  }

  header(name: string): Locator {
    return this.page.getByRole('columnheader', { name, exact: true });
  }

  async sortBy(name: string): Promise<void> {
    const before = this.page.url();
    await this.header(name).getByRole('button').click();
    await expect.poll(() => this.page.url()).not.toBe(before);
    await this.waitForList();
  }

  async goToPage(n: number): Promise<void> {
    const link = this.pagesNav.getByRole('button', { name: `Page ${n}`, exact: true });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await this.waitForList();
  }

  /** The rows of one subscriber (last and first name). */
  rowOf(person: Pick<Person, 'firstName' | 'lastName'>): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: person.lastName, exact: true }) }).filter({
      has: this.page.getByRole('cell', { name: person.firstName, exact: true }),
    });
  }

  action(row: Locator, name: 'View Request' | 'Download PDF' | 'Approve' | 'Cancel Request'): Locator {
    return row.getByRole('button', { name: new RegExp(`^${name} for `) });
  }

  statusOf(row: Locator): Locator {
    return row.getByRole('cell').nth(4);
  }

  /** 'First Last' of every row shown, in order. */
  async names(): Promise<string[]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((tr) => {
        const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
        return `${cells[3]} ${cells[2]}`;
      }),
    );
  }
}

/** A new subscriber enrolled through the four wizard pages, medical only, no dependents. */
export async function enrollThroughWizard(page: Page, person: Person): Promise<void> {
  const wizard = new EnrollmentWizardPage(page);
  const year = new Date().getFullYear();
  await wizard.open();
  await wizard.fillPersonal(person);
  await wizard.next();
  await wizard.expectStep(2);
  await wizard.fillEmployment({
    dateOfHire: `01/05/${year - 1}`,
    effectiveDate: `${String(new Date().getMonth() + 1).padStart(2, '0')}/01/${year}`,
    occupation: 'Engineering',
    jobTitle: 'Analyst',
    payRate: '2500',
    payFrequency: 'Bi-Weekly',
  });
  await wizard.next();
  await wizard.expectStep(3);
  await wizard.button('Skip').click();
  await wizard.expectStep(4);
  await wizard.choosePlan({
    division: '001 – Headquarters',
    medical: { plan: 'Choice PPO 500', tier: 'Employee Only' },
  });
  await wizard.toReview();
  await wizard.button('Submit').click();
  await wizard.dialog('Subscriber Created').getByRole('button', { name: 'Close' }).click();
  await wizard.dialog('Subscriber Request Received').getByRole('button', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

/** Runs the server's request processing once, as the timer would (the test server has it off). */
export async function runProcessing(
  request: APIRequestContext,
): Promise<{ requestPK: number; status: string; note?: string }[]> {
  const response = await request.post('/api/processing/run', { headers: { 'x-processing-token': PROCESSING_TOKEN } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { outcomes: { requestPK: number; status: string; note?: string }[] }).outcomes;
}

/** Step-1 drafts (Incomplete requests) saved through the API as the signed-in user, one per first name. */
export async function createDrafts(page: Page, lastName: string, firstNames: readonly string[]): Promise<void> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  // Area 9xx is never issued and never seeded; the random middle keeps parallel runs apart.
  const area = 900 + Math.floor(Math.random() * 100);
  for (const [i, firstName] of firstNames.entries()) {
    const response = await page.request.post('/api/enrollment/Subscriber/EnrollmentRequest', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        saveStep: 1,
        employerPK: 2,
        subscriber: {
          firstName,
          lastName,
          middleName: '',
          ssn: `${area}-${String(10 + Math.floor(Math.random() * 90))}-${String(1000 + i).padStart(4, '0')}`,
          dateOfBirth: '1985-07-19',
          maritalStatusPK: 1,
          genderID: 2,
          address1: '12 Main St',
          address2: '',
          zipCode: '12345',
          city: 'Springfield',
          stateID: 5,
          phone1: '5551234567',
          phone2: '',
          emailAddress: 'member@example.com',
        },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

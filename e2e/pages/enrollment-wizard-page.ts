import { expect, type Locator, type Page } from '@playwright/test';

export type Person = {
  firstName: string;
  lastName: string;
  middleName?: string;
  ssn: string;
  /** MM/DD/YYYY */
  dateOfBirth: string;
  gender: string;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  email: string;
};

export type Employment = {
  /** MM/DD/YYYY */
  dateOfHire: string;
  /** MM/DD/YYYY */
  effectiveDate: string;
  occupation: string;
  jobTitle: string;
  payRate: string;
  payFrequency: string;
};

export type Dependent = {
  firstName: string;
  lastName: string;
  ssn: string;
  /** MM/DD/YYYY */
  dateOfBirth: string;
  relationship: 'Spouse' | 'Child' | 'Domestic Partner';
  gender: string;
};

type PlanChoice = {
  division: string;
  medical?: { plan: string; tier: string };
  dental?: { plan: string; tier: string };
  fsa?: { plan: string; amount: string }[];
};

const ENROLLMENT_REQUEST = /\/api\/enrollment\/Subscriber\/EnrollmentRequest(\?|$)/;

/** The four pages of the enrollment wizard (Enroll Subscriber). */
export class EnrollmentWizardPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly errorSummary: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.errorSummary = page.getByTestId('error-summary');
  }

  // ---- Navigation ----

  /** Opens the wizard from the menu, which starts a new enrollment. */
  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Enroll Subscriber' })
      .click();
    await this.expectStep(1);
  }

  /** A step of a new enrollment, or (with the member's name) of a change of that member's coverage. */
  async expectStep(step: 1 | 2 | 3 | 4, changeCoverageOf?: string): Promise<void> {
    const titles = ['Personal Information', 'Employment Information', 'Dependent Information', 'Choose a Plan'];
    const title = titles[step - 1]!;
    await expect(this.heading).toHaveText(
      changeCoverageOf ? `Change Coverage for ${changeCoverageOf}: ${title}` : title,
    );
    await expect(this.main.getByText(`Page ${step} of 4`)).toBeVisible();
  }

  /** The review page after the plan step ("check your answers"), where Submit is. */
  async expectReview(changeCoverageOf?: string): Promise<void> {
    const title = 'Review and submit';
    await expect(this.heading).toHaveText(
      changeCoverageOf ? `Change Coverage for ${changeCoverageOf}: ${title}` : title,
    );
  }

  /** One block of the review page, by its step's title. */
  reviewSection(title: string): Locator {
    return this.main.getByRole('region', { name: title });
  }

  /** The answer the review page shows for a label within a block. */
  reviewValue(section: string, label: string): Locator {
    return this.reviewSection(section).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  /** From the plan page: Next saves it and opens the review page. */
  async toReview(changeCoverageOf?: string): Promise<void> {
    await this.next();
    await this.expectReview(changeCoverageOf);
  }

  button(name: string): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  async next(): Promise<void> {
    await this.button('Next').click();
  }

  async back(): Promise<void> {
    await this.button('Back').click();
  }

  /** The answer to the next create (POST) or save (PUT) of the request. */
  waitForSave(method: 'POST' | 'PUT') {
    return this.page.waitForResponse((r) => r.request().method() === method && ENROLLMENT_REQUEST.test(r.url()));
  }

  // ---- Fields ----

  textbox(label: string, within: Locator = this.main): Locator {
    return within.getByRole('textbox', { name: label, exact: true });
  }

  select(label: string, within: Locator = this.main): Locator {
    return within.getByRole('combobox', { name: label, exact: true });
  }

  dateField(label: string, within: Locator = this.main): Locator {
    return within.getByRole('group', { name: label, exact: true });
  }

  async fillDate(label: string, mmddyyyy: string, within: Locator = this.main): Promise<void> {
    // Typing digits fills month, day and year in turn, over what was there.
    await this.dateField(label, within).getByRole('spinbutton', { name: 'Month' }).click();
    await this.page.keyboard.type(mmddyyyy.replaceAll('/', ''));
  }

  /** The date a date field shows, as MM/DD/YYYY ('' when empty). */
  async dateValue(label: string, within: Locator = this.main): Promise<string> {
    const field = this.dateField(label, within);
    // Each section shows its digits, or its placeholder (MM, DD, YYYY) while empty.
    const parts = await Promise.all(
      ['Month', 'Day', 'Year'].map((name) => field.getByRole('spinbutton', { name }).innerText()),
    );
    return parts.every((p) => /^\d+$/.test(p.trim())) ? parts.map((p) => p.trim()).join('/') : '';
  }

  async answer(question: string, answer: 'Yes' | 'No'): Promise<void> {
    await this.main.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).check();
  }

  // ---- Step 1 ----

  async fillPersonal(p: Person): Promise<void> {
    await this.textbox('First Name').fill(p.firstName);
    if (p.middleName) await this.textbox('Middle Initial').fill(p.middleName);
    await this.textbox('Last Name').fill(p.lastName);
    await this.textbox('SSN').fill(p.ssn.replaceAll('-', ''));
    await this.fillDate('Date of Birth', p.dateOfBirth);
    await this.select('Gender').selectOption({ label: p.gender });
    await this.textbox('Address Line 1').fill(p.address1);
    await this.textbox('City').fill(p.city);
    await this.select('State').selectOption({ label: p.state });
    await this.textbox('Zip Code').fill(p.zipCode);
    await this.textbox('Phone').fill(p.phone);
    await this.textbox('Email').fill(p.email);
  }

  async expectPersonal(p: Person, ssnLast4: string): Promise<void> {
    await expect(this.textbox('First Name')).toHaveValue(p.firstName);
    await expect(this.textbox('Last Name')).toHaveValue(p.lastName);
    // The full SSN never comes back to the browser: only that one is on file.
    await expect(this.textbox('SSN')).toHaveValue('');
    await expect(this.main.getByText(`SSN on file ending in ${ssnLast4}`)).toBeVisible();
    await expect.poll(() => this.dateValue('Date of Birth')).toBe(p.dateOfBirth);
    await expect(this.select('Gender').locator('option:checked')).toHaveText(p.gender);
    await expect(this.textbox('Address Line 1')).toHaveValue(p.address1);
    await expect(this.textbox('City')).toHaveValue(p.city);
    await expect(this.select('State').locator('option:checked')).toHaveText(p.state);
    await expect(this.textbox('Zip Code')).toHaveValue(p.zipCode);
    await expect(this.textbox('Phone')).toHaveValue(p.phone);
    await expect(this.textbox('Email')).toHaveValue(p.email);
  }

  // ---- Step 2 ----

  async fillEmployment(e: Employment): Promise<void> {
    await this.fillDate('Date of Hire', e.dateOfHire);
    await this.fillDate('Effective Date', e.effectiveDate);
    await this.textbox('Occupation').fill(e.occupation);
    await this.textbox('Job Title').fill(e.jobTitle);
    await this.textbox('Pay Rate').fill(e.payRate);
    await this.select('Pay Frequency').selectOption({ label: e.payFrequency });
  }

  async expectEmployment(e: Employment): Promise<void> {
    await expect.poll(() => this.dateValue('Date of Hire')).toBe(e.dateOfHire);
    await expect.poll(() => this.dateValue('Effective Date')).toBe(e.effectiveDate);
    await expect(this.textbox('Occupation')).toHaveValue(e.occupation);
    await expect(this.textbox('Job Title')).toHaveValue(e.jobTitle);
    await expect(this.select('Pay Frequency').locator('option:checked')).toHaveText(e.payFrequency);
  }

  // ---- Step 3 ----

  get dependentList(): Locator {
    return this.main.getByRole('list', { name: 'Dependents' });
  }

  async fillDependent(d: Dependent): Promise<void> {
    await this.textbox('First Name').fill(d.firstName);
    await this.textbox('Last Name').fill(d.lastName);
    await this.textbox('SSN').fill(d.ssn.replaceAll('-', ''));
    await this.fillDate('Date of Birth', d.dateOfBirth);
    await this.select('Relationship').selectOption({ label: d.relationship });
    await this.select('Gender').selectOption({ label: d.gender });
  }

  async expectDependent(d: Dependent, ssn: { typed: string } | { onFileLast4: string } | 'empty'): Promise<void> {
    await expect(this.textbox('First Name')).toHaveValue(d.firstName);
    await expect(this.textbox('Last Name')).toHaveValue(d.lastName);
    if (ssn === 'empty') await expect(this.textbox('SSN')).toHaveValue('');
    else if ('typed' in ssn) await expect(this.textbox('SSN')).toHaveValue(ssn.typed);
    else {
      await expect(this.textbox('SSN')).toHaveValue('');
      await expect(this.main.getByText(`SSN on file ending in ${ssn.onFileLast4}`)).toBeVisible();
    }
    await expect.poll(() => this.dateValue('Date of Birth')).toBe(d.dateOfBirth);
    await expect(this.select('Relationship').locator('option:checked')).toHaveText(d.relationship);
  }

  async selectDependent(name: string): Promise<void> {
    await this.dependentList.getByRole('button', { name, exact: true }).click();
  }

  // ---- Step 4 ----

  async choosePlan(choice: PlanChoice): Promise<void> {
    await this.select('Division').selectOption({ label: choice.division });
    if (choice.medical) {
      await this.answer('Medical Coverage', 'Yes');
      await this.selectWhenLoaded('Medical Plan', choice.medical.plan);
      await this.selectWhenLoaded('Medical Tier', choice.medical.tier);
    } else await this.answer('Medical Coverage', 'No');
    if (choice.dental) {
      await this.answer('Dental Coverage', 'Yes');
      await this.selectWhenLoaded('Dental Plan', choice.dental.plan);
      await this.selectWhenLoaded('Dental Tier', choice.dental.tier);
    } else await this.answer('Dental Coverage', 'No');
    if (choice.fsa?.length) {
      await this.answer('Enroll in FSA', 'Yes');
      for (const election of choice.fsa) {
        await this.selectWhenLoaded('FSA Plan', election.plan);
        await this.textbox('Contribution Amount').fill(election.amount);
        await this.button('Add FSA Election').click();
        await expect(this.main.getByRole('list', { name: 'FSA elections' }).getByText(election.plan)).toBeVisible();
      }
    } else await this.answer('Enroll in FSA', 'No');
  }

  /** Plans and tiers load once a division is chosen. */
  async selectWhenLoaded(label: string, option: string): Promise<void> {
    const select = this.select(label);
    await expect(select.locator('option', { hasText: option })).toHaveCount(1);
    await select.selectOption({ label: option });
  }

  // ---- Modals ----

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}

import { expect, test } from './fixtures';
import { EnrollmentWizardPage, type Employment } from './pages/enrollment-wizard-page';
import { newPerson, pad } from './support/test-people';

const HR = 'hr@example.com';
const CONFLICT_TITLE = 'This enrollment was changed elsewhere';
const YEAR = new Date().getFullYear();

const job = (occupation: string): Employment => ({
  dateOfHire: `01/05/${YEAR - 1}`,
  effectiveDate: `${pad(new Date().getMonth() + 1)}/01/${YEAR}`,
  occupation,
  jobTitle: 'Process Engineer',
  payRate: '2500',
  payFrequency: 'Bi-Weekly',
});

test('a draft saved in one tab and then in another: the second tab is told, keeps what was typed, and can reload', async ({
  page,
  signInAs,
}) => {
  await signInAs(HR);
  const tab1 = new EnrollmentWizardPage(page);
  await tab1.open();
  await tab1.fillPersonal(newPerson('Conflict'));
  const created = tab1.waitForSave('POST');
  await tab1.next();
  expect((await created).headers()['etag']).toBe('W/"1"');
  await tab1.expectStep(2);

  // A tab opened from the first copies its sessionStorage: the sign-in and the draft pointers.
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => window.open('/enroll-subscriber/employment-information')),
  ]);
  const tab2 = new EnrollmentWizardPage(popup);
  await tab2.expectStep(2);

  await tab1.fillEmployment(job('Engineering'));
  const saved1 = tab1.waitForSave('PUT');
  await tab1.next();
  expect((await saved1).status()).toBe(200);
  await tab1.expectStep(3);

  await tab2.fillEmployment(job('Welding'));
  const saved2 = tab2.waitForSave('PUT');
  await tab2.next();
  const refused = await saved2;
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ currentVersion: 2, detail: 'This enrollment was changed elsewhere.' });

  const dialog = tab2.dialog(CONFLICT_TITLE);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  // Behind the modal dialog (hidden from the accessibility tree) the form still holds what was typed.
  await expect(popup.getByLabel('Occupation', { exact: true })).toHaveValue('Welding');

  // Keep editing (Escape): the dialog closes and the typed values stay, also after a reload of the tab.
  await popup.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await tab2.expectStep(2);
  await expect(tab2.textbox('Occupation')).toHaveValue('Welding');
  await popup.reload();
  await tab2.expectStep(2);
  await expect(tab2.textbox('Occupation')).toHaveValue('Welding');

  // Saving again is still refused until the draft is reloaded, which shows the first tab's values.
  await tab2.next();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reload enrollment' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab2.heading).toBeFocused();
  await expect(tab2.textbox('Occupation')).toHaveValue('Engineering');

  const saved3 = tab2.waitForSave('PUT');
  await tab2.next();
  expect((await saved3).status()).toBe(200);
  await tab2.expectStep(3);
});

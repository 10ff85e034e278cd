import { test, expect } from './fixtures';
import { PlansAndRatesPage } from './pages/plans-and-rates-page';

const YEAR = new Date().getFullYear();
// Group 5 is no other journey's: copying its year forward disturbs nobody.
const GROUP = 'Cedar Valley School District';

test('the operator sets a plan’s rates, copies the year forward and marks a carrier change', async ({
  page,
  signInAs,
  shell,
}) => {
  await signInAs('operator@example.com');
  await shell.openBrokerModal();
  await shell.chooseGroup(`${GROUP} (G000005)`, 'G000005');
  await expect(shell.groupName).toHaveText(GROUP);

  const plans = new PlansAndRatesPage(page);
  await plans.open();
  await expect(plans.years.getByRole('tab', { name: `${YEAR} (current)`, selected: true })).toBeVisible();
  await expect(page.getByText('Rates are per pay period: 26 a year.')).toBeVisible();

  // A rate typed wrong is refused in place; a right one shows its totals and is kept after a reload.
  const ppo = plans.plan('Choice PPO 500');
  const family = plans.rateField(ppo, 'Family', 'employee');
  await family.fill('412.505');
  await ppo.getByRole('button', { name: 'Save rates' }).click();
  await expect(ppo.getByText('Enter an amount in dollars, like 123.45.')).toBeVisible();
  await family.fill('412.50');
  await plans.rateField(ppo, 'Family', 'employer').fill('618.75');
  await expect(plans.tierRow(ppo, 'Family')).toContainText('$1,031.25');
  await expect(plans.tierRow(ppo, 'Family')).toContainText('$10,725.00');
  await ppo.getByRole('button', { name: 'Save rates' }).click();
  await expect(page.getByText('Rates of Choice PPO 500 saved')).toBeVisible();
  await page.reload();
  await expect(plans.rateField(plans.plan('Choice PPO 500'), 'Family', 'employee')).toHaveValue('412.50');

  // Next year: every plan copied with its rates; this year's plans move to their copies.
  await plans.copyForward(YEAR);
  const nextPpo = plans.plan('Choice PPO 500');
  await expect(plans.rateField(nextPpo, 'Family', 'employee')).toHaveValue('412.50');
  // A carrier change: next year's HMO gets a new name and code.
  const hmo = plans.plan('Select HMO 20');
  await hmo.getByRole('button', { name: 'Edit plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Select HMO 20' });
  await dialog.getByLabel('Plan name').fill('Valley Care HMO');
  await dialog.getByLabel('Plan code').fill('VCHMO');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(plans.plan('Valley Care HMO')).toContainText('plan code VCHMO');

  // Back in this year, the old HMO has no successor: its members must choose.
  await plans.years.getByRole('tab', { name: `${YEAR} (current)` }).click();
  const oldHmo = plans.plan('Select HMO 20');
  const successor = oldHmo.getByLabel(`Members move to in ${YEAR + 1}`);
  await expect(successor).toContainText('Valley Care HMO');
  await successor.click();
  await page.getByRole('option', { name: 'No successor: members must choose' }).click();
  await expect(
    oldHmo.getByText(`No successor in ${YEAR + 1}: its members must choose a plan at open enrollment.`),
  ).toBeVisible();
  await expect(plans.plan('Choice PPO 500').getByRole('alert')).toHaveCount(0);
});

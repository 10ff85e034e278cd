import { expect, test } from './fixtures';
import { E2E_BROKER_GROUPS } from './support/e2e-ports';

// bigbroker@example.com is Broker of group 2 and of the generated client groups (SEED_BROKER_GROUPS).

test('a broker of thousands of groups finds one by its group ID and works in it', async ({ page, signInAs, shell }) => {
  await signInAs('bigbroker@example.com');
  await expect(shell.groupName).toHaveText('Acme Manufacturing');

  await shell.openBrokerModal();
  await expect(
    shell.brokerModal.getByText(`Type to search ${(E2E_BROKER_GROUPS + 1).toLocaleString('en-US')} groups`),
  ).toBeVisible();
  // The chooser offers a page of matches from the server, never the whole list.
  expect((await shell.brokerGroupNames()).length).toBeLessThanOrEqual(12);
  await shell.chooseGroup('Client Group 04321 (B004321)', 'B004321');

  await expect(shell.groupName).toHaveText('Client Group 04321');
  await expect(page).toHaveURL(/\/$/);
  // Broker screens work in the chosen group.
  await shell.nav.getByRole('link', { name: 'Coverage Inquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Coverage Inquiry', level: 1 })).toBeVisible();
  await expect(shell.groupName).toHaveText('Client Group 04321');
});

test('the home screen pages and searches the broker’s group cards', async ({ page, signInAs }) => {
  await signInAs('bigbroker@example.com');
  const selectButtons = page.getByRole('button', { name: /^Select group / });
  await expect(page.getByRole('button', { name: /Select group Client Group 0001\d/ }).first()).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Search groups' })
    .or(page.getByLabel('Search groups'))
    .fill('Client Group 0420');
  await expect(page.getByRole('button', { name: 'Select group Client Group 04207' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Select group Client Group 0001\d/ })).toHaveCount(0);
  // One page of cards at most, not thousands.
  expect(await selectButtons.count()).toBeLessThanOrEqual(12);
});

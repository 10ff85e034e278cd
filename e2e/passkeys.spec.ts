import { DEMO_PASSWORD, expect, test } from './fixtures';

const EMAIL = 'idcard@example.com';
const PASSKEY_NAME = 'E2E laptop';

test('a user adds a passkey in My Account, signs in with it after the password, and removes it', async ({
  page,
  signInAs,
  loginPage,
  shell,
}) => {
  // Chromium's virtual authenticator: a platform passkey with user verification, no real device.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signInAs(EMAIL);
  const myAccountLink = page.getByTestId('my-account-link');
  if (await myAccountLink.isVisible()) await myAccountLink.click();
  else await page.goto('/my-account');

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(addDialog.getByLabel('Passkey name')).toHaveValue('Passkey');
  await addDialog.getByLabel('Passkey name').fill(PASSKEY_NAME);
  await addDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(addDialog).toBeHidden();
  await expect(section.getByText(PASSKEY_NAME)).toBeVisible();
  await expect(section.getByText(/Never used/)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  // Signed out, the password alone is no longer enough: the second step offers the passkey.
  await shell.logout();
  await page.waitForURL(/\/idp\//);
  await loginPage.waitUntilShown();
  await loginPage.signIn(EMAIL, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeEnabled();
  await usePasskey.click();
  await shell.waitUntilShown();

  // Its use is recorded, and it can be removed (after a confirmation).
  await page.goto('/my-account');
  await expect(section.getByText(PASSKEY_NAME)).toBeVisible();
  await expect(section.getByText(/Last used/)).toBeVisible();
  await section.getByRole('button', { name: `Remove passkey ${PASSKEY_NAME}` }).click();
  const removeDialog = page.getByRole('dialog', { name: `Remove passkey “${PASSKEY_NAME}”?` });
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(removeDialog).toBeHidden();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // Without a passkey the password alone signs in again (the other journeys sign in as this user).
  await shell.logout();
  await page.waitForURL(/\/idp\//);
  await signInAs(EMAIL);
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
});

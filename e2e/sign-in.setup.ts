/**
 * Signs each role's user in once, through the login dialog, and saves the browser state (the
 * session and XSRF-TOKEN cookies) to e2e/.auth/<role>.json: the specs start signed in from it
 * (`signInAs`) instead of going through the form in every test.
 */
import { test } from '@playwright/test';
import { ROLES, authFile, credentials, login } from './support.ts';

for (const role of ROLES) {
  test(`signs in as the ${role} and saves the session`, async ({ page }) => {
    const { email, password } = credentials(role);
    await login(page, email, password);
    await page.context().storageState({ path: authFile(role) });
  });
}

import { expect, test } from '@playwright/test';
import { type OidcServer, startOidcServer } from '../apps/server/test/oidc-server';
import { accountControl, openLoginModal, toastWith, uniqueEmail } from './auth-helpers';
import { e2eGoogleClientId, e2ePorts } from './ports';

// playwright.config.ts points the server's GOOGLE_TOKENINFO_URL and GOOGLE_USERINFO_URL at this
// port and configures it with the client id this provider issues tokens to.
const OIDC_PORT = e2ePorts.oidc;

/** A stand-in for Google Identity Services: the token client answers with our token at once. */
function fakeGis(accessToken: string): string {
  return `window.google = { accounts: { oauth2: { initTokenClient: function (config) {
    return { requestAccessToken: function () { config.callback({ access_token: ${JSON.stringify(accessToken)} }); } };
  } } } };`;
}

test.describe('Google sign-in', () => {
  // One OIDC server on a fixed port: the spec runs in the desktop project only (playwright.config.ts).
  let oidc: OidcServer;
  test.beforeAll(async () => {
    oidc = await startOidcServer({ port: OIDC_PORT, clientIds: [e2eGoogleClientId] });
  });
  test.afterAll(async () => {
    await oidc?.close();
  });

  test('signs in with the token from the GIS token client', async ({ page }) => {
    const email = uniqueEmail('e2e-google');
    const token = await oidc.mintAccessToken({
      sub: `google-${email}`,
      email,
      emailVerified: true,
      givenName: 'Grace',
      familyName: 'Hopper',
    });
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: fakeGis(token) }),
    );

    await page.goto('/');
    const dialog = await openLoginModal(page, false);
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(toastWith(page, 'Login successful!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(accountControl(page, false)).toBeVisible();

    // A Google-only account has no password to change.
    await page.goto('/user/personal-info');
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByText('You log in with Google')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    // Decision 027: Google vouched for the address, so it counts as verified.
    await expect(
      page.getByRole('region', { name: 'E-mail address' }).getByText('Verified', { exact: true }),
    ).toBeVisible();
  });
});

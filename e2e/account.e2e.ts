import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD } from '../server/src/shared/rules';
import {
  countdownSeen,
  recordCountdown,
  ADMIN,
  logIn,
  newAccount,
  openMenuIfCollapsed,
  PHONE,
  registerViaApi,
  SHOPPER,
  stored,
  formRefusal,
  toast,
  useShop,
} from './support/browser';
import { linkInMail } from './support/mail';

/** The storefront's words when a session ended elsewhere (lib/messages.ts, in English). */
const SESSION_ENDED = 'Your session has ended. Please log in again.';

interface StoredAuth {
  user: { name: string; email: string; role: number };
  token: string;
}

const SHOPPER_NAME = 'Priya Sharma';
const ADMIN_NAME = 'Shop Admin';

const REGISTER_FIELDS = [
  { placeholder: 'Enter Your Name', type: 'text' },
  { placeholder: 'Enter Your Email', type: 'email' },
  { placeholder: 'Enter Your Password', type: 'password' },
  { placeholder: 'Enter Your Phone', type: 'tel' },
  { placeholder: 'Enter Your Address', type: 'text' },
  { placeholder: 'What is Your Favorite sports', type: 'text' },
] as const;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Fills the login form and submits it, without waiting for where it leads. */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Login Form' }).waitFor();
  await page.getByPlaceholder('Enter Your Email').fill(email);
  await page.getByPlaceholder('Enter Your Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

const userMenu = (page: Page) => page.getByRole('button', { name: SHOPPER_NAME });

describe('accounts', () => {
  const open = useShop();

  it('registers with a form whose fields are all required, signed in at once', async () => {
    const page = await open();
    await page.goto('/');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: 'Register Form' }).waitFor();

    for (const { placeholder, type } of REGISTER_FIELDS) {
      const input = page.getByPlaceholder(placeholder, { exact: true });
      const field = await input.evaluate((element: HTMLInputElement) => ({
        type: element.type,
        required: element.required,
        labelled: (element.labels?.length ?? 0) > 0 || element.hasAttribute('aria-label'),
      }));
      expect(field, placeholder).toEqual({ type, required: true, labelled: true });
    }

    // Nothing typed: the form's own checks keep it from being sent (the fields stay required).
    await page.getByRole('button', { name: 'REGISTER' }).click();
    expect(pathOf(page)).toBe('/register');
    expect(
      await page
        .getByPlaceholder('Enter Your Name')
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);

    const account = newAccount('register');
    const values = [
      account.name,
      account.email,
      account.password,
      account.phone,
      account.address,
      account.answer,
    ];
    for (const [index, { placeholder }] of REGISTER_FIELDS.entries()) {
      await page.getByPlaceholder(placeholder, { exact: true }).fill(values[index]);
    }
    await page.getByRole('button', { name: 'REGISTER' }).click();
    // Signed in, and back on the page the Register link was clicked on.
    await toast(page, `Welcome, ${account.name}! Your account is ready.`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: account.name }).waitFor();
    expect((await stored<StoredAuth>(page, 'auth'))?.user.email).toBe(account.email);
  });

  it('refuses to register an e-mail twice, with the server message', async () => {
    const page = await open();
    const account = newAccount('twice');
    await registerViaApi(page, account);
    await page.goto('/register');
    await page.getByPlaceholder('Enter Your Name').fill(account.name);
    await page.getByPlaceholder('Enter Your Email').fill(account.email);
    await page.getByPlaceholder('Enter Your Password').fill(account.password);
    await page.getByPlaceholder('Enter Your Phone').fill(account.phone);
    await page.getByPlaceholder('Enter Your Address').fill(account.address);
    await page.getByPlaceholder('What is Your Favorite sports').fill(account.answer);
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await formRefusal(page, 'Already registered, please login');
    expect(pathOf(page)).toBe('/register');
  });

  it('logs in from the header, stores the auth and shows the user menu', async () => {
    const page = await open();
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login Form' }).waitFor();
    await page.getByRole('button', { name: 'Forgot Password' }).waitFor();

    // A wrong password: the server's message, still signed out.
    await submitLogin(page, SHOPPER.email, 'not-the-password');
    await formRefusal(page, 'Invalid email or password');
    expect(pathOf(page)).toBe('/login');
    expect(await stored(page, 'auth')).toBeNull();

    await submitLogin(page, SHOPPER.email, SHOPPER.password);
    await page.waitForURL((url) => url.pathname === '/');
    await userMenu(page).waitFor();
    const auth = await stored<StoredAuth>(page, 'auth');
    expect(auth?.user).toMatchObject({ name: SHOPPER_NAME, email: SHOPPER.email });
    expect(auth?.token).toEqual(expect.any(String));
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Register' }).count()).toBe(0);

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/user');
    const main = page.getByRole('main');
    await main.getByText(SHOPPER.email).waitFor();
    expect(await main.innerText()).toContain(SHOPPER_NAME);

    // Still signed in after a reload: the auth is restored from storage.
    await page.reload();
    await userMenu(page).waitFor();
    await main.getByText(SHOPPER.email).waitFor();
  });

  it('sends a signed-out visitor from the user area to the login and back after it', async () => {
    const page = await open();
    await recordCountdown(page);
    await page.goto('/dashboard/user');
    await page.getByText(/^Redirecting to you in \d second$/).waitFor();
    await page.waitForURL('**/login');
    // Every second shown, from 3 (recorded in the page, so not missed by a slow test runner).
    const seen = await countdownSeen(page);
    expect(seen.slice(0, 3)).toEqual([3, 2, 1].map((n) => `Redirecting to you in ${n} second`));

    await submitLogin(page, SHOPPER.email, SHOPPER.password);
    await page.waitForURL('**/dashboard/user');
    const main = page.getByRole('main');
    await main.getByText(SHOPPER.email).waitFor();
    expect(await main.innerText()).toContain(SHOPPER_NAME);
  });

  it('refuses a forged token at the user area', async () => {
    const page = await open();
    await page.context().addInitScript(() => {
      const user = { id: 'x', name: 'Mallory', email: 'm@example.com', role: 0 };
      localStorage.setItem('auth', JSON.stringify({ user, token: 'forged.token.value' }));
    });
    await page.goto('/dashboard/user');
    await page.getByText(/^Redirecting to you in \d second$/).waitFor();
  });

  it('keeps a shopper out of the admin area and lets the admin in', async () => {
    const page = await open();
    await logIn(page, SHOPPER);
    await page.goto('/dashboard/admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/admin'));
    await page.getByRole('main').waitFor();
    expect(await page.getByText('Admin Panel').count()).toBe(0);

    const admin = await open();
    await logIn(admin, ADMIN);
    await admin.getByRole('button', { name: ADMIN_NAME }).click();
    await admin.getByRole('menuitem', { name: 'Dashboard' }).click();
    await admin.waitForURL('**/dashboard/admin');
    await admin.getByRole('main').getByText('Admin Panel').first().waitFor();
    expect(await admin.getByRole('main').innerText()).toContain(`Signed in as ${ADMIN_NAME}`);
  });

  it('resets a forgotten password with the security answer in any case', async () => {
    const page = await open();
    const account = newAccount('forgot');
    await registerViaApi(page, account);
    const newPassword = 'fresh-pass-42';

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('link', { name: 'Answer your security question instead' }).click();
    await page.waitForURL('**/forgot-password/security-question');
    // The address changes before the page's code has come: until then the form before, whose
    // e-mail field looks the same, is still the one on screen.
    await page.getByRole('heading', { name: 'RESET PASSWORD' }).waitFor();
    const fill = async (answer: string) => {
      await page.getByPlaceholder('Enter Your Email').fill(account.email);
      await page.getByPlaceholder('Enter Your favorite Sport Name').fill(answer);
      await page.getByPlaceholder('Enter Your New Password').fill(newPassword);
      await page.getByRole('button', { name: 'RESET' }).click();
    };

    await fill('football');
    await formRefusal(page, 'Wrong email or answer');
    expect(pathOf(page)).toBe('/forgot-password/security-question');

    await fill('CRICKET');
    await page.waitForURL('**/login');

    await submitLogin(page, account.email, account.password);
    await formRefusal(page, 'Invalid email or password');
    expect(pathOf(page)).toBe('/login');

    await submitLogin(page, account.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: account.name }).waitFor();
  });

  it('resets a forgotten password from the e-mailed link, which then works no more', async () => {
    const page = await open();
    const account = newAccount('reset-link');
    await registerViaApi(page, account);
    const newPassword = 'fresh-link-42';

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('main').getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('status').getByText('Check your inbox').waitFor();

    const link = await linkInMail(
      account.email,
      'Reset your Bazaar password',
      /^\/reset-password$/,
    );
    await page.goto(link.path);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password\W*$/).fill(newPassword);
    await page.getByLabel('New password again').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Password changed, please login with the new one');

    await submitLogin(page, account.email, account.password);
    await formRefusal(page, 'Invalid email or password');
    await submitLogin(page, account.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: account.name }).waitFor();

    // Used once, the link says so and offers a new one.
    await page.goto(link.path);
    await page.getByLabel(/^New password\W*$/).fill('another-one-43');
    await page.getByLabel('New password again').fill('another-one-43');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const refused = page.getByRole('main').getByRole('alert');
    await refused.getByText(/This link no longer works/).waitFor();
    await refused.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });

  it('changes the password in the profile only with the current one, which ends the sessions elsewhere', async () => {
    const page = await open();
    const account = newAccount('password');
    await registerViaApi(page, account);
    // Two more devices signed in before the change: a phone that goes on browsing, and a
    // browser that opens the shop again.
    const phone = await open(PHONE);
    await logIn(phone, account);
    const other = await open();
    await logIn(other, account);
    await logIn(page, account);
    await page.goto('/dashboard/user/profile');
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    const main = page.getByRole('main');
    const update = () => main.getByRole('button', { name: 'Update' }).click();
    const newPassword = 'fresh-pass-43';

    // A token alone does not change the password: the form asks for the current one first.
    await main.getByPlaceholder('Enter Your Password').fill(newPassword);
    await update();
    await main.getByText(CURRENT_PASSWORD.required).waitFor();

    await main.getByPlaceholder('Enter Your Current Password').fill('not-my-password');
    await update();
    await main.getByText(CURRENT_PASSWORD.wrong).waitFor();
    expect(pathOf(page)).toBe('/dashboard/user/profile');
    expect(await stored(page, 'auth')).not.toBeNull();

    await main.getByPlaceholder('Enter Your Current Password').fill(account.password);
    await update();
    await toast(page, 'Password changed, please login again');
    await page.waitForURL('**/login');
    await submitLogin(page, account.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: account.name }).waitFor();

    // The phone's next request as the shopper finds the session ended: signed out, with a word,
    // no name left in the header, and back to the dashboard after signing in again.
    await openMenuIfCollapsed(phone);
    await phone.getByRole('button', { name: account.name }).click();
    await phone.getByRole('menuitem', { name: 'Dashboard' }).click();
    await toast(phone, SESSION_ENDED);
    expect(await stored(phone, 'auth')).toBeNull();
    await phone.waitForURL('**/login');
    await openMenuIfCollapsed(phone);
    expect(await phone.getByRole('button', { name: account.name }).count()).toBe(0);
    await submitLogin(phone, account.email, newPassword);
    await phone.waitForURL('**/dashboard/user');

    // Opening the shop again asks the server about the stored token first thing.
    await other.reload();
    await toast(other, SESSION_ENDED);
    await other.getByRole('link', { name: 'Login' }).waitFor();
    expect(await other.getByRole('button', { name: account.name }).count()).toBe(0);
  });

  it('logs out: toast, login page, stored auth removed, Login link back', async () => {
    const page = await open();
    await logIn(page, SHOPPER);
    expect(await stored(page, 'auth')).not.toBeNull();

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'Logged out successfully');
    await page.waitForURL('**/login');
    expect(await stored(page, 'auth')).toBeNull();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await userMenu(page).count()).toBe(0);

    // The user area is closed again.
    await page.goto('/dashboard/user');
    await page.getByText(/^Redirecting to you in \d second$/).waitFor();
  });
});

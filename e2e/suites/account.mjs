// The care of an account, a person's whole path: sign up and see the recovery code once, change the
// password on the settings page, sign in with the new one, recover a forgotten password with the
// code (and get a new one), keep a setting on the account and find it in another browser after
// signing in there, and close the account (it signs in no more; its profile says it is closed).
// Also the screenshots of the changed pages (settings, sign-in, recovery code) at 1280×800 and
// 390×844, light and dark.

import { accountSteps, freshName } from "../people.mjs";

const PHONE = { width: 390, height: 844 };

export function register(test, { base, shots, browser, until }) {
  const { signUp, passRecoveryCode } = accountSteps(base);

  /** Signs `name` in with `password` on the sign-in page; ends in the lobby. */
  async function signIn(page, name, password) {
    await page.goto(`${base}/login`);
    await page.locator('#login input[name="name"]').fill(name);
    await page.locator('#login input[name="password"]').fill(password);
    await page.locator('#login button[type="submit"]').click();
    await page.waitForURL(`${base}/`);
    await page.locator("#account-name").filter({ hasText: name }).waitFor();
  }

  test("account: the recovery code at sign-up, a new password, a recovery by code, settings on every device, closing the account", async () => {
    const name = freshName("rosa");
    const a = await browser();
    // Sign-up shows the code once, with the note to write it down.
    await a.goto(`${base}/login`);
    await a.locator('#signup input[name="name"]').fill(name);
    await a.locator('#signup input[name="password"]').fill("first-pass");
    await a.locator('#signup button[type="submit"]').click();
    await a.locator("#recovery-code .warning").filter({ hasText: "Write it down" }).waitFor();
    await a.screenshot({ path: shots + "account-code.png" });
    const code = await passRecoveryCode(a);
    if (!/^[A-Z0-9]{4}(-[A-Z0-9]{4}){4}$/.test(code)) throw new Error(`the code reads ${code}`);
    await a.waitForURL(`${base}/`);

    // The settings page: saved to the account; the password changed there (the two new ones must match).
    await a.goto(`${base}/settings`);
    await a.locator("#settings-kept").filter({ hasText: "Saved to your account" }).waitFor();
    await a.locator('#care-password input[name="password"]').fill("first-pass");
    await a.locator('#care-password input[name="new_password"]').fill("second-pass");
    await a.locator('#care-password input[name="new_password_again"]').fill("second-pasS");
    await a.locator('#care-password button[type="submit"]').click();
    await a.locator('#care-password [data-error="new_password_again"]').filter({ hasText: "differ" }).waitFor();
    await a.locator('#care-password input[name="new_password_again"]').fill("second-pass");
    await a.locator('#care-password input[name="password"]').fill("wrong-pass");
    await a.locator('#care-password button[type="submit"]').click();
    await a.locator('#care-password [data-error="password"]').filter({ hasText: "not your password" }).waitFor();
    await a.locator('#care-password input[name="password"]').fill("first-pass");
    await a.locator('#care-password button[type="submit"]').click();
    await a.locator("#password-changed").waitFor();

    // A setting kept on the account: dark colours and the wood board, in German.
    await a.locator('input[name="theme"][value="dark"]').check();
    await a.locator('input[name="boardTheme"][value="wood"]').check();
    await a.locator('input[name="language"][value="de"]').check();
    await a.locator("#settings-kept").filter({ hasText: "In deinem Konto gespeichert" }).waitFor();
    await until("the settings are on the account", async () => {
      const reply = await a.request.get(`${base}/api/settings`);
      const kept = (await reply.json()).settings;
      return kept?.theme === "dark" && kept?.board_theme === "wood" && kept?.language === "de";
    });

    // Another browser (a phone): the new password signs in, and the account's settings apply.
    const phone = await browser(PHONE);
    await phone.goto(`${base}/login`);
    await phone.locator('#login input[name="name"]').fill(name);
    await phone.locator('#login input[name="password"]').fill("first-pass");
    await phone.locator('#login button[type="submit"]').click();
    await phone.locator('#login [data-error="form"]').filter({ hasText: "wrong name or password" }).waitFor();
    await signIn(phone, name, "second-pass");
    await until("the account's settings apply on the phone", async () =>
      phone.evaluate(() => document.documentElement.dataset.theme === "dark" && document.documentElement.dataset.boardTheme === "wood" && document.documentElement.lang === "de"),
    );
    await phone.locator('button[data-lang="de"].active').waitFor();

    // Forgotten: the code sets a new password, signs in and shows a new code.
    const c = await browser();
    await c.goto(`${base}/login`);
    await c.locator("#forgot-password").click();
    await c.locator('#recover input[name="name"]').fill(name);
    await c.locator('#recover input[name="recovery_code"]').fill("AAAA-BBBB-CCCC-DDDD-EEEE");
    await c.locator('#recover input[name="new_password"]').fill("third-pass");
    await c.locator('#recover input[name="new_password_again"]').fill("third-pass");
    await c.locator('#recover button[type="submit"]').click();
    await c.locator('#recover [data-error="form"]').filter({ hasText: "wrong name or recovery code" }).waitFor();
    await c.screenshot({ path: shots + "account-recover.png" });
    await c.locator('#recover input[name="recovery_code"]').fill(code.toLowerCase());
    await c.locator('#recover button[type="submit"]').click();
    const second = await passRecoveryCode(c);
    if (second === code) throw new Error("the code was not renewed");
    await c.waitForURL(`${base}/`);
    await c.locator("#account-name").filter({ hasText: name }).waitFor();
    await signIn(await browser(), name, "third-pass");

    // Closing the account, with its password: signed out, it signs in no more, the profile says so.
    await c.goto(`${base}/settings`);
    const close = c.locator("#care-close");
    await close.locator('input[name="password"]').fill("third-pass");
    if (!(await close.locator("button.danger").isDisabled())) throw new Error("closing without the confirmation");
    await close.locator('input[name="confirm-close"]').check();
    await close.locator("button.danger").click();
    await c.locator("#account-closed").waitFor();
    await c.locator("#sign-in").waitFor();
    const d = await browser();
    await d.goto(`${base}/login`);
    await d.locator('#login input[name="name"]').fill(name);
    await d.locator('#login input[name="password"]').fill("third-pass");
    await d.locator('#login button[type="submit"]').click();
    await d.locator('#login [data-error="form"]').waitFor();
    await d.goto(`${base}/@/${name}`);
    await d.locator("#profile-closed").filter({ hasText: "closed account" }).waitFor();
  });

  test("account: screenshots of the settings page with its Account card, the sign-in page and the recovery form, desktop and phone, light and dark", async () => {
    for (const [label, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", PHONE],
    ]) {
      const page = await browser(viewport);
      await signUp(page, freshName("shot"));
      for (const theme of ["light", "dark"]) {
        await page.goto(`${base}/settings`);
        await page.locator(`input[name="theme"][value="${theme}"]`).check();
        await page.locator("#account-care").waitFor();
        await page.screenshot({ path: `${shots}account-settings-${label}-${theme}.png`, fullPage: true });
      }
      const guest = await browser(viewport);
      for (const theme of ["light", "dark"]) {
        await guest.goto(`${base}/settings`);
        await guest.locator(`input[name="theme"][value="${theme}"]`).check();
        await guest.locator("#settings-kept").filter({ hasText: "Kept in this browser" }).waitFor();
        await guest.goto(`${base}/login`);
        await guest.locator("#forgot-password").click();
        await guest.locator("#recover").waitFor();
        await guest.screenshot({ path: `${shots}account-recover-${label}-${theme}.png`, fullPage: true });
      }
    }
  });
}

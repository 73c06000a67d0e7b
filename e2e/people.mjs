// Helpers the suites with accounts share: fresh account names and signing up in a browser.

/** A fresh account name (3–20 characters) starting with `prefix`. */
export function freshName(prefix) {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 100)}`;
}

/** The account steps of a suite running against the server at `base`. */
export function accountSteps(base) {
  /**
   * Signs up `name` on the page's sign-in page and goes on past the recovery code it shows; ends
   * back in the lobby, signed in. Resolves to the recovery code.
   */
  async function signUp(page, name, password = "secret-pass") {
    await page.goto(`${base}/login`);
    await page.locator('#signup input[name="name"]').fill(name);
    await page.locator('#signup input[name="password"]').fill(password);
    await page.locator('#signup button[type="submit"]').click();
    const code = await passRecoveryCode(page);
    await page.waitForURL(`${base}/`);
    await page.locator("#account-name").filter({ hasText: name }).waitFor();
    return code;
  }

  /** Reads the recovery code the page shows once (after a sign-up or a recovery) and goes on: the code. */
  async function passRecoveryCode(page) {
    const code = (await page.locator("#recovery-code-value").textContent()).trim();
    await page.locator("#recovery-done").click();
    return code;
  }

  /**
   * Two people, each signed up under a fresh name in a browser of their own (the second one's
   * viewport `secondViewport`, if given): `{ anna, bert, a, b }`.
   */
  async function twoAccounts(browser, secondViewport) {
    const [anna, bert] = [freshName("anna"), freshName("bert")];
    const a = await browser();
    const b = await (secondViewport ? browser(secondViewport) : browser());
    await signUp(a, anna);
    await signUp(b, bert);
    return { anna, bert, a, b };
  }

  /** The state of game `id` as the page's browser (its cookie) reads it. */
  async function stateOf(page, id) {
    return (await page.request.get(`${base}/api/games/${id}`)).json();
  }

  return { signUp, twoAccounts, stateOf, passRecoveryCode };
}

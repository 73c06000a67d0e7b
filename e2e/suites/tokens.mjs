// Personal API tokens (issue 52) on the settings page: a fresh account makes a token, sees its
// secret once (and the server takes it) and copies it, finds it listed without the secret, is refused a token
// without scopes in its own language, reads the card in German, revokes the token (after which the
// server no longer takes it), and turns the fresh account into a bot; an account that has played
// is refused the upgrade with the server's words in the page's language.

import { accountSteps, freshName } from "../people.mjs";
import { axeViolations } from "./pages.mjs";

export function register(test, { base, shots, browser, apiPeopleGame }) {
  const { signUp } = accountSteps(base);

  /** The HTTP status of the bot upgrade asked with `token` alone (no session cookie). */
  async function upgradeStatus(token) {
    const response = await fetch(`${base}/api/bot/account/upgrade`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    return response.status;
  }

  test("tokens: a token is made on the settings page, its secret shown once, listed without it, refused without scopes, read in German, revoked, and the account becomes a bot", async () => {
    const page = await browser();
    await signUp(page, freshName("tok"));
    await page.goto(`${base}/settings`);
    const card = page.locator("#api-tokens");
    await card.locator("h2").filter({ hasText: "API tokens" }).waitFor();
    await card.locator("#token-list").filter({ hasText: "No tokens yet." }).waitFor();
    await card.filter({ hasText: "spielwerk bot --token … puts an engine online." }).waitFor();

    // No scope chosen: the server's refusal shows at the card.
    await card.locator('input[name="description"]').fill("my bridge");
    await card.locator("#token-form button[type=submit]").click();
    await card.locator("#token-error").filter({ hasText: /scope/ }).waitFor();

    // Reading challenges and writing them: the secret shows once, with its warning.
    await card.locator('input[name="scope"][value="challenge:read"]').check();
    await card.locator('input[name="scope"][value="challenge:write"]').check();
    await card.locator("#token-form button[type=submit]").click();
    await card.locator("#token-secret").filter({ hasText: "it is not shown again" }).waitFor();
    const secret = (await card.locator("#token-value").textContent()).trim();
    if (!/^spw_\S{16,}$/.test(secret)) throw new Error(`secret ${secret}`);
    if ((await card.locator("#token-error").count()) !== 0) throw new Error("the refusal stays after the token was made");
    // The server takes the secret: the token is known, it just lacks bot:play (403, not 401).
    const before = await upgradeStatus(secret);
    if (before !== 403) throw new Error(`a valid token without bot:play: ${before}`);

    const row = card.locator("#token-list li").filter({ hasText: "my bridge" });
    await row.filter({ hasText: "challenge:read" }).filter({ hasText: "challenge:write" }).waitFor();
    if ((await row.textContent()).includes(secret)) throw new Error("the list shows the secret");
    // Copy puts the secret on the clipboard.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await card.locator("#token-copy").click();
    await card.locator("#token-copy").filter({ hasText: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    if (copied !== secret) throw new Error(`copied ${copied}`);
    await page.screenshot({ path: shots + "tokens-secret.png" });
    // The signed-in settings page with the card (pages.mjs sees it signed out): no serious or critical axe finding.
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      const violations = await axeViolations(page);
      if (violations.length) throw new Error(`axe-core (${scheme}): ${JSON.stringify(violations)}`);
    }
    await card.locator("#token-done").click();
    await card.locator("#token-secret").waitFor({ state: "detached" });

    // Drawn anew, the page lists the token and nowhere shows its secret.
    await page.reload();
    await page.locator("#token-list li").filter({ hasText: "my bridge" }).waitFor();
    if ((await page.content()).includes(secret)) throw new Error("the secret is shown again after a reload");

    // German: the card's title, buttons and scope explanations.
    await page.locator('button[data-lang="de"]').click();
    await card.locator("h2").filter({ hasText: "API-Tokens" }).waitFor();
    await card.locator("#token-form button[type=submit]").filter({ hasText: "Token erstellen" }).waitFor();
    await card.locator("label.token-scope").filter({ hasText: "Herausforderungen stellen, annehmen und ablehnen" }).waitFor();
    await card.filter({ hasText: "bringt eine Engine online." }).waitFor();
    await row.locator("[data-revoke]").filter({ hasText: "Widerrufen" }).waitFor();

    // Revoking asks first; then the list is empty and the server no longer takes the secret.
    await row.locator("[data-revoke]").click();
    await row.locator(".token-confirm").filter({ hasText: "„my bridge“ widerrufen?" }).waitFor();
    await row.locator("[data-revoke-yes]").click();
    await card.locator("#token-list").filter({ hasText: "Noch keine Tokens." }).waitFor();
    const after = await upgradeStatus(secret);
    if (after !== 401) throw new Error(`a revoked token: ${after}`);

    // The fresh account becomes a bot, after a confirm that says it is permanent.
    await card.locator("#make-bot").filter({ hasText: "Dieses Konto zum Bot machen" }).click();
    await card.locator("#token-bot").filter({ hasText: "Das ist endgültig" }).waitFor();
    await page.screenshot({ path: shots + "tokens-bot-confirm-de.png" });
    await card.locator("#make-bot-yes").click();
    await card.locator("#token-bot").filter({ hasText: "Dieses Konto ist ein Bot." }).waitFor();
    const list = await (await page.request.get(`${base}/api/account/tokens`)).json();
    if (list.bot !== true) throw new Error(`the account is no bot: ${JSON.stringify(list)}`);
  });

  test("tokens: an account that has played a game is refused the bot upgrade, with the server's reason in German", async () => {
    const page = await browser();
    await signUp(page, freshName("tokp"));
    // The account takes a seat of a game (its session makes it), so it has played.
    await apiPeopleGame(page.request, { game: "ataxx" });
    await page.goto(`${base}/settings`);
    await page.locator('button[data-lang="de"]').click();
    const bot = page.locator("#token-bot");
    await bot.locator("#make-bot").click();
    await bot.locator("#make-bot-yes").click();
    await bot.locator("#make-bot-error").filter({ hasText: "kann kein Bot werden" }).waitFor();
    await bot.locator("#make-bot").waitFor();
    const list = await (await page.request.get(`${base}/api/account/tokens`)).json();
    if (list.bot !== false) throw new Error(`the account became a bot: ${JSON.stringify(list)}`);
  });
}

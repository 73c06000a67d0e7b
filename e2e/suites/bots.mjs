// The list of bots (issue 52): from the lobby's seeks card a person opens the bots, sees a bot
// (made through the API: a fresh account with a bot:play token, upgraded) with its BOT
// mark, and its Challenge link brings them back to the lobby's form with the bot's name filled in,
// where the challenge is sent; a player's profile has the same Challenge; desktop and phone.

import { accountSteps, freshName } from "../people.mjs";

export function register(test, { base, shots, browser, until }) {
  const { signUp } = accountSteps(base);

  /** A fresh bot account made through the API; its name. */
  async function makeBot(page) {
    const name = freshName("bot");
    await signUp(page, name);
    const made = await page.request.post(`${base}/api/account/tokens`, {
      data: { description: "bridge", scopes: ["bot:play"] },
    });
    const { token: secret } = await made.json();
    const upgraded = await fetch(`${base}/api/bot/account/upgrade`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
    });
    if (upgraded.status !== 200) throw new Error(`upgrade: ${upgraded.status}`);
    return name;
  }

  for (const [size, viewport] of [
    ["desktop", undefined],
    ["phone", { width: 390, height: 844 }],
  ]) {
    test(`bots: the lobby links to the list of bots, whose Challenge fills in the lobby's form and sends the challenge; the bot's profile sends one from its dialog (${size})`, async () => {
      const bot = await makeBot(await browser());
      const page = await (viewport ? browser(viewport) : browser());
      await signUp(page, freshName("pia"));
      await page.locator("#seek-bots").click();
      await page.waitForURL(`${base}/bots`);
      const line = page.locator(`#bot-list li[data-bot="${bot}"]`);
      // Online: the browser that made it still has the lobby open (a live connection, as its event stream would be).
      await line.filter({ hasText: `BOT ${bot}` }).filter({ hasText: "online" }).waitFor();
      if ((await page.title()) !== "Bots · Spielwerk") throw new Error(`title ${await page.title()}`);
      await page.screenshot({ path: shots + `bots-${size}.png` });
      await line.locator(".bot-challenge").click();
      await page.waitForURL(`${base}/?challenge=${bot}#create`);
      const name = page.locator('#create input[name="challenge-name"]');
      await page.locator('#play-challenge[aria-pressed="true"]').waitFor();
      if ((await name.inputValue()) !== bot) throw new Error(`the name field holds ${await name.inputValue()}`);
      // The form's button is focused and in view: one click (or Enter) sends the challenge.
      await until("the Challenge button is focused", () => page.evaluate(() => document.activeElement?.matches('#create button[type="submit"]')));
      await page.locator('#create button[type="submit"]').evaluate((button) => {
        const box = button.getBoundingClientRect();
        if (box.bottom < 0 || box.top > window.innerHeight) throw new Error(`the Challenge button is out of view: ${box.top}`);
      });
      await page.keyboard.press("Enter");
      await page.locator("#challenge-sent").filter({ hasText: `Challenge sent to ${bot}.` }).waitFor();
      // A player's profile has its own Challenge: a dialog on the profile with the lobby's form, one more click sends it.
      await page.goto(`${base}/@/${bot}`);
      await page.locator("#profile-challenge").click();
      const dialog = page.locator("#challenge-dialog");
      await dialog.locator("#challenge-dialog-title").filter({ hasText: `Challenge ${bot}` }).waitFor();
      if (page.url() !== `${base}/@/${bot}`) throw new Error(`the profile's Challenge left the profile: ${page.url()}`);
      await dialog.locator('#challenge-form button[type="submit"]').click();
      await dialog.locator("#challenge-status").waitFor();
      const sent = (await (await page.request.get(`${base}/api/challenges`)).json()).outgoing.filter((c) => c.to === bot);
      if (sent.length !== 2) throw new Error(`challenges sent to the bot: ${sent.length}`);
    });
  }
}

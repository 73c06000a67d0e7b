// The list of bots (issue 52): from the lobby's seeks card a person opens the bots, sees a bot
// (made through the API: a fresh account with a bot:play token, upgraded) with its BOT
// mark, and its Challenge link brings them back to the lobby's form with the bot's name filled in,
// where the challenge is sent; a player's profile has the same Challenge; desktop and phone.

import { accountSteps, freshName } from "../people.mjs";

export function register(test, { base, shots, browser }) {
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
    test(`bots: the lobby links to the list of bots, whose Challenge fills in the lobby's form and sends the challenge (${size})`, async () => {
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
      await page.waitForURL(`${base}/?challenge=${bot}#seeks`);
      const name = page.locator('#seek-form input[name="challenge-name"]');
      if ((await name.inputValue()) !== bot) throw new Error(`the name field holds ${await name.inputValue()}`);
      await name.evaluate((input) => {
        const box = input.getBoundingClientRect();
        if (box.bottom < 0 || box.top > window.innerHeight) throw new Error(`the name field is out of view: ${box.top}`);
      });
      await page.locator("#challenge-send").click();
      await page.locator("#challenge-sent").filter({ hasText: `Challenge sent to ${bot}.` }).waitFor();
      // A player's profile has the same Challenge.
      await page.goto(`${base}/@/${bot}`);
      await page.locator("#profile-challenge").click();
      await page.waitForURL(`${base}/?challenge=${bot}#seeks`);
      await page.locator('#seek-form label[for="challenge-name"]').filter({ hasText: "Or challenge a player with these settings:" }).waitFor();
      if ((await name.inputValue()) !== bot) throw new Error(`from the profile the name field holds ${await name.inputValue()}`);
    });
  }
}

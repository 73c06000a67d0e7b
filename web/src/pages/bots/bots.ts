// The page `/bots`: the bot accounts anyone can challenge. The controller fetches the list (again
// every few seconds, so that a bot connecting shows) and view.ts draws it.

import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import type { Link, Page } from "../../types.js";
import type { BotsReply } from "../../contract/BotsReply.js";
import { botsView } from "./view.js";
import type { BotsContext } from "./view.js";

/** How often the list is fetched again, ms. */
const POLL_MS = 10_000;

/** The list of bots. */
export function botsPage(main: HTMLElement, link: Link): Page {
  let stopped = false;
  const ctx: BotsContext = { list: null, error: null, link };

  async function load() {
    try {
      ctx.list = await api<BotsReply>("GET", "/api/bots");
      ctx.error = null;
    } catch (e) {
      ctx.error = e as UiError;
    }
    if (!stopped) patch(main, botsView(ctx));
  }

  load();
  const timer = setInterval(load, POLL_MS);
  return {
    render: () => patch(main, botsView(ctx)),
    destroy() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

// The league pages' controllers: `/leagues` fetches every game's league, `/leagues/{game}` one
// league (both again every few seconds, by polling) and signs up for or leaves its next season;
// view.ts draws them.

import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import { accountName } from "../../account.js";
import type { Link, Page, Registry } from "../../types.js";
import type { LeagueReply } from "../../contract/LeagueReply.js";
import type { LeaguesReply } from "../../contract/LeaguesReply.js";
import { leagueView, leaguesView } from "./view.js";
import type { LeagueContext, LeaguesContext } from "./view.js";

/** How often a league page is fetched again, ms. */
const POLL_MS = 10_000;

/** Draws `render` now and again after every fetch of `load`, every [`POLL_MS`], until destroyed. */
function polled(load: () => Promise<void>, render: () => void, stopped: { now: boolean }): Page {
  load();
  const timer = setInterval(load, POLL_MS);
  return {
    render,
    destroy() {
      stopped.now = true;
      clearInterval(timer);
    },
  };
}

/** The page `/leagues`. */
export function leaguesPage(main: HTMLElement, registry: Registry, { link }: { link: Link }): Page {
  const stopped = { now: false };
  const ctx: LeaguesContext = { registry, list: null, error: null, link };
  const render = () => patch(main, leaguesView(ctx));
  const load = async () => {
    try {
      ctx.list = await api<LeaguesReply>("GET", "/api/leagues");
      ctx.error = null;
    } catch (e) {
      ctx.error = e as UiError;
    }
    if (!stopped.now) render();
  };
  return polled(load, render, stopped);
}

/** The page `/leagues/{game}`. */
export function leaguePage(main: HTMLElement, game: string, registry: Registry, { link }: { link: Link }): Page {
  const stopped = { now: false };
  const path = `/api/leagues/${encodeURIComponent(game)}`;
  const ctx: LeagueContext = {
    registry,
    game,
    league: null,
    error: null,
    signedIn: accountName() !== null,
    busy: false,
    link,
    join: () => act("join"),
    leave: () => act("leave"),
  };
  const render = () => patch(main, leagueView(ctx));
  async function fetchShown(request: () => Promise<LeagueReply>) {
    try {
      ctx.league = await request();
      ctx.error = null;
    } catch (e) {
      ctx.error = e as UiError;
    }
    ctx.busy = false;
    if (!stopped.now) render();
  }
  async function act(action: "join" | "leave") {
    ctx.busy = true;
    render();
    await fetchShown(() => api<LeagueReply>("POST", `${path}/${action}`, {}));
  }
  return polled(() => fetchShown(() => api<LeagueReply>("GET", path)), render, stopped);
}

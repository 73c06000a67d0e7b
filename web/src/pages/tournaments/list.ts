// The page `/tournaments`: the tournaments by status and the form that makes an arena or a Swiss. The controller keeps
// the list and the form, fetches the list (again every few seconds, by polling) and creates;
// list-view.ts draws them.

import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import { accountName } from "../../account.js";
import type { Link, Navigate, Page, Registry } from "../../types.js";
import type { TournamentReply } from "../../contract/TournamentReply.js";
import type { TournamentsReply } from "../../contract/TournamentsReply.js";
import { defaultFields, listView } from "./list-view.js";
import type { ListContext } from "./list-view.js";
import { createRequest } from "./model.js";

/** How often the list is fetched again, ms. */
const POLL_MS = 10_000;

/** The list of tournaments with the form that makes one. */
export function tournamentsPage(
  main: HTMLElement,
  registry: Registry,
  { link, navigate }: { link: Link; navigate: Navigate },
): Page {
  let stopped = false;
  const ctx: ListContext = {
    registry,
    list: null,
    error: null,
    signedIn: accountName() !== null,
    fields: defaultFields(registry.games[0]?.name ?? ""),
    busy: false,
    link,
    setField: (name, value) => {
      ctx.fields[name] = value;
      // A Swiss pairs its first round at its start: it cannot start before anybody could join.
      if (ctx.fields.kind === "swiss" && ctx.fields.startIn === "0") ctx.fields.startIn = "10";
      render();
    },
    submit: () => create(),
  };

  async function load() {
    try {
      ctx.list = await api<TournamentsReply>("GET", "/api/tournaments");
    } catch (e) {
      ctx.error = e as UiError;
    }
    if (!stopped) render();
  }

  async function create() {
    ctx.busy = true;
    render();
    try {
      const made = await api<TournamentReply>("POST", "/api/tournaments", createRequest(ctx.fields, Date.now()));
      if (!stopped) navigate(`/tournaments/${made.tournament.id}`);
      return;
    } catch (e) {
      ctx.error = e as UiError;
    }
    ctx.busy = false;
    if (!stopped) render();
  }

  function render() {
    patch(main, listView(ctx));
  }

  load();
  const timer = setInterval(load, POLL_MS);
  return {
    render,
    destroy() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

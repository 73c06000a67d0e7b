// The page `/tournaments`: the tournaments by status and the form that makes an arena or a Swiss. The controller keeps
// the list and the form, fetches the list (again each time the lobby socket, which watches every
// tournament, says one changed) and creates; list-view.ts draws them, its countdowns ticking every second.

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
import { onTournament, watch } from "../../lobby-socket.js";
import { coalesced } from "./live.js";

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
    now: Date.now(),
    signedIn: accountName() !== null,
    fields: defaultFields(registry.games[0]?.name ?? ""),
    busy: false,
    link,
    setField: (name, value) => {
      ctx.fields[name] = value;
      // A Swiss pairs its first round at its start: it cannot start before anybody could join.
      if (ctx.fields.kind === "swiss" && ctx.fields.startIn === "0") ctx.fields.startIn = "10";
      // A person may not play in a tournament of bots: choosing one unticks "Join it myself".
      if (name === "bots" && value === "only") ctx.fields.join = false;
      render();
    },
    submit: () => create(),
  };

  const load = coalesced(async () => {
    try {
      ctx.list = await api<TournamentsReply>("GET", "/api/tournaments");
    } catch (e) {
      ctx.error = e as UiError;
    }
    if (!stopped) render();
  });

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
    ctx.now = Date.now();
    patch(main, listView(ctx));
  }

  load();
  const unwatch = watch("tournaments");
  const unlisten = onTournament(() => load());
  const timer = setInterval(render, 1000);
  return {
    render,
    destroy() {
      stopped = true;
      unlisten();
      unwatch();
      clearInterval(timer);
    },
  };
}

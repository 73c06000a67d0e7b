// The page `/tournaments/{id}`: one arena. The controller fetches it every few seconds (polling
// `GET /api/tournaments/{id}`), joins and pauses, writes in its chat, and takes the player to a
// new game of theirs the moment the arena pairs them; view.ts draws it.

import "./tournaments.css";
import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import { accountName } from "../../account.js";
import type { Link, Navigate, Page } from "../../types.js";
import type { TournamentReply } from "../../contract/TournamentReply.js";
import { arenaView } from "./view.js";
import type { ArenaContext } from "./view.js";
import { newGame } from "./model.js";

/** How often the arena is fetched again, ms. */
const POLL_MS = 3000;

/** An arena's page. */
export function tournamentPage(
  main: HTMLElement,
  id: string,
  { link, navigate }: { link: Link; navigate: Navigate },
): Page {
  let stopped = false;
  /** The player's game at the last look; `undefined` before the first. */
  let seenGame: string | null | undefined;
  const ctx: ArenaContext = {
    arena: null,
    error: null,
    signedIn: accountName() !== null,
    busy: false,
    link,
    join: () => act("join"),
    leave: () => act("leave"),
    draft: "",
    setDraft: (text) => {
      ctx.draft = text;
      render();
    },
    say: () => act("chat"),
  };

  /** Shows `reply`, or goes to the player's new game. */
  function show(reply: TournamentReply) {
    const game = reply.me?.game;
    if (newGame(seenGame, game)) {
      navigate(`/play/${game}`);
      return;
    }
    seenGame = game ?? null;
    ctx.arena = reply;
    ctx.error = null;
    render();
  }

  async function load() {
    try {
      const reply = await api<TournamentReply>("GET", `/api/tournaments/${id}`);
      if (!stopped) show(reply);
    } catch (e) {
      ctx.error = e as UiError;
      if (!stopped) render();
    }
  }

  async function act(action: "join" | "leave" | "chat") {
    ctx.busy = true;
    render();
    try {
      const body = action === "chat" ? { text: ctx.draft } : {};
      const reply = await api<TournamentReply>("POST", `/api/tournaments/${id}/${action}`, body);
      ctx.busy = false;
      if (action === "chat") ctx.draft = "";
      if (!stopped) show(reply);
    } catch (e) {
      ctx.busy = false;
      ctx.error = e as UiError;
      if (!stopped) render();
    }
  }

  function render() {
    patch(main, arenaView(ctx));
  }

  render();
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

// The page `/tournaments/{id}`: one arena. The controller fetches it (`GET /api/tournaments/{id}`)
// when it opens and again each time the lobby socket says it changed (it watches the tournament
// there, which also tells the arena that the player is here), joins and pauses, writes in its chat,
// and takes the player to a new game of theirs the moment the arena pairs them, and ticks the
// countdown to the start or end every second; once it has finished, it fetches its games once
// (`GET /api/tournaments/{id}/games`); view.ts draws it.

import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import { accountName } from "../../account.js";
import type { Link, Navigate, Page } from "../../types.js";
import type { TournamentReply } from "../../contract/TournamentReply.js";
import type { TournamentGame } from "../../contract/TournamentGame.js";
import type { TournamentGames } from "../../contract/TournamentGames.js";
import { arenaView } from "./view.js";
import type { ArenaContext } from "./view.js";
import { newGame } from "./model.js";
import { onTournament, watch } from "../../lobby-socket.js";
import { coalesced } from "./live.js";

/** Posts `action` to the arena `id`; its reply, or null with the error kept in `ctx`. */
async function post(id: string, action: string, body: object, ctx: ArenaContext): Promise<TournamentReply | null> {
  try {
    return await api<TournamentReply>("POST", `/api/tournaments/${id}/${action}`, body);
  } catch (e) {
    ctx.error = e as UiError;
    return null;
  } finally {
    ctx.busy = false;
  }
}

/**
 * A function that fetches every game of the finished tournament `id` once and hands them to
 * `got`; after a failure the next call asks again (meanwhile the page keeps the reply's latest
 * results).
 */
function onceGames(id: string, got: (games: TournamentGame[]) => void): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    api<TournamentGames>("GET", `/api/tournaments/${id}/games`).then(
      (reply) => got(reply.games),
      () => {
        asked = false;
      },
    );
  };
}

/** The page's context before the first reply; `act(action)` and `render()` are the page's. */
function freshContext(
  link: Link,
  act: (action: "join" | "leave" | "chat") => unknown,
  render: () => void,
): ArenaContext {
  const ctx: ArenaContext = {
    arena: null,
    error: null,
    signedIn: accountName() !== null,
    name: accountName(),
    now: Date.now(),
    busy: false,
    link,
    games: null,
    join: () => act("join"),
    leave: () => act("leave"),
    draft: "",
    setDraft: (text) => {
      ctx.draft = text;
      render();
    },
    say: () => act("chat"),
  };
  return ctx;
}

/** An arena's page. */
export function tournamentPage(
  main: HTMLElement,
  id: string,
  { link, navigate }: { link: Link; navigate: Navigate },
): Page {
  let stopped = false;
  /** The player's game at the last look; `undefined` before the first. */
  let seenGame: string | null | undefined;
  /** The server's clock less this browser's, as the last reply told it, ms. */
  let skew = 0;
  /** Fetches the games of the finished tournament, once. */
  const loadGames = onceGames(id, (games) => {
    ctx.games = games;
    if (!stopped) render();
  });
  const ctx = freshContext(link, act, render);

  /** Shows `reply`, or goes to the player's new game. */
  function show(reply: TournamentReply) {
    const game = reply.me?.game;
    if (newGame(seenGame, game)) {
      navigate(`/play/${game}`);
      return;
    }
    seenGame = game ?? null;
    skew = reply.now_ms - Date.now();
    ctx.arena = reply;
    ctx.error = null;
    if (reply.tournament.status === "finished") loadGames();
    render();
  }

  /** Joins, pauses or sends the message typed, then shows the reply. */
  async function act(action: "join" | "leave" | "chat") {
    ctx.busy = true;
    render();
    const body = action === "chat" ? { text: ctx.draft } : {};
    const reply = await post(id, action, body, ctx);
    if (action === "chat" && reply) ctx.draft = "";
    if (stopped) return;
    if (reply) show(reply);
    else render();
  }

  function render() {
    ctx.now = Date.now() + skew;
    patch(main, arenaView(ctx));
  }

  /** Fetches the arena (when the page opens and when it changed; the countdown ticks every second). */
  const load = coalesced(() =>
    api<TournamentReply>("GET", `/api/tournaments/${id}`).then(
      (reply) => stopped || show(reply),
      (e) => {
        ctx.error = e as UiError;
        if (!stopped) render();
      },
    ),
  );

  render();
  load();
  const unwatch = watch({ tournament: id });
  const unlisten = onTournament((changed) => {
    if (changed === null || changed === id) load();
  });
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

// What the tests of the tournament pages share: the page context of a signed-in viewer, the
// summary of a running tournament, and the create form's fields. Import it with `await import()`
// after `installDom()` (the views' module reads the window when it loads).

import { v } from "../src/vdom.js";
import type { ArenaContext } from "../src/pages/tournaments/view.js";
import { defaultFields } from "../src/pages/tournaments/list-view.js";
import type { CreateFields } from "../src/pages/tournaments/list-view.js";
import type { TournamentReply } from "../src/contract/TournamentReply.js";
import type { TournamentSummary } from "../src/contract/TournamentSummary.js";

/** The tests' now: a December evening. */
export const NOW = Date.UTC(2026, 11, 4, 20, 0, 0);

/** A running tournament of Ataxx made by anna, with `change` applied (kind, clock, rounds, …). */
export function summary(change: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id: "t1",
    kind: "arena",
    name: "Cup",
    game: "ataxx",
    title: { en: "Ataxx", de: "Ataxx" },
    clock: "3+2",
    days_per_move: null,
    rounds: null,
    rated: true,
    bots: "no",
    min_rating: null,
    max_rating: null,
    starts_ms: NOW - 60_000,
    ends_ms: NOW + 10 * 60_000 + 5_000,
    status: "running",
    created_by: "anna",
    players: 2,
    winner: null,
    ...change,
  };
}

/** The page's context for the signed-in viewer `name` looking at `arena`, its actions doing nothing. */
export function context(name: string, arena: TournamentReply): ArenaContext {
  const none = () => undefined;
  return {
    arena,
    error: null,
    signedIn: true,
    name,
    now: NOW,
    busy: false,
    link: (path, text) => v("a", { href: path }, text),
    games: null,
    join: none,
    leave: none,
    draft: "",
    setDraft: none,
    say: none,
  };
}

/** The create form's fields: an arena of people, with `change` applied. */
export function formFields(change: Partial<CreateFields> = {}): CreateFields {
  return { ...defaultFields("ataxx"), ...change };
}

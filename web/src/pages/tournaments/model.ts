// What the tournament pages work out without drawing or fetching: the request of the create form,
// and when to take a player to a new game of theirs.

import type { CreateTournamentRequest } from "../../contract/CreateTournamentRequest.js";
import type { CreateFields } from "./list-view.js";

/**
 * The request of the form's fields: who may join and whether the maker does, an arena's duration,
 * or a Swiss's rounds and its clock or days per move (`days` empty: the clock).
 */
export function createRequest(fields: CreateFields, now: number): CreateTournamentRequest {
  const rating = (text: string) => (text.trim() ? Number(text) : undefined);
  const startIn = Number(fields.startIn) || 0;
  const common = {
    kind: fields.kind,
    name: fields.name.trim() || undefined,
    game: fields.game,
    rated: fields.rated,
    bots: fields.bots,
    join: fields.join,
    starts_ms: startIn ? now + startIn * 60_000 : undefined,
    min_rating: rating(fields.minRating),
    max_rating: rating(fields.maxRating),
  };
  if (fields.kind === "arena") return { ...common, clock: fields.clock, minutes: Number(fields.minutes) };
  const days = Number(fields.days) || 0;
  return days
    ? { ...common, days_per_move: days, rounds: Number(fields.rounds) }
    : { ...common, clock: fields.clock, rounds: Number(fields.rounds) };
}

/**
 * Whether the player is to be taken to `game`: a game of theirs that was not yet there when they
 * looked before (`seen`), so that opening the page during a game does not leave it at once.
 */
export function newGame(seen: string | null | undefined, game: string | null | undefined): game is string {
  return seen !== undefined && !!game && game !== seen;
}

/** The signed-in account's part in a tournament: playing in it, paused after joining, or not yet in it. */
export type MyPart = "joined" | "paused" | "invited";

/**
 * The part of the account `name` as `joined` (the reply's `me.joined`) and the standings' names say:
 * a player who joined and left is paused; one who never joined is invited to.
 */
export function myPart(joined: boolean, name: string | null, standings: { name: string }[]): MyPart {
  if (joined) return "joined";
  return name !== null && standings.some((line) => line.name === name) ? "paused" : "invited";
}

/** A time left, `ms`, as a clock reads it: `m:ss`, or `h:mm:ss` from an hour on (never below zero). */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

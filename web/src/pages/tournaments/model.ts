// What the tournament pages work out without drawing or fetching: the request of the create form,
// and when to take a player to a new game of theirs.

import type { CreateTournamentRequest } from "../../contract/CreateTournamentRequest.js";
import type { CreateFields } from "./list-view.js";

/** The request of the form's fields. */
export function createRequest(fields: CreateFields, now: number): CreateTournamentRequest {
  const rating = (text: string) => (text.trim() ? Number(text) : undefined);
  const startIn = Number(fields.startIn) || 0;
  return {
    name: fields.name.trim() || undefined,
    game: fields.game,
    clock: fields.clock,
    minutes: Number(fields.minutes),
    rated: fields.rated,
    starts_ms: startIn ? now + startIn * 60_000 : undefined,
    min_rating: rating(fields.minRating),
    max_rating: rating(fields.maxRating),
  };
}

/**
 * Whether the player is to be taken to `game`: a game of theirs that was not yet there when they
 * looked before (`seen`), so that opening the page during a game does not leave it at once.
 */
export function newGame(seen: string | null | undefined, game: string | null | undefined): game is string {
  return seen !== undefined && !!game && game !== seen;
}

// The views of the page `/games` (controller.ts keeps the state): the form of the filters, and
// the found games with their players, game, result and date, a page at a time, each with a link
// to the game — pure functions of the controller's `SearchContext`.

import { t, lang, addTexts, errorText } from "../../i18n.js";
import { resultNotation, resultWords } from "../../result-words.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { ratingText } from "../../account.js";
import { daysText } from "../../correspondence.js";
import { dayFilter, dayText } from "./dates.js";
import { shortClock } from "../../game/clock.js";
import type { Link, Navigate, Registry } from "../../types.js";
import type { SearchGame } from "../../contract/SearchGame.js";
import type { SearchReply } from "../../contract/SearchReply.js";
import type { Seat } from "../../contract/Seat.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "search.title": "Find games",
    "search.player": "Player",
    "search.playerHint": "Account name",
    "search.anyResult": "Any result",
    "search.p1": "{name} won",
    "search.won": "Player won",
    "search.lost": "Player lost",
    "search.draw": "Draw",
    "search.anyRating": "All",
    "search.rated": "Rated",
    "search.ratedLabel": "Rated",
    "search.casual": "Casual",
    "search.from": "From",
    "search.to": "To",
    "search.firstWon": "First player won",
    "search.secondWon": "Second player won",
    "search.clock": "Clock",
    "search.find": "Search",
    "search.found": "{count} games found",
    "search.foundOne": "1 game found",
    "search.none": "No finished game matches.",
    "search.players": "Players",
    "search.result": "Result",
    "search.date": "Date",
    "search.open": "Open",
    "search.engine": "Engine level {level}",
    "search.wins": "{name} wins",
    "search.aborted": "Include aborted games",
    "search.didYouMean": "Did you mean:",
  },
  de: {
    "search.title": "Partien suchen",
    "search.player": "Spieler",
    "search.playerHint": "Kontoname",
    "search.anyResult": "Jedes Ergebnis",
    "search.p1": "{name} gewann",
    "search.won": "Spieler gewann",
    "search.lost": "Spieler verlor",
    "search.draw": "Remis",
    "search.anyRating": "Alle",
    "search.rated": "Gewertet",
    "search.ratedLabel": "Wertung",
    "search.casual": "Ungewertet",
    "search.from": "Von",
    "search.to": "Bis",
    "search.firstWon": "Erster Spieler gewann",
    "search.secondWon": "Zweiter Spieler gewann",
    "search.clock": "Bedenkzeit",
    "search.find": "Suchen",
    "search.found": "{count} Partien gefunden",
    "search.foundOne": "1 Partie gefunden",
    "search.none": "Keine beendete Partie passt.",
    "search.players": "Spieler",
    "search.result": "Ergebnis",
    "search.date": "Datum",
    "search.open": "Öffnen",
    "search.engine": "Computer Stufe {level}",
    "search.wins": "{name} gewinnt",
    "search.aborted": "Abgebrochene Partien zeigen",
    "search.didYouMean": "Meintest du:",
  },
});

/** Games per page of the search. */
export const PAGE = 20;

/** The filters of the form, as the API names them. */
export const FILTERS = ["player", "game", "result", "rated", "from", "to", "aborted"] as const;
/** The values of the filters, by name. */
export type Filters = Record<(typeof FILTERS)[number], string>;

/** What the search page's views need: the controller's state and its actions. */
export interface SearchContext {
  /** The registry, for the games and their sides. */
  registry: Registry;
  /** The filters as the form shows them. */
  filters: Filters;
  /** The first result shown. */
  offset: number;
  /** The last reply of the search, if any. */
  found: SearchReply | null;
  /** Why the last search failed, if it did. */
  error: UiError | null;
  /** The names of players that start with the player typed (for the field's list, and offered when no player has that name). */
  suggestions: string[];
  /** Searches for the games of the player `name` (a suggestion taken). */
  pickPlayer: (name: string) => void;
  /** Links and navigation inside the app. */
  link: Link;
  navigate: Navigate;
  /** Sets one filter as typed or chosen (no search yet). */
  setFilter: (name: keyof Filters, value: string) => void;
  /** Searches with the filters from the first page. */
  submit: () => void;
  /** Shows the results from `offset`. */
  go: (offset: number) => void;
}

/** The page: the heading with the form, and the card of the results. */
export function searchView(ctx: SearchContext): VNode {
  return v("div", { key: "search", class: "page search-page" }, [
    v("section", { key: "form", class: "card" }, [v("h1", {}, t("search.title")), searchForm(ctx)]),
    v("section", { key: "results", class: "card" }, v("div", { id: "search-results" }, resultsPart(ctx))),
  ]);
}

/** What the results' card shows: the error, or the found games with the pager. */
function resultsPart(ctx: SearchContext): VNode[] {
  const { found, error, offset } = ctx;
  return [
    error ? v("p", { key: "error", class: "error", role: "alert", id: "search-error" }, errorText(error)) : null,
    error && ctx.filters.player.trim() && ctx.suggestions.length ? suggestionsView(ctx) : null,
    found && !error ? resultsView(found, offset, ctx) : null,
    found && !error && found.total > PAGE ? pager(found.total, offset, ctx.go) : null,
  ].filter((node): node is VNode => node !== null);
}

/** The names offered instead of a player nobody is called, each a button that searches for that player's games. */
function suggestionsView({ suggestions, pickPlayer }: SearchContext): VNode {
  return v("p", { key: "suggestions", class: "suggestions", id: "search-suggestions" }, [
    v("span", {}, `${t("search.didYouMean")} `),
    ...suggestions.map((name) =>
      v("button", { key: name, type: "button", "data-player": name, on: { click: () => pickPlayer(name) } }, name),
    ),
  ]);
}

/** The list of names the player field offers as it is typed (a `datalist` the field names). */
function namesList(suggestions: string[]): VNode {
  return v(
    "datalist",
    { key: "player-names", id: "player-names" },
    suggestions.map((name) => v("option", { key: name, value: name })),
  );
}

/** The checkbox that lets aborted games into the results (the filter `aborted=true`). */
function abortedBox(filters: Filters, setFilter: SearchContext["setFilter"]): VNode {
  return v("label", { key: "aborted", class: "check" }, [
    v("input", {
      name: "aborted",
      type: "checkbox",
      checked: filters.aborted === "true",
      on: { change: (e: Event) => setFilter("aborted", (e.target as HTMLInputElement).checked ? "true" : "") },
    }),
    v("span", {}, t("search.aborted")),
  ]);
}

/** The field of a day: the browser's date field, whose value (YYYY-MM-DD) is the filter as the API takes it. */
function dayInput(name: "from" | "to", filters: Filters, setFilter: SearchContext["setFilter"]): VNode {
  return v("input", {
    key: name,
    name,
    type: "date",
    value: filters[name],
    on: { input: (e: Event) => setFilter(name, dayFilter((e.target as HTMLInputElement).value)) },
  });
}

/** The form of the filters; `submit` searches with them (from the first page). */
function searchForm({ registry, filters, setFilter, submit, suggestions }: SearchContext): VNode {
  const field = (label: string, control: VNode) => v("label", { key: label }, [v("span", {}, label), control]);
  const input = (name: keyof Filters, type: string, extra: Record<string, string> = {}) =>
    v("input", {
      key: name,
      name,
      type,
      value: filters[name],
      ...extra,
      on: { input: (e: Event) => setFilter(name, (e.target as HTMLInputElement).value) },
    });
  const select = (name: keyof Filters, choices: [string, string][]) =>
    v(
      "select",
      {
        key: name,
        name,
        on: { change: (e: Event) => setFilter(name, (e.target as HTMLSelectElement).value) },
      },
      choices.map(([value, text]) => v("option", { key: value, value, selected: value === filters[name] }, text)),
    );
  const game = registry.games.find((g) => g.name === filters.game);
  // Who won: the sides' names once a game is chosen, else the first or second player.
  const won = (seat: "p1" | "p2") => {
    const name = game?.players[seat][lang()];
    return name ? t("search.p1", { name }) : t(seat === "p1" ? "search.firstWon" : "search.secondWon");
  };
  return v(
    "form",
    {
      key: "search-form",
      id: "search-form",
      class: "search-form",
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          submit();
        },
      },
    },
    [
      field(
        t("search.player"),
        input("player", "text", { placeholder: t("search.playerHint"), autocomplete: "off", list: "player-names" }),
      ),
      namesList(suggestions),
      field(
        t("game"),
        select("game", [["", t("acct.allGames")], ...registry.games.map((g): [string, string] => [g.name, g.title])]),
      ),
      field(
        t("search.result"),
        select("result", [
          ["", t("search.anyResult")],
          ["p1", won("p1")],
          ["p2", won("p2")],
          ["draw", t("search.draw")],
          ["won", t("search.won")],
          ["lost", t("search.lost")],
        ]),
      ),
      field(
        t("search.ratedLabel"),
        select("rated", [
          ["", t("search.anyRating")],
          ["true", t("search.rated")],
          ["false", t("search.casual")],
        ]),
      ),
      field(t("search.from"), dayInput("from", filters, setFilter)),
      field(t("search.to"), dayInput("to", filters, setFilter)),
      abortedBox(filters, setFilter),
      v("button", { key: "find", type: "submit", class: "primary" }, t("search.find")),
    ],
  );
}

/** A seat of a found game: its side, and the engine with its level or the account with its rating. */
function seatText(game: SearchGame, seat: Seat): string {
  const side = seat.names[lang()];
  if (seat.player === "engine") return `${side}: ${t("search.engine", { level: game.level ?? "" })}`;
  if (!seat.account) return side;
  const rating = seat.account.rating === null ? "" : ` (${ratingText(seat.account.rating, seat.account.provisional)})`;
  return `${side}: ${seat.account.name}${rating}`;
}

/**
 * A seat as the players' cell shows it: side, name and rating kept together (the cell breaks between
 * seats), an account's name a link to its profile.
 */
function seatNode(game: SearchGame, seat: Seat, link: Link): VNode {
  const account = seat.account;
  if (seat.player === "engine" || !account) return v("span", { class: "found-seat" }, seatText(game, seat));
  const rating = account.rating === null ? "" : ` (${ratingText(account.rating, account.provisional)})`;
  return v("span", { class: "found-seat" }, [
    `${seat.names[lang()]}: `,
    link(`/@/${account.name}`, account.name, { class: "found-player" }),
    rating,
  ]);
}

/** The players of a found game: accounts with ratings, the engine with its level, or the sides. */
function playersText(game: SearchGame): string {
  return game.seats.map((seat) => seatText(game, seat)).join(" – ");
}

/** The result of a found game: who won (or a draw) with the result text, and how it ended (if told). */
function resultParts(game: SearchGame): { who: string; how: string | undefined } {
  const winner = game.seats.find((seat) => seat.seat === game.winner);
  const name = winner ? t("search.wins", { name: winner.names[lang()] }) : null;
  const who = resultWords(game.result, game.reason, name, t("search.draw"));
  return { who: `${who}${resultNotation(game.result)}`, how: game.text?.[lang()] };
}

/** The result's cell: who won with the result on one line, how it ended on a grey line under it. */
function resultCell(game: SearchGame): VNode {
  const { who, how } = resultParts(game);
  return v("td", { class: "result", title: how ? `${who} — ${how}` : who }, [
    v("span", { class: "who" }, who),
    how ? v("small", { class: "muted how" }, how) : null,
  ]);
}

/** The list of found games, or that none matches. */
function resultsView(
  found: SearchReply,
  offset: number,
  { link, navigate }: { link: Link; navigate: Navigate },
): VNode {
  if (!found.games.length) return v("p", { key: "none", class: "muted", id: "search-none" }, t("search.none"));
  const control = (g: SearchGame) =>
    g.correspondence ? daysText(g.correspondence) : g.clock ? shortClock(g.clock.initial_ms, g.clock.increment_ms) : "";
  return v("div", { key: "found" }, [
    v(
      "p",
      { class: "muted", id: "search-count" },
      found.total === 1 ? t("search.foundOne") : t("search.found", { count: found.total }),
    ),
    v("table", { class: "games", id: "search-games", "data-offset": String(offset) }, [
      v(
        "thead",
        {},
        v(
          "tr",
          {},
          [t("search.date"), t("game"), t("search.clock"), t("search.players"), t("search.result"), ""].map((c) =>
            v("th", {}, c),
          ),
        ),
      ),
      v(
        "tbody",
        {},
        found.games.map((g) =>
          v(
            "tr",
            {
              key: g.id,
              "data-game": g.id,
              on: { click: (e: Event) => (e.target as Element).closest("a") || navigate(`/play/${g.id}`) },
            },
            [
              v("td", { class: "date" }, dayText(g.created_ms, lang())),
              v("td", { class: "title" }, [
                g.titles[lang()],
                " ",
                v("small", { class: "muted" }, g.rated ? t("acct.rated") : t("acct.casual")),
              ]),
              v("td", { class: "clock" }, control(g) || "–"),
              v(
                "td",
                { class: "players" },
                v(
                  "span",
                  { title: playersText(g) },
                  g.seats.flatMap((seat, i) => (i ? [" – ", seatNode(g, seat, link)] : [seatNode(g, seat, link)])),
                ),
              ),
              resultCell(g),
              v("td", { class: "open" }, link(`/play/${g.id}`, t("search.open"))),
            ],
          ),
        ),
      ),
    ]),
  ]);
}

/** Previous and next page of the results. */
function pager(total: number, offset: number, go: (offset: number) => void): VNode {
  const page = Math.floor(offset / PAGE) + 1;
  const pages = Math.ceil(total / PAGE);
  return v("div", { key: "pager", class: "pager" }, [
    v(
      "button",
      { key: "previous", "data-page": "previous", disabled: page <= 1, on: { click: () => go(offset - PAGE) } },
      t("acct.previous"),
    ),
    v("span", { key: "page", class: "muted" }, t("acct.page", { page, pages })),
    v(
      "button",
      { key: "next", "data-page": "next", disabled: page >= pages, on: { click: () => go(offset + PAGE) } },
      t("acct.next"),
    ),
  ]);
}

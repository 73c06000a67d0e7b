// The page `/games`: finished games found by player, game, result, rating and date (the filters
// of `GET /api/games/search`, kept in the page's address), a page at a time. The controller keeps
// the filters and the reply and fetches; view.ts draws them.

import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import type { Link, Navigate, Page, Registry } from "../../types.js";
import type { SearchReply } from "../../contract/SearchReply.js";
import type { PlayerNames } from "../../contract/PlayerNames.js";
import { FILTERS, PAGE, searchView } from "./view.js";
import type { Filters, SearchContext } from "./view.js";

/** The names of the players whose name starts with `prefix` (none for a blank one), or null when the server did not answer. */
async function namesStartingWith(prefix: string): Promise<string[] | null> {
  if (!prefix) return [];
  try {
    return (await api<PlayerNames>("GET", `/api/players?${new URLSearchParams({ prefix })}`)).names;
  } catch {
    // Without suggestions the field is a plain text field.
    return null;
  }
}

/** Puts `filters` and `offset` into the page's address; returns them as a query. */
function keepAddress(filters: Filters, offset: number): URLSearchParams {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim()));
  if (offset) params.set("offset", String(offset));
  history.replaceState(null, "", `/games${params.size ? `?${params}` : ""}`);
  return params;
}

/** The search page; its filters come from and go to the address's query. */
export function searchPage(
  main: HTMLElement,
  registry: Registry,
  { link, navigate }: { link: Link; navigate: Navigate },
): Page {
  const query = new URLSearchParams(location.search);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query.get(name) ?? ""])) as Filters;
  let stopped = false;
  const ctx: SearchContext = {
    registry,
    filters,
    offset: Math.max(0, Number(query.get("offset")) || 0),
    found: null,
    error: null,
    suggestions: [],
    link,
    navigate,
    setFilter: (name, value) => {
      filters[name] = value;
      if (name === "player") suggest(value).then(render);
      else if (name === "aborted") go(0);
    },
    pickPlayer: (name) => {
      filters.player = name;
      go(0);
    },
    submit: () => go(0),
    go: (offset) => go(offset),
  };

  /** Searches with the filters from `offset`, the query kept in the address. */
  async function load() {
    const params = keepAddress(filters, ctx.offset);
    params.set("limit", String(PAGE));
    try {
      ctx.found = await api<SearchReply>("GET", `/api/games/search?${params}`);
      ctx.error = null;
      // The start of one player's name found that player: the field and the address name them in full.
      if (ctx.found.player) {
        filters.player = ctx.found.player;
        keepAddress(filters, ctx.offset);
      }
    } catch (e) {
      ctx.error = e as UiError;
      // No player of that name: the names that start so are offered.
      if (filters.player.trim()) await suggest(filters.player);
    }
    if (!stopped) render();
  }

  // The latest prefix asked for: an older reply that comes later is dropped.
  let asked = "";
  /** Offers the names that start with `typed` (none for a blank field). */
  async function suggest(typed: string) {
    asked = typed.trim();
    const names = await namesStartingWith(asked);
    if (names && asked === typed.trim()) ctx.suggestions = names;
  }

  function go(offset: number) {
    ctx.offset = offset;
    load();
  }

  function render() {
    patch(main, searchView(ctx));
  }

  load();
  return {
    render,
    destroy() {
      stopped = true;
    },
  };
}

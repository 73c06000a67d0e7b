// The page `/games`: finished games found by player, game, result, rating and date (the filters
// of `GET /api/games/search`, kept in the page's address), a page at a time. The controller keeps
// the filters and the reply and fetches; view.ts draws them.

import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import type { Link, Navigate, Page, Registry } from "../../types.js";
import type { SearchReply } from "../../contract/SearchReply.js";
import { FILTERS, PAGE, searchView } from "./view.js";
import type { Filters, SearchContext } from "./view.js";

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
    link,
    navigate,
    setFilter: (name, value) => {
      filters[name] = value;
    },
    submit: () => go(0),
    go: (offset) => go(offset),
  };

  /** Searches with the filters from `offset`, the query kept in the address. */
  async function load() {
    const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim()));
    if (ctx.offset) params.set("offset", String(ctx.offset));
    history.replaceState(null, "", `/games${params.size ? `?${params}` : ""}`);
    params.set("limit", String(PAGE));
    try {
      ctx.found = await api<SearchReply>("GET", `/api/games/search?${params}`);
      ctx.error = null;
    } catch (e) {
      ctx.error = e as UiError;
    }
    if (!stopped) render();
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

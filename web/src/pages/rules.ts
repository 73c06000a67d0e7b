// The rules page of a game and the page for paths nobody knows.

import { t, lang, errorText } from "../i18n.js";
import type { Lang, UiError } from "../i18n.js";
import { host, patch, v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import { link } from "../nav.js";
import { api } from "../api.js";
import { boardModule } from "../boards.js";
import type { View } from "../board-types.js";
import type { GameRules } from "../contract/GameRules.js";
import type { Page, Registry, SeatName } from "../types.js";
import { addContents, boxWideParts, showScrollHints } from "./rules-layout.js";

/** A diagram's position as `/api/diagram` sends it. */
interface Diagram {
  view: View;
  last_move: string | null;
  side_to_move: SeatName;
}

/** Draws each diagram of `article` (the server's `figure.rules-diagram`) with game `name`'s own board, not to be played on. */
function drawDiagrams(article: HTMLElement, name: string) {
  for (const figure of article.querySelectorAll<HTMLElement>("figure.rules-diagram")) {
    const boardHost = figure.querySelector<HTMLElement>(".rules-board");
    if (!boardHost) continue;
    api<Diagram>("GET", `/api/diagram?game=${encodeURIComponent(name)}&${figure.dataset.diagram ?? ""}`).then(
      (shown) => {
        const board = boardModule(name).createBoard(boardHost, { submit: () => undefined, t });
        board.update({
          view: shown.view,
          legal: [],
          legalListed: true,
          last: shown.last_move,
          flipped: false,
          interactive: false,
          toMove: shown.side_to_move,
          animate: false,
          premove: null,
          queued: null,
        });
        figure.dataset.drawn = "1";
      },
      (error: Error) => {
        boardHost.replaceChildren(
          Object.assign(document.createElement("p"), { className: "error", textContent: error.message }),
        );
      },
    );
  }
}

/** What the page holds of the rules in one language: their HTML, or why they could not be had. */
type Shown = { language: Lang; html: string } | { language: Lang; error: UiError };

/** The rules HTML each article element shows (set once per text, so a redraw keeps the diagrams). */
const articleHtml = new WeakMap<Element, string>();

/** The article of the rules: the server's HTML drawn into an element of its own, then its diagrams. */
function articleView(name: string, language: Lang, html: string | null): VNode {
  return host("article", { key: `rules-${language}`, class: "rules", lang: language }, (element) => {
    if (html === null || articleHtml.get(element) === html) return;
    articleHtml.set(element, html);
    // Safe HTML: the server escapes raw HTML in the rules and keeps only http(s) and relative links.
    element.innerHTML = html;
    boxWideParts(element as HTMLElement, {
      table: t("rulesWideTable"),
      pre: t("rulesWideCode"),
      more: t("rulesScrollMore"),
    });
    // The lines that say a box scrolls follow the article's width (a phone turned, a window resized).
    new ResizeObserver(() => showScrollHints(element as HTMLElement)).observe(element);
    addContents(element as HTMLElement, t);
    drawDiagrams(element as HTMLElement, name);
  });
}

/** The page of a game nobody knows or a path nobody knows: `title` and the way back to the lobby. */
function notFoundView(title: string): VNode {
  return v("div", { key: "not-found", class: "page card", id: "not-found" }, [
    v("h1", {}, title),
    v("p", {}, link("/", t("backToLobby"))),
  ]);
}

/**
 * The rules of game `name` in the page's language: the server renders them from the game's
 * Markdown into safe HTML (`GET /api/rules/<game>?lang=…`), fetched once per language.
 */
export function rulesPage(main: HTMLElement, registry: Registry, name: string): Page {
  const texts = new Map<Lang, Promise<GameRules>>();
  let shown: Shown | null = null;
  let alive = true;

  function load(language: Lang) {
    let text = texts.get(language);
    if (!text) {
      text = api<GameRules>("GET", `/api/rules/${encodeURIComponent(name)}?lang=${language}`);
      texts.set(language, text);
      text.catch(() => texts.delete(language));
    }
    text.then(
      (rules) => {
        if (alive && lang() === language) {
          shown = { language, html: rules.html };
          render();
        }
      },
      (error: UiError) => {
        if (alive && lang() === language) {
          shown = { language, error };
          render();
        }
      },
    );
  }

  function view(entry: Registry["games"][number], language: Lang): VNode {
    const current = shown?.language === language ? shown : null;
    const lesson = link(`/learn/${entry.name}`, t("learnLessonLink", { title: entry.titles[language] }), {
      class: "learn-link",
    });
    const article =
      current && "error" in current
        ? v("article", { key: `rules-error-${language}`, class: "rules", lang: language }, [
            v("p", { class: "error", role: "alert" }, errorText(current.error)),
          ])
        : articleView(name, language, current ? current.html : null);
    // The lesson's link in the card's head, beside the title (the header's links lead back to the lobby).
    return v("div", { key: "rules", class: "page" }, [
      v("div", { key: "card", class: "card rules-card" }, [v("p", { class: "rules-lesson" }, lesson), article]),
    ]);
  }

  function render() {
    const entry = registry.games.find((g) => g.name === name);
    if (!entry) {
      patch(main, notFoundView(t("notFound")));
      return;
    }
    const language = lang();
    if (shown?.language !== language) load(language);
    patch(main, view(entry, language));
  }
  return {
    render,
    destroy() {
      alive = false;
    },
  };
}

/** "Page not found", with the way back to the lobby. */
export function notFoundPage(main: HTMLElement): Page {
  return {
    render: () => patch(main, notFoundView(t("pageNotFound"))),
    destroy() {},
  };
}

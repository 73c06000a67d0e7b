// The rules page of a game and the page for paths nobody knows.

import { t, lang, errorText } from "../i18n.js";
import type { Lang, UiError } from "../i18n.js";
import { h } from "../svg.js";
import { link } from "../nav.js";
import { api } from "../api.js";
import { boardModule } from "../boards.js";
import type { View } from "../board-types.js";
import type { GameRules } from "../contract/GameRules.js";
import type { Page, Registry, SeatName } from "../types.js";

/** A diagram's position as `/api/diagram` sends it. */
interface Diagram {
  view: View;
  last_move: string | null;
  side_to_move: SeatName;
}

/** Draws each diagram of `article` (the server's `figure.rules-diagram`) with game `name`'s own board, not to be played on. */
function drawDiagrams(article: HTMLElement, name: string) {
  for (const figure of article.querySelectorAll<HTMLElement>("figure.rules-diagram")) {
    const host = figure.querySelector<HTMLElement>(".rules-board");
    if (!host) continue;
    api<Diagram>("GET", `/api/diagram?game=${encodeURIComponent(name)}&${figure.dataset.diagram ?? ""}`).then(
      (shown) => {
        const board = boardModule(name).createBoard(host, { submit: () => undefined, t });
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
        host.replaceChildren(h("p", { class: "error" }, error.message));
      },
    );
  }
}

/**
 * The rules of game `name` in the page's language: the server renders them from the game's
 * Markdown into safe HTML (`GET /api/rules/<game>?lang=…`), fetched once per language.
 */
export function rulesPage(main: HTMLElement, registry: Registry, name: string): Page {
  const texts = new Map<Lang, Promise<GameRules>>();
  let shown = 0;
  function render() {
    const entry = registry.games.find((g) => g.name === name);
    if (!entry) {
      main.replaceChildren(
        h("div", { class: "page card", id: "not-found" }, [
          h("h1", {}, t("notFound")),
          h("p", {}, link("/", t("backToLobby"))),
        ]),
      );
      return;
    }
    const language = lang();
    const article = h("article", { class: "card rules", lang: language });
    const lesson = link(`/learn/${entry.name}`, t("learnLessonLink", { title: entry.titles[language] }), {
      class: "learn-link",
    });
    main.replaceChildren(
      h("div", { class: "page" }, [h("p", {}, [link("/", t("backToLobby")), " · ", lesson]), article]),
    );
    let text = texts.get(language);
    if (!text) {
      text = api<GameRules>("GET", `/api/rules/${encodeURIComponent(name)}?lang=${language}`);
      texts.set(language, text);
      text.catch(() => texts.delete(language));
    }
    const drawing = ++shown;
    text.then(
      (rules) => {
        if (drawing !== shown) return;
        // Safe HTML: the server escapes raw HTML in the rules and keeps only http(s) and relative links.
        article.innerHTML = rules.html;
        drawDiagrams(article, name);
      },
      (error: UiError) => {
        if (drawing === shown) article.replaceChildren(h("p", { class: "error", role: "alert" }, errorText(error)));
      },
    );
  }
  return {
    render,
    destroy() {
      shown++;
    },
  };
}

/** "Page not found", with the way back to the lobby. */
export function notFoundPage(main: HTMLElement): Page {
  function render() {
    main.replaceChildren(
      h("div", { class: "page card", id: "not-found" }, [
        h("h1", {}, t("pageNotFound")),
        h("p", {}, link("/", t("backToLobby"))),
      ]),
    );
  }
  return { render, destroy() {} };
}

// The rules page of a game and the page for paths nobody knows.

import { t, lang } from "../i18n.js";
import { h } from "../svg.js";
import { markdown } from "../markdown.js";
import { link } from "../nav.js";
import type { Page, Registry } from "../types.js";

/** The rules of game `name` from the registry, in the page's language. */
export function rulesPage(main: HTMLElement, registry: Registry, name: string): Page {
  function render() {
    const entry = registry.games.find((g) => g.name === name);
    if (!entry) {
      main.replaceChildren(h("div", { class: "page card", id: "not-found" }, [h("h1", {}, t("notFound")), h("p", {}, link("/", t("backToLobby")))]));
      return;
    }
    const article = h("article", { class: "card rules", lang: lang() });
    article.innerHTML = markdown(lang() === "de" ? entry.rules.de : entry.rules.en);
    const lesson = link(`/learn/${entry.name}`, t("learnLessonLink", { title: entry.title }), { class: "learn-link" });
    main.replaceChildren(h("div", { class: "page" }, [h("p", {}, [link("/", t("backToLobby")), " · ", lesson]), article]));
  }
  return { render, destroy() {} };
}

/** "Page not found", with the way back to the lobby. */
export function notFoundPage(main: HTMLElement): Page {
  function render() {
    main.replaceChildren(h("div", { class: "page card", id: "not-found" }, [h("h1", {}, t("pageNotFound")), h("p", {}, link("/", t("backToLobby")))]));
  }
  return { render, destroy() {} };
}

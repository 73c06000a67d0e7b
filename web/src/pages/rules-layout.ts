// What the rules page does to the server's rules HTML once it is drawn: wide tables and code
// blocks get a scroll box of their own (so the page never scrolls sideways on a phone, and the box
// can be scrolled with the keyboard), and a long text gets a table of contents of its sections.

import type { Translate } from "../i18n.js";

/** How many sections (`h2`) a text needs before it gets a table of contents. */
export const CONTENTS_FROM = 4;

/**
 * Puts each `table` and `pre` of `article` into a scroll box of its own: focusable (tabindex 0),
 * a region named by `labels` (a table's name or a code block's), so that a keyboard can scroll it
 * and a screen reader names it. Above each box a line `labels.more` says that it scrolls; it shows
 * only while the box is too narrow for what is in it (see `showScrollHints`).
 */
export function boxWideParts(article: HTMLElement, labels: { table: string; pre: string; more: string }): void {
  for (const wide of article.querySelectorAll<HTMLElement>("table, pre")) {
    if (wide.parentElement?.classList.contains("rules-scroll")) continue;
    const box = document.createElement("div");
    box.className = "rules-scroll";
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", wide.tagName === "PRE" ? labels.pre : labels.table);
    const hint = document.createElement("p");
    hint.className = "rules-scroll-hint muted";
    hint.hidden = true;
    hint.textContent = labels.more;
    wide.replaceWith(hint, box);
    box.append(wide);
  }
}

/**
 * Shows the line above each scroll box of `article` that says it scrolls ("Scroll sideways for
 * more →") where the box is narrower than what is in it, and hides it where all fits; the box gets
 * `data-overflow` then too (its edge fades, style.css). Called whenever the article's width changes.
 */
export function showScrollHints(article: HTMLElement): void {
  for (const box of article.querySelectorAll<HTMLElement>(".rules-scroll")) {
    const overflows = box.scrollWidth > box.clientWidth + 1;
    box.toggleAttribute("data-overflow", overflows);
    const hint = box.previousElementSibling;
    if (hint instanceof HTMLElement && hint.classList.contains("rules-scroll-hint")) hint.hidden = !overflows;
  }
}

/**
 * Gives each section heading (`h2`) of `article` an id (`rules-1`, `rules-2`, …) and, when there are
 * at least `CONTENTS_FROM` of them, puts a list of links to them after the first heading (or at the
 * start): the table of contents, named by `t("rulesContents")`.
 */
export function addContents(article: HTMLElement, t: Translate): void {
  const headings = [...article.querySelectorAll<HTMLElement>("h2")];
  headings.forEach((heading, i) => {
    heading.id = `rules-${i + 1}`;
  });
  if (headings.length < CONTENTS_FROM || article.querySelector("nav.rules-contents")) return;
  const nav = document.createElement("nav");
  nav.className = "rules-contents";
  nav.setAttribute("aria-label", t("rulesContents"));
  const title = document.createElement("p");
  title.className = "rules-contents-title";
  title.textContent = t("rulesContents");
  const list = document.createElement("ol");
  for (const heading of headings) {
    const item = document.createElement("li");
    const anchor = document.createElement("a");
    anchor.href = `#${heading.id}`;
    anchor.textContent = heading.textContent ?? "";
    // In-page: the heading scrolled to and focused, with no hash change (the router would draw the page anew).
    anchor.addEventListener("click", (event) => {
      event.preventDefault();
      heading.tabIndex = -1;
      heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    });
    item.append(anchor);
    list.append(item);
  }
  nav.append(title, list);
  const first = article.querySelector("h1");
  if (first) first.after(nav);
  else article.prepend(nav);
}

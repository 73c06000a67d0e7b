// The web UI's single entry: the styles, the header and the router over the pages.
import { type VNode, patch, v } from "./vdom.js";
import "./style.css";
import "./theme.css";
import { t, lang, setLang, useGameTexts, addTexts } from "./i18n.js";
import { useBoards } from "./boards.js";
import "./analysis.css";
// The styles of the pages loaded on demand (`lazyPage`): in app.css, since a chunk's own sheet
// would not be loaded (build.mjs checks that every sheet is in app.css).
import "./pages/bots/bots.css";
import "./pages/leagues/leagues.css";
import "./pages/puzzles.css";
import "./pages/search/search.css";
import "./pages/tournaments/tournaments.css";
import { api } from "./api.js";
import { loadAccount, accountWidget, signOutButton } from "./account.js";
import { loginPage } from "./pages/account/login.js";
import { link, navigate, setRouter } from "./nav.js";
import { lobbyPage } from "./pages/lobby/controller.js";
import { notFoundPage, rulesPage } from "./pages/rules.js";
import { followSettings, loadSettings, saveSettings, shownTheme, useAccountSettings } from "./settings.js";
import { syncNotifications } from "./notify.js";
import { syncLobbySocket } from "./lobby-socket.js";
import { turnBadge } from "./turn-badge.js";
import { syncSkipLink } from "./skip-link.js";
import { lazyPage } from "./lazy-page.js";
import type { Page, Registry } from "./types.js";

const app = document.getElementById("app") as HTMLElement;
let page: Page | null = null;

/**
 * A new element for the next page to draw into, in place of the last page's: a request the last
 * page still had under way when it was left draws into its own element, now out of the document,
 * and cannot cover the new page (the lobby's pool refresh once drew the lobby over a game just paired).
 */
function freshPageHost(): HTMLElement {
  const host = document.createElement("div");
  host.className = "page-host";
  app.replaceChildren(host);
  return host;
}

/** Whether the phone menu (the pages' links under the header) is open. */
let menuOpen = false;
/** The registry the pages are drawn with, once loaded (the title follows a change of language). */
let shownRegistry: Registry | null = null;

/** Closes the phone menu (Escape, a click outside it, or a page opened from it). */
function closeMenu() {
  if (!menuOpen) return;
  menuOpen = false;
  header();
}
document.addEventListener("keydown", (e) => e.key === "Escape" && closeMenu());
document.addEventListener("click", (e) => {
  // The path as it was when the click happened: the header may have been drawn anew since.
  if (menuOpen && !e.composedPath().some((node) => node instanceof Element && node.id === "bar")) closeMenu();
});

/**
 * The header: the brand, the pages (behind the ☰ button on a phone), the badge of games waiting on
 * the account's move, the theme, the settings, the account and the language switch.
 */
function header() {
  const bar = document.getElementById("bar") as HTMLElement;
  bar.classList.toggle("menu-open", menuOpen);
  patch(
    bar,
    link("/", t("appTitle"), { key: "brand", class: "brand" }),
    v("nav", {}, [
      v(
        "button",
        {
          key: "menu-toggle",
          class: "menu-toggle",
          id: "menu-toggle",
          "aria-expanded": String(menuOpen),
          "aria-controls": "nav-menu",
          title: t("menu"),
          "aria-label": t("menu"),
          on: {
            click: () => {
              menuOpen = !menuOpen;
              header();
            },
          },
        },
        menuOpen ? "✕" : "☰",
      ),
      // On a phone the menu under ☰ (the pages, then the tools); on a wide screen all in the bar.
      v("span", { key: "nav-menu", class: "nav-menu", id: "nav-menu" }, [
        v(
          "span",
          {
            key: "nav-pages",
            class: "nav-pages",
            id: "nav-pages",
            on: { click: (e: Event) => (e.target as Element).closest("a") && closeMenu() },
          },
          [...navPages()],
        ),
        v("span", { class: "nav-tools" }, [
          themeSwitch(),
          link("/settings", "⚙", {
            id: "settings-link",
            title: t("set.title"),
            "aria-label": t("set.title"),
            "aria-current": location.pathname === "/settings" ? "page" : null,
          }),
          signOutButton({ navigate, changed: header }, "menu-sign-out"),
        ]),
      ]),
      turnBadge(link),
      accountWidget({ link, navigate, changed: header }),
      v(
        "span",
        { class: "lang", role: "group", "aria-label": t("language") },
        ["en", "de"].map((code) =>
          v(
            "button",
            {
              key: `lang:${code}`,
              class: code === lang() ? "active" : "",
              "data-lang": code,
              on: {
                click: () => {
                  saveSettings({ ...loadSettings(), language: code === "de" ? "de" : "en" });
                  if (shownRegistry) document.title = pageTitle(location.pathname, shownRegistry);
                  header();
                  page?.render();
                },
              },
            },
            code.toUpperCase(),
          ),
        ),
      ),
    ]),
  );
  syncNotifications(navigate);
  syncLobbySocket(navigate);
  syncSkipLink();
}

/** The header's links to the pages; the one of the current page is marked (`aria-current`). */
function navPages(): VNode[] {
  const path = location.pathname;
  const pages: [string, string, string, boolean][] = [
    ["/", t("lobby"), "nav-lobby", path === "/"],
    ["/puzzles", t("title.puzzles"), "nav-puzzles", path.startsWith("/puzzles")],
    ["/learn", t("learn"), "nav-learn", path.startsWith("/learn")],
    ["/research/amakta", t("research"), "nav-research", path.startsWith("/research")],
    ["/games", t("search.nav"), "nav-games", path === "/games"],
    ["/tournaments", t("title.tournaments"), "nav-tournaments", path.startsWith("/tournaments")],
    ["/leagues", t("league.nav"), "nav-leagues", path.startsWith("/leagues")],
  ];
  // `data-text`: the bold width each link keeps (theme.css), so that the bar does not shift between pages.
  return pages.map(([href, text, cls, current]) =>
    link(href, text, { key: cls, class: cls, "data-text": text, "aria-current": current ? "page" : null }),
  );
}

/** The header's switch between light and dark colours (kept in the settings). */
function themeSwitch() {
  const dark = shownTheme() === "dark";
  return v(
    "button",
    {
      key: "theme-switch",
      class: "theme-switch",
      id: "theme-switch",
      "aria-pressed": String(dark),
      title: t("set.switchTheme"),
      "aria-label": t("set.switchTheme"),
      on: {
        click: () => {
          saveSettings({ ...loadSettings(), theme: dark ? "light" : "dark" });
          header();
          page?.render();
        },
      },
    },
    dark ? "☀" : "☾",
  );
}

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    menu: "Menu",
    "title.play": "Game",
    "title.analysis": "Analysis board",
    "title.learn": "Learn",
    "title.puzzles": "Puzzles",
    "title.login": "Sign in",
    "title.research": "Amakta research",
    "title.notFound": "Page not found",
    "title.tournaments": "Tournaments",
  },
  de: {
    menu: "Menü",
    "title.play": "Partie",
    "title.analysis": "Analysebrett",
    "title.learn": "Lernen",
    "title.puzzles": "Aufgaben",
    "title.login": "Anmelden",
    "title.research": "Amakta-Forschung",
    "title.notFound": "Seite nicht gefunden",
    "title.tournaments": "Turniere",
  },
});

/** The browser tab's title of a path: what the page is, then the site's name. */
function pageTitle(path: string, registry: Registry): string {
  const game = (name: string | undefined) => registry.games.find((g) => g.name === name)?.titles[lang()] ?? name ?? "";
  const named: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^\/play\//, () => t("title.play")],
    [/^\/analysis\//, () => t("title.analysis")],
    [/^\/rules\/([a-z0-9-]+)$/, (m) => `${t("rules")}: ${game(m[1])}`],
    [/^\/learn\/([a-z0-9-]+)(?:\/[a-z0-9-]+)?$/, (m) => `${t("title.learn")}: ${game(m[1])}`],
    [/^\/learn$/, () => t("title.learn")],
    [/^\/puzzles\/([a-z0-9-]+)/, (m) => `${t("title.puzzles")}: ${game(m[1])}`],
    [/^\/puzzles$/, () => t("title.puzzles")],
    [/^\/research\//, () => t("title.research")],
    [/^\/login$/, () => t("title.login")],
    [/^\/@\/(.+)$/, (m) => m[1] ?? ""],
    [/^\/settings$/, () => t("set.title")],
    [/^\/games$/, () => t("search.nav")],
    [/^\/tournaments/, () => t("title.tournaments")],
    [/^\/leagues\/([a-z0-9-]+)$/, (m) => t("league.titleOf", { game: game(m[1]) })],
    [/^\/leagues$/, () => t("league.nav")],
    [/^\/bots$/, () => t("bots.title")],
  ];
  for (const [pattern, title] of named) {
    const match = path.match(pattern);
    if (match) return `${title(match)} · ${t("appTitle")}`;
  }
  // The lobby is the site itself; any other path has no page (pageOf draws the "not found" page).
  return path === "/" ? t("appTitle") : `${t("title.notFound")} · ${t("appTitle")}`;
}

/** The page of a path, drawn into `main`: the lobby, the rules and signing in come with the first
 * load; the other pages' code (the game page's too) is loaded when they are opened (`lazyPage`). */
function pageOf(path: string, registry: Registry, main: HTMLElement): Page {
  let match: RegExpMatchArray | null;
  const lazy = (load: () => Promise<Page>) => lazyPage(main, load);
  if ((match = path.match(/^\/play\/([a-z0-9]+)$/)) && match[1]) {
    const id = match[1];
    return lazy(async () => (await import("./game/page.js")).gamePage(main, id));
  }
  if ((match = path.match(/^\/rules\/([a-z0-9-]+)$/)) && match[1]) return rulesPage(main, registry, match[1]);
  if (path === "/login") return loginPage(main, { navigate, changed: header });
  if (path === "/") return lobbyPage(main, registry);
  if (path === "/research/amakta")
    return lazy(async () => (await import("./pages/research/controller.js")).researchPage(main));
  if (path === "/learn") return lazy(async () => (await import("./pages/learn.js")).learnListPage(main, link));
  if ((match = path.match(/^\/learn\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/)) && match[1]) {
    const [game, step] = [match[1], match[2] ?? null];
    return lazy(async () => (await import("./pages/learn.js")).learnPage(main, game, link, step));
  }
  if (path === "/puzzles") return lazy(async () => (await import("./pages/puzzles.js")).puzzleListPage(main, link));
  if ((match = path.match(/^\/puzzles\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/)) && match[1]) {
    const [game, id] = [match[1], match[2] ?? null];
    return lazy(async () => (await import("./pages/puzzles.js")).puzzlePage(main, game, link, id));
  }
  if ((match = path.match(/^\/analysis\/([a-z0-9]+)$/)) && match[1]) {
    const id = match[1];
    return lazy(async () => (await import("./pages/analysis/controller.js")).analysisPage(main, id, { link }));
  }
  if ((match = path.match(/^\/@\/([A-Za-z0-9_-]+)$/)) && match[1]) {
    const name = match[1];
    return lazy(async () =>
      (await import("./pages/account/profile.js")).profilePage(main, name, { link, navigate, registry }),
    );
  }
  if (path === "/settings")
    return lazy(async () => (await import("./pages/settings/controller.js")).settingsPage(main, header));
  if (path === "/games")
    return lazy(async () =>
      (await import("./pages/search/controller.js")).searchPage(main, registry, { link, navigate }),
    );
  if (path === "/tournaments")
    return lazy(async () =>
      (await import("./pages/tournaments/list.js")).tournamentsPage(main, registry, { link, navigate }),
    );
  if (path === "/bots") return lazy(async () => (await import("./pages/bots/bots.js")).botsPage(main, link));
  if (path === "/leagues")
    return lazy(async () => (await import("./pages/leagues/controller.js")).leaguesPage(main, registry, { link }));
  if ((match = path.match(/^\/leagues\/([a-z0-9-]+)$/)) && match[1]) {
    const game = match[1];
    return lazy(async () => (await import("./pages/leagues/controller.js")).leaguePage(main, game, registry, { link }));
  }
  if ((match = path.match(/^\/tournaments\/([a-z0-9-]+)$/)) && match[1]) {
    const id = match[1];
    return lazy(async () =>
      (await import("./pages/tournaments/controller.js")).tournamentPage(main, id, { link, navigate }),
    );
  }
  return notFoundPage(main);
}

async function boot() {
  followSettings();
  setLang(lang());
  const registry = await api<Registry>("GET", "/api/registry");
  shownRegistry = registry;
  useGameTexts(registry.games);
  useBoards(registry.games);
  const signedIn = Boolean(await loadAccount());
  // The settings kept on the account apply on every device it signs in on.
  void useAccountSettings(signedIn).then((changed) => {
    if (!changed) return;
    header();
    page?.render();
  });
  const route = () => {
    page?.destroy();
    page = null;
    document.title = pageTitle(location.pathname, registry);
    menuOpen = false;
    header();
    page = pageOf(location.pathname, registry, freshPageHost());
    page.render();
  };
  setRouter(route);
  window.addEventListener("popstate", route);
  route();
}

boot();

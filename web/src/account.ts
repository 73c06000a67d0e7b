// Accounts in the web UI: the header's sign-in widget, the sign-in / sign-up page, the
// profile page `/@/<name>` and the account and rating shown at a game's seat.

import { t, lang, addTexts } from "./i18n.js";
import { h, patch, replaceKeepingFocus } from "./svg.js";
import { RatingHistory, dateText, gameCountText } from "./profile-history.js";
import { link } from "./nav.js";
import { daysText, ratingTitle } from "./correspondence.js";
import type { Link, Navigate, Page, Registry, SeatName } from "./types.js";
import type { AccountReply } from "./contract/AccountReply.js";
import type { PlayerProfile } from "./contract/PlayerProfile.js";
import type { ProfileGame } from "./contract/ProfileGame.js";
import type { SeatAccount } from "./contract/SeatAccount.js";

/** A refusal's body: the server's message in both languages and its short error. */
interface Refusal {
  message?: Partial<Record<string, string>>;
  error?: string;
}

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "acct.signIn": "Sign in",
    "acct.signOut": "Sign out",
    "acct.signUp": "Sign up",
    "acct.name": "Name",
    "acct.password": "Password",
    "acct.nameHint": "3–20 letters, digits, _ or -",
    "acct.passwordHint": "At least 8 characters",
    "acct.haveAccount": "Sign in to your account",
    "acct.newAccount": "New here? Make an account",
    "acct.optional":
      "An account is optional: you can play without one. With one, your games follow you to every device, and clocked games between accounts can be rated.",
    "acct.signedInAs": "Signed in as {name}",
    "acct.profile": "Profile",
    "acct.ratings": "Ratings",
    "acct.noRatings": "No rated games yet.",
    "acct.rating": "Rating",
    "acct.deviation": "RD",
    "acct.games": "Games",
    "acct.allGames": "All games",
    "acct.allResults": "All results",
    "acct.won": "won",
    "acct.lost": "lost",
    "acct.drawn": "drawn",
    "acct.running": "running",
    "acct.filter.won": "Won",
    "acct.filter.lost": "Lost",
    "acct.filter.drawn": "Drawn",
    "acct.filter.running": "Running",
    "acct.abandoned": "abandoned",
    "acct.aborted": "aborted",
    "acct.noPlayerGames": "No games.",
    "acct.against": "Opponent",
    "acct.result": "Result",
    "acct.rated": "rated",
    "acct.casual": "casual",
    "acct.page": "Page {page} of {pages}",
    "acct.previous": "Previous",
    "acct.next": "Next",
    "acct.guest": "guest",
    "acct.engine": "engine",
    "acct.noPlayer": "No such player.",
    "acct.statGames": "games",
    "acct.statRated": "rated games",
    "acct.statBest": "best rating",
  },
  de: {
    "acct.signIn": "Anmelden",
    "acct.signOut": "Abmelden",
    "acct.signUp": "Registrieren",
    "acct.name": "Name",
    "acct.password": "Passwort",
    "acct.nameHint": "3–20 Buchstaben, Ziffern, _ oder -",
    "acct.passwordHint": "Mindestens 8 Zeichen",
    "acct.haveAccount": "Mit deinem Konto anmelden",
    "acct.newAccount": "Neu hier? Leg ein Konto an",
    "acct.optional":
      "Ein Konto ist freiwillig: Du kannst auch ohne spielen. Mit Konto folgen dir deine Partien auf jedes Gerät, und Partien mit Uhr zwischen Konten können gewertet werden.",
    "acct.signedInAs": "Angemeldet als {name}",
    "acct.profile": "Profil",
    "acct.ratings": "Wertungen",
    "acct.noRatings": "Noch keine gewerteten Partien.",
    "acct.rating": "Wertung",
    "acct.deviation": "RD",
    "acct.games": "Partien",
    "acct.allGames": "Alle Spiele",
    "acct.allResults": "Alle Ergebnisse",
    "acct.won": "gewonnen",
    "acct.lost": "verloren",
    "acct.drawn": "remis",
    "acct.running": "laufend",
    "acct.filter.won": "Gewonnen",
    "acct.filter.lost": "Verloren",
    "acct.filter.drawn": "Remis",
    "acct.filter.running": "Laufend",
    "acct.abandoned": "verlassen",
    "acct.aborted": "abgebrochen",
    "acct.noPlayerGames": "Keine Partien.",
    "acct.against": "Gegner",
    "acct.result": "Ergebnis",
    "acct.rated": "gewertet",
    "acct.casual": "ungewertet",
    "acct.page": "Seite {page} von {pages}",
    "acct.previous": "Zurück",
    "acct.next": "Weiter",
    "acct.guest": "Gast",
    "acct.engine": "Computer",
    "acct.noPlayer": "Diesen Spieler gibt es nicht.",
    "acct.statGames": "Partien",
    "acct.statRated": "gewertete Partien",
    "acct.statBest": "beste Wertung",
  },
});

// The signed-in account's name, or null; undefined until asked.
let current: string | null | undefined;

/** The signed-in account's name (null when signed out), asked of the server once. */
export async function loadAccount(): Promise<string | null> {
  if (current === undefined) {
    const response = await fetch("/api/account").catch(() => null);
    const data: Partial<AccountReply> = response?.ok ? await response.json() : {};
    current = data.name ?? null;
  }
  return current;
}

/** The signed-in account's name as last known, or null. */
export function accountName(): string | null {
  return current ?? null;
}

/** POSTs JSON; resolves to `{ok, status, data, field}` (`field`: the form field a refusal names). */
async function post(
  path: string,
  body: unknown,
): Promise<{ ok: boolean; status: number; data: Refusal & Partial<AccountReply>; field: string | null }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, data, field: response.headers.get("x-field") };
}

/** The message of a refusal in the page's language, as a sentence (the server's may start lowercase). */
function message(data: Refusal): string {
  const text = data.message?.[lang()] || data.error || "";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A rating as shown: rounded, with `?` while provisional. */
export function ratingText(rating: number, provisional = false): string {
  return `${Math.round(rating)}${provisional ? "?" : ""}`;
}

/** The header's account part: "Sign in", or the account's name (its profile) and "Sign out". */
export function accountWidget({
  link,
  navigate,
  changed,
}: {
  link: Link;
  navigate: Navigate;
  changed: () => void;
}): HTMLElement {
  if (!current)
    return h(
      "span",
      { class: "acct-widget" },
      link("/login", t("acct.signIn"), {
        id: "sign-in",
        "aria-current": location.pathname === "/login" ? "page" : null,
      }),
    );
  return h("span", { class: "acct-widget" }, [
    link(`/@/${current}`, current, {
      id: "account-name",
      "aria-current": location.pathname === `/@/${current}` ? "page" : null,
    }),
    signOutButton({ navigate, changed }, "sign-out"),
  ]);
}

/** The button that signs the account out (the header's, and the phone menu's with another `id`). */
export function signOutButton(
  { navigate, changed }: { navigate: Navigate; changed: () => void },
  id: string,
): HTMLElement | null {
  if (!current) return null;
  return h(
    "button",
    {
      id,
      class: "sign-out",
      onclick: async () => {
        await post("/api/account/logout", {});
        current = null;
        changed();
        navigate("/");
      },
    },
    t("acct.signOut"),
  );
}

/** The sign-in page of an account already signed in: who it is, its profile and "Sign out". */
function signedInView(name: string, { navigate, changed }: { navigate: Navigate; changed: () => void }): HTMLElement {
  return h("div", { class: "acct-page" }, [
    h("section", { class: "card acct-signed-in", id: "signed-in" }, [
      h("h1", {}, t("acct.signedInAs", { name })),
      h("p", { class: "acct-signed-in-actions" }, [
        link(`/@/${name}`, t("acct.profile"), { class: "button primary" }),
        " ",
        link("/", t("backToLobby"), { class: "button" }),
        " ",
        signOutButton(
          {
            navigate,
            changed: () => {
              changed();
            },
          },
          "page-sign-out",
        ),
      ]),
    ]),
  ]);
}

/** Which of the two account forms: signing in or signing up. */
type AccountKind = "login" | "signup";

/** A field of the account forms. */
type AccountField = "name" | "password";

/** What the two account forms hold: each form's values, and its refusals by field (or `form`). */
interface AccountForms {
  values: Record<AccountKind, Record<AccountField, string>>;
  errors: Record<AccountKind, Record<string, Refusal>>;
}

/** A field of an account form: its label and input (typing keeps the value), the hint when signing up, its refusal. */
function accountField(
  forms: AccountForms,
  kind: AccountKind,
  name: AccountField,
  type: string,
  hint: string,
): HTMLElement {
  const error = forms.errors[kind][name];
  return h("label", {}, [
    h("span", {}, t(`acct.${name}`)),
    h("input", {
      name,
      type,
      value: forms.values[kind][name],
      autocomplete: type === "password" ? (kind === "signup" ? "new-password" : "current-password") : "username",
      "aria-invalid": error ? "true" : null,
      oninput: (e: Event) => {
        forms.values[kind][name] = (e.target as HTMLInputElement).value;
      },
    }),
    kind === "signup" ? h("small", { class: "muted" }, hint) : null,
    error ? h("p", { class: "error", role: "alert", "data-error": name }, message(error)) : null,
  ]);
}

/** An account form in its card: name, password, the button and a refusal of the whole form; submitting calls `submit`. */
function accountForm(
  forms: AccountForms,
  kind: AccountKind,
  { title, button, submit }: { title: string; button: string; submit: (kind: AccountKind) => void },
): HTMLElement {
  return h("section", { class: "card" }, [
    h("h2", {}, title),
    h(
      "form",
      {
        id: kind,
        onsubmit: (e: Event) => {
          e.preventDefault();
          submit(kind);
        },
      },
      [
        accountField(forms, kind, "name", "text", t("acct.nameHint")),
        accountField(forms, kind, "password", "password", t("acct.passwordHint")),
        h("button", { type: "submit", class: "primary" }, button),
        forms.errors[kind].form
          ? h("p", { class: "error", role: "alert", "data-error": "form" }, message(forms.errors[kind].form ?? {}))
          : null,
      ],
    ),
  ]);
}

/**
 * The sign-in and sign-up page: two forms side by side, each refusal shown at the field it
 * names. After success the page goes back to where the player came from (`?next=`) or the lobby.
 */
export function loginPage(main: HTMLElement, { navigate, changed }: { navigate: Navigate; changed: () => void }): Page {
  const forms: AccountForms = {
    errors: { login: {}, signup: {} },
    values: { login: { name: "", password: "" }, signup: { name: "", password: "" } },
  };

  async function submit(kind: AccountKind) {
    forms.errors[kind] = {};
    const reply = await post(`/api/account/${kind}`, forms.values[kind]);
    if (reply.ok) {
      current = reply.data.name ?? null;
      changed();
      const next = new URLSearchParams(location.search).get("next");
      navigate(next?.startsWith("/") ? next : "/");
      return;
    }
    forms.errors[kind] = { [reply.field || "form"]: reply.data };
    render();
  }

  function render() {
    if (current) {
      patch(main, signedInView(current, { navigate, changed }));
      return;
    }
    patch(
      main,
      h("div", { class: "acct-page" }, [
        h("div", { class: "acct-intro" }, [
          h("h1", {}, t("acct.signIn")),
          h("p", { class: "muted" }, t("acct.optional")),
        ]),
        accountForm(forms, "login", { title: t("acct.haveAccount"), button: t("acct.signIn"), submit }),
        accountForm(forms, "signup", { title: t("acct.newAccount"), button: t("acct.signUp"), submit }),
      ]),
    );
  }

  return { render, destroy() {} };
}

/**
 * The account at a game's seat: its name (a link to the profile) and rating, and after a rated
 * game "1500 → 1512 (+12)". Null for a seat without an account.
 */
export function seatAccount(seat: { seat: SeatName; account?: SeatAccount | null }, link: Link): HTMLElement | null {
  const account = seat.account;
  if (!account) return null;
  const parts: HTMLElement[] = [link(`/@/${account.name}`, account.name, { class: "acct-name" })];
  if (account.rating !== null && account.rating !== undefined) {
    if (account.rating_after !== null && account.rating_after !== undefined) {
      const diff = account.rating_after - account.rating;
      const sign = diff > 0 ? "+" : diff < 0 ? "−" : "±";
      parts.push(
        h(
          "span",
          { class: `acct-change ${diff > 0 ? "up" : diff < 0 ? "down" : ""}`, "data-rating-change": seat.seat },
          `${Math.round(account.rating)} → ${Math.round(account.rating_after)} (${sign}${Math.abs(diff)})`,
        ),
      );
    } else {
      parts.push(h("span", { class: "acct-rating", "data-rating": seat.seat }, `(${Math.round(account.rating)})`));
    }
  }
  return h("span", { class: "acct-seat" }, parts);
}

/** A profile game's result, with the rating change of a rated game: "won (+12)". */
function resultCell(game: ProfileGame): string {
  const text = t(`acct.${game.result}`);
  if (game.rating_before === null || game.rating_after === null) return text;
  const diff = game.rating_after - game.rating_before;
  return `${text} (${diff >= 0 ? "+" : "−"}${Math.abs(diff)})`;
}

/** A profile game's time control: days per move, "5+3", or "–" without a clock. */
function profileClock(game: ProfileGame): string {
  if (game.correspondence) return daysText(game.correspondence);
  return game.clock ? `${game.clock.initial_ms / 60000}+${game.clock.increment_ms / 1000}` : "–";
}

/** The profile's figures: its games (unfiltered, else left out), its rated games and its best rating. */
function profileStats(profile: PlayerProfile, total: number | null): HTMLElement | null {
  const rated = profile.ratings.reduce((sum, r) => sum + r.games, 0);
  const best = profile.ratings.length ? Math.max(...profile.ratings.map((r) => r.rating)) : null;
  const stat = (value: string, label: string) =>
    h("span", { class: "profile-stat" }, [h("strong", {}, value), h("small", { class: "muted" }, label)]);
  return h("p", { class: "profile-stats", id: "profile-stats" }, [
    total === null ? null : stat(String(total), t("acct.statGames")),
    stat(String(rated), t("acct.statRated")),
    best === null ? null : stat(ratingText(best), t("acct.statBest")),
  ]);
}

/** The profile's ratings: a row per game (and correspondence), or a line saying there are none. */
function ratingsView(profile: PlayerProfile): HTMLElement {
  if (!profile.ratings.length) return h("p", { class: "muted" }, t("acct.noRatings"));
  return h("table", { class: "ratings", id: "ratings" }, [
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        [t("game"), t("acct.rating"), t("acct.deviationLong"), t("acct.games")].map((c) => h("th", {}, c)),
      ),
    ),
    h(
      "tbody",
      {},
      profile.ratings.map((r) =>
        h("tr", { "data-game": r.game, "data-correspondence": r.correspondence ? "1" : null }, [
          h("td", {}, ratingTitle(r)),
          h("td", { class: "rating" }, [
            ratingText(r.rating, r.provisional),
            r.provisional ? h("small", { class: "provisional" }, ` (${t("acct.provisional")})`) : null,
          ]),
          h("td", { "data-deviation": r.deviation }, `± ${r.deviation}`),
          h("td", {}, String(r.games)),
        ]),
      ),
    ),
  ]);
}

/** The profile's page of games: date, game, opponent, clock and result; a row opens its game. */
function profileGamesView(games: ProfileGame[], link: Link, navigate: Navigate): HTMLElement {
  if (!games.length) return h("p", { class: "muted", id: "no-player-games" }, t("acct.noPlayerGames"));
  const headings: [string, string?][] = [
    [t("acct.date"), "wide"],
    [t("game")],
    [t("acct.against")],
    [t("clock"), "wide"],
    [t("acct.result")],
  ];
  return h("table", { class: "games", id: "player-games" }, [
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        headings.map(([c, wide]) => h("th", { class: wide }, c)),
      ),
    ),
    h(
      "tbody",
      {},
      games.map((g) =>
        h(
          "tr",
          {
            "data-game": g.id,
            "data-result": g.result,
            onclick: (e: Event) => (e.target as Element).closest("a") || navigate(`/play/${g.id}`),
          },
          [
            h("td", { class: "wide date" }, dateText(g.created_ms)),
            h("td", {}, [
              link(`/play/${g.id}`, g.titles[lang()]),
              " ",
              h("small", { class: "muted" }, g.rated ? t("acct.rated") : t("acct.casual")),
            ]),
            h(
              "td",
              {},
              g.opponent_name
                ? link(`/@/${g.opponent_name}`, g.opponent_name)
                : g.opponent === "engine"
                  ? t("acct.engine")
                  : t("acct.guest"),
            ),
            h("td", { class: "wide" }, profileClock(g)),
            h("td", { class: `result ${g.result}` }, resultCell(g)),
          ],
        ),
      ),
    ),
  ]);
}

/** The profile's filters: what the games list shows. */
interface ProfileFilter {
  game: string;
  result: string;
  page: number;
}

/** The page of a name without an account: a card saying so, with the way back to the lobby. */
function noPlayerView(link: Link): HTMLElement {
  return h("div", { class: "page card", id: "not-found" }, [
    h("h1", {}, t("acct.noPlayer")),
    h("p", {}, link("/", t("backToLobby"))),
  ]);
}

/** A filter's select with `choices` (value, text), `value` selected; a choice calls `choose(name, value)`. */
function profileSelect(
  name: "game" | "result",
  value: string,
  choices: [string, string][],
  choose: (name: "game" | "result", value: string) => void,
): HTMLElement {
  return h(
    "select",
    {
      name,
      "aria-label": t(name),
      onchange: (e: Event) => choose(name, (e.target as HTMLSelectElement).value),
    },
    choices.map(([v, text]) => h("option", { value: v, selected: v === value }, text)),
  );
}

/** The profile's two filters: the game and the result. */
function profileFilters(
  filter: ProfileFilter,
  registry: Registry,
  choose: (name: "game" | "result", value: string) => void,
): HTMLElement {
  return h("div", { class: "filters" }, [
    profileSelect(
      "game",
      filter.game,
      [["", t("acct.allGames")], ...registry.games.map((g): [string, string] => [g.name, g.title])],
      choose,
    ),
    profileSelect(
      "result",
      filter.result,
      [
        ["", t("acct.allResults")],
        ...(["won", "lost", "drawn", "running"] as const).map((r): [string, string] => [r, t(`acct.filter.${r}`)]),
      ],
      choose,
    ),
  ]);
}

/** The pager under the games: "previous", "page 2 of 5", "next"; a button calls `turn(-1)` or `turn(1)`. */
function profilePager(profile: PlayerProfile, page: number, turn: (step: number) => void): HTMLElement {
  return h("div", { class: "pager" }, [
    h("button", { disabled: page <= 1, "data-page": "previous", onclick: () => turn(-1) }, t("acct.previous")),
    h("span", { class: "muted" }, t("acct.page", { page: profile.page, pages: profile.pages })),
    h("button", { disabled: page >= profile.pages, "data-page": "next", onclick: () => turn(1) }, t("acct.next")),
  ]);
}

/** The profile's first card: name, member since, figures, ratings (with their help) and the rating history. */
function profileCard(profile: PlayerProfile, filter: ProfileFilter, history: RatingHistory): HTMLElement {
  return h("section", { class: "card" }, [
    h("h1", {}, profile.name),
    h("p", { class: "muted", id: "member-since" }, t("acct.since", { date: dateText(profile.created_ms) })),
    profileStats(profile, filter.game || filter.result ? null : profile.total),
    h("h2", {}, t("acct.ratings")),
    ratingsView(profile),
    profile.ratings.length ? h("p", { class: "muted rating-help", id: "rating-help" }, t("acct.ratingHelp")) : null,
    history.section(),
  ]);
}

/** The profile page `/@/<name>`: ratings per game and the games, paged and filtered. */
export function profilePage(
  main: HTMLElement,
  name: string,
  { link, navigate, registry }: { link: Link; navigate: Navigate; registry: Registry },
): Page {
  const filter: ProfileFilter = { game: "", result: "", page: 1 };
  let profile: PlayerProfile | null = null;
  let missing = false;
  let stopped = false;
  // The history may arrive after the page was left: then it draws nothing (it would replace the next page).
  const history = new RatingHistory(name, () => {
    if (!stopped) render();
  });

  async function load() {
    const query = new URLSearchParams({ game: filter.game, result: filter.result, page: String(filter.page) });
    const response = await fetch(`/api/players/${encodeURIComponent(name)}?${query}`).catch(() => null);
    if (stopped) return;
    if (!response?.ok) {
      missing = true;
    } else {
      profile = await response.json();
    }
    render();
  }

  /** Filters the games anew, from the first page. */
  function choose(name: "game" | "result", value: string) {
    filter[name] = value;
    filter.page = 1;
    load();
  }

  /** Goes `step` pages on. */
  function turn(step: number) {
    filter.page += step;
    load();
  }

  function render() {
    if (missing) {
      replaceKeepingFocus(main, noPlayerView(link));
      return;
    }
    if (!profile) return;
    patch(
      main,
      h("div", { class: "profile", id: "profile" }, [
        profileCard(profile, filter, history),
        h("section", { class: "card" }, [
          h("h2", {}, [
            t("acct.games"),
            " ",
            h("small", { class: "muted", id: "game-count" }, gameCountText(profile.total)),
          ]),
          profileFilters(filter, registry, choose),
          profileGamesView(profile.games, link, navigate),
          profile.pages > 1 ? profilePager(profile, filter.page, turn) : null,
        ]),
      ]),
    );
    history.draw();
  }

  load();
  return {
    render,
    destroy() {
      stopped = true;
      history.destroy();
    },
  };
}

// The signed-in account as every page shares it: asked of the server once, the header's sign-in
// widget and sign-out button, the account and rating shown at a game's seat, and the texts of the
// account pages (pages/account/: the sign-in page and the profile `/@/<name>`).

import { type VNode, v } from "./vdom.js";
import { t, addTexts } from "./i18n.js";
import type { Link, Navigate, SeatName } from "./types.js";
import type { AccountReply } from "./contract/AccountReply.js";
import type { SeatAccount } from "./contract/SeatAccount.js";
import type { RecoveryCodeReply } from "./contract/RecoveryCodeReply.js";
import { useAccountSettings } from "./settings.js";

/** A refusal's body: the server's message in both languages and its short error. */
export interface Refusal {
  message?: Partial<Record<string, string>>;
  error?: string;
}

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "acct.botTitle": "A bot: a program plays this account",
    "acct.closedMark": "closed",
    "acct.closedTitle": "Its owner has closed this account",
    "acct.signIn": "Sign in",
    "acct.signOut": "Sign out",
    "acct.signUp": "Sign up",
    "acct.name": "Name",
    "acct.password": "Password",
    "acct.nameHint": "3–20 letters, digits, _ or -",
    "acct.passwordHint": "At least {min} characters",
    "acct.passwordShort": "Too short: a password has at least {min} characters",
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
    "acct.filter.aborted": "Include aborted games",
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
    "acct.statGamesOne": "game",
    "acct.statRated": "rated games",
    "acct.statRatedOne": "rated game",
    "acct.statBest": "best rating",
  },
  de: {
    "acct.botTitle": "Ein Bot: ein Programm spielt dieses Konto",
    "acct.closedMark": "geschlossen",
    "acct.closedTitle": "Sein Inhaber hat dieses Konto geschlossen",
    "acct.signIn": "Anmelden",
    "acct.signOut": "Abmelden",
    "acct.signUp": "Registrieren",
    "acct.name": "Name",
    "acct.password": "Passwort",
    "acct.nameHint": "3–20 Buchstaben, Ziffern, _ oder -",
    "acct.passwordHint": "Mindestens {min} Zeichen",
    "acct.passwordShort": "Zu kurz: Ein Passwort hat mindestens {min} Zeichen",
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
    "acct.filter.aborted": "Abgebrochene Partien zeigen",
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
    "acct.statGamesOne": "Partie",
    "acct.statRated": "gewertete Partien",
    "acct.statRatedOne": "gewertete Partie",
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

/** Takes the account signed in (or out, with null) as the server confirmed it. */
export function setAccountName(name: string | null) {
  current = name;
}

/** The signed-in account's name as last known, or null. */
export function accountName(): string | null {
  return current ?? null;
}

/** POSTs JSON to the account API; resolves to `{ok, status, data, field}` (`field`: the form field a refusal names). */
export async function postAccount(
  path: string,
  body: unknown,
): Promise<{
  ok: boolean;
  status: number;
  data: Refusal & Partial<AccountReply> & Partial<RecoveryCodeReply>;
  field: string | null;
}> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, data, field: response.headers.get("x-field") };
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
}): VNode {
  if (!current)
    return v(
      "span",
      { class: "acct-widget" },
      link("/login", t("acct.signIn"), {
        id: "sign-in",
        "aria-current": location.pathname === "/login" ? "page" : null,
      }),
    );
  return v("span", { class: "acct-widget" }, [
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
): VNode | null {
  if (!current) return null;
  return v(
    "button",
    {
      key: id,
      id,
      class: "sign-out",
      on: {
        click: async () => {
          await postAccount("/api/account/logout", {});
          current = null;
          await useAccountSettings(false);
          changed();
          navigate("/");
        },
      },
    },
    t("acct.signOut"),
  );
}

/**
 * The account at a game's seat, for the first line of its strip: its name (a link to the profile)
 * and its rating, "(1500)" ("(1500?)" while provisional), while the game has not changed it. Null for a
 * seat without an account.
 */
export function seatAccount(seat: { seat: SeatName; account?: SeatAccount | null }, link: Link): VNode | null {
  const account = seat.account;
  if (!account) return null;
  const parts: VNode[] = [link(`/@/${account.name}`, account.name, { class: "acct-name", title: account.name })];
  const bot = botMark(account.bot);
  if (bot) parts.unshift(bot);
  if (account.closed)
    parts.push(v("span", { key: "closed", class: "acct-closed", title: t("acct.closedTitle") }, t("acct.closedMark")));
  if (account.rating !== null && account.rating !== undefined && (account.rating_after ?? null) === null)
    parts.push(
      v(
        "span",
        { key: `rating:${seat.seat}`, class: "acct-rating", "data-rating": seat.seat },
        `(${ratingText(account.rating, account.provisional)})`,
      ),
    );
  return v("span", { class: "acct-seat" }, parts);
}

/** The mark of a bot account before its name, lichess's title "BOT" (its title says what it means); null for a person. */
export function botMark(bot: boolean): VNode | null {
  return bot ? v("span", { class: "bot-mark", title: t("acct.botTitle") }, "BOT") : null;
}

/** An account's name in a sentence, "BOT Name" for a bot. */
export function titledName(name: string, bot: boolean): string {
  return bot ? `BOT ${name}` : name;
}

/** After a rated game, the change of the seat's rating, "1500 → 1512 (+12)" ("1500? → …" from a provisional one); else null. */
export function seatRatingChange(seat: { seat: SeatName; account?: SeatAccount | null }): VNode | null {
  const account = seat.account;
  if (!account || account.rating === null || account.rating_after === null || account.rating_after === undefined)
    return null;
  const diff = account.rating_after - account.rating;
  const sign = diff > 0 ? "+" : diff < 0 ? "−" : "±";
  return v(
    "span",
    {
      key: `rating-change:${seat.seat}`,
      class: `acct-change ${diff > 0 ? "up" : diff < 0 ? "down" : ""}`,
      "data-rating-change": seat.seat,
    },
    `${ratingText(account.rating, account.provisional)} → ${Math.round(account.rating_after)} (${sign}${Math.abs(diff)})`,
  );
}

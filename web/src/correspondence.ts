// Correspondence games in the web UI: the time-control choices of the new-game and seek forms
// (a clock, or days per move), the time left in words, and the "your turn" list of the lobby and
// the own profile (the games where the signed-in account is to move, the least time left first).

import { host, patch, type VNode, v } from "./vdom.js";
import { t, lang, addTexts } from "./i18n.js";
import { api } from "./api.js";
import type { Link, Navigate } from "./types.js";
import type { Names } from "./contract/Names.js";
import type { TurnGame } from "./contract/TurnGame.js";
import type { YourTurnReply } from "./contract/YourTurnReply.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "corr.days": "{days} days per move",
    "corr.day": "1 day per move",
    "corr.short": "correspondence",
    "corr.group": "Correspondence",
    "corr.clocks": "Clock",
    "corr.left": "{left} left",
    "corr.leftDays": "{days} d {hours} h",
    "corr.leftHours": "{hours} h {minutes} min",
    "corr.leftMinutes": "{minutes} min",
    "corr.turnTitle": "Your turn",
    "corr.turnNone": "It is not your turn in any game.",
    "corr.against": "against {name}",
    "corr.guest": "a guest",
  },
  de: {
    "corr.days": "{days} Tage je Zug",
    "corr.day": "1 Tag je Zug",
    "corr.short": "Fernpartie",
    "corr.group": "Fernpartie",
    "corr.clocks": "Uhr",
    "corr.left": "noch {left}",
    "corr.leftDays": "{days} T {hours} h",
    "corr.leftHours": "{hours} h {minutes} min",
    "corr.leftMinutes": "{minutes} min",
    "corr.turnTitle": "Du bist am Zug",
    "corr.turnNone": "Du bist in keiner Partie am Zug.",
    "corr.against": "gegen {name}",
    "corr.guest": "einen Gast",
  },
});

/** The days per move a correspondence game may have (as the server allows). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14];

/** The clocks the forms offer ("minutes+seconds"). */
const CLOCKS = ["1+0", "3+2", "5+3", "10+5", "15+10"];

/** A form's time-control value for `days` per move (the clocks' values are "M+S"). */
const daysValue = (days: number) => `days:${days}`;

/** Days per move in words. */
export function daysText(days: number): string {
  return days === 1 ? t("corr.day") : t("corr.days", { days });
}

/**
 * A select of the time controls showing `value`: `none` (its text) first, then the clocks (and,
 * given its text, `custom`: a clock typed in), then the days per move of correspondence games.
 */
export function timeControlSelect(
  name: string,
  value: string,
  none: string,
  label: string,
  onchange: (value: string) => void,
  custom: string | null = null,
): VNode {
  const option = (choice: string, text: string) => v("option", { value: choice, selected: choice === value }, text);
  return v(
    "select",
    { name, "aria-label": label, on: { change: (e: Event) => onchange((e.target as HTMLSelectElement).value) } },
    [
      option("", none),
      v("optgroup", { label: t("corr.clocks") }, [
        ...CLOCKS.map((clock) => option(clock, clock)),
        custom === null ? null : option("custom", custom),
      ]),
      v(
        "optgroup",
        { label: t("corr.group") },
        CORRESPONDENCE_DAYS.map((days) => option(daysValue(days), daysText(days))),
      ),
    ],
  );
}

/** The request fields of a form's time control: `{clock}`, `{correspondence}` or nothing. */
export function timeControlRequest(value: string): { clock?: string; correspondence?: number } {
  const days = value.match(/^days:(\d+)$/);
  if (days?.[1]) return { correspondence: Number(days[1]) };
  return value ? { clock: value } : {};
}

/** A correspondence game's time control and, while it runs, the side to move's time left. */
export function correspondenceText(corr: { days_per_move: number; left_ms: number | null }): string {
  const left = corr.left_ms === null ? "" : ` · ${t("corr.left", { left: leftText(corr.left_ms) })}`;
  return `${daysText(corr.days_per_move)}${left}`;
}

/** A rating's (or rating history's) game title, marked when it is the correspondence rating. */
export function ratingTitle(rating: { titles: Names; correspondence: boolean }): string {
  const title = rating.titles[lang()];
  return rating.correspondence ? `${title} · ${t("corr.short")}` : title;
}

/** Time left in words: days and hours, hours and minutes, or minutes. */
export function leftText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return t("corr.leftDays", { days: Math.floor(hours / 24), hours: hours % 24 });
  if (hours >= 1) return t("corr.leftHours", { hours, minutes: minutes % 60 });
  return t("corr.leftMinutes", { minutes });
}

/** One line of the list: the game, the opponent and the time left. */
function turnLine(game: TurnGame, link: Link, navigate: Navigate): VNode {
  const time = [
    game.correspondence ? daysText(game.correspondence) : null,
    game.left_ms === null ? null : t("corr.left", { left: leftText(game.left_ms) }),
  ];
  return v(
    "li",
    {
      key: `turn:${game.id}`,
      "data-turn": game.id,
      on: { click: (e: Event) => (e.target as Element).closest("a") || navigate(`/play/${game.id}`) },
    },
    [
      link(`/play/${game.id}`, game.titles[lang()]),
      " ",
      v("span", {}, t("corr.against", { name: game.opponent_name ?? t("corr.guest") })),
      " ",
      v("small", { class: "muted" }, time.filter(Boolean).join(" · ")),
    ],
  );
}

/**
 * The "your turn" card: the games where the signed-in account is to move, asked of the server
 * now and every 10 seconds; nothing while signed out.
 */
export function yourTurnSection({
  link,
  navigate,
  signedIn,
}: {
  link: Link;
  navigate: Navigate;
  signedIn: () => boolean;
}) {
  let element: Element | null = null;
  let games: TurnGame[] = [];
  /** The card's vnode: the lobby's redraws leave what is inside to the card. */
  const view = () =>
    host("section", { key: "your-turn", class: "card your-turn-card", id: "your-turn" }, (shown) => {
      if (shown === element) return;
      element = shown;
      render();
    });

  async function refresh() {
    if (!signedIn()) return render();
    try {
      games = (await api<YourTurnReply>("GET", "/api/games/your-turn")).games;
    } catch {
      // Kept as they were; the lobby says when the server is out of reach.
    }
    render();
  }

  function render() {
    if (!element) return;
    // The card's own element: the lobby leaves it to the card, which hides it while signed out.
    element.toggleAttribute("hidden", !signedIn());
    if (!signedIn()) {
      patch(element);
      return;
    }
    patch(
      element,
      v("h2", {}, t("corr.turnTitle")),
      games.length
        ? v(
            "ul",
            { class: "my-games your-turn" },
            games.map((game) => turnLine(game, link, navigate)),
          )
        : v("p", { class: "muted" }, t("corr.turnNone")),
    );
  }

  render();
  refresh();
  const timer = setInterval(refresh, 10_000);
  return { view, render, destroy: () => clearInterval(timer) };
}

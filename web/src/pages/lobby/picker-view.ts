// The lobby's game picker (a picture of each game, drawn by its board module from the start
// position) and quick pairing (a grid of time-control presets, as on lichess).

import { t, lang, addTexts } from "../../i18n.js";
import { host, v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { boardModule } from "../../boards.js";
import type { GameEntry } from "../../types.js";
import type { PoolReply } from "../../contract/PoolReply.js";
import { picturePosition } from "./picture-position.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "look.pickGame": "Choose a game",
    "look.quick": "Quick game",
    "look.quickSeek":
      "Joins the pool of this game and clock (rated): you are paired with whoever waits near your rating, and the game starts at once. Click again to leave.",
    "look.waiting": "Looking for an opponent: {game} {clock}, rated — {seconds} s",
    "look.waitingCount": "{count} waiting",
    "look.leavePool": "Cancel",
    "look.quickGuest":
      "Sign in to be paired with whoever waits — a name and a password are all it takes, and the tile brings you back into its pool. To play a friend without an account, use Play a friend.",
    "look.minutes": "{minutes} min + {seconds} s",
    "look.playComputer": "Play the computer",
    "look.playFriend": "Play a friend (invite link)",
    "look.startComputer": "Start the game",
    "look.startFriend": "Create the game and get the invite link",
  },
  de: {
    "look.pickGame": "Spiel wählen",
    "look.quick": "Schnelle Partie",
    "look.quickSeek":
      "Tritt dem Pool dieses Spiels mit dieser Bedenkzeit bei (gewertet): du wirst mit jemandem gepaart, der mit ähnlicher Wertung wartet, und die Partie beginnt sofort. Noch ein Klick verlässt ihn.",
    "look.waiting": "Suche einen Gegner: {game} {clock}, gewertet — {seconds} s",
    "look.waitingCount": "{count} warten",
    "look.leavePool": "Abbrechen",
    "look.quickGuest":
      "Melde dich an, um mit jemandem gepaart zu werden, der wartet — ein Name und ein Passwort genügen, und die Kachel bringt dich danach in ihren Pool. Gegen einen Freund ohne Konto: „Gegen einen Freund“.",
    "look.minutes": "{minutes} min + {seconds} s",
    "look.playComputer": "Gegen den Computer",
    "look.playFriend": "Gegen einen Freund (Einladungslink)",
    "look.startComputer": "Partie starten",
    "look.startFriend": "Partie anlegen und Einladungslink holen",
  },
});

/** The time controls of quick pairing, as the server reads them ("minutes+seconds"). */
export const QUICK_CLOCKS = ["1+0", "3+0", "3+2", "5+3", "10+0", "10+5", "15+10", "30+0"];

/** The elements a picture was drawn into (a new one, e.g. in another language, is drawn anew). */
const drawn = new WeakSet<Element>();

/** Draws `entry`'s start position into `element` with its board module, once per element; inert (no tab stops, no clicks). */
function drawPicture(entry: GameEntry, element: Element): void {
  if (drawn.has(element) || !(element instanceof HTMLElement)) return;
  drawn.add(element);
  if (!entry.start_view) return;
  const board = boardModule(entry.name).createBoard(element, { submit: () => undefined, t });
  board.update({
    view: picturePosition(entry.start_view),
    legal: [],
    legalListed: false,
    last: null,
    flipped: false,
    interactive: false,
    toMove: null,
    animate: false,
    premove: null,
    queued: null,
    // A picture: the board alone, without cell names (they crowd a thumbnail).
    miniature: true,
  });
  // A picture, not a board to play on: no tab stops inside (inert says so too; older checkers look for tabindex).
  for (const cell of element.querySelectorAll("[tabindex]")) cell.removeAttribute("tabindex");
}

/** A picture of `entry`'s start position: a host its board module draws into (keyed by the language, whose words a board's labels are). */
export function gamePictureView(entry: GameEntry): VNode {
  return host(
    "div",
    {
      key: `picture:${lang()}`,
      class: "game-picture",
      "aria-hidden": "true",
      inert: true,
      "data-picture": entry.name,
    },
    (element) => drawPicture(entry, element),
  );
}

/** The grid of games with their pictures; the chosen one is pressed. */
export function gamePicker(games: GameEntry[], chosen: string, pick: (name: string) => void): VNode {
  return v(
    "div",
    { key: "game-picker", class: "game-picker", role: "group", "aria-label": t("look.pickGame") },
    games.map((entry) =>
      v(
        "button",
        {
          key: entry.name,
          type: "button",
          class: "game-pick",
          "data-pick": entry.name,
          "aria-pressed": String(entry.name === chosen),
          on: { click: () => pick(entry.name) },
        },
        [gamePictureView(entry), v("span", { key: "title" }, entry.title)],
      ),
    ),
  );
}

/** The time control "5+3" in words. */
function clockWords(clock: string): string {
  const [minutes = "0", seconds = "0"] = clock.split("+");
  return t("look.minutes", { minutes, seconds });
}

/** Quick pairing: one button per time control for `game`; `start(clock)` joins its pool (or makes a game for a friend). */
export function quickPairing(
  game: GameEntry | undefined,
  signedIn: boolean,
  start: (clock: string) => void,
  pool: PoolReply | null = null,
  leave: () => void = () => undefined,
): VNode | null {
  if (!game) return null;
  const entry = pool?.entry && pool.entry.game === game.name ? pool.entry : null;
  const waitingIn = (clock: string) =>
    pool?.pools.find((p) => p.game === game.name && p.clock === clock && p.rated)?.waiting ?? 0;
  const seconds = entry ? Math.max(0, Math.round((Date.now() - entry.joined_ms) / 1000)) : 0;
  return v("section", { key: "quick", class: "quick", id: "quick" }, [
    v("h2", { key: "title" }, `${t("look.quick")}: ${game.title}`),
    v(
      "div",
      { key: "grid", class: "quick-grid" },
      QUICK_CLOCKS.map((clock) => {
        const mine = entry?.clock === clock;
        const count = waitingIn(clock) - (mine ? 1 : 0);
        return v(
          "button",
          {
            key: clock,
            type: "button",
            "data-quick": clock,
            class: mine ? "waiting" : "",
            "aria-pressed": signedIn ? String(mine) : undefined,
            title: `${clockWords(clock)}, ${game.title}`,
            on: { click: () => start(clock) },
          },
          [
            v("strong", { key: "clock" }, clock),
            v("small", { key: "words", class: "clock-words" }, clockWords(clock)),
            count > 0 ? v("small", { key: "count", class: "pool-count" }, t("look.waitingCount", { count })) : null,
          ],
        );
      }),
    ),
    entry
      ? v("p", { key: "pool-waiting", class: "pool-waiting", id: "pool-waiting", role: "status" }, [
          v("span", { key: "spinner", class: "spinner", "aria-hidden": "true" }),
          t("look.waiting", { game: game.title, clock: entry.clock, seconds }),
          " ",
          v("button", { key: "leave", type: "button", id: "leave-pool", on: { click: leave } }, t("look.leavePool")),
        ])
      : null,
    v("p", { key: "help", class: "muted help" }, signedIn ? t("look.quickSeek") : t("look.quickGuest")),
  ]);
}

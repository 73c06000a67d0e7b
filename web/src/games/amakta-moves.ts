// Amakta and Amakta Infinit moves in words for the move list ("White
// places →1↗2 on d4"): the mover's colour follows from the moves before,
// a stone is written by its arrows, each arrow as its direction and reach
// (1 blue, 2 green, 3 red): on the board as the board shows it (turned on a
// flipped board), in the setup as the inventories show it.

import { REACHES } from "./amakta-stones.js";
import type { Circle } from "./amakta-stones.js";
import { v, type VNode } from "../vdom.js";
import type { Translate } from "../i18n.js";
import type { MoveGeometry } from "../board-types.js";
import { phaseOf } from "./amakta-types.js";
import type { AmaktaBoardView } from "./amakta-types.js";

/** A player's colour. */
type Colour = "white" | "black";

/** Arrow glyphs of the six directions, counter-clockwise from east. */
const GLYPHS = ["→", "↗", "↖", "←", "↙", "↘"];
const CIRCLES: Record<string, Circle> = { n: "none", r: "reinforcement", d: "damage" };

/** The arrows of a stone code as text ("→1↗2", "○" for none); `turn` 3 for a board drawn upside down. */
export function arrowsText(code: string, turn = 0): string {
  const parts: string[] = [];
  for (let d = 0; d < 6; d++) {
    for (const reach of REACHES[Number(code[d])] ?? []) parts.push(`${GLYPHS[(d + turn) % 6] ?? ""}${reach}`);
  }
  return parts.length ? parts.join("") : "○";
}

/** A stone's label in a list: its arrows (as the move list writes them), its code on hover. */
export function stoneLabel(code: string, extra = ""): VNode {
  return v("span", { key: "label", class: "amk-code", title: code, "data-code": code }, `${arrowsText(code)}${extra}`);
}

/**
 * The cells of `move` for the analysis board's arrows: a relocation goes from one cell to another,
 * the other moves of play mark their cell; moves of the setup have none.
 */
export function moveGeometry(_view: unknown, move: string): MoveGeometry | null {
  const [kind = "", a, b] = move.split(" ");
  if (kind === "relocate" && a && b) return { from: a, to: b };
  if (kind === "place" && b) return { to: b };
  const onCell = ["rotate", "appropriate", "replace", "release-place", "take", "expropriate", "release", "remove"];
  return onCell.includes(kind) && a ? { to: a } : null;
}

const SETUP_KINDS = new Set(["circle", "circles", "colour", "bid", "accept", "create", "close"]);

function other(colour: Colour): Colour {
  return colour === "white" ? "black" : "white";
}

/** Who makes the next move of a line: the player in play, the creator in Infinit's creation. */
interface Movers {
  player: Colour;
  creator: Colour;
  closed: { white: boolean; black: boolean };
}

/**
 * Every move of `moves` (the game's move texts from its start) in words in
 * the page's language; `view` is the view after the last of them, `flipped`
 * whether the board is drawn upside down. A text it does not know stays as it is.
 */
export function moveWords(
  moves: string[],
  view: AmaktaBoardView,
  { t, flipped = false }: { t: Translate; flipped?: boolean },
): string[] {
  // The colours alternate in play: the last move of play was made by the colour not to move now
  // (a game set up in the middle of play may have started with Black). In Infinit's creation,
  // White starts and the colours alternate until a set is closed.
  const plays = moves.filter((move) => !SETUP_KINDS.has(move.split(" ")[0] ?? "")).length;
  const now = phaseOf(view) === "play" ? view.to_move.colour : null;
  const player = now && plays % 2 === 1 ? other(now) : now || "white";
  return describe(moves, { player, creator: "white", closed: { white: false, black: false } }, t, flipped);
}

/**
 * The moves of `moves` played from the position `view` (an engine line, a variation) in words;
 * the first is made by the colour to move in `view`.
 */
export function lineWords(
  view: AmaktaBoardView,
  moves: string[],
  { t, flipped = false }: { t: Translate; flipped?: boolean },
): string[] {
  const colour = view.to_move.colour ?? "white";
  return describe(moves, { player: colour, creator: colour, closed: { white: false, black: false } }, t, flipped);
}

/** The moves in words, the first made by `movers`. */
function describe(moves: string[], movers: Movers, t: Translate, flipped: boolean): string[] {
  const afterCreation = (colour: Colour) => {
    if (!movers.closed[other(colour)]) movers.creator = other(colour);
  };
  const stone = (code = "") => arrowsText(code, flipped ? 3 : 0);
  return moves.map((move) => {
    const [kind, a = "", b = "", c] = move.split(" ");
    if (kind === "circle") {
      const [, letter, code, circle = ""] = a.match(/^([wb]):(\d{6})=([nrd])$/) || [];
      if (!code) return move;
      return t("amk.mv.circle", {
        who: t(`amk.${letter === "w" ? "white" : "black"}`),
        stone: arrowsText(code),
        circle: circleWords(circle, t),
      });
    }
    if (kind === "circles") return t("amk.mv.circlesNone");
    if (kind === "colour") return t("amk.mv.colour", { colour: a === "white" || a === "black" ? t(`amk.${a}`) : a });
    if (kind === "bid") return t("amk.mv.bid", { n: a });
    if (kind === "accept") return t("amk.mv.accept");
    if (kind === "create" || kind === "close") {
      const creator = movers.creator;
      const who = t(`amk.${creator}`);
      if (kind === "close") movers.closed[creator] = true;
      const words =
        kind === "create"
          ? t("amk.mv.create", { who, stone: arrowsText(a), circle: circleWords(b, t) })
          : t("amk.mv.close", { who });
      afterCreation(creator);
      return words;
    }
    const who = t(`amk.${movers.player}`);
    movers.player = other(movers.player);
    return (
      playWords(
        kind ?? "",
        {
          who,
          a,
          b,
          stone: stone(
            kind === "place" || kind === "relocate" || kind === "replace" || kind === "release-place" ? c : b,
          ),
        },
        t,
      ) ?? move
    );
  });
}

/** The words for the circle of move text `letter` (`n`, `r`, `d`), or the letter itself when unknown. */
function circleWords(letter: string, t: Translate): string {
  const circle = CIRCLES[letter];
  return circle ? t(`amk.circle.${circle}`) : letter;
}

/** A move of play in words, or null for a kind it does not know. */
function playWords(
  kind: string,
  { who, a, b, stone }: { who: string; a: string; b: string; stone: string },
  t: Translate,
): string | null {
  switch (kind) {
    case "pass":
      return t("amk.mv.pass", { who });
    case "place":
      return t("amk.mv.place", { who, stone, cell: b });
    case "rotate":
      return t("amk.mv.rotate", { who, cell: a, stone });
    case "appropriate":
      return t("amk.mv.appropriate", { who, cell: a, stone });
    case "relocate":
      return t("amk.mv.relocate", { who, from: a, to: b, stone });
    case "replace":
      return t("amk.mv.replace", { who, cell: a, stone });
    case "release-place":
      return t("amk.mv.releasePlace", { who, cell: a, stone });
    case "take":
    case "expropriate":
    case "release":
    case "remove":
      return t(`amk.mv.${kind}`, { who, cell: a });
    default:
      return null;
  }
}

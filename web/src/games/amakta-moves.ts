// Amakta and Amakta Infinit moves in words for the move list ("White
// places →1↗2 on d4"): the mover's colour follows from the moves before,
// a stone is written by its arrows, each arrow as its direction and reach
// (1 blue, 2 green, 3 red); the stone without arrows is named in words
// ("empty stone"), not by a sign.
//
// One rule for the direction of the arrows in words: every arrow text on a
// page is written as that page's board draws it, turned by `turn` sixths (3
// on a turned board, Black's player's): the move list, the last move, the
// move about to be played, the cell pointed at, the stones in hand, the sets
// and the stone editor, so that one stone has one name on one screen and a
// text never disagrees with the picture beside it. An unturned board (White's
// player, the spectators) writes them from White's side, as the record does;
// the record itself, its download, the analysis board's export and a move's
// hover title keep the record's text (White's side) for everyone.
// Also the list's numbers: the setup's moves marked by
// their mover, the moves of play numbered in pairs.

import { REACHES, rotate } from "./amakta-stones.js";
import type { Circle } from "./amakta-stones.js";
import { v, type VNode } from "../vdom.js";
import { t as translate, type Translate } from "../i18n.js";
import type { MoveGeometry, MoveLabel } from "../board-types.js";
import type { SeatName } from "../types.js";
import { phaseOf } from "./amakta-types.js";
import type { AmaktaBoardView } from "./amakta-types.js";

/** A player's colour. */
type Colour = "white" | "black";

/** Arrow glyphs of the six directions, counter-clockwise from east. */
const GLYPHS = ["→", "↗", "↖", "←", "↙", "↘"];
const CIRCLES: Record<string, Circle> = { n: "none", r: "reinforcement", d: "damage" };

/** The arrows of a stone code as signs ("→1↗2"), from White's side; empty for the stone without arrows. */
function arrowSigns(code: string): string {
  const parts: string[] = [];
  for (let d = 0; d < 6; d++) {
    for (const reach of REACHES[Number(code[d])] ?? []) parts.push(`${GLYPHS[d] ?? ""}${reach}`);
  }
  return parts.join("");
}

/**
 * The arrows of a stone code as text ("→1↗2"), as the record writes them (from White's side); the
 * stone without arrows in words, in the page's language ("empty stone").
 */
export function arrowsText(code: string): string {
  return arrowSigns(code) || translate("amk.emptyStone");
}

/** A stone in a move's sentence: its arrows turned by `turn` sixths, the stone without arrows in words as the sentence needs them. */
function stoneInMove(code: string, turn: number, t: Translate): string {
  return arrowSigns(rotate(code, turn)) || t("amk.emptyStoneInMove");
}

/**
 * The arrows of a stone code as text the way its picture points when drawn turned by `turn` sixths
 * (3 on a turned board): the stones in hand say what the player sees, on their board too.
 */
export function drawnArrowsText(code: string, turn: number): string {
  return arrowsText(rotate(code, turn));
}

/**
 * A stone's label in a list: its arrows as its picture beside it is drawn (turned by `turn` sixths,
 * as the board; unturned as the move list writes them), its code (the record's) on hover.
 */
export function stoneLabel(code: string, extra = "", turn = 0): VNode {
  return v(
    "span",
    // The stone without arrows is named in words, which take another look than the arrows' signs.
    { key: "label", class: arrowSigns(code) ? "amk-code" : "amk-code words", title: code, "data-code": code },
    `${drawnArrowsText(code, turn)}${extra}`,
  );
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

/** The movers of the first move of play and of creation for the moves of a game from its start, `view` after them. */
function gameMovers(moves: string[], view: AmaktaBoardView): Movers {
  // The colours alternate in play: the last move of play was made by the colour not to move now
  // (a game set up in the middle of play may have started with Black). In Infinit's creation,
  // White starts and the colours alternate until a set is closed.
  const plays = moves.filter((move) => !SETUP_KINDS.has(move.split(" ")[0] ?? "")).length;
  const now = phaseOf(view) === "play" ? view.to_move.colour : null;
  const player = now && plays % 2 === 1 ? other(now) : now || "white";
  return { player, creator: "white", closed: { white: false, black: false } };
}

/**
 * The colour making the move of kind `kind` where the colours make it (Infinit's creation, play),
 * `movers` moved on past it; null for the setup's other moves (made by a seat before the colours).
 */
function stepMovers(kind: string, movers: Movers): Colour | null {
  if (kind === "create" || kind === "close") {
    const creator = movers.creator;
    if (kind === "close") movers.closed[creator] = true;
    if (!movers.closed[other(creator)]) movers.creator = other(creator);
    return creator;
  }
  if (SETUP_KINDS.has(kind)) return null;
  const player = movers.player;
  movers.player = other(player);
  return player;
}

/** The sixths the arrows in words are turned by: `turn` when given, else 3 on a `flipped` board. */
function turnOfContext({ turn, flipped }: { turn?: number | undefined; flipped?: boolean | undefined }): number {
  return turn ?? (flipped ? 3 : 0);
}

/**
 * Every move of `moves` (the game's move texts from its start) in words in
 * the page's language; `view` is the view after the last of them. The arrows
 * are written as the page's board draws them: turned on a `flipped` board. A
 * text it does not know stays as it is.
 */
export function moveWords(
  moves: string[],
  view: AmaktaBoardView,
  context: { t: Translate; flipped?: boolean; turn?: number },
): string[] {
  return describe(moves, gameMovers(moves, view), context.t, turnOfContext(context));
}

/**
 * The moves of `moves` played from the position `view` (an engine line, a variation) in words;
 * the first is made by the colour to move in `view`. Their arrows are written as the page's board
 * draws them: turned by `turn` sixths, or on a `flipped` board by 3; else from White's side.
 */
export function lineWords(
  view: AmaktaBoardView,
  moves: string[],
  context: { t: Translate; flipped?: boolean; turn?: number },
): string[] {
  const colour = view.to_move.colour ?? "white";
  const movers = { player: colour, creator: colour, closed: { white: false, black: false } };
  return describe(moves, movers, context.t, turnOfContext(context));
}

/**
 * The move list's label of each move of `moves` (the game's from its start, `view` after them).
 * The setup's moves come in runs by one player (the circles, Infinit's stones once one set is
 * closed): each is marked by its mover's seat, unnumbered. The moves of play alternate: they are
 * numbered in pairs from 1, White's move and Black's reply, "1…" when Black's starts the count.
 */
export function moveLabels(moves: string[], view: AmaktaBoardView): MoveLabel[] {
  const movers = gameMovers(moves, view);
  const seatOf = (colour: Colour): SeatName | null =>
    view.p1_colour ? (colour === view.p1_colour ? "p1" : "p2") : null;
  let bids = 0;
  let pairs = 0;
  let previous: Colour | null = null;
  return moves.map((move) => {
    const kind = move.split(" ")[0] ?? "";
    const colour = stepMovers(kind, movers);
    if (!SETUP_KINDS.has(kind) && colour) {
      const opens = colour === "white" || previous !== "white";
      previous = colour;
      if (!opens) return { number: null, mover: seatOf(colour) };
      pairs += 1;
      return { number: colour === "white" ? `${pairs}.` : `${pairs}…`, mover: seatOf(colour) };
    }
    if (colour) return { number: null, mover: seatOf(colour), setup: true };
    // Who makes the setup's moves before the colours: the first seat assigns the circles and makes
    // the first offer, the second chooses the colour; the offers alternate, and the acceptor is the one to bid next.
    let mover: SeatName = "p1";
    if (kind === "colour") mover = "p2";
    else if (kind === "bid" || kind === "accept") mover = bids % 2 === 0 ? "p1" : "p2";
    if (kind === "bid") bids += 1;
    return { number: null, mover, setup: true };
  });
}

/** The moves in words, the first made by `movers`, their arrows turned by `turn` sixths. */
function describe(moves: string[], movers: Movers, t: Translate, turn: number): string[] {
  const stone = (code: string) => stoneInMove(code, turn, t);
  return moves.map((move) => {
    const [kind = "", a = "", b = "", c] = move.split(" ");
    const colour = stepMovers(kind, movers);
    if (kind === "circle") {
      const [, letter, code, circle = ""] = a.match(/^([wb]):(\d{6})=([nrd])$/) || [];
      if (!code) return move;
      return t("amk.mv.circle", {
        who: t(`amk.${letter === "w" ? "white" : "black"}`),
        stone: stone(code),
        circle: circleWords(circle, t),
      });
    }
    if (kind === "circles") return t("amk.mv.circlesNone");
    if (kind === "colour") return t("amk.mv.colour", { colour: a === "white" || a === "black" ? t(`amk.${a}`) : a });
    if (kind === "bid") return t("amk.mv.bid", { n: a });
    if (kind === "accept") return t("amk.mv.accept");
    const who = t(`amk.${colour ?? "white"}`);
    if (kind === "create") return t("amk.mv.create", { who, stone: stone(a), circle: circleWords(b, t) });
    if (kind === "close") return t("amk.mv.close", { who });
    const placed = kind === "place" || kind === "relocate" || kind === "replace" || kind === "release-place";
    return playWords(kind, { who, a, b, stone: stone((placed ? c : b) ?? "") }, t) ?? move;
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

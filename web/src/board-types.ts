// What a game's board module offers the pages, and what the pages hand it.

import type { Translate } from "./i18n.js";
import type { Thresholds } from "./analysis/judgement.js";
import type { GameEntry, OptionSpec, SeatName } from "./types.js";
import type { VNode } from "./vdom.js";

/**
 * A game's view as the server sends it. Each board module reads it as its game's type generated
 * from the game crate (`contract/games/`, e.g. `AtaxxView`): its functions and props take that type.
 */
export type View = Record<string, unknown>;

/** What a board draws: the position, the moves, whose turn, and how. */
export interface BoardProps<V = View> {
  view: V;
  /** The legal moves (all of them when `legalListed`). */
  legal: string[];
  legalListed: boolean;
  /** The last move played, if any. */
  last: string | null | undefined;
  /** Whether the second player's side is at the bottom. */
  flipped: boolean;
  /** Whether a click plays (or premoves) a move. */
  interactive: boolean;
  /** The seat to move. */
  toMove: SeatName | null | undefined;
  /** Whether the move just played slides in. */
  animate: boolean;
  /** The seat choosing a premove while the opponent is to move, else null. */
  premove: SeatName | null;
  /** The move waiting to be played, if any: a premove, or a move waiting for the player's Play (the setting "Confirm each move"). */
  queued: string | null;
  /** Whether the game is over (a game page's finished or aborted game): no prompt waits for a move. */
  over?: boolean;
  /** The viewer's seat when they play the game (null or absent: a spectator, or not known). */
  seat?: SeatName | null;
  /** Whether the board is a miniature (the lobby's featured game): the board alone, none of the game's panels or player controls. */
  miniature?: boolean;
}

/** A board drawn into its host: the page hands it new props on every change. */
export interface Board {
  update(props: BoardProps): void;
  /** Draws again (e.g. after the language changed). */
  refresh?(): void;
}

/** What a board is given when it is made. */
export interface BoardContext {
  /** Plays a move. */
  submit: (move: string) => unknown;
  t: Translate;
}

/** The cells of a move for the analysis board's arrows: from one cell to another, or one cell. */
export interface MoveGeometry {
  from?: string;
  to: string;
}

/**
 * A move list entry's label: the number before it (null: none, the second move of a numbered pair or a
 * move of the setup), the seat that made it (null: not known), and whether it is a move of the setup,
 * marked by its mover's dot instead of a number.
 */
export interface MoveLabel {
  number: string | null;
  mover: SeatName | null;
  setup?: boolean;
}

/** What a game's lobby fields are given. */
export interface LobbyContext {
  entry: GameEntry;
  options: Record<string, string>;
  t: Translate;
  rerender: () => void;
  /** The lobby's own field for an option (label, control, help), for the options the game does not draw itself. */
  field: (spec: OptionSpec) => VNode;
}

/** A game's board module (see `games/*`), looked up by game name in `boards.ts`. */
export interface BoardModule {
  /** Draws the game's boards into `host`. */
  createBoard(host: HTMLElement, context: BoardContext): Board;
  /** Extra text per seat (e.g. stone counts), by seat index, or null. */
  seatInfo?(view: View, t: Translate): (string | null)[] | null;
  /** Per seat index, the colour its dot shows where a seat's colour is known only in play (Amakta's), else null. */
  seatColours?(view: View): (string | null)[] | null;
  /**
   * The seat whose side the unturned board draws nearest the viewer, where the position decides it
   * (Amakta: the seat playing White, once the colours are chosen); null while it is not fixed (the
   * board then stays unturned for everyone). Without it, the first seat's.
   */
  nearSeat?(view: View): SeatName | null;
  /** The cells a move touches, for the analysis board's arrows, or null. */
  moveGeometry?(view: View, move: string): MoveGeometry | null;
  /** The moves in words, where the game writes them so. */
  moveWords?(moves: string[], view: View, context: { t: Translate; flipped: boolean }): string[] | null;
  /**
   * The move list's label of each move of the game (`moves` from its start, `view` after them),
   * where the plain numbering in pairs would mislead (Amakta's setup, one player's moves in a row).
   */
  moveLabels?(moves: string[], view: View): MoveLabel[] | null;
  /**
   * What the game's move notation means, in a sentence or two, where it is not plain (Abalone's
   * "c3c5d3"): the move list offers it behind a "?".
   */
  notationHelp?(t: Translate): string;
  /** Moves played from the position `view` (an engine line, a variation) in words, where the game writes them so. */
  lineWords?(view: View, moves: string[], context: { t: Translate; flipped: boolean }): string[] | null;
  /**
   * Whether the moves from the position `before` to `after` captured something (stones taken
   * over, marbles pushed off…): the page then plays the capture sound instead of the move sound.
   */
  captures?(before: View, after: View): boolean;
  /** The lobby's option fields, where the game draws its own. */
  lobbyOptions?(context: LobbyContext): VNode | null;
  /** Whether moves may be chosen while the opponent is to move. */
  premoves?: boolean;
  /**
   * The losses in expected score from which the analysis marks a move a mistake or a blunder,
   * where the game's scores swing more or less than the common 10 and 20 points (`analysis/judgement.ts`).
   */
  thresholds?: Thresholds;
  /**
   * Whether the board asks for confirmation itself when the setting "Confirm each move" is on
   * (Amakta's preview with its Play button); otherwise the page holds each move chosen on the
   * board until the player presses Play.
   */
  confirmsMoves?: boolean;
}

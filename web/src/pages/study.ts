// What the lessons' and the puzzles' pages share (learn.ts, puzzles.ts): the list of games with
// their pictures, the card of an error with the way back to the list, and a position of the
// server's (`StudyPosition`) drawn on the game's board.

import { t, errorText } from "../i18n.js";
import type { UiError } from "../i18n.js";
import { patch, v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import { api } from "../api.js";
import { boardModule } from "../boards.js";
import type { Board, BoardProps } from "../board-types.js";
import type { Page, Registry } from "../types.js";
import { gamePictureView } from "./lobby/picker-view.js";
import type { Picture } from "./learn-view.js";
import type { StudyPosition } from "../contract/StudyPosition.js";

/** The games' pictures for the lists of lessons and puzzles, from the registry (none when it cannot be read). */
export async function loadPictures(): Promise<Picture> {
  try {
    const registry = await api<Registry>("GET", "/api/registry");
    return (game) => {
      const entry = registry.games.find((g) => g.name === game);
      return entry ? gamePictureView(entry) : null;
    };
  } catch {
    return () => null;
  }
}

/** What a list page of games needs: its title, the list's address, and the list drawn with the games' pictures. */
export interface GameList<T> {
  title: () => string;
  url: string;
  draw: (games: T[], picture: Picture) => VNode;
}

/** A page listing the games the server names at `list.url` (with their pictures), or the error reading them. */
export function gameListPage<T>(main: HTMLElement, list: GameList<T>): Page {
  let games: T[] | null = null;
  let picture: Picture = () => null;
  let error: UiError | null = null;
  function render() {
    document.title = `${list.title()} · ${t("appTitle")}`;
    if (error) return patch(main, v("p", { key: "error", class: "page error", role: "alert" }, errorText(error)));
    if (!games) return;
    patch(main, list.draw(games, picture));
  }
  Promise.all([api<T[]>("GET", list.url), loadPictures()])
    .then(([fetched, pictures]) => {
      games = fetched;
      picture = pictures;
    })
    .catch((e: UiError) => {
      error = e;
    })
    .finally(render);
  return { render, destroy() {} };
}

/** The card of a page that cannot be shown (`id`, also its key): `message`, and `back`, the link to the list. */
export function errorCard(id: string, message: string, back: VNode): VNode {
  return v("div", { key: id, class: "page card", id }, [v("p", { role: "alert" }, message), v("p", {}, back)]);
}

/**
 * The board's props for `position` after the move `last`: it takes moves when `open` and the
 * position has legal moves; `flipped` puts the second player at the bottom; `animate` slides `last`
 * in.
 */
export function positionProps(
  position: StudyPosition,
  { last, flipped, open, animate = false }: DrawProps,
): BoardProps {
  return {
    view: position.view,
    legal: position.legal_moves,
    legalListed: position.legal_moves.length === position.legal_moves_count,
    last,
    flipped,
    interactive: open && !position.outcome && position.legal_moves_count > 0,
    toMove: position.side_to_move,
    animate,
    premove: null,
    queued: null,
  };
}

/** How a position is drawn: after the move `last` (slid in when `animate`), the second player at the bottom when `flipped`, taking moves when `open`. */
export interface DrawProps {
  last: string | null;
  flipped: boolean;
  open: boolean;
  animate?: boolean;
}

/** The game's board on a lesson's or puzzle's page: made in the host the view draws (anew for a new host), given positions to draw. */
export class StudyBoard {
  private board: Board | null = null;
  /** The element the board draws into (a new one gets a new board). */
  private element: Element | null = null;

  /** The board of `game`, which plays a move with `submit`. */
  constructor(
    private readonly game: string,
    private readonly submit: (move: string) => unknown,
  ) {}

  /** Makes the game's board in `element` when the view made a new one for it. */
  readonly attach = (element: Element) => {
    if (element === this.element || !(element instanceof HTMLElement)) return;
    this.element = element;
    this.board = boardModule(this.game).createBoard(element, { submit: this.submit, t });
  };

  /** Draws `position` (see `positionProps`). */
  draw(position: StudyPosition, props: DrawProps) {
    this.board?.update(positionProps(position, props));
  }
}

// Who plays a seat, in the words a player reads in an offer or a result ("bob0808 offers a draw"):
// the account's name, else a record's player, else the seat's colour in the page's language.

import { lang } from "./i18n.js";
import type { Seat } from "./contract/Seat.js";

/** The name of `seat`'s player among `seats`: its account's, its label, else its colour's ("" for no such seat). */
export function playerName(seats: readonly Seat[], seat: string | null | undefined): string {
  const held = seats.find((s) => s.seat === seat);
  if (!held) return "";
  return held.account?.name || held.label || held.names[lang()];
}

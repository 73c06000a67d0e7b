// The header line of an imported record: its event, site, date and round, from the record's tags.

import { type VNode, v } from "./vdom.js";
import { t, addTexts } from "./i18n.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: { "tags.round": "round {round}" },
  de: { "tags.round": "Runde {round}" },
});

/** A game state with the tags of its record, `[name, value]` pairs. */
export interface Tagged {
  tags?: [string, string][] | null;
}

/** The value of the record tag `name` in a state's `tags` (`[name, value]` pairs), if any. */
function tag(state: Tagged, name: string): string | null {
  return state.tags?.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] || null;
}

/** A line with the event, site, date and round of an imported record, or null when it names none. */
export function recordHeader(state: Tagged): VNode | null {
  const round = tag(state, "Round");
  const parts = [
    tag(state, "Event"),
    tag(state, "Site"),
    tag(state, "Date"),
    round ? t("tags.round", { round }) : null,
  ].filter(Boolean);
  return parts.length
    ? v("p", { key: "record-tags", class: "muted record-tags", id: "record-tags" }, parts.join(" · "))
    : null;
}

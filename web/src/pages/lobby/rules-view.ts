// The lobby's last card: the games' rules and lessons, the puzzles, and the import of a record.

import { t, errorText } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { h } from "../../svg.js";
import { link } from "../../nav.js";
import type { Registry } from "../../types.js";

/** The import of a record: the text typed so far, a refusal, and what typing and "Open" do. */
export interface RecordImport {
  text: string;
  error: UiError | null;
  input: (text: string) => void;
  open: () => void;
}

/** The rules card: each game's rules and lesson, the puzzles, and the record import. */
export function rulesCard(games: Registry["games"], record: RecordImport): HTMLElement {
  return h("section", { class: "card" }, [
    h("h2", {}, t("rules")),
    h(
      "ul",
      { class: "rules-links" },
      games.map((g) =>
        h("li", {}, [
          link(`/rules/${g.name}`, g.title),
          " · ",
          link(`/learn/${g.name}`, t("learnToPlay"), { class: "learn-link", "data-game": g.name }),
        ]),
      ),
    ),
    h("p", {}, link("/puzzles", t("puzzlesLink"), { class: "puzzles-link" })),
    h("h2", {}, t("importRecord")),
    h("p", { class: "muted" }, t("importHint")),
    h(
      "textarea",
      {
        rows: 5,
        name: "record",
        "aria-label": t("importRecord"),
        oninput: (e: Event) => record.input((e.target as HTMLTextAreaElement).value),
      },
      record.text,
    ),
    h("button", { id: "import", onclick: record.open }, t("open")),
    record.error ? h("p", { class: "error", role: "alert", id: "import-error" }, errorText(record.error)) : null,
  ]);
}

// The lobby's last card: the games' rules and lessons, the puzzles, and the import of a record.

import { t, errorText } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
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
export function rulesCard(games: Registry["games"], record: RecordImport): VNode {
  return v("section", { key: "rules-card", class: "card rules-card" }, [
    v("h2", { key: "rules" }, t("rules")),
    v(
      "ul",
      { key: "rules-links", class: "rules-links" },
      games.map((g) =>
        v("li", { key: g.name }, [
          link(`/rules/${g.name}`, g.title),
          " · ",
          link(`/learn/${g.name}`, t("learnToPlay"), { class: "learn-link", "data-game": g.name }),
        ]),
      ),
    ),
    v("p", { key: "puzzles" }, link("/puzzles", t("puzzlesLink"), { class: "puzzles-link" })),
    v("h2", { key: "import-title" }, t("importRecord")),
    v("p", { key: "import-hint", class: "muted" }, t("importHint")),
    v("textarea", {
      key: "record",
      rows: 5,
      name: "record",
      "aria-label": t("importRecord"),
      value: record.text,
      on: { input: (e: Event) => record.input((e.target as HTMLTextAreaElement).value) },
    }),
    v("button", { key: "import", id: "import", on: { click: record.open } }, t("open")),
    record.error
      ? v("p", { key: "import-error", class: "error", role: "alert", id: "import-error" }, errorText(record.error))
      : null,
  ]);
}

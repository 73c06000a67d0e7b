// The research page's views (/research/amakta; controller.ts loads and draws): Amakta's balance
// results per board (table and the plot's host), the recommended sets, and the bunker threshold
// of Amakta Infinit, in English and German — pure functions of the loaded data. The page's texts
// live here, not in i18n.js.

import { lang } from "../../i18n.js";
import type { Lang } from "../../i18n.js";
import { host, v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";

/** A row of a summary.csv, by column name. */
export type Row = Record<string, string>;

/** A recommended stone set of recommended.json. */
interface RecommendedSet {
  board: string;
  name: string;
  stones: string;
  score: number;
  low: number;
  high: number;
  draws: number;
  decisive: number;
  games: number;
}

/** recommended.json: the sets and the cheapest bunker found. */
export interface Recommended {
  sets: RecommendedSet[];
  bunker_threshold: number;
}

/** What the page has loaded: the recommended sets and each board's summary rows. */
export interface ResearchData {
  recommended: Recommended;
  summaries: Record<string, Row[]>;
}

/** The page's state as the view draws it: loading (no data), failed, or the data. */
export interface ResearchState {
  data: ResearchData | null;
  failed: boolean;
}

/** The page's texts in English and German. */
const TEXTS: Record<Lang, Record<string, string>> = {
  en: {
    title: "Amakta research: fair sets and the bunker loophole",
    intro:
      "Self-play between equal engines (alpha-beta, 2,000 nodes a move, 2 random plies at the start of play, " +
      "draw after 200 plies) on each board. The first player (White) scores wins plus half the draws; " +
      "0.5 is fair. Each set below was picked from a screen of 28 sets (40 games each) and then measured " +
      "again in 200 fresh games.",
    recommended: "Recommended sets",
    board: "Board",
    name: "Name",
    stones: "Stones",
    score: "First player's score",
    interval: "95 % interval",
    intervalShort: "95 % CI",
    intervalLong: "95 % confidence interval",
    draws: "Draws",
    decisive: "Decisive",
    plies: "Plies",
    games: "Games",
    circles: "Circles",
    noCircles: "none",
    set: "Set",
    results: "All measured sets on",
    plot: "The first player's score per set, with its 95 % interval as a band, and the share of decisive games; the sets are numbered as the table's rows below.",
    plotX: "Set (row # of the table)",
    plotY: "Share of the games",
    plotScore: "First player's score",
    plotLow: "95 % interval, low",
    plotHigh: "95 % interval, high",
    plotDecisive: "Decisive games",
    plotFair: "Fair (0.5)",
    bunker: "Amakta Infinit: the bunker loophole",
    bunkerText:
      "A bunker is an arrangement of stones around the own base that the opponent can never break " +
      "(checked by an exact control argument). The cheapest bunker found costs {cost} points; below that " +
      "none was found. The amendment arrow-cap raises the price (cap 6: 587 points, cap 5: 743) and with " +
      "cap 4 the search finds none within radius 3; the amendment ply-limit decides a blocked game by a " +
      "tie-break, so a bunker no longer forces a draw: the attacker won all 10 test games against it.",
    report: "The full report with the commands: docs/amakta-research.md in the repository.",
    loading: "Loading…",
    failed: "The results could not be loaded.",
  },
  de: {
    title: "Amakta-Forschung: faire Sätze und das Bunker-Schlupfloch",
    intro:
      "Selbstspiel gleich starker Engines (Alpha-Beta, 2.000 Knoten je Zug, 2 Zufallszüge zu Beginn der Partie, " +
      "Remis nach 200 Zügen) auf jedem Spielfeld. Der erste Spieler (Weiß) erhält Siege plus halbe Remis; " +
      "0,5 ist fair. Jeder Satz unten wurde aus einer Vorauswahl von 28 Sätzen (je 40 Partien) gewählt und " +
      "dann in 200 neuen Partien erneut gemessen.",
    recommended: "Empfohlene Sätze",
    board: "Spielfeld",
    name: "Name",
    stones: "Steine",
    score: "Ergebnis des ersten Spielers",
    interval: "95-%-Intervall",
    intervalShort: "95-%-KI",
    intervalLong: "95-%-Konfidenzintervall",
    draws: "Remis",
    decisive: "Entschieden",
    plies: "Züge",
    games: "Partien",
    circles: "Kreise",
    noCircles: "keine",
    set: "Satz",
    results: "Alle gemessenen Sätze auf",
    plot: "Das Ergebnis des ersten Spielers je Satz, mit seinem 95-%-Intervall als Band, und der Anteil entschiedener Partien; die Sätze sind nummeriert wie die Zeilen der Tabelle darunter.",
    plotX: "Satz (Zeile # der Tabelle)",
    plotY: "Anteil der Partien",
    plotScore: "Ergebnis des ersten Spielers",
    plotLow: "95-%-Intervall, unten",
    plotHigh: "95-%-Intervall, oben",
    plotDecisive: "Entschiedene Partien",
    plotFair: "Fair (0,5)",
    bunker: "Amakta Infinit: das Bunker-Schlupfloch",
    bunkerText:
      "Ein Bunker ist eine Anordnung von Steinen um das eigene Basisfeld, die der Gegner nie aufbrechen kann " +
      "(geprüft durch ein exaktes Kontrollargument). Der billigste gefundene Bunker kostet {cost} Punkte; " +
      "darunter wurde keiner gefunden. Die Ergänzung arrow-cap verteuert ihn (Grenze 6: 587 Punkte, " +
      "Grenze 5: 743), mit Grenze 4 findet die Suche innerhalb von Radius 3 keinen; die Ergänzung ply-limit " +
      "entscheidet eine blockierte Partie durch einen Stichentscheid, so dass ein Bunker kein Remis mehr " +
      "erzwingt: Der Angreifer gewann alle 10 Testpartien gegen ihn.",
    report: "Der vollständige Bericht mit den Befehlen: docs/amakta-research.md im Repository.",
    loading: "Lade…",
    failed: "Die Ergebnisse konnten nicht geladen werden.",
  },
};

/** The boards measured, each with a summary and a plot. */
export const BOARDS = ["hex4", "hex5", "hex6"];

/** The page's text `key` in the page's language, with `{name}` filled from `params`. */
export function tr(key: string, params: Record<string, string | number> = {}): string {
  const text = TEXTS[lang()][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** A number in the page's language's notation with `digits` decimals. */
export function number(value: string | number | undefined, digits = 3): string {
  return Number(value).toLocaleString(lang() === "de" ? "de-DE" : "en-GB", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * A column's heading: its name, the interval's short ("95-%-KI", on one line) with the full words in
 * its title.
 */
function heading(key: string): VNode {
  if (key !== "interval") return v("th", {}, tr(key));
  return v("th", { class: "interval" }, v("abbr", { title: tr("intervalLong") }, tr("intervalShort")));
}

/** The table of the recommended sets. */
function recommendedTable(recommended: Recommended): VNode {
  const head = ["board", "name", "stones", "score", "interval", "draws", "decisive", "games"];
  return v("table", { key: "recommended", class: "research-table", id: "research-recommended", tabindex: 0 }, [
    v("thead", {}, v("tr", {}, head.map(heading))),
    v(
      "tbody",
      {},
      recommended.sets.map((s) =>
        v("tr", { key: `${s.board}-${s.name}`, "data-set": s.name }, [
          v("td", { "data-label": tr("board") }, s.board),
          v("td", { "data-label": tr("name") }, v("code", {}, s.name)),
          v("td", { "data-label": tr("stones") }, v("code", {}, s.stones)),
          v("td", { "data-label": tr("score") }, number(s.score)),
          v("td", { "data-label": tr("interval") }, `${number(s.low)} – ${number(s.high)}`),
          v("td", { "data-label": tr("draws") }, number(s.draws, 2)),
          v("td", { "data-label": tr("decisive") }, number(s.decisive, 2)),
          v("td", { "data-label": tr("games") }, String(s.games)),
        ]),
      ),
    ),
  ]);
}

/** A board's card: the plot's host (handed to `attachPlot`) and the table of every set measured. */
function boardSection(board: string, rows: Row[], attachPlot: AttachPlot): VNode {
  const head = ["set", "circles", "games", "score", "interval", "draws", "decisive", "plies"];
  return v("section", { key: `board-${board}`, class: "card research-board", "data-board": board }, [
    v("h2", {}, `${tr("results")} ${board}`),
    host(
      "div",
      {
        key: "plot",
        class: "chart research-plot",
        "data-plot": board,
        role: "img",
        "aria-label": `${tr("results")} ${board}: ${tr("plot")}`,
      },
      (element) => attachPlot(board, element),
    ),
    v("p", { class: "muted" }, tr("plot")),
    // On a phone each row is a card of labelled values (style.css); focusable, so that the keyboard scrolls a wide one.
    v("table", { key: "sets", class: "research-table", tabindex: 0 }, [
      v("thead", {}, v("tr", {}, [v("th", {}, "#"), ...head.map(heading)])),
      v(
        "tbody",
        {},
        rows.map((row, i) =>
          v("tr", { key: `${i}:${row.set}` }, [
            v("td", { class: "row-number" }, String(i + 1)),
            v("td", { "data-label": tr("set") }, v("code", {}, row.set)),
            v("td", { "data-label": tr("circles") }, row.circles === "none" ? tr("noCircles") : row.circles),
            v("td", { "data-label": tr("games") }, row.games),
            v("td", { "data-label": tr("score") }, number(row.score)),
            v("td", { "data-label": tr("interval") }, `${number(row.score_low)} – ${number(row.score_high)}`),
            v("td", { "data-label": tr("draws") }, number(row.draw_rate, 2)),
            v("td", { "data-label": tr("decisive") }, number(row.decisive_rate, 2)),
            v("td", { "data-label": tr("plies") }, number(row.average_plies, 1)),
          ]),
        ),
      ),
    ]),
  ]);
}

/** What draws a board's plot into its host element, called whenever a redraw made or kept it. */
export type AttachPlot = (board: string, element: Element) => void;

/** The page: the introduction, then loading, the failure, or the results (each plot's host handed to `attachPlot`). */
export function researchView({ data, failed }: ResearchState, attachPlot: AttachPlot): VNode {
  const parts: VNode[] = [v("h1", { key: "title" }, tr("title")), v("p", { key: "intro" }, tr("intro"))];
  if (failed) parts.push(v("p", { key: "failed", class: "error" }, tr("failed")));
  else if (!data) parts.push(v("p", { key: "loading" }, tr("loading")));
  else {
    parts.push(v("h2", { key: "recommended-title" }, tr("recommended")), recommendedTable(data.recommended));
    parts.push(
      v("h2", { key: "bunker-title" }, tr("bunker")),
      v("p", { key: "bunker", id: "research-bunker" }, tr("bunkerText", { cost: data.recommended.bunker_threshold })),
    );
    for (const board of BOARDS) parts.push(boardSection(board, data.summaries[board] ?? [], attachPlot));
    parts.push(v("p", { key: "report", class: "muted" }, tr("report")));
  }
  return v("div", { key: "research", class: "page research", lang: lang() }, parts);
}

// Every label and message of the UI in English and German: the shared dictionary here,
// Amakta's in games/amakta-texts.ts, and the texts modules add beside their code (`addTexts`).
// `t` takes only the keys these define (`TextKey`), so a key with no text fails `tsc`.

import type { Bilingual, GameEntry } from "./types.js";
import { AMAKTA_DE, AMAKTA_EN } from "./games/amakta-texts.js";
import type { AddedTextKey } from "./text-keys.js";

import { lang } from "./language.js";
import type { Lang } from "./language.js";

export { lang, setLang } from "./language.js";
export type { Lang } from "./language.js";

/** A module's own texts with keys `K`: the same keys in both languages. */
export type Texts<K extends string = string> = Record<Lang, Record<K, string>>;

/** Placeholder values for `t`. */
export type Params = Record<string, string | number>;

/** The text function the pages and boards are handed: it takes the dictionary's keys (`TextKey`). */
export type Translate = (key: TextKey, params?: Params) => string;

/** The shared texts in English: with Amakta's (`games/amakta-texts.ts`), their keys are the keys `t` takes. */
const EN = {
  learn: "Learn",
  "search.nav": "Games",
  "bots.title": "Bots",
  "league.nav": "Leagues",
  "league.titleOf": "{game} league",
  "set.title": "Settings",
  "set.switchTheme": "Switch between light and dark colours",
  puzzlesLink: "Puzzles: practise with positions from engine games",
  learnLessonLink: "Learn {title} step by step →",
  learnToPlay: "Learn to play",
  appTitle: "Spielwerk",
  lobby: "Lobby",
  research: "Research",
  newGame: "New game",
  game: "Game",
  opponent: "Opponent",
  engine: "Engine",
  human: "Person (invite link)",
  level: "Level",
  side: "Your side",
  random: "Random",
  clock: "Clock",
  noClock: "No clock",
  create: "Start game",
  runningGames: "Running games",
  noGames: "No games are running.",
  watch: "Watch",
  players: "Players",
  moves: "Moves",
  toMove: "To move",
  watchers: "Watchers",
  rules: "Rules",
  importRecord: "Open a game record",
  importHint: "Paste a record to view and replay it.",
  open: "Open",
  language: "Language",
  lastMove: "Last move: {move}",
  theirTurn: "{name} to move",
  engineThinking: "The engine ({name}) is thinking…",
  youPlay: "You play {name}",
  youAre: "You are the {name}",
  spectating: "You are watching",
  waitingForOpponent: "Waiting for the opponent to join. Send this link:",
  copy: "Copy",
  copied: "Copied",
  resign: "Resign",
  confirmResign: "Really resign?",
  offerDraw: "Offer draw",
  acceptDraw: "Accept draw",
  declineDraw: "Decline",
  drawOffered: "{name} offers a draw.",
  drawOfferSent: "You offered a draw.",
  undo: "Take back",
  flip: "Flip board",
  download: "Download record",
  moveInput: "Move",
  play: "Play",
  pass: "Pass",
  first: "Start",
  back: "Back",
  forward: "Forward",
  last: "Live",
  viewing: "Viewing move {ply} of {total}",
  gameOver: "Game over",
  wins: "{name} wins",
  draw: "Draw",
  noResult: "No result",
  gameAborted: "Game aborted",
  abortedBy: "{name} aborted the game {when}",
  abortedByYou: "You aborted the game {when}",
  lostByResignation: "{name} resigned",
  lostOnTime: "{name} ran out of time",
  lostByLeaving: "{name} left the game",
  abortedWhen: "aborted {when}",
  "abortWhen.setup": "during the setup",
  "abortWhen.first": "before the first move",
  "abortWhen.second": "before the second move",
  captured: "Captured",
  stones: "Stones",
  ejected: "Pushed off",
  result: "Result",
  seatTaken: "Both seats are taken; you are watching.",
  joined: "You joined the game as {name}.",
  notFound: "There is no such game.",
  record: "Record",
  vsEngine: "vs engine (level {level})",
  imported: "record",
  open_: "open",
  options: "Options",
  legend: "Legend",
  selectMarbles:
    "Select one to three of your marbles in a line, then a direction — or drag one of them a step that way.",
  direction: "Direction",
  clone: "clone",
  jump: "jump",
  thinkingLevel: "Level {level}",
  error: "Error",
  backToLobby: "Back to the lobby",
  rulesOf: "Rules of {title}",
  redMoves: "red: like a rook, up to the first red square",
  yellowMoves: "yellow: like a bishop, up to the first yellow square",
  greenMoves: "green: like a knight",
  blueMoves: "blue: like a king, one square",
  analyse: "Analyse",
  analysisTime: "Thinking time of the analysis",
  analysisOf: "Analysis after move {ply}",
  analysisOfStart: "Analysis of the start position",
  analysing: "thinking…",
  stop: "Stop",
  depth: "Depth",
  score: "Score",
  scoreFor: "Score for {name}",
  line: "Main line",
  nodes: "Positions",
  bestMove: "Best move: {move}",
  noBestMove: "No move: the game is over in this position.",
  analysisFailed: "The analysis failed.",
  connectionLost: "Connection lost — reconnecting…",
  moveNotSent: "The server could not be reached: the move was not played.",
  notSent: "The server could not be reached.",
  yourTurnTitle: "Your turn",
  sound: "Sound",
  soundHint: "A beep when it is your turn",
  played: "{name}: {move}",
  pageNotFound: "There is no such page.",
  rulesContents: "Contents",
  rulesWideTable: "Table (scrolls sideways)",
  rulesScrollMore: "Scroll sideways for more →",
  rulesWideCode: "Example (scrolls sideways)",
  premoveQueued: "Premove {move}: played on your turn if it is legal then.",
  cancel: "Cancel",
  winsIn: "wins in {n} moves",
  winsIn1: "wins with the next move",
  losesIn: "loses in {n} moves",
  losesIn1: "the opponent wins with the next move",
};

/** The shared texts in German: the same keys as in English. */
const DE: Record<keyof typeof EN, string> = {
  learn: "Lernen",
  "search.nav": "Partien",
  "bots.title": "Bots",
  "league.nav": "Ligen",
  "league.titleOf": "{game}-Liga",
  "set.title": "Einstellungen",
  "set.switchTheme": "Zwischen hellen und dunklen Farben wechseln",
  puzzlesLink: "Aufgaben: üben mit Stellungen aus Partien der Engine",
  learnLessonLink: "{title} Schritt für Schritt lernen →",
  learnToPlay: "Spielen lernen",
  appTitle: "Spielwerk",
  lobby: "Übersicht",
  research: "Forschung",
  newGame: "Neue Partie",
  game: "Spiel",
  opponent: "Gegner",
  engine: "Computer",
  human: "Mensch (Einladungslink)",
  level: "Stufe",
  side: "Deine Seite",
  random: "Zufällig",
  clock: "Uhr",
  noClock: "Ohne Uhr",
  create: "Partie starten",
  runningGames: "Laufende Partien",
  noGames: "Gerade läuft keine Partie.",
  watch: "Zuschauen",
  players: "Spieler",
  moves: "Züge",
  toMove: "Am Zug",
  watchers: "Zuschauer",
  rules: "Regeln",
  importRecord: "Partie öffnen",
  importHint: "Füge eine Partieaufzeichnung ein, um sie anzusehen und nachzuspielen.",
  open: "Öffnen",
  language: "Sprache",
  lastMove: "Letzter Zug: {move}",
  theirTurn: "{name} ist am Zug",
  engineThinking: "Der Computer ({name}) denkt nach …",
  youPlay: "Du spielst {name}",
  youAre: "Du bist {name}",
  spectating: "Du schaust zu",
  waitingForOpponent: "Warte auf den Gegner. Schicke ihm diesen Link:",
  copy: "Kopieren",
  copied: "Kopiert",
  resign: "Aufgeben",
  confirmResign: "Wirklich aufgeben?",
  offerDraw: "Remis anbieten",
  acceptDraw: "Remis annehmen",
  declineDraw: "Ablehnen",
  drawOffered: "{name} bietet Remis an.",
  drawOfferSent: "Du hast Remis angeboten.",
  undo: "Zurücknehmen",
  flip: "Brett drehen",
  download: "Partie herunterladen",
  moveInput: "Zug",
  play: "Ziehen",
  pass: "Passen",
  first: "Anfang",
  back: "Zurück",
  forward: "Vor",
  last: "Aktuell",
  viewing: "Stellung nach Zug {ply} von {total}",
  gameOver: "Spielende",
  wins: "{name} gewinnt",
  draw: "Remis",
  noResult: "Ohne Ergebnis",
  gameAborted: "Partie abgebrochen",
  abortedBy: "{name} hat die Partie {when} abgebrochen",
  abortedByYou: "Du hast die Partie {when} abgebrochen",
  lostByResignation: "{name} hat aufgegeben",
  lostOnTime: "{name} hat die Zeit überschritten",
  lostByLeaving: "{name} hat die Partie verlassen",
  abortedWhen: "{when} abgebrochen",
  "abortWhen.setup": "während der Startphase",
  "abortWhen.first": "vor dem ersten Zug",
  "abortWhen.second": "vor dem zweiten Zug",
  captured: "Geschlagen",
  stones: "Steine",
  ejected: "Hinausgestoßen",
  result: "Ergebnis",
  seatTaken: "Beide Plätze sind besetzt; du schaust zu.",
  joined: "Du spielst mit als {name}.",
  notFound: "Diese Partie gibt es nicht.",
  record: "Partie",
  vsEngine: "gegen den Computer (Stufe {level})",
  imported: "Aufzeichnung",
  open_: "offen",
  options: "Einstellungen",
  legend: "Legende",
  selectMarbles:
    "Wähle eine bis drei deiner Kugeln in einer Reihe, dann eine Richtung – oder ziehe eine davon einen Schritt in diese Richtung.",
  direction: "Richtung",
  clone: "Klonen",
  jump: "Springen",
  thinkingLevel: "Stufe {level}",
  error: "Fehler",
  backToLobby: "Zurück zur Übersicht",
  rulesOf: "Regeln: {title}",
  redMoves: "rot: wie ein Turm, bis zum ersten roten Feld",
  yellowMoves: "gelb: wie ein Läufer, bis zum ersten gelben Feld",
  greenMoves: "grün: wie ein Springer",
  blueMoves: "blau: wie ein König, ein Feld",
  analyse: "Analysieren",
  analysisTime: "Bedenkzeit der Analyse",
  analysisOf: "Analyse nach Zug {ply}",
  analysisOfStart: "Analyse der Anfangsstellung",
  analysing: "rechnet …",
  stop: "Stopp",
  depth: "Tiefe",
  score: "Bewertung",
  scoreFor: "Bewertung für {name}",
  line: "Hauptvariante",
  nodes: "Stellungen",
  bestMove: "Bester Zug: {move}",
  noBestMove: "Kein Zug: in dieser Stellung ist die Partie vorbei.",
  analysisFailed: "Die Analyse ist fehlgeschlagen.",
  connectionLost: "Verbindung unterbrochen — neuer Versuch …",
  moveNotSent: "Der Server war nicht erreichbar: Der Zug wurde nicht gespielt.",
  notSent: "Der Server war nicht erreichbar.",
  yourTurnTitle: "Du bist am Zug",
  sound: "Ton",
  soundHint: "Ein Ton, wenn du am Zug bist",
  played: "{name}: {move}",
  pageNotFound: "Diese Seite gibt es nicht.",
  rulesContents: "Inhalt",
  rulesWideTable: "Tabelle (seitlich verschiebbar)",
  rulesScrollMore: "Seitlich verschieben für mehr →",
  rulesWideCode: "Beispiel (seitlich verschiebbar)",
  premoveQueued: "Vorauszug {move}: wird gespielt, wenn du am Zug bist und er dann erlaubt ist.",
  cancel: "Abbrechen",
  winsIn: "gewinnt in {n} Zügen",
  winsIn1: "gewinnt mit dem nächsten Zug",
  losesIn: "verliert in {n} Zügen",
  losesIn1: "der Gegner gewinnt mit dem nächsten Zug",
};

/** A key of the UI's dictionary: a shared text's, Amakta's, or one a module adds (`addTexts`). */
export type TextKey = keyof typeof EN | keyof typeof AMAKTA_EN | AddedTextKey;

/** Texts by key, per language: the dictionary, and the texts that modules add (`addTexts`). */
const TEXTS: Record<Lang, Record<string, string>> = { en: { ...EN, ...AMAKTA_EN }, de: { ...DE, ...AMAKTA_DE } };

/** The games' own texts (option labels, side names), as the server's registry gives them. */
let gameTexts: GameEntry[] = [];

/** Takes the games' texts from the registry (`GET /api/registry`); call once it is loaded. */
export function useGameTexts(games: GameEntry[]): void {
  gameTexts = games;
}

/**
 * Adds a module's own texts (`{ en: {...}, de: {...} }`, the same keys in both), so that a part
 * of the page keeps its labels and messages beside its code, and returns them: the module exports
 * them as `TEXTS` and `text-keys.ts` adds their keys to `TextKey`. A key given twice is a mistake
 * and throws.
 */
export function addTexts<K extends string>(texts: Texts<K>): Texts<K> {
  for (const code of ["en", "de"] as const) {
    for (const [key, text] of Object.entries<string>(texts[code])) {
      if (key in TEXTS[code]) throw new Error(`text ${key} (${code}) is defined twice`);
      TEXTS[code][key] = text;
    }
  }
  return texts;
}

/**
 * The text for `key` with `{name}` placeholders filled from `params`. The keys are checked when
 * compiling (`TextKey`), so a text missing here is a mistake (a module's texts not yet added) and throws.
 */
export function t(key: TextKey, params: Params = {}): string {
  const text = TEXTS[lang()][key];
  if (text === undefined) throw new Error(`no text ${key} (${lang()})`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** The label of a game option in the current language, from the registry (of `game` if given). */
export function optionLabel(name: string, game?: string): string {
  const games = game ? gameTexts.filter((g) => g.name === game) : gameTexts;
  const label = games.flatMap((g) => g.options).find((o) => o.name === name)?.label;
  return label ? label[lang()] : name;
}

/** What a form shows for choice `index` of an option, in the current language (the value itself if unlabelled). */
export function choiceLabel(spec: { choices: string[]; choice_labels?: Bilingual[] }, index: number): string {
  const label = spec.choice_labels?.[index];
  return label ? label[lang()] || label.en : (spec.choices[index] ?? "");
}

/** The help text of a game's option (the registry's, in both languages) in the current language. */
export function optionHelp(_game: string, _name: string, help: Bilingual): string {
  return help[lang()] || help.en;
}

/**
 * An error as the pages keep it: the server's `message` in English and German (`text`), a text
 * key of the page's own (`key`), whether the server was unreachable (`offline`), the HTTP status.
 */
export interface UiError {
  message?: string;
  key?: TextKey;
  text?: Partial<Record<Lang, string>>;
  offline?: boolean;
  status?: number;
}

/**
 * An error in the current language: the server sends its messages in English and German
 * (`error.text`), the page's own name a text (`error.key`); others show as they are.
 */
export function errorText(error: UiError | string): string {
  if (typeof error === "string") return error;
  if (error.key) return t(error.key);
  return error.text?.[lang()] || error.text?.en || error.message || String(error);
}

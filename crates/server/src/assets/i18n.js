// Every label and message of the UI in English and German.

const TEXTS = {
  en: {
    appTitle: "Spielwerk",
    lobby: "Lobby",
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
    yourTurn: "Your turn ({name})",
    theirTurn: "{name} to move",
    engineThinking: "The engine ({name}) is thinking…",
    youPlay: "You play {name}",
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
    captured: "Captured",
    stones: "Stones",
    ejected: "Pushed off",
    result: "Result",
    seatTaken: "Both seats are taken; you are watching.",
    joined: "You joined the game as {name}.",
    connectionLost: "Connection lost; reconnecting…",
    notFound: "There is no such game.",
    record: "Record",
    vsEngine: "vs engine (level {level})",
    vsHuman: "two players",
    imported: "record",
    open_: "open",
    options: "Options",
    legend: "Legend",
    selectMarbles: "Select one to three of your marbles in a line, then a direction.",
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
    "reason.no-stones": "a player has no stones left",
    "reason.no-moves": "neither player can move",
    "reason.board-full": "the board is full",
    "reason.repetition": "threefold repetition",
    "reason.fifty-move": "fifty-move rule",
    "reason.ply-limit": "move limit reached",
    "reason.resignation": "resignation",
    "reason.agreement": "draw agreed",
    "reason.time": "time ran out",
    "reason.ejections": "six marbles pushed off",
    "reason.connection": "all pieces connected",
    "reason.base": "a stone reached the opponent's base",
    "reason.no-captures": "too long without expropriation or release",
  },
  de: {
    appTitle: "Spielwerk",
    lobby: "Übersicht",
    newGame: "Neues Spiel",
    game: "Spiel",
    opponent: "Gegner",
    engine: "Computer",
    human: "Mensch (Einladungslink)",
    level: "Stufe",
    side: "Deine Seite",
    random: "Zufällig",
    clock: "Uhr",
    noClock: "Ohne Uhr",
    create: "Spiel starten",
    runningGames: "Laufende Spiele",
    noGames: "Gerade läuft kein Spiel.",
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
    yourTurn: "Du bist am Zug ({name})",
    theirTurn: "{name} ist am Zug",
    engineThinking: "Der Computer ({name}) denkt nach …",
    youPlay: "Du spielst {name}",
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
    captured: "Geschlagen",
    stones: "Steine",
    ejected: "Hinausgeschoben",
    result: "Ergebnis",
    seatTaken: "Beide Plätze sind besetzt; du schaust zu.",
    joined: "Du spielst mit als {name}.",
    connectionLost: "Verbindung unterbrochen; neuer Versuch …",
    notFound: "Dieses Spiel gibt es nicht.",
    record: "Partie",
    vsEngine: "gegen den Computer (Stufe {level})",
    vsHuman: "zwei Spieler",
    imported: "Aufzeichnung",
    open_: "offen",
    options: "Einstellungen",
    legend: "Legende",
    selectMarbles: "Wähle eine bis drei deiner Kugeln in einer Reihe, dann eine Richtung.",
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
    "reason.no-stones": "ein Spieler hat keine Steine mehr",
    "reason.no-moves": "keiner kann mehr ziehen",
    "reason.board-full": "das Brett ist voll",
    "reason.repetition": "dreifache Stellungswiederholung",
    "reason.fifty-move": "Fünfzig-Züge-Regel",
    "reason.ply-limit": "Zuggrenze erreicht",
    "reason.resignation": "Aufgabe",
    "reason.agreement": "Remis vereinbart",
    "reason.time": "Zeit abgelaufen",
    "reason.ejections": "sechs Kugeln hinausgeschoben",
    "reason.connection": "alle Steine verbunden",
    "reason.base": "ein Stein hat die gegnerische Basis erreicht",
    "reason.no-captures": "zu lange ohne Enteignung oder Freilassung",
  },
};

// Player names as the games report them, in German.
const PLAYER_NAMES_DE = { Red: "Rot", Blue: "Blau", Black: "Schwarz", White: "Weiß" };

let language = localStorage.getItem("spielwerk.lang") || (navigator.language || "en").slice(0, 2);
if (!TEXTS[language]) language = "en";

/** The current language ("en" or "de"). */
export function lang() {
  return language;
}

/** Switches the language and remembers it. */
export function setLang(next) {
  language = TEXTS[next] ? next : "en";
  localStorage.setItem("spielwerk.lang", language);
  document.documentElement.lang = language;
}

/** The text for `key` with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  const text = TEXTS[language][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

/** A player's display name in the current language. */
export function playerName(name) {
  return language === "de" ? PLAYER_NAMES_DE[name] || name : name;
}

/** The description of a reason key, falling back to the server's text. */
export function reason(key, fallback) {
  const text = t(`reason.${key}`);
  return text === `reason.${key}` ? fallback || key.replace(/-/g, " ") : text;
}

// The server's error messages in German, by pattern (the game's own reason
// text, if any, stays as the server sent it).
const ERRORS_DE = [
  [/^it is not your turn: (.+) is to move$/, (m) => `Du bist nicht am Zug: ${playerName(m[1])} ist am Zug.`],
  [/^illegal move '(.*)': (.*)$/s, (m) => `Unzulässiger Zug „${m[1]}“: ${m[2]}`],
  [/^malformed move '(.*)': (.*)$/s, (m) => `Zug „${m[1]}“ nicht lesbar: ${m[2]}`],
  [/^the game is over/, () => "Das Spiel ist vorbei."],
  [/^the engine declines/, () => "Der Computer lehnt ab; spiel weiter oder gib auf."],
  [/^there is no move to take back/, () => "Es gibt keinen Zug zum Zurücknehmen."],
  [/^this needs the seat's token|^the token does not hold a seat/, () => "Du spielst in dieser Partie nicht mit."],
  [/^this invite code does not belong/, () => "Dieser Einladungslink gehört nicht zu diesem Spiel."],
  [/^invalid record: (.*)$/s, (m) => `Ungültige Partieaufzeichnung: ${m[1]}`],
  [/^unknown game '(.*)'$/, (m) => `Unbekanntes Spiel „${m[1]}“.`],
  [/^invalid option '(.*)': (.*)$/s, (m) => `Ungültige Einstellung „${m[1]}“: ${m[2]}`],
];

/** A server error message in the current language. */
export function errorText(message) {
  if (language !== "de") return message;
  for (const [pattern, text] of ERRORS_DE) {
    const match = message.match(pattern);
    if (match) return text(match);
  }
  return message;
}

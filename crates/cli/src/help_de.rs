//! The command-line help in German (`--lang de`): clap's frame (the usage
//! line, the headings, defaults and possible values, the help and version
//! flags), the summary of every command, and the options of every
//! command, those of the tools for engine authors and operators
//! (`datagen`, `match`, `serve`, …) included.

use clap::{Arg, ArgAction, ArgMatches, Command};

/// The German placeholders of the values (`<GAME>` → `<SPIEL>`), by the
/// English name clap shows (the value name, else the id in capitals).
const PLACEHOLDERS: &[(&str, &str)] = &[
    ("GAME", "SPIEL"),
    ("FILE", "DATEI"),
    ("RESUME", "DATEI"),
    ("VALUE", "WERT"),
    ("NAME=VALUE", "NAME=WERT"),
    ("POSITION", "STELLUNG"),
    ("VS", "GEGNER"),
    ("SIDE", "SEITE"),
    ("MOVETIME", "MS"),
    ("LEVEL", "STUFE"),
    ("LEVELS", "STUFEN"),
    ("MINUTES", "MINUTEN"),
    ("ID", "KENNUNG"),
    ("CLOCK", "UHR"),
    ("COLOR", "FARBE"),
    ("LANG", "SPRACHE"),
    ("DEPTH", "TIEFE"),
    ("MOVES", "ZÜGE"),
    ("NODES", "KNOTEN"),
    ("CIRCLE", "KREIS"),
    ("SUBCOMMAND", "BEFEHL"),
    ("PLIES", "HALBZÜGE"),
    ("RANDOM_PLIES", "HALBZÜGE"),
    ("THREADS", "ANZAHL"),
    ("CONCURRENCY", "ANZAHL"),
    ("GAMES", "PARTIEN"),
    ("ITERATIONS", "ANZAHL"),
    ("SEED", "STARTWERT"),
    ("OUT", "DATEI"),
    ("OPENINGS", "DATEI"),
    ("RULES", "REGELN"),
    ("PROTOCOL", "PROTOKOLL"),
    ("COMMAND", "BEFEHL"),
    ("BOUNDS", "GRENZEN"),
    ("MAX_DEPTH", "TIEFE"),
    ("HASH", "MIB"),
    ("DATA", "DATEN"),
    ("NET", "NETZ"),
    ("EPOCHS", "EPOCHEN"),
    ("REPORT", "EPOCHEN"),
    ("LEARNING_RATE", "SCHRITTWEITE"),
    ("TARGET", "RÄTSEL"),
    ("SCAN_DEPTH", "TIEFE"),
    ("VERIFY_DEPTH", "TIEFE"),
    ("MIN_GAP", "ABSTAND"),
    ("DISTANCE", "ABSTAND"),
    ("MAX_STONES", "STEINE"),
    ("BEAM", "BREITE"),
    ("ARROW_CAP", "PFEILE"),
    ("PLY_LIMIT", "HALBZÜGE"),
    ("POINTS", "PUNKTE"),
    ("ATTACK_GAMES", "PARTIEN"),
    ("ATTACKER_POINTS", "PUNKTE"),
    ("SELFPLAY", "PARTIEN"),
    ("SELFPLAY_POINTS", "PUNKTE"),
];

/// The words of clap's own frame that no setting changes, in German.
const FRAME: &[(&str, &str)] = &[
    ("[OPTIONS]", "[OPTIONEN]"),
    ("[GAME]", "[SPIEL]"),
    ("<GAME>", "<SPIEL>"),
    ("<DEPTH>", "<TIEFE>"),
    ("<NODES>", "<KNOTEN>"),
    ("<GAMES>", "<PARTIEN>"),
    ("<OUT>", "<DATEI>"),
    ("<MOVETIME>", "<MS>"),
];

/// The name of the German `help` command (clap's own speaks English only).
const HELP: &str = "help";

/// The German summary of each command.
const ABOUT: &[(&str, &str)] = &[
    ("games", "Die Spiele mit ihren Optionen und Engines auflisten."),
    ("rules", "Die Regeln eines Spiels zeigen."),
    ("play", "Ein Spiel im Terminal spielen, gegen den Computer oder einen Menschen."),
    ("perft", "Zugpfade zählen (perft); die Knotenzahl ist die letzte Zeile."),
    ("analyse", "Eine Stellung vom Computer untersuchen lassen."),
    ("datagen", "Trainingsdaten aus Selbstspiel: Stellungen mit Suchwerten und Ergebnissen."),
    ("puzzles", "Rätsel: aus Selbstspielpartien der Engine eines Spiels gewinnen."),
    ("tune", "Die Gewichte der handgeschriebenen Bewertung eines Spiels an Selbstspieldaten einstellen."),
    ("train", "Die Netz-Bewertung (NNUE) eines Spiels an Selbstspieldaten trainieren."),
    ("amakta", "Amaktas Steine: zählen, einen zeigen, einen für Amakta Infinit bewerten."),
    ("amakta-infinit", "Werkzeuge für Amakta Infinit: die Bunkersuche und ihre Ergänzungen."),
    ("uai", "UAI sprechen, das Engine-Protokoll von Ataxx, auf Standardein- und -ausgabe."),
    ("ugi", "UGI sprechen, das spielneutrale Engine-Protokoll, für jedes Spiel."),
    ("match", "Zwei Engine-Programme (UAI/UGI) gegeneinander spielen lassen und den Elo-Abstand messen."),
    ("tune-search", "Die Suchkonstanten der Engine (spin-Optionen) per SPSA über Partiepaare einstellen."),
    ("serve", "Die Web-Plattform bereitstellen (HTTP-API, WebSocket und Browser-Oberfläche)."),
    ("loadtest", "Viele Partien gleichzeitig gegen einen laufenden Server spielen und die Zugzeiten messen."),
    (
        "bot",
        "Als Bot auf einem Spielwerk-Server spielen: ein Engine-Programm (Vorgabe: die eigene Engine dieses \
         Programms) beantwortet Herausforderungen.",
    ),
    ("migrate", "Die Datenbank des Servers (SQLite-Datei oder PostgreSQL) anlegen oder erneuern und enden."),
    (
        "account",
        "Die Konten des Servers pflegen: ein neuer Wiederherstellungscode für jemanden, der Passwort und Code \
         verloren hat.",
    ),
    (
        "reset",
        "Einem Konto einen neuen Wiederherstellungscode geben (einmal ausgegeben; der alte gilt nicht mehr): \
         damit setzt sein Inhaber auf der Anmeldeseite ein neues Passwort („Passwort vergessen?“).",
    ),
    (
        "stones",
        "Den kanonischen Code jedes verschiedenen Steins auflisten (bis auf Drehen und Spiegeln gleiche \
      Steine sind einer).",
    ),
    ("stone", "Einen Stein zeigen: seinen kanonischen Code, seine verschiedenen Ausrichtungen und ein Bild."),
    ("value", "Den Wert eines Steins in Amakta Infinit (was seine Erschaffung kostet)."),
    (
        "balance",
        "Selbstspiel gleich starker Engines: welche Sätze auf einem Brett für beide Farben fair sind und \
      welche Kreise einen Satz fair machen.",
    ),
    ("mine", "Rätsel aus Selbstspielpartien der Engine des Spiels gewinnen."),
    ("bunker", "Die billigsten Bunker suchen (Steine um die eigene Basis, die der Gegner nie brechen kann)."),
];

/// The German help of an option (by its id) in the commands named.
const OPTIONS: &[(&[&str], &str, &str)] = &[
    (
        &["spielwerk"],
        "lang",
        "Sprache der Meldungen (auch der Fehler), der Legenden des Bretts und der Regeln (ohne die \
         Angabe: Deutsch, wenn SPIELWERK_LANG, sonst LC_ALL, LC_MESSAGES oder LANG, mit `de` beginnt).",
    ),
    (&["games"], "game", "Nur dieses Spiel zeigen (wie `spielwerk help SPIEL`, ohne die Regeln)."),
    (
        &["rules", "play", "perft", "analyse"],
        "game",
        "Das Spiel: ataxx, abalone, formation, amakta, amakta-infinit (auch als --game NAME).",
    ),
    (
        &["uai"],
        "game",
        "Das Spiel: UAI ist das Protokoll von Ataxx, also nur ataxx (die anderen sprechen UGI).",
    ),
    (
        &["ugi"],
        "game",
        "Das Spiel, auch als bloßes Wort (`spielwerk ugi abalone`) (Vorgabe: das erste, Ataxx); der Host kann mit \
         `setoption name Game` wechseln.",
    ),
    (
        &["play", "perft", "analyse"],
        "position",
        "Startstellung als Stellungstext (Ataxx: FEN; `startpos` geht auch).",
    ),
    (
        &["play", "perft", "analyse", "uai", "ugi"],
        "options",
        "Eine Spieloption als NAME=WERT (wiederholbar); `spielwerk games` listet sie. Jede Option ist auch ein \
         eigener Schalter (`--rules seed`, `--distance 8`).",
    ),
    (
        &["rules", "play"],
        "color",
        "Farben und Hervorhebung: `auto`, wenn die Ausgabe ein Terminal ist und NO_COLOR nicht gesetzt ist.",
    ),
    (
        &["play"],
        "vs",
        "Gegen den Computer (engine) oder einen Menschen (human) spielen (Vorgabe: engine; eine \
         fortgesetzte Partie behält die ihrer Aufzeichnung).",
    ),
    (
        &["play"],
        "side",
        "Deine Seite gegen den Computer: der Name des Spielers auf Deutsch oder Englisch (`rot`/`red`, \
         `schwarz`/`black`, `weiß`/`white` oder seine ersten Buchstaben), `x`/`p1`/`erster` oder \
         `o`/`p2`/`zweiter` (Vorgabe: p1; eine fortgesetzte Partie behält die ihrer Aufzeichnung).",
    ),
    (&["play"], "movetime", "Die Bedenkzeit des Computers je Zug in Millisekunden."),
    (
        &["play", "analyse", "uai", "ugi"],
        "engine",
        "Welche Engine des Programms rechnet (Vorgabe: die stärkste des Spiels; `spielwerk games` nennt sie): \
         alphabeta, greedy, random, …",
    ),
    (
        &["play"],
        "record",
        "Wohin die Aufzeichnung nach jedem Zug gespeichert wird, ab dem ersten (Vorgabe: eine neue Datei \
         `<spiel>-<datum>-<zeit>.txt` in `$XDG_DATA_HOME/spielwerk`, sonst `~/.local/share/spielwerk`).",
    ),
    (
        &["play"],
        "resume",
        "Die in dieser Datei gespeicherte Partie fortsetzen (gespeichert wird weiter dort, wenn --record nichts \
         anderes sagt); das Spiel darf fehlen, die Aufzeichnung nennt es.",
    ),
    (
        &["play"],
        "tui",
        "Vollbild: das Brett bleibt stehen (verkleinert, wenn es höher als der Bildschirm ist; F5), mit \
         Zugliste, Uhren, der Zeile des Computers und einer Eingabe mit Ergänzung. Ohne spielt man zeilenweise, \
         auch im Terminal.",
    ),
    (&["play"], "level", "Die Stärke des Computers 1–10 wie im Web (ohne sie denkt er --movetime je Zug)."),
    (
        &["play"],
        "clock",
        "Mit Uhr spielen: MINUTEN+SEKUNDEN je Seite und Zug, z. B. 3+2 (die Zeilenform zeigt beide Uhren in \
         der Eingabezeile); wessen Zeit abläuft, verliert. Wie auf lichess laufen die Uhren ab dem ersten Zug: \
         der erste Zug selbst ist ohne Uhr.",
    ),
    (&["perft"], "divide", "Die Zahl unter jedem ersten Zug ausgeben."),
    (&["stones"], "count", "Nur ausgeben, wie viele es sind."),
    (
        &["stone"],
        "code",
        "Sechs Ziffern, eine je Richtung O NO NW W SW SO: 0 keiner, 1 blau, 2 grün, 3 rot, 4 blau+blau, \
         5 grün+grün, 6 rot+rot, 7 blau+grün, 8 blau+rot, 9 grün+rot.",
    ),
    (&["value"], "code", "Der sechsstellige Code des Steins."),
    (
        &["value"],
        "circle",
        "Sein Kreis: none (keiner), damage (Schaden) oder reinforcement (Verstärkung), auch n, d, r.",
    ),
    (&["perft"], "depth", "Tiefe in Halbzügen."),
    (
        &["analyse"],
        "moves",
        "Züge, die vor der Analyse von der Stellung aus gespielt werden (ein Zug aus mehreren Wörtern wie \
         Amaktas `place 000111 e1 110001` auch als ein Wort `place_000111_e1_110001`).",
    ),
    (&["analyse"], "depth", "Bis zu dieser Tiefe suchen."),
    (&["analyse"], "movetime", "So viele Millisekunden suchen."),
    (&["analyse"], "nodes", "So viele Knoten suchen."),
    (&["analyse"], "threads", "Suchthreads (Lazy SMP der Alpha-Beta-Engine)."),
    (&["analyse"], "multipv", "So viele beste Linien melden, jede `info`-Zeile mit `multipv K` nummeriert."),
    (
        &["uai", "ugi"],
        "hash",
        "Größe der Hashtabelle in MiB (der Host kann sie mit `setoption name Hash` ändern).",
    ),
    (&["uai", "ugi"], "threads", "Suchthreads (der Host kann sie mit `setoption name Threads` ändern)."),
    (
        &["uai", "ugi"],
        "max_depth",
        "Nie tiefer suchen als so, was auch immer der Host verlangt: eine schwächere Engine für Matches.",
    ),
    // The tools for engine authors and operators.
    (&["datagen"], "game", "Das Spiel (es gelten seine Engine-Vorgaben, z. B. Ataxx' Community-Regeln)."),
    (&["datagen"], "games", "Wie viele Selbstspielpartien die Datendatei am Ende enthält."),
    (
        &["datagen"],
        "nodes",
        "Jeden Zug so viele Knoten suchen (mit --soft-nodes: die harte Grenze, an der eine Suche stoppt, wo sie \
         gerade ist).",
    ),
    (
        &["datagen"],
        "soft_nodes",
        "Die weiche Knotengrenze je Zug: nach so vielen Knoten beginnt keine neue Iteration der Suche (z. B. \
         --soft-nodes 5000 --nodes 10000).",
    ),
    (&["datagen"], "depth", "Jeden Zug bis zu dieser Tiefe suchen."),
    (&["datagen", "balance"], "threads", "Partien, die gleichzeitig gespielt werden."),
    (
        &["datagen"],
        "seed",
        "Der Startwert der Zufallseröffnungen (derselbe Startwert ergibt dieselben Daten).",
    ),
    (&["datagen", "mine"], "random_plies", "Zufällige Halbzüge ab dem Start, bevor die Engine übernimmt."),
    (
        &["datagen"],
        "max_opening_score",
        "Eine Eröffnung, die die erste Suche der Engine höher als ±so viele Punkte bewertet (100 ≈ ein \
         Stein), ist schon entschieden und wird neu ausgelost; 30000 behält jede.",
    ),
    (
        &["datagen"],
        "draw_after",
        "Partien, die nach so vielen Halbzügen noch laufen, enden remis (alter Name: max-plies).",
    ),
    (
        &["datagen", "match", "tune-search"],
        "options",
        "Eine beliebige Spieloption als NAME=WERT (wiederholbar).",
    ),
    (
        &["datagen"],
        "out",
        "Die zu schreibende Datendatei. Gibt es sie schon, wird sie fortgesetzt: ihre vollständigen Partien bleiben \
         (eine halb geschriebene letzte fällt weg), und ab der nächsten kommen Partien hinzu, bis --games insgesamt; \
         sie muss mit denselben Einstellungen geschrieben sein.",
    ),
    (&["datagen"], "fresh", "Die Datendatei neu beginnen, statt sie fortzusetzen."),
    (
        &["datagen"],
        "format",
        "Wie die Stellungen geschrieben werden: `text` (je eine Zeile, jede Partie) oder `binary` (gepackt für das \
         Netz des Spiels; `train` liest es, `tune` nicht).",
    ),
    (&["tune"], "game", "Das Spiel, dessen Bewertung eingestellt wird."),
    (&["tune"], "data", "Datendateien, die `spielwerk datagen` für dieses Spiel geschrieben hat."),
    (&["tune"], "lambda", "Das Gewicht des Partieergebnisses im Ziel (1: nur Ergebnisse, 0: nur Suchwerte)."),
    (&["tune"], "epochs", "Schritte des Gradientenabstiegs über alle Stellungen."),
    (&["tune"], "learning_rate", "Die Schrittweite von Adam, in Punkten."),
    (&["tune"], "threads", "Threads, die den Gradienten summieren (das Ergebnis hängt nicht davon ab)."),
    (&["tune"], "report", "Den Verlust alle so vielen Epochen ausgeben."),
    (
        &["tune"],
        "skip_decided",
        "Die Stellungen weglassen, deren Suche die Partie schon als gewonnen oder verloren erkannt hatte \
         (Vorgabe: behalten, ihre Ergebnisse sind sicher).",
    ),
    (&["tune"], "out", "Die eingestellten Gewichte auch in diese Datei schreiben, je Zeile `Name Gewicht`."),
    (&["train"], "game", "Das Spiel, dessen Netz trainiert wird."),
    (
        &["train"],
        "data",
        "Datendateien, die `spielwerk datagen` für dieses Spiel geschrieben hat, als Text oder binär (an den \
         ersten Bytes erkannt).",
    ),
    (
        &["train"],
        "out",
        "Die zu schreibende Netzdatei (die Engine bettet beim Bauen die am Pfad des Spiels ein, z. B. \
         crates/ataxx/nets/ataxx.nnue).",
    ),
    (&["train"], "epochs", "Durchläufe über die Daten."),
    (&["train"], "learning_rate", "Die anfängliche Schrittweite von Adam."),
    (&["train"], "lambda", "Das Gewicht des Suchwerts im Ziel (der Rest ist das Partieergebnis)."),
    (&["train"], "threads", "Threads (das Netz hängt nicht davon ab)."),
    (&["train"], "seed", "Der Startwert der Anfangsgewichte, des Mischens und der Symmetrien."),
    (
        &["train"],
        "from",
        "Eine Netzdatei des Spiels, die weitertrainiert wird, statt mit Zufallsgewichten zu beginnen (z. B. das \
         eingebettete crates/ataxx/nets/ataxx.nnue): neue Daten kommen zu dem hinzu, was das Netz gelernt hat, \
         so sammeln sich Daten mehrerer Tage darin; dazu passt eine kleinere --learning-rate (z. B. 0.0002).",
    ),
    (
        &["match", "tune-search"],
        "game",
        "Das Spiel; Spielwerks Regeln (mit den Engine-Vorgaben, z. B. Ataxx' Community-Regeln) prüfen jeden Zug.",
    ),
    (&["match", "tune-search"], "tc", "Eine Uhr je Spieler: [ZÜGE/]SEKUNDEN[+ZUSCHLAG], z. B. 8+0.08."),
    (&["match", "tune-search"], "movetime", "Eine feste Zeit je Zug in Millisekunden."),
    (&["match", "tune-search"], "depth", "Eine feste Tiefe je Zug."),
    (&["match", "tune-search"], "nodes", "Eine feste Zahl von Knoten je Zug."),
    (
        &["match", "tune-search"],
        "openings",
        "Eröffnungsdatei: je Zeile eine Eröffnung, als Stellungstext oder Züge ab dem Start; jede wird zweimal \
         gespielt, einmal von jeder Seite. Ohne sie beginnt jedes Partiepaar mit eigenen --random-plies \
         Zufallszügen.",
    ),
    (
        &["match", "tune-search"],
        "random_plies",
        "Ohne --openings: zufällige zulässige Züge ab dem Start, die jedes Partiepaar eröffnen (verschiedene \
         Paare, soweit es solche Eröffnungen gibt; 0 = jede Partie ab dem Start).",
    ),
    (
        &["match", "tune-search"],
        "seed",
        "Der Startwert der Zufallseröffnungen (derselbe Startwert, dieselben Eröffnungen; bei tune-search auch der \
         Störungen).",
    ),
    (&["match", "tune-search"], "rules", "Regelwerk (Ataxx: community, die Vorgabe in Matches, oder seed)."),
    (
        &["match", "tune-search"],
        "protocol",
        "Das Protokoll der Engines (Vorgabe: uai für Ataxx, ugi für die anderen Spiele).",
    ),
    (
        &["match", "tune-search"],
        "grace",
        "Um wie viele Millisekunden eine Engine ihre Zeit überziehen darf, bevor sie auf Zeit verliert \
         [Vorgabe: 0 mit --tc, sonst 100].",
    ),
    (
        &["match", "tune-search"],
        "draw_after",
        "Eine Partie nach so vielen Halbzügen remis geben (alter Name: max-plies). Die Halbzuggrenze eines Spiels \
         ist eine Option: `-o ply-limit=N`.",
    ),
    (
        &["match"],
        "engines",
        "Die Befehlszeile eines Engine-Programms, von der Shell ausgeführt (höchstens zwei), z. B. \"spielwerk uai \
         --engine greedy\", oder nur der Name einer eigenen Engine des Spiels (\"greedy\"). Jedes nicht genannte ist \
         die eigene Engine dieses Programms (`spielwerk uai` oder \
         `spielwerk ugi --game SPIEL`), also misst `--option1 Threads=2` allein eine Einstellung von ihr. \
         (Früher `--engine`, das sonst eine Engine dieses Programms nennt; die alte Schreibung geht noch.)",
    ),
    (
        &["match"],
        "games",
        "Wie viele Partien (höchstens, mit --sprt); die Engines tauschen nach jeder Partie die Seiten.",
    ),
    (
        &["match"],
        "sprt",
        "Aufhören, sobald ein sequenzieller Likelihood-Quotienten-Test über Partiepaare entscheidet: \
         elo0=E0,elo1=E1,alpha=A,beta=B, jeder Teil darf fehlen (Vorgaben elo0=0,elo1=5,alpha=0.05,beta=0.05; \
         logistische Elo der ersten Engine über der zweiten). Gibt je Partiepaar eine Zeile aus; der Test \
         entscheidet erst ab 10 Paaren (20 Partien) und zeigt vorher keine LLR.",
    ),
    (
        &["match"],
        "sprt_earlier",
        "Einen SPRT fortsetzen, den ein früherer Lauf desselben Matches ohne Entscheidung ließ (an seiner \
         Partiegrenze oder abgebrochen): dessen Paarzählung, wie er sie ausgab, z. B. \"[259, 125, 676, 130, \
         310]\" (LL, LD, DD oder WL, WD, WW). Der Test zählt sie mit den Paaren dieses Laufs; --games begrenzt \
         die Partien dieses Laufs.",
    ),
    (
        &["match"],
        "option1",
        "Eine Option der ersten Engine als NAME=WERT, mit `setoption` gesendet (wiederholbar).",
    ),
    (&["match"], "option2", "Eine Option der zweiten Engine als NAME=WERT (wiederholbar)."),
    (&["match"], "pgn", "Jede Partieaufzeichnung an diese Datei anhängen."),
    (&["match"], "concurrency", "Wie viele Partien gleichzeitig laufen."),
    (
        &["tune-search"],
        "program",
        "Die Befehlszeile des Engine-Programms, von der Shell ausgeführt (Vorgabe: die eigene Engine dieses \
         Programms, `spielwerk uai` oder `spielwerk ugi --game SPIEL`). (Früher `--engine`, das noch geht.)",
    ),
    (
        &["tune-search"],
        "params",
        "Eine einzustellende spin-Option (wiederholbar): NAME nimmt Start, Bereich und Schritt aus der \
         Optionsliste der Engine (Schritt c = ein Zwanzigstel des Bereichs, mindestens 1; Rate r = 0.002); \
         NAME=start,min,max,c,r ersetzt sie (leere Felder behalten sie), z. B. LmrDivisor=,,,10.",
    ),
    (&["tune-search"], "iterations", "Wie viele Iterationen, jede ein Partiepaar."),
    (
        &["tune-search"],
        "state",
        "Die Zustandsdatei, nach jeder Iteration geschrieben; ein neuer Lauf mit denselben Parametern, \
         Iterationen und Startwert setzt dort fort.",
    ),
    (
        &["tune-search"],
        "engine_option",
        "Eine Option der Engine auf beiden Seiten als NAME=WERT, mit `setoption` vor den eingestellten Werten \
         gesendet (wiederholbar).",
    ),
    (
        &["tune-search"],
        "concurrency",
        "Wie viele Partiepaare gleichzeitig laufen (jedes aus den Werten vor ihnen; ein fortgesetzter Lauf \
         wiederholt einen ununterbrochenen nur bei 1 genau).",
    ),
    (&["serve"], "addr", "Die Adresse, an der der Server lauscht (Port 0 wählt einen freien)."),
    (
        &["serve"],
        "db",
        "Die Datenbank der Partien: eine SQLite-Datei (angelegt, wenn sie fehlt) oder eine PostgreSQL-URL \
         (`postgres://user@host/db`), die mehrere Instanzen teilen.",
    ),
    (
        &["serve"],
        "games_per_minute",
        "Neue Partien, die eine Client-Adresse je Minute anlegen darf, 0 ohne Grenze [Vorgabe: 60]. \
         `spielwerk loadtest` braucht 0 oder eine hohe Zahl.",
    ),
    (
        &["serve"],
        "imports_per_minute",
        "Aufzeichnungen, die eine Client-Adresse je Minute einlesen darf, 0 ohne Grenze [Vorgabe: 30].",
    ),
    (
        &["serve"],
        "analyses_per_minute",
        "Analysen, die eine Client-Adresse je Minute beginnen darf, 0 ohne Grenze [Vorgabe: 30].",
    ),
    (
        &["serve"],
        "analyses_per_client",
        "Analysen, die eine Client-Adresse gleichzeitig laufen lassen darf [Vorgabe: 2].",
    ),
    (
        &["serve"],
        "analyses_total",
        "Analysen, die der Server gleichzeitig rechnet, alle Clients zusammen [Vorgabe: 16].",
    ),
    (
        &["serve"],
        "evaluation_plies_per_client",
        "Stellungen von Partien, die ein Client (sein Konto, sonst seine Adresse) auf ihre Bewertungskurve warten \
         lassen darf [Vorgabe: 6000].",
    ),
    (
        &["serve"],
        "evaluation_plies_total",
        "Stellungen von Partien, die alle Clients zusammen auf ihre Bewertungskurve warten lassen dürfen \
         [Vorgabe: 60000].",
    ),
    (
        &["serve"],
        "engine_threads",
        "Gleichzeitige Engine-Suchen; Analysen bekommen eine weniger [Vorgabe: eine je Kern].",
    ),
    (&["serve"], "idle_games", "Partien, die im Speicher bleiben, während niemand zusieht [Vorgabe: 1000]."),
    (
        &["serve"],
        "trusted_proxy",
        "Ein Reverse-Proxy vor diesem Server (wiederholbar): eine Anfrage von ihm zählt für den Client, den er \
         zuletzt in `X-Forwarded-For` nennt (die Grenzen oben gelten je Client-Adresse). Ohne ihn, oder von jeder \
         anderen Adresse, wird der Header nicht beachtet.",
    ),
    (
        &["serve"],
        "header_timeout",
        "Sekunden, die eine Verbindung für den Kopf einer Anfrage brauchen und zwischen Anfragen ruhen darf, \
         bevor sie geschlossen wird [Vorgabe: 10].",
    ),
    (
        &["serve"],
        "body_timeout",
        "Sekunden, die ein Client für den Rumpf einer Anfrage brauchen darf (darüber 408) [Vorgabe: 30].",
    ),
    (
        &["serve"],
        "connections_per_address",
        "Verbindungen, die eine Client-Adresse gleichzeitig halten darf, 0 ohne Grenze (vertraute Proxys haben \
         keine) [Vorgabe: 64]. `spielwerk loadtest` von einer Adresse braucht 0 oder eine hohe Zahl.",
    ),
    (
        &["serve"],
        "password_hashes",
        "Gleichzeitig gehashte Passwörter, im ganzen Server (jedes braucht 19 MiB) [Vorgabe: eine je Kern, \
         höchstens 4].",
    ),
    (
        &["serve"],
        "password_queue",
        "Anmeldungen und Registrierungen, die gleichzeitig auf einen Passwort-Hash warten dürfen, im ganzen \
         Server; weitere werden mit 429 abgewiesen [Vorgabe: 16].",
    ),
    (
        &["serve"],
        "first_move_secs",
        "Sekunden, die jede Seite in einer Partie mit Uhr zwischen Menschen für ihren ersten Zug hat, bevor die \
         Partie abgebrochen wird [Vorgabe: 30].",
    ),
    (
        &["serve"],
        "absence_secs",
        "Sekunden, die ein Spieler einer Partie fernbleiben darf, bevor der Gegner den Sieg oder ein Remis \
         beanspruchen darf [Vorgabe: 60].",
    ),
    (
        &["serve"],
        "unstarted_listed_secs",
        "Sekunden, die eine Partie ohne Zug in der Liste laufender Partien der Lobby steht; ihre Spieler finden \
         sie weiter unter ihren eigenen Partien [Vorgabe: 120].",
    ),
    (
        &["serve"],
        "sockets_per_address",
        "WebSockets, die eine Client-Adresse gleichzeitig offen halten darf, 0 ohne Grenze [Vorgabe: 32].",
    ),
    (
        &["serve"],
        "socket_message_bytes",
        "Die größte Nachricht (und der größte Frame), die ein Client über einen WebSocket senden darf, in Bytes; \
         eine größere schließt den Socket [Vorgabe: 4096].",
    ),
    (
        &["serve"],
        "socket_idle_secs",
        "Sekunden, die ein WebSocket still sein darf (keine Nachricht, keine Antwort auf die Pings des Servers), \
         bevor er geschlossen wird [Vorgabe: 60].",
    ),
    (
        &["serve"],
        "shortest_arena_minutes",
        "Die kürzeste Arena, die man anlegen kann, in Minuten [Vorgabe: 10].",
    ),
    (
        &["serve"],
        "house_arena_minutes",
        "Die Arenen des Hauses: je Spiel eine bevorstehende, mit 3+2 Bedenkzeit, für Menschen und Bots (ein \
         Haus-Bot tritt bei), jede so viele Minuten lang und beginnend beim nächsten Vielfachen davon (bei 30 \
         jede volle und halbe Stunde); 0 für keine [Vorgabe: 30].",
    ),
    (
        &["serve"],
        "league_signup_minutes",
        "Die Anmeldezeit einer Fernschach-Liga in Minuten: eine Saison beginnt so lange nach dem Ende der \
         vorigen, und ihr Beginn rückt um so viel weiter, solange sich weniger als zwei angemeldet haben; \
         ein Bruchteil für Tests (`0.1`: sechs Sekunden) [Vorgabe: 10080, eine Woche].",
    ),
    (
        &["serve"],
        "house_bots",
        "Stufen der Haus-Engine (1–10, durch Kommas getrennt), die als Bots spielen, die jeder herausfordern \
         kann: die Konten Spielwerk-L<Stufe>.",
    ),
    (
        &["serve"],
        "public_url",
        "Die Adresse, unter der man den Server erreicht und mit der Einladungslinks beginnen \
         (`https://play.example`) [Vorgabe: http:// und --addr].",
    ),
    (
        &["loadtest"],
        "addr",
        "Die Adresse des Servers (Loopback); mehrmals für mehrere Instanzen, die eine PostgreSQL-Datenbank teilen: \
         jede Partie wird auf einer angelegt und auf der nächsten betreten, so sind ihre zwei Spieler auf \
         verschiedenen Instanzen.",
    ),
    (
        &["loadtest"],
        "games",
        "Gleichzeitig gespielte Partien, jede von zwei simulierten Menschen auf eigenen Verbindungen.",
    ),
    (&["loadtest"], "moves", "Züge je Spielerpaar (beendete Partien werden ersetzt)."),
    (&["loadtest"], "game", "Das zu spielende Spiel."),
    (&["loadtest"], "pause_ms", "Pause nach jedem Zug in Millisekunden (Bedenkzeit)."),
    (
        &["loadtest"],
        "resign_after",
        "Nach so vielen Zügen jeder Partie aufgeben (eine neue beginnt): legt viele Partien an und beendet sie, \
         z. B. um den Speicher des Servers zu beobachten.",
    ),
    (&["loadtest"], "seconds", "Nach so vielen Sekunden auf jeden Fall aufhören."),
    (&["bot"], "server", "Der Server, http://host:port."),
    (
        &["bot"],
        "token",
        "Das persönliche API-Token des Bot-Kontos (Bereich bot:play); oder die Umgebungsvariable SPIELWERK_TOKEN.",
    ),
    (
        &["bot"],
        "program",
        "Die Befehlszeile des Engine-Programms (UAI/UGI), von der Shell ausgeführt; Vorgabe: die eigene Engine \
         dieses Programms.",
    ),
    (
        &["bot"],
        "protocol",
        "Das Protokoll des Programms (Vorgabe: UAI für Ataxx, UGI für die anderen Spiele; UGI für die eigene \
         Engine).",
    ),
    (
        &["bot"],
        "level",
        "Die eigene Engine spielt auf dieser Stufe (1–10, wie gegen den Computer im Web; nicht mit --program).",
    ),
    (
        &["bot"],
        "max_depth",
        "Die eigene Engine sucht nie tiefer als so: ein schwächerer Bot (nicht mit --program).",
    ),
    (&["bot"], "games", "Ein Spiel, das der Bot spielt (wiederholbar; Vorgabe: jedes Spiel)."),
    (&["bot"], "rated", "Gewertete Partien, ungewertete oder beide."),
    (&["bot"], "min_base", "Die kürzeste angenommene Startzeit der Uhr in Sekunden."),
    (&["bot"], "max_base", "Die längste angenommene Startzeit der Uhr in Sekunden."),
    (&["bot"], "correspondence", "Auch Fernpartien und Partien ohne Uhr annehmen."),
    (&["bot"], "no_bots", "Herausforderungen anderer Bots ablehnen."),
    (&["bot"], "max_games", "Gleichzeitig gespielte Partien."),
    (&["bot"], "movetime", "Millisekunden je Zug in Partien ohne Uhr."),
    (
        &["bot"],
        "tournaments",
        "Diesem Turnier beitreten, einer Arena oder einem Schweizer Turnier (seine Kennung; wiederholbar; auch \
         --arena): es muss Bots willkommen heißen; seine Partien, Runde für Runde, werden wie alle anderen gespielt.",
    ),
    (&["bot"], "stop_after", "Nach so vielen Partien aufhören (Vorgabe: laufen, bis man ihn beendet)."),
    (&["reset"], "name", "Der Name des Kontos (Groß- und Kleinschreibung gleich)."),
    (
        &["reset"],
        "db",
        "Die Datenbank, die `spielwerk serve` benutzt: eine SQLite-Datei oder eine PostgreSQL-URL \
         (`postgres://user@host/db`); der Server darf laufen.",
    ),
    (
        &["migrate"],
        "db",
        "Die Datenbank: eine SQLite-Datei (angelegt, wenn sie fehlt) oder eine PostgreSQL-URL \
         (`postgres://user@host/db`).",
    ),
    (&["mine"], "game", "Das Spiel (seine Rätselregeln: Schwellen, Tiefen, der klare Vorteil)."),
    (&["mine"], "target", "Nach so vielen Rätseln aufhören."),
    (&["mine"], "games", "Höchstens so viele Selbstspielpartien spielen."),
    (&["mine"], "threads", "Partien, die gleichzeitig durchsucht werden."),
    (&["mine"], "seed", "Der Startwert der Zufallseröffnungen."),
    (
        &["mine"],
        "scan_depth",
        "Die Tiefe der Suche nach den zwei besten Zügen in jeder Stellung (Vorgabe: die des Spiels).",
    ),
    (&["mine"], "verify_depth", "Die Tiefe der Prüfung eines Kandidaten (Vorgabe: die des Spiels)."),
    (
        &["mine"],
        "min_gap",
        "Der kleinste Abstand der Werte des besten und des zweitbesten Zugs, in der Suche und der Prüfung \
         (Vorgabe: der des Spiels).",
    ),
    (&["mine"], "out", "Die zu schreibende Rätseldatei."),
    (&["balance"], "board", "Das Brett: hex3, hex4, hex5, hex6, hex5-holes oder ein Bretttext."),
    (
        &["balance"],
        "sets",
        "Zu messende Sätze, durch ';' getrennt: benannte Sätze oder Steincodes (z. B. \
         \"default;beginner;100000 110000 000000\").",
    ),
    (
        &["balance"],
        "random",
        "Auch so viele Zufallssätze messen (siehe --stones, --max-arrows, --max-value), gezogen aus --seed.",
    ),
    (&["balance"], "stones", "Steine je Zufallssatz."),
    (
        &["balance"],
        "max_arrows",
        "Die meisten Pfeile, die ein Stein eines Zufallssatzes hat (ein Doppelpfeil zählt zwei).",
    ),
    (
        &["balance"],
        "max_value",
        "Der höchste Wert in Amakta Infinit (ohne Kreis), den ein Stein eines Zufallssatzes hat.",
    ),
    (
        &["balance"],
        "circles",
        "Kreisverteilungen, mit denen jeder Satz gemessen wird, durch ';' getrennt: \"none\" oder z. B. \
         \"w:100000=d b:300000=r\".",
    ),
    (
        &["balance"],
        "handicaps",
        "Jeden Satz auch mit der Vorgabeleiter messen: Weiß (der erste Spieler) mit Schaden auf seinen ersten h \
         Steinen und mit Verstärkung auf seinen ersten h Steinen, für h = 1..=N.",
    ),
    (&["balance"], "games", "Partien je Konfiguration."),
    (&["balance"], "nodes", "Knoten, die die Engine je Zug sucht."),
    (&["balance"], "random_plies", "Zufällige Halbzüge zu Beginn des Spiels (Passen nicht mitgezählt)."),
    (
        &["balance"],
        "draw_after",
        "Halbzüge des Spiels, nach denen eine Partie als remis zählt (alter Name: max-plies).",
    ),
    (&["balance"], "seed", "Der Startwert der Zufallssätze und -eröffnungen."),
    (&["balance"], "out", "Das Ausgabeverzeichnis (games.csv, summary.csv, balance.svg)."),
    (&["bunker"], "distance", "Abstand der zwei Basen."),
    (&["bunker"], "radius", "Bunkersteine stehen höchstens so weit von der Basis."),
    (
        &["bunker"],
        "max_stones",
        "Die meisten Steine eines Bunkers [Vorgabe: jedes Feld innerhalb --radius, 19 bei Radius 2, 37 bei \
         Radius 3].",
    ),
    (&["bunker"], "beam", "Formen, die die Strahlsuche je Steinzahl behält."),
    (&["bunker"], "arrow_cap", "Die Ergänzung arrow-cap: die meisten Pfeile, die ein Stein haben darf."),
    (
        &["bunker"],
        "ply_limit",
        "Die Ergänzung ply-limit (für die Prüfung durch die Engine und das Selbstspiel).",
    ),
    (
        &["bunker"],
        "points",
        "Punktzahlen, für die gemeldet wird, ob es einen Bunker gibt, durch Kommas getrennt.",
    ),
    (
        &["bunker"],
        "attack_games",
        "Partien, in denen die Engine (Schwarz, mit einem Satz, den sie aus --attacker-points erschafft) den \
         billigsten Bunker angreift, während Weiß passt.",
    ),
    (&["bunker"], "attacker_points", "Die Punkte von Schwarz in den Angriffspartien."),
    (
        &["bunker"],
        "selfplay",
        "Selbstspielpartien von Amakta Infinit (Engine gegen Engine, die Punkte von Weiß --selfplay-points) unter \
         den genannten Ergänzungen.",
    ),
    (&["bunker"], "selfplay_points", "Die Punkte von Weiß in den Selbstspielpartien."),
    (&["bunker"], "nodes", "Knoten je Engine-Zug in den Angriffs- und Selbstspielpartien."),
    (
        &["bunker"],
        "draw_after",
        "Halbzüge des Spiels, nach denen eine Angriffs- oder Selbstspielpartie als remis zählt (wenn kein \
         --ply-limit sie vorher beendet; alter Name: max-plies).",
    ),
    (&["bunker"], "seed", "Startwert der zufälligen Halbzüge der Angriffs- und Selbstspielpartien."),
];

/// The German help of option `id` of `command`, if there is one.
fn option_help(command: &str, id: &str) -> Option<&'static str> {
    OPTIONS.iter().find(|(commands, name, _)| *name == id && commands.contains(&command)).map(|entry| entry.2)
}

/// `command` (the whole command line's, with its subcommands) with its
/// help in German.
#[must_use]
pub fn german(command: Command) -> Command {
    let command =
        command.about("Der Befehl spielwerk: spielen, perft, analysieren, UAI/UGI, Matches, Server.");
    let command = command.disable_version_flag(true).arg(
        Arg::new("version").short('V').long("version").action(ArgAction::Version).help("Die Version zeigen."),
    );
    localize(command)
}

/// [`german`] for one command and, in turn, its subcommands.
fn localize(mut command: Command) -> Command {
    let name = command.get_name().to_owned();
    command = command
        .help_template("{before-help}{about-with-newline}\nAufruf: {usage}\n\n{all-args}{after-help}")
        .subcommand_help_heading("Befehle")
        .subcommand_value_name("BEFEHL")
        .disable_help_flag(true)
        .arg(Arg::new("help").short('h').long("help").action(ArgAction::Help).help("Diese Hilfe zeigen."));
    let ids: Vec<clap::Id> = command.get_arguments().map(|arg| arg.get_id().clone()).collect();
    for id in ids {
        command = command.mut_arg(id, |arg| localize_arg(arg, &name));
    }
    let subcommands: Vec<String> = command.get_subcommands().map(|sub| sub.get_name().to_owned()).collect();
    for sub in &subcommands {
        command = command.mut_subcommand(sub, |inner| {
            let inner = match ABOUT.iter().find(|(name, _)| name == sub) {
                Some((_, about)) => inner.about(*about),
                None => inner,
            };
            localize(inner)
        });
    }
    if subcommands.is_empty() {
        return command;
    }
    // clap's `help` command in German; what it asks for is shown by
    // `--help` instead ([`help_asked`]).
    let help = Command::new(HELP)
        .about("Diese Hilfe oder die Hilfe der genannten Befehle zeigen.")
        .disable_help_flag(true)
        .arg(
            Arg::new("subcommand")
                .action(ArgAction::Append)
                .num_args(..)
                .value_name("BEFEHL")
                .help("Die Befehle, deren Hilfe gezeigt wird."),
        );
    command.disable_help_subcommand(true).subcommand(help)
}

/// When the German command line asked for `help` (of a command, or of
/// the program): the words of the command whose help to show, e.g.
/// `["amakta", "stone"]` for `spielwerk amakta help stone`.
#[must_use]
pub fn help_asked(matches: &ArgMatches) -> Option<Vec<String>> {
    let mut path = Vec::new();
    let mut matches = matches;
    while let Some((name, sub)) = matches.subcommand() {
        if name == HELP {
            path.extend(sub.get_many::<String>("subcommand").into_iter().flatten().cloned());
            return Some(path);
        }
        path.push(name.to_owned());
        matches = sub;
    }
    None
}

/// A help text clap rendered for the German command, with the words of
/// its frame that no setting reaches (`[OPTIONS]`) in German.
#[must_use]
pub fn frame(help: &str) -> String {
    FRAME.iter().fold(help.to_owned(), |help, (english, german)| help.replace(english, german))
}

/// An option of `command` with German help (where there is one), heading,
/// default and possible values.
fn localize_arg(arg: Arg, command: &str) -> Arg {
    let heading = if arg.is_positional() { "Argumente" } else { "Optionen" };
    let mut help = match option_help(command, arg.get_id().as_str()) {
        Some(german) => german.to_owned(),
        None => arg.get_help().map(ToString::to_string).unwrap_or_default(),
    };
    let mut arg = arg.help_heading(heading);
    let shown = match arg.get_value_names() {
        Some([name, ..]) => name.to_string(),
        _ => arg.get_id().as_str().to_uppercase(),
    };
    if arg.get_action().takes_values()
        && let Some((_, german)) = PLACEHOLDERS.iter().find(|(english, _)| *english == shown)
    {
        arg = arg.value_name(*german);
    }
    if arg.get_action().takes_values() {
        let defaults: Vec<String> =
            arg.get_default_values().iter().map(|value| value.to_string_lossy().into_owned()).collect();
        if !defaults.is_empty() && !arg.is_hide_default_value_set() {
            help.push_str(&format!(" [Vorgabe: {}]", defaults.join(", ")));
            arg = arg.hide_default_value(true);
        }
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|value| !value.is_hide_set())
            .map(|value| value.get_name().to_owned())
            .collect();
        if !values.is_empty() && !arg.is_hide_possible_values_set() {
            help.push_str(&format!(" [Werte: {}]", values.join(", ")));
            arg = arg.hide_possible_values(true);
        }
    }
    arg.help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The German help of `words` (after `spielwerk`), as clap renders it.
    fn help_of(words: &[&str]) -> String {
        use clap::CommandFactory;
        let words = std::iter::once("spielwerk").chain(words.iter().copied());
        let error = german(crate::Cli::command()).try_get_matches_from(words).expect_err("help");
        frame(&error.render().to_string())
    }

    #[test]
    fn the_frame_help_command_and_placeholders_are_german() {
        let top = help_of(&["--help"]);
        assert!(top.contains("[OPTIONEN] <BEFEHL>"), "{top}");
        assert!(top.contains("Diese Hilfe oder die Hilfe der genannten Befehle zeigen."), "{top}");
        for english in ["[OPTIONS]", "Print this message", "<COMMAND>"] {
            assert!(!top.contains(english), "{english} in {top}");
        }
        let play = help_of(&["play", "--help"]);
        assert!(play.contains("play [OPTIONEN] <SPIEL>") && play.contains("--resume <DATEI>"), "{play}");
        assert!(!play.contains("<GAME>") && !play.contains("<RESUME>"), "{play}");
    }

    #[test]
    fn the_tools_help_has_german_placeholders() {
        let tools: [&[&str]; 5] =
            [&["tune"], &["train"], &["tune-search"], &["puzzles", "mine"], &["amakta-infinit", "bunker"]];
        for words in tools {
            let help = help_of(&[words, &["--help"]].concat());
            for english in ["<DATA>", "<NET>", "<EPOCHS>", "<TARGET>", "<DISTANCE>", "<POINTS>", "<BEAM>"] {
                assert!(!help.contains(english), "{english} in {help}");
            }
        }
        let tune = help_of(&["tune", "--help"]);
        assert!(tune.contains("--data <DATEN>...") && tune.contains("--epochs <EPOCHEN>"), "{tune}");
        let bunker = help_of(&["amakta-infinit", "bunker", "--help"]);
        assert!(bunker.contains("--distance <ABSTAND>") && bunker.contains("--points <PUNKTE>"), "{bunker}");
    }

    #[test]
    fn the_german_help_command_shows_the_help_of_the_command_named() {
        use clap::CommandFactory;
        let matches = german(crate::Cli::command())
            .try_get_matches_from(["spielwerk", "amakta", "help", "stone"])
            .expect("the help command parses");
        assert_eq!(help_asked(&matches), Some(vec!["amakta".to_owned(), "stone".to_owned()]));
        let matches =
            german(crate::Cli::command()).try_get_matches_from(["spielwerk", "help"]).expect("parses");
        assert_eq!(help_asked(&matches), Some(Vec::new()));
    }

    #[test]
    fn every_command_has_a_german_summary() {
        use clap::CommandFactory;
        let command = crate::Cli::command();
        let mut all: Vec<&Command> = vec![&command];
        let mut index = 0;
        while index < all.len() {
            all.extend(all[index].get_subcommands());
            index += 1;
        }
        for sub in &all[1..] {
            assert!(
                ABOUT.iter().any(|(name, _)| *name == sub.get_name()),
                "no German for {}",
                sub.get_name()
            );
        }
        // Every German option help names an option that is there.
        for (commands, id, _) in OPTIONS {
            for name in *commands {
                let owner = all.iter().find(|owner| owner.get_name() == *name).expect("the command");
                assert!(owner.get_arguments().any(|arg| arg.get_id() == *id), "{name} has no {id}");
            }
        }
    }

    /// Every option a person reads in `--help` has German help: the
    /// options of every command, the tools' included.
    #[test]
    fn every_option_has_german_help() {
        use clap::CommandFactory;
        let command = crate::Cli::command();
        let mut all: Vec<&Command> = vec![&command];
        let mut index = 0;
        while index < all.len() {
            all.extend(all[index].get_subcommands());
            index += 1;
        }
        let missing: Vec<String> = all
            .iter()
            .flat_map(|owner| {
                owner
                    .get_arguments()
                    .filter(|arg| {
                        !arg.is_hide_set() && option_help(owner.get_name(), arg.get_id().as_str()).is_none()
                    })
                    .map(|arg| format!("{} {}", owner.get_name(), arg.get_id()))
            })
            .collect();
        assert!(missing.is_empty(), "no German help for:\n{}", missing.join("\n"));
    }
}

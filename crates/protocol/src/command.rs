//! The commands a host sends to an engine, read from text.

use crate::Dialect;
use game::{Clock, Limits};
use std::time::Duration;

/// One line from the host, as the engine understands it. Reading never
/// fails: what cannot be understood becomes [`Command::Unknown`] or
/// [`Command::Malformed`], which the engine answers with an `info string`.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `uai` or `ugi`: identify, list the options, answer `uaiok`/`ugiok`.
    Hello(Dialect),
    /// `isready`: answer `readyok` (also while searching).
    IsReady,
    /// `setoption name N value V`.
    SetOption {
        /// The option's name as given (compared case-insensitively).
        name: String,
        /// The value, empty if none was given.
        value: String,
    },
    /// `uainewgame` or `uginewgame`.
    NewGame,
    /// `position startpos|fen <text> [moves m…]`.
    Position {
        /// The position text; `None` for `startpos`.
        setup: Option<String>,
        /// The words after `moves`; a move may span several words (see
        /// [`crate::play_words`]).
        moves: Vec<String>,
    },
    /// `go …` with arguments that all read.
    Go(Go),
    /// A `go` whose arguments do not all read: answered with `info string`
    /// and `bestmove 0000` (after `stop` if it asked for `infinite`).
    BadGo {
        /// What is wrong, every problem named.
        problem: String,
        /// Whether it asked for an infinite search.
        infinite: bool,
    },
    /// A `position` that does not read (`position`, `position fen`): the
    /// engine then has no position of the host's, so `go` searches nothing
    /// until the next good `position` or new game.
    BadPosition(String),
    /// `stop`: end the search and answer `bestmove`.
    Stop,
    /// `quit`: end the conversation.
    Quit,
    /// `query p1turn|gameover|result` (UGI).
    Query(Query),
    /// `d`: show the board (as `info string` lines).
    Display,
    /// A protocol command this engine has no use for (`debug`, `register`,
    /// `ponderhit`), or an empty line.
    Ignored,
    /// A command this engine does not know (the first word).
    Unknown(String),
    /// A known command whose arguments cannot be read; says what is wrong.
    Malformed(String),
}

/// The search limits of a `go` command. A `go` with an argument that
/// cannot be read is [`Command::BadGo`] instead: it starts no search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// The limits to search with.
    pub limits: Limits,
    /// The words after `searchmoves` (up to the next keyword): the only
    /// moves the search may choose; empty for every legal move. A move may
    /// span several words, as in `position … moves`.
    pub searchmoves: Vec<String>,
}

/// What a UGI `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Is P1 to move? (`true`/`false`)
    P1Turn,
    /// Is the game over? (`true`/`false`)
    GameOver,
    /// The result: `p1win`, `p2win`, `draw` or `none`.
    Result,
}

impl Command {
    /// Reads one line from the host.
    #[must_use]
    pub fn parse(line: &str) -> Command {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word.to_ascii_lowercase().as_str() {
            "" | "debug" | "register" | "ponderhit" => Command::Ignored,
            "uai" => Command::Hello(Dialect::Uai),
            "ugi" => Command::Hello(Dialect::Ugi),
            "isready" => Command::IsReady,
            "uainewgame" | "uginewgame" => Command::NewGame,
            "setoption" => set_option(rest),
            "position" => position(rest),
            "go" => go(rest),
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            "query" => query(rest),
            "d" => Command::Display,
            _ => Command::Unknown(word.to_owned()),
        }
    }
}

/// Splits `text` at the first whitespace-separated word equal to `keyword`
/// (ignoring case): the text before and after it, trimmed.
pub(crate) fn split_at_word<'t>(text: &'t str, keyword: &str) -> Option<(&'t str, &'t str)> {
    let mut at = 0;
    for word in text.split(|c: char| c.is_ascii_whitespace()) {
        if word.eq_ignore_ascii_case(keyword) {
            return Some((text[..at].trim(), text[at + word.len()..].trim()));
        }
        at += word.len() + 1;
    }
    None
}

fn set_option(rest: &str) -> Command {
    let Some(("", named)) = split_at_word(rest, "name") else {
        return Command::Malformed("setoption: expected 'setoption name <name> value <value>'".into());
    };
    let (name, value) = split_at_word(named, "value").unwrap_or((named, ""));
    if name.is_empty() {
        return Command::Malformed("setoption: the option name is missing".into());
    }
    Command::SetOption { name: name.to_owned(), value: value.to_owned() }
}

fn position(rest: &str) -> Command {
    let (setup, moves) = split_at_word(rest, "moves").unwrap_or((rest, ""));
    let moves = moves.split_whitespace().map(str::to_owned).collect();
    let (first, text) = setup.split_once(char::is_whitespace).unwrap_or((setup, ""));
    let setup = match first.to_ascii_lowercase().as_str() {
        "" => return Command::BadPosition("position: expected 'startpos' or 'fen <position>'".into()),
        "startpos" if text.trim().is_empty() => None,
        "startpos" => {
            return Command::BadPosition(format!("position: unexpected '{}' after startpos", text.trim()));
        }
        "fen" if text.trim().is_empty() => {
            return Command::BadPosition("position: 'fen' needs the position text".into());
        }
        "fen" => Some(text.trim().to_owned()),
        _ => Some(setup.to_owned()),
    };
    Command::Position { setup, moves }
}

/// The `go` keywords of the clock, in both dialects, each followed by
/// milliseconds (which may be negative: hosts send that when the clock ran
/// over; it counts as zero).
const CLOCK_WORDS: [&str; 8] = ["btime", "p1time", "wtime", "p2time", "binc", "p1inc", "winc", "p2inc"];

/// The other `go` keywords that are followed by a number.
const LIMIT_WORDS: [&str; 4] = ["movestogo", "movetime", "depth", "nodes"];

/// Whether `word` is a keyword of `go` (any case).
fn is_go_keyword(word: &str) -> bool {
    let key = word.to_ascii_lowercase();
    ["infinite", "ponder", "searchmoves"].contains(&key.as_str())
        || CLOCK_WORDS.contains(&key.as_str())
        || LIMIT_WORDS.contains(&key.as_str())
}

/// Reads the arguments of `go`; a word it does not know or a number it
/// cannot read makes the whole command a [`Command::BadGo`] (every problem
/// named), so that no search starts on limits the host did not mean.
fn go(rest: &str) -> Command {
    let mut go = Go::default();
    let mut clock = Clock::default();
    let mut has_clock = false;
    let mut problems = Vec::new();
    let mut words = rest.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let key = word.to_ascii_lowercase();
        match key.as_str() {
            "infinite" => go.limits.infinite = true,
            "ponder" => {}
            "searchmoves" => {
                let before = go.searchmoves.len();
                while let Some(mv) = words.next_if(|word| !is_go_keyword(word)) {
                    go.searchmoves.push(mv.to_owned());
                }
                if go.searchmoves.len() == before {
                    problems.push("'searchmoves' needs moves".to_owned());
                }
            }
            key if CLOCK_WORDS.contains(&key) || LIMIT_WORDS.contains(&key) => {
                let Some(value) = words.next() else {
                    problems.push(format!("'{key}' needs a number"));
                    continue;
                };
                if let Err(problem) = go_number(&mut go.limits, &mut clock, key, value) {
                    problems.push(problem);
                } else if CLOCK_WORDS.contains(&key) {
                    has_clock = true;
                }
            }
            _ => problems.push(format!("unknown argument '{word}'")),
        }
    }
    if !problems.is_empty() {
        let infinite = rest.split_whitespace().any(|word| word.eq_ignore_ascii_case("infinite"));
        return Command::BadGo {
            problem: format!("go: {}; no search started", problems.join("; ")),
            infinite,
        };
    }
    if has_clock {
        go.limits.clock = Some(clock);
    }
    Command::Go(go)
}

/// Sets the limit of `go`'s keyword `key` (one of [`CLOCK_WORDS`] and
/// [`LIMIT_WORDS`]) from `value`, or says why `value` does not do.
fn go_number(limits: &mut Limits, clock: &mut Clock, key: &str, value: &str) -> Result<(), String> {
    let bad = |what: &str| format!("'{key}' needs {what}, not '{value}'");
    let count = |what: &str| value.parse::<u64>().map_err(|_| bad(what));
    match key {
        "movestogo" => {
            let moves = u32::try_from(count("a number of moves")?).map_err(|_| bad("a number of moves"))?;
            clock.moves_to_go = (moves > 0).then_some(moves);
        }
        "movetime" => limits.movetime = Some(Duration::from_millis(count("a time in milliseconds")?)),
        "depth" => {
            limits.depth =
                Some(u32::try_from(count("a depth in plies")?).map_err(|_| bad("a depth in plies"))?);
        }
        "nodes" => limits.nodes = Some(count("a number of nodes")?),
        _ => {
            let ms = value.parse::<i64>().map_err(|_| bad("a time in milliseconds"))?;
            let ms = Duration::from_millis(ms.max(0).unsigned_abs());
            let side = usize::from(matches!(key, "wtime" | "p2time" | "winc" | "p2inc"));
            if key.ends_with("inc") {
                clock.increment[side] = ms;
            } else {
                clock.time[side] = ms;
            }
        }
    }
    Ok(())
}

fn query(rest: &str) -> Command {
    match rest.to_ascii_lowercase().as_str() {
        "p1turn" => Command::Query(Query::P1Turn),
        "gameover" => Command::Query(Query::GameOver),
        "result" => Command::Query(Query::Result),
        _ => Command::Malformed(format!("query: unknown question '{rest}' (p1turn, gameover, result)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn reads_the_handshake_commands() {
        assert_eq!(Command::parse("uai"), Command::Hello(Dialect::Uai));
        assert_eq!(Command::parse("  ugi  "), Command::Hello(Dialect::Ugi));
        assert_eq!(Command::parse("isready"), Command::IsReady);
        assert_eq!(Command::parse("uainewgame"), Command::NewGame);
        assert_eq!(Command::parse("uginewgame"), Command::NewGame);
        assert_eq!(Command::parse("QUIT"), Command::Quit);
        assert_eq!(Command::parse(""), Command::Ignored);
        assert_eq!(Command::parse("debug on"), Command::Ignored);
        assert_eq!(Command::parse("xyzzy 1 2"), Command::Unknown("xyzzy".into()));
    }

    #[test]
    fn reads_setoption_with_spaces_in_name_and_value() {
        assert_eq!(
            Command::parse("setoption name Hash value 64"),
            Command::SetOption { name: "Hash".into(), value: "64".into() }
        );
        assert_eq!(
            Command::parse("setoption name Move Overhead VALUE a  b"),
            Command::SetOption { name: "Move Overhead".into(), value: "a  b".into() }
        );
        assert_eq!(
            Command::parse("setoption name Clear Hash"),
            Command::SetOption { name: "Clear Hash".into(), value: String::new() }
        );
        assert!(matches!(Command::parse("setoption Hash 64"), Command::Malformed(_)));
        assert!(matches!(Command::parse("setoption name value 3"), Command::Malformed(_)));
    }

    #[test]
    fn reads_positions() {
        assert_eq!(Command::parse("position startpos"), Command::Position { setup: None, moves: vec![] });
        assert_eq!(
            Command::parse("position fen x5o/7/7/7/7/7/o5x x 0 1 moves f2 0000"),
            Command::Position {
                setup: Some("x5o/7/7/7/7/7/o5x x 0 1".into()),
                moves: vec!["f2".into(), "0000".into()]
            }
        );
        assert_eq!(
            Command::parse("position x5o/7/7/7/7/7/o5x o"),
            Command::Position { setup: Some("x5o/7/7/7/7/7/o5x o".into()), moves: vec![] }
        );
        for bad in ["position", "position fen", "position fen moves a1", "position startpos f2"] {
            assert!(matches!(Command::parse(bad), Command::BadPosition(_)), "{bad}");
        }
    }

    #[test]
    fn reads_uai_clocks_with_b_as_p1() {
        let Command::Go(go) = Command::parse("go wtime 2000 btime 1000 winc 20 binc 10 movestogo 5") else {
            panic!("not a go");
        };
        let clock = go.limits.clock.unwrap();
        assert_eq!(clock.time, [ms(1000), ms(2000)]);
        assert_eq!(clock.increment, [ms(10), ms(20)]);
        assert_eq!(clock.moves_to_go, Some(5));
    }

    #[test]
    fn reads_ugi_clocks_and_other_limits() {
        let Command::Go(go) = Command::parse("go p1time 300 p2time -50 p1inc 1 p2inc 2") else {
            panic!("not a go");
        };
        assert_eq!(go.limits.clock.unwrap().time, [ms(300), ms(0)]);
        let Command::Go(go) = Command::parse("go movetime 20 depth 3 nodes 1000") else { panic!() };
        assert_eq!(
            go.limits,
            Limits { movetime: Some(ms(20)), depth: Some(3), nodes: Some(1000), ..Limits::default() }
        );
        let Command::Go(go) = Command::parse("go infinite") else { panic!() };
        assert!(go.limits.infinite);
    }

    /// The message of a `go` that does not read, or a panic naming what
    /// it read.
    fn malformed(line: &str) -> String {
        match Command::parse(line) {
            Command::BadGo { problem, .. } => problem,
            other => panic!("'{line}' reads as {other:?}"),
        }
    }

    #[test]
    fn a_go_with_an_unreadable_argument_is_malformed_and_says_why() {
        assert_eq!(
            malformed("go movetime abc"),
            "go: 'movetime' needs a time in milliseconds, not 'abc'; no search started"
        );
        assert_eq!(
            malformed("go depth x movetime mate a1 nodes"),
            "go: 'depth' needs a depth in plies, not 'x'; 'movetime' needs a time in milliseconds, not \
             'mate'; unknown argument 'a1'; 'nodes' needs a number; no search started"
        );
        for (line, problem) in [
            ("go wtime", "'wtime' needs a number"),
            ("go btime 1e3", "'btime' needs a time in milliseconds, not '1e3'"),
            ("go winc 2.5", "'winc' needs a time in milliseconds, not '2.5'"),
            ("go binc ten", "'binc' needs a time in milliseconds, not 'ten'"),
            ("go p1time", "'p1time' needs a number"),
            ("go p2time x", "'p2time' needs a time in milliseconds, not 'x'"),
            ("go p1inc +", "'p1inc' needs a time in milliseconds, not '+'"),
            (
                "go p2inc 99999999999999999999",
                "'p2inc' needs a time in milliseconds, not '99999999999999999999'",
            ),
            ("go movestogo -1", "'movestogo' needs a number of moves, not '-1'"),
            ("go movestogo 5000000000", "'movestogo' needs a number of moves, not '5000000000'"),
            ("go depth -3", "'depth' needs a depth in plies, not '-3'"),
            ("go depth 4294967296", "'depth' needs a depth in plies, not '4294967296'"),
            ("go nodes 1e9", "'nodes' needs a number of nodes, not '1e9'"),
            ("go movetime -5", "'movetime' needs a time in milliseconds, not '-5'"),
            ("go infinite 5", "unknown argument '5'"),
            ("go searchmoves", "'searchmoves' needs moves"),
            ("go searchmoves depth 3", "'searchmoves' needs moves"),
            ("go mate 3", "unknown argument 'mate'; unknown argument '3'"),
        ] {
            assert_eq!(malformed(line), format!("go: {problem}; no search started"), "{line}");
        }
    }

    #[test]
    fn a_go_reads_every_keyword_in_any_case() {
        let Command::Go(go) = Command::parse("go WTIME 5 Btime 6 winc 1 BINC 2 MovesToGo 3 ponder") else {
            panic!()
        };
        let clock = go.limits.clock.unwrap();
        assert_eq!(
            (clock.time, clock.increment, clock.moves_to_go),
            ([ms(6), ms(5)], [ms(2), ms(1)], Some(3))
        );
        let Command::Go(go) =
            Command::parse("go p1time 9 movestogo 0 nodes 18446744073709551615 depth 4294967295")
        else {
            panic!()
        };
        assert_eq!(go.limits.nodes, Some(u64::MAX));
        assert_eq!(go.limits.depth, Some(u32::MAX));
        assert_eq!(go.limits.clock.map(|c| c.moves_to_go), Some(None), "movestogo 0 is no count");
        let Command::Go(go) = Command::parse("go") else { panic!() };
        assert_eq!(go, Go::default());
    }

    #[test]
    fn reads_searchmoves_up_to_the_next_keyword() {
        let Command::Go(go) = Command::parse("go SearchMoves b6 take 2 f1 depth 3 searchmoves g7 infinite")
        else {
            panic!()
        };
        assert_eq!(go.searchmoves, ["b6", "take", "2", "f1", "g7"]);
        assert_eq!((go.limits.depth, go.limits.infinite), (Some(3), true));
    }

    #[test]
    fn a_bad_go_remembers_whether_it_was_infinite() {
        assert!(matches!(Command::parse("go infinite nodes"), Command::BadGo { infinite: true, .. }));
        assert!(matches!(Command::parse("go nodes"), Command::BadGo { infinite: false, .. }));
    }

    #[test]
    fn reads_queries() {
        assert_eq!(Command::parse("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(Command::parse("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(Command::parse("query result"), Command::Query(Query::Result));
        assert!(matches!(Command::parse("query"), Command::Malformed(_)));
        assert!(matches!(Command::parse("query weather"), Command::Malformed(_)));
    }
}

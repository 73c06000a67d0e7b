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
    /// `go …`.
    Go(Go),
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

/// The search limits of a `go` command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// The limits to search with.
    pub limits: Limits,
    /// Parts of the command that were not understood and were ignored.
    pub warnings: Vec<String>,
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
            "go" => Command::Go(go(rest)),
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
        "" => return Command::Malformed("position: expected 'startpos' or 'fen <position>'".into()),
        "startpos" if text.trim().is_empty() => None,
        "startpos" => {
            return Command::Malformed(format!("position: unexpected '{}' after startpos", text.trim()));
        }
        "fen" if text.trim().is_empty() => {
            return Command::Malformed("position: 'fen' needs the position text".into());
        }
        "fen" => Some(text.trim().to_owned()),
        _ => Some(setup.to_owned()),
    };
    Command::Position { setup, moves }
}

fn go(rest: &str) -> Go {
    let mut go = Go::default();
    let mut clock = Clock::default();
    let mut has_clock = false;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let key = word.to_ascii_lowercase();
        match key.as_str() {
            "infinite" => go.limits.infinite = true,
            "ponder" => {}
            "btime" | "p1time" | "wtime" | "p2time" | "binc" | "p1inc" | "winc" | "p2inc" => {
                if let Some(ms) = number::<i64>(&key, words.next(), &mut go.warnings) {
                    let ms = Duration::from_millis(ms.max(0).unsigned_abs());
                    let side = usize::from(matches!(key.as_str(), "wtime" | "p2time" | "winc" | "p2inc"));
                    if key.ends_with("inc") {
                        clock.increment[side] = ms;
                    } else {
                        clock.time[side] = ms;
                    }
                    has_clock = true;
                }
            }
            "movestogo" => {
                clock.moves_to_go = number::<u32>(&key, words.next(), &mut go.warnings).filter(|&n| n > 0);
            }
            "movetime" => {
                go.limits.movetime =
                    number::<u64>(&key, words.next(), &mut go.warnings).map(Duration::from_millis);
            }
            "depth" => go.limits.depth = number(&key, words.next(), &mut go.warnings),
            "nodes" => go.limits.nodes = number(&key, words.next(), &mut go.warnings),
            _ => go.warnings.push(format!("go: ignored '{word}'")),
        }
    }
    if has_clock {
        go.limits.clock = Some(clock);
    }
    go
}

fn number<T: std::str::FromStr>(key: &str, value: Option<&str>, warnings: &mut Vec<String>) -> Option<T> {
    match value {
        None => warnings.push(format!("go: '{key}' needs a number")),
        Some(text) => match text.parse() {
            Ok(value) => return Some(value),
            Err(_) => warnings.push(format!("go: '{key}' needs a number, not '{text}'")),
        },
    }
    None
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
        assert!(matches!(Command::parse("position"), Command::Malformed(_)));
        assert!(matches!(Command::parse("position fen"), Command::Malformed(_)));
        assert!(matches!(Command::parse("position fen moves a1"), Command::Malformed(_)));
        assert!(matches!(Command::parse("position startpos f2"), Command::Malformed(_)));
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
        assert!(go.warnings.is_empty());
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

    #[test]
    fn go_ignores_what_it_cannot_read_and_says_so() {
        let Command::Go(go) = Command::parse("go depth x movetime searchmoves a1 nodes") else { panic!() };
        assert_eq!(go.limits, Limits::default());
        assert_eq!(
            go.warnings,
            [
                "go: 'depth' needs a number, not 'x'",
                "go: 'movetime' needs a number, not 'searchmoves'",
                "go: ignored 'a1'",
                "go: 'nodes' needs a number",
            ]
        );
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

//! The game-record format shared by all games.
//!
//! A record is a list of tag pairs followed by the moves in the game's own
//! move text, PGN-style:
//!
//! ```text
//! [Game "ataxx"]
//! [Rules "seed"]
//! [Setup "x5o/7/7/7/7/7/o5x x 0 1"]
//! [Result "1-0"]
//! [Termination "no-stones"]
//!
//! 1. f2 b6 2. g1e3 0000 1-0
//! ```
//!
//! Tag names are words (no whitespace, `]` or `"`); tag values are quoted
//! and escape `\` and `"` with a backslash. In the move text, move numbers
//! (`12.`, `12...`, also glued to a move as in `1.a1b2`) are ignored, `{…}`
//! is a comment, and a move is written in double quotes (escaped like a tag
//! value) when it could be read otherwise: when it is empty, holds
//! whitespace, `"`, `{` or `\`, starts with `[`, looks like a move number
//! or is a result token. A result token (`1-0`, `0-1`, `1/2-1/2`, `*`) ends
//! the record; a decisive or drawn one stands for the `Result` tag if there
//! is none (`*` says nothing). The result written is the `Result` tag's
//! value if that is a result token, else `*`. Several records may follow
//! each other in one text.
//!
//! Move numbers count the first player's moves: `3.` stands before a move
//! of the first player, and the second player's answer follows without a
//! number. Where the players do not simply alternate — a game whose
//! position has the second player to move, Amakta's setup, where the first
//! player assigns every circle before the second chooses a colour — a move
//! of the first player after their own move gets the next number, and a
//! move of the second player that answers no move of the first gets a
//! number with three dots (`4...`): `1. circle 2. circle 3. circle
//! colour 4... e5 5. d4 …`. Reading, the numbers tell who made each move
//! ([`Record::movers`]).

use crate::{GameError, Player, Text, text};
use std::fmt::Write as _;

/// One game record: tags and moves. [`Record::to_text`] and
/// [`Record::parse`] round-trip any record whose tag names are words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Tag pairs in order (`("Game", "ataxx")`).
    pub tags: Vec<(String, String)>,
    /// The moves, in the game's move text.
    pub moves: Vec<String>,
    /// Who made each move, when the players did not simply alternate from
    /// the first player; empty when they did (see [`Record::set_movers`]).
    /// Written and read as the move numbers.
    pub movers: Vec<Player>,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Record {
    /// The tag name used for a game option (`rules` → `Rules`).
    #[must_use]
    pub fn tag_name(option: &str) -> String {
        let mut chars = option.chars();
        chars.next().map_or_else(String::new, |first| first.to_ascii_uppercase().to_string() + chars.as_str())
    }

    /// The tag of game option `option` in a record: its words (split at
    /// `-`) capitalised and joined (`rules` → `Rules`, `arrow-cap` →
    /// `ArrowCap`), and the ply limit `PlyLimit` in every game, as the
    /// command line (`--ply-limit`) and the engine protocols name it.
    #[must_use]
    pub fn option_tag(option: &str) -> String {
        match option {
            "plylimit" => "PlyLimit".to_owned(),
            _ => option.split('-').map(Record::tag_name).collect(),
        }
    }

    /// The value of game option `option` in the record: under its tag
    /// ([`Record::option_tag`]) or, in records written before, under
    /// [`Record::tag_name`] (`Plylimit`, `Ply-limit`, `Arrow-cap`).
    #[must_use]
    pub fn option(&self, option: &str) -> Option<&str> {
        self.tag(&Record::option_tag(option)).or_else(|| self.tag(&Record::tag_name(option)))
    }

    /// The value of a tag (names compare case-insensitively).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of the same name.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k.eq_ignore_ascii_case(name)) {
            Some(tag) => tag.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// Sets who made each move (one player per move): kept only when the
    /// players did not simply alternate from the first player.
    pub fn set_movers(&mut self, movers: Vec<Player>) {
        self.movers = if movers == alternating(movers.len()) { Vec::new() } else { movers };
    }

    /// Who made each move: [`Record::movers`], or the players alternating
    /// from the first where it is empty or does not fit the moves.
    fn mover_list(&self) -> Vec<Player> {
        if self.movers.len() == self.moves.len() {
            self.movers.clone()
        } else {
            alternating(self.moves.len())
        }
    }

    /// The record as text; [`Record::parse`] reads it back unchanged.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (name, value) in &self.tags {
            let _ = writeln!(text, "[{name} {}]", quoted(value));
        }
        text.push('\n');
        let mut line = String::new();
        let mut number = 0;
        let mut previous = None;
        for (mv, mover) in self.moves.iter().zip(self.mover_list()) {
            let mut token = String::new();
            match (mover, previous) {
                (Player::P1, _) => {
                    number += 1;
                    let _ = write!(token, "{number}. ");
                }
                (Player::P2, Some(Player::P1)) => {}
                (Player::P2, _) => {
                    number += 1;
                    let _ = write!(token, "{number}... ");
                }
            }
            previous = Some(mover);
            if reads_as_one_move(mv) {
                token.push_str(mv);
            } else {
                token.push_str(&quoted(mv));
            }
            if !line.is_empty() && line.len() + token.len() + 1 > 80 {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        let result = self.tag("Result").filter(|result| RESULTS.contains(result)).unwrap_or("*");
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(result);
        text.push_str(&line);
        text.push('\n');
        text
    }

    /// Reads exactly one record.
    pub fn parse(text: &str) -> Result<Record, GameError> {
        let mut records = Record::parse_all(text)?;
        match records.len() {
            1 => Ok(records.remove(0)),
            0 => Err(GameError::InvalidRecord(text!(
                "the text holds no record",
                "der Text enthält keine Partie"
            ))),
            n => Err(GameError::InvalidRecord(text!(
                "the text holds {n} records, expected one",
                "der Text enthält {n} Partien, erwartet ist eine"
            ))),
        }
    }

    /// Reads every record of a text (e.g. a match's record file).
    pub fn parse_all(text: &str) -> Result<Vec<Record>, GameError> {
        let mut reader = Reader { chars: text.chars().collect(), at: 0, line: 1 };
        let mut records = Vec::new();
        loop {
            reader.skip_space();
            if reader.at >= reader.chars.len() {
                return Ok(records);
            }
            records.push(reader.record()?);
        }
    }
}

/// The players alternating from the first, for `count` moves.
fn alternating(count: usize) -> Vec<Player> {
    (0..count).map(|index| if index % 2 == 0 { Player::P1 } else { Player::P2 }).collect()
}

/// `text` in double quotes, with `\\` and `"` escaped.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Whether `mv`, written bare, reads back as this one move (and not as
/// several, a comment, a tag, a move number or a result).
fn reads_as_one_move(mv: &str) -> bool {
    let after_digits = mv.trim_start_matches(|c: char| c.is_ascii_digit());
    let move_number = after_digits.len() < mv.len() && after_digits.starts_with('.');
    !mv.is_empty()
        && !mv.contains(|c: char| c.is_whitespace() || matches!(c, '"' | '{' | '\\'))
        && !mv.starts_with('[')
        && !move_number
        && !RESULTS.contains(&mv)
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn error(&self, what: Text) -> GameError {
        let line = self.line;
        GameError::InvalidRecord(what.prefixed(&text!("line {line}: ", "Zeile {line}: ")))
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn record(&mut self) -> Result<Record, GameError> {
        let mut record = Record::default();
        loop {
            self.skip_space();
            if self.peek() != Some('[') {
                break;
            }
            self.bump();
            let name = self.take_while(|c| !c.is_whitespace() && c != ']' && c != '"');
            if name.is_empty() {
                return Err(self.error(text!("a tag without a name", "ein Tag ohne Namen")));
            }
            self.skip_space();
            let value = self.quoted().map_err(|_| {
                self.error(text!(
                    "tag [{name}] needs a quoted value",
                    "Tag [{name}] braucht einen Wert in Anführungszeichen"
                ))
            })?;
            self.skip_space();
            if self.bump() != Some(']') {
                return Err(self.error(text!(
                    "tag [{name}] is not closed with ']'",
                    "Tag [{name}] ist nicht mit ']' geschlossen"
                )));
            }
            record.tags.push((name, value));
        }
        // Who made the next move, as its move number says; else the other
        // player of the move before (the first player at the start).
        // `record.movers` lists every move's mover until the record ends.
        let mut numbered: Option<Player> = None;
        let push = |record: &mut Record, mv: String, numbered: &mut Option<Player>| {
            let mover =
                numbered.take().unwrap_or_else(|| record.movers.last().map_or(Player::P1, |p| p.other()));
            record.movers.push(mover);
            record.moves.push(mv);
        };
        let finished = |mut record: Record| {
            let movers = std::mem::take(&mut record.movers);
            record.set_movers(movers);
            record
        };
        loop {
            self.skip_space();
            match self.peek() {
                None => return Ok(finished(record)),
                Some('[') => {
                    return Err(self.error(text!(
                        "a tag after the moves; is a result token ('*') missing?",
                        "ein Tag nach den Zügen; fehlt ein Ergebnis ('*')?"
                    )));
                }
                Some('{') => {
                    self.bump();
                    if !self.skip_comment() {
                        return Err(self.error(text!(
                            "a comment '{{' without its closing '}}'",
                            "ein Kommentar '{{' ohne schließende '}}'"
                        )));
                    }
                }
                Some('"') => {
                    let mv = self.quoted()?;
                    push(&mut record, mv, &mut numbered);
                }
                Some(_) => {
                    let token = self.take_while(|c| !c.is_whitespace() && c != '{' && c != '"');
                    if RESULTS.contains(&token.as_str()) {
                        if token != "*" && record.tag("Result").is_none() {
                            record.set_tag("Result", &token);
                        }
                        return Ok(finished(record));
                    }
                    let mv = token.trim_start_matches(|c: char| c.is_ascii_digit());
                    let mv = if mv.len() < token.len() && mv.starts_with('.') {
                        let after = mv.trim_start_matches('.');
                        numbered = Some(if mv.len() - after.len() >= 3 { Player::P2 } else { Player::P1 });
                        after
                    } else {
                        token.as_str()
                    };
                    if !mv.is_empty() {
                        push(&mut record, mv.to_owned(), &mut numbered);
                    }
                }
            }
        }
    }

    /// Skips a comment's text up to and with its `}`; false when the text
    /// ends first (an unterminated comment would swallow the rest).
    fn skip_comment(&mut self) -> bool {
        while let Some(c) = self.bump() {
            if c == '}' {
                return true;
            }
        }
        false
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|&c| keep(c)) {
            out.push(c);
            self.bump();
        }
        out
    }

    fn quoted(&mut self) -> Result<String, GameError> {
        if self.bump() != Some('"') {
            return Err(self.error(text!("expected '\"'", "'\"' erwartet")));
        }
        let mut out = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(
                        self.error(text!("unterminated quoted text", "Text in Anführungszeichen ohne Ende"))
                    );
                }
                Some('"') => return Ok(out),
                Some('\\') => match self.bump() {
                    Some(c) => out.push(c),
                    None => {
                        return Err(self.error(text!(
                            "unterminated quoted text",
                            "Text in Anführungszeichen ohne Ende"
                        )));
                    }
                },
                Some(c) => out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_tags_are_the_documented_names_and_old_tags_still_read() {
        assert_eq!(Record::option_tag("plylimit"), "PlyLimit");
        assert_eq!(Record::option_tag("ply-limit"), "PlyLimit");
        assert_eq!(Record::option_tag("arrow-cap"), "ArrowCap");
        assert_eq!(Record::option_tag("rules"), "Rules");
        // Abalone's and Die Formation's `plylimit` was `Plylimit`, Amakta
        // Infinit's `ply-limit` was `Ply-limit`.
        for (old, option) in [("Plylimit", "plylimit"), ("Ply-limit", "ply-limit")] {
            let record = Record { tags: vec![(old.to_owned(), "7".to_owned())], ..Record::default() };
            assert_eq!(record.option(option), Some("7"), "{old}");
        }
        let record = Record { tags: vec![("Arrow-cap".to_owned(), "4".to_owned())], ..Record::default() };
        assert_eq!(record.option("arrow-cap"), Some("4"));
    }

    #[test]
    fn numbers_tell_who_moved_when_players_do_not_alternate() {
        let mut record = Record {
            moves: ["c1", "c2", "c3", "white", "e5", "d4", "e6", "e7"].map(String::from).to_vec(),
            ..Record::default()
        };
        let (p1, p2) = (Player::P1, Player::P2);
        record.set_movers(vec![p1, p1, p1, p2, p2, p1, p2, p2]);
        let text = record.to_text();
        assert_eq!(text, "\n1. c1 2. c2 3. c3 white 4... e5 5. d4 e6 6... e7 *\n");
        assert_eq!(Record::parse(&text).unwrap(), record);
        record.set_movers(vec![p2, p1, p2]);
        record.moves.truncate(3);
        assert_eq!(record.to_text(), "\n1... c1 2. c2 c3 *\n", "the second player moves first");
        record.set_movers(vec![p1, p2, p1]);
        assert!(record.movers.is_empty(), "alternating from the first player is the default");
        assert_eq!(record.to_text(), "\n1. c1 c2 2. c3 *\n");
    }

    fn sample() -> Record {
        Record {
            tags: vec![
                ("Game".into(), "amakta".into()),
                ("Setup".into(), "a \"quoted\" \\ text".into()),
                ("Result".into(), "0-1".into()),
            ],
            moves: vec!["place 100000 e1 001000".into(), "pass".into(), "g1e3".into()],
            movers: Vec::new(),
        }
    }

    #[test]
    fn round_trips_tags_and_moves_with_spaces() {
        let record = sample();
        let text = record.to_text();
        assert_eq!(Record::parse(&text).unwrap(), record);
    }

    #[test]
    fn long_games_wrap_and_read_back() {
        let mut record = sample();
        record.moves = (0..200).map(|i| format!("m{i}")).collect();
        let text = record.to_text();
        assert!(text.lines().all(|l| l.len() <= 80 || l.starts_with('[')));
        assert_eq!(Record::parse(&text).unwrap(), record);
    }

    #[test]
    fn refuses_an_unterminated_comment() {
        let error =
            Record::parse("[Game \"ataxx\"]\n1. f2 {a comment that never ends 2. g1e3 *").unwrap_err();
        let text = error.text();
        assert!(text.en.contains("comment '{' without its closing '}'"), "{text:?}");
        assert!(text.de.contains("Kommentar"), "{text:?}");
        assert!(Record::parse("1. f2 {closed} *").is_ok());
        assert!(Record::parse("1. f2 {").is_err());
    }

    #[test]
    fn reads_move_numbers_glued_to_moves_and_comments() {
        let record = Record::parse("[Game \"abalone\"]\n1.a1b2 i5h5 {a comment} 2...c3c4 *").unwrap();
        assert_eq!(record.moves, ["a1b2", "i5h5", "c3c4"]);
        assert_eq!(record.tag("game"), Some("abalone"));
    }

    #[test]
    fn reads_several_records() {
        let text = format!("{}\n{}", sample().to_text(), sample().to_text());
        assert_eq!(Record::parse_all(&text).unwrap().len(), 2);
        assert!(Record::parse(&text).is_err());
    }

    #[test]
    fn quotes_and_escapes_moves_that_would_read_otherwise() {
        let record = Record {
            tags: vec![("Result".into(), "draw".into()), ("Note".into(), "1-0 \"x\" \\".into())],
            moves: ["a\"b c", "back\\slash", "*", "1-0", "1/2-1/2", "0-1", "1.", "12...e4", "[x", "{c}", ""]
                .map(String::from)
                .to_vec(),
            movers: Vec::new(),
        };
        let text = record.to_text();
        assert!(text.ends_with(" *\n"), "{text}");
        assert_eq!(Record::parse(&text).unwrap(), record);
    }

    #[test]
    fn an_open_result_adds_no_tag() {
        let record = Record { tags: vec![], moves: vec!["a1".into()], movers: Vec::new() };
        assert_eq!(record.to_text(), "\n1. a1 *\n");
        assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
        assert_eq!(Record::parse("1. a1 1-0").unwrap().tag("Result"), Some("1-0"));
    }

    #[test]
    fn rejects_broken_tags_with_line_numbers() {
        let error = Record::parse("[Game \"ataxx\"]\n[Setup x]").unwrap_err();
        assert_eq!(error.to_string(), "invalid record: line 2: tag [Setup] needs a quoted value");
        assert!(Record::parse("[Game \"ataxx\"").is_err());
        assert!(Record::parse("[Game \"ataxx]").is_err());
    }
}

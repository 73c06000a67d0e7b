//! The UGI (and UAI) conversation: Spielwerk's rules keep the game, and the
//! engine-side program searches the position it is told.

use crate::engine::{self, Engine};
use abalone::{Layout, Position};
use game::{Game, GameResult, Player};
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// Milliseconds kept back from a fixed move time for process and pipe
/// latency and the translation.
const MOVETIME_MARGIN_MS: u64 = 10;

/// Milliseconds kept back from a clock.
const CLOCK_MARGIN_MS: u64 = 30;

/// The search time without any limit in `go` (`go infinite` included,
/// which this driver does not support as such).
const DEFAULT_TIME_MS: u64 = 1000;

/// The driver's state between commands.
pub struct Driver {
    engine: Engine,
    /// What `ugi` answers as the program's name.
    name: String,
    /// Milliseconds the engine may run past its budget (see the README).
    overshoot_ms: u64,
    game: Result<Position, String>,
    out: io::Stdout,
}

impl Driver {
    /// A driver at the standard start position, around `engine`.
    pub fn new(engine: Engine, overshoot_ms: u64) -> Driver {
        let name = format!("{} (UGI bridge)", engine.name);
        Driver { engine, name, overshoot_ms, game: Ok(Position::new(Layout::Standard)), out: io::stdout() }
    }

    fn say(&self, line: &str) {
        let mut out = self.out.lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    /// Reads commands from standard input until `quit` or its end.
    pub fn run(&mut self) {
        let stdin = io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if !self.command(line.trim()) {
                break;
            }
        }
    }

    /// Handles one command line; false after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match word {
            "ugi" | "uai" | "uci" => {
                self.say(&format!("id name {}", self.name));
                self.say("id author the engine's authors; UGI bridge for Spielwerk");
                self.say(&format!("{word}ok"));
            }
            "isready" => self.say("readyok"),
            "setoption" | "debug" | "register" | "ponderhit" | "stop" => {}
            "uginewgame" | "uainewgame" | "ucinewgame" => {
                self.game = Ok(Position::new(Layout::Standard));
                if let Err(error) = self.engine.new_game() {
                    self.say(&format!("info string new game: {error}"));
                }
            }
            "position" => {
                self.game = parse_position(&rest);
                if let Err(error) = &self.game {
                    let message = format!("info string position: {error}");
                    self.say(&message);
                }
            }
            "go" => self.go(&rest),
            "query" => self.query(&rest),
            "quit" => return false,
            _ => self.say(&format!("info string unknown command '{word}'")),
        }
        true
    }

    fn query(&mut self, rest: &[&str]) {
        let answer = match (&self.game, rest.first().copied()) {
            (Ok(position), Some("gameover")) => position.outcome().is_some().to_string(),
            (Ok(position), Some("p1turn")) => (position.side_to_move() == Player::P1).to_string(),
            (Ok(position), Some("result")) => match position.outcome().map(|o| o.result) {
                Some(GameResult::Win(Player::P1)) => "p1win".to_owned(),
                Some(GameResult::Win(Player::P2)) => "p2win".to_owned(),
                Some(GameResult::Draw) => "draw".to_owned(),
                None => "none".to_owned(),
            },
            (Err(_), _) => "none".to_owned(),
            (Ok(_), other) => {
                let message = format!("info string query: unknown question {}", other.unwrap_or(""));
                self.say(&message);
                return;
            }
        };
        self.say(&format!("response {answer}"));
    }

    fn go(&mut self, rest: &[&str]) {
        let position = match &self.game {
            Ok(position) => position.clone(),
            Err(error) => {
                let message = format!("info string go: no valid position ({error})");
                self.say(&message);
                self.say("bestmove 0000");
                return;
            }
        };
        let ms = match parse_go(rest, position.side_to_move(), self.overshoot_ms) {
            Ok(ms) => ms,
            Err(error) => {
                self.say(&format!("info string go: {error}"));
                self.say("bestmove 0000");
                return;
            }
        };
        let results = engine::spielwerk_results(&position);
        if results.is_empty() || position.outcome().is_some() {
            self.say("info string go: the game is over, no legal move");
            self.say("bestmove 0000");
            return;
        }
        let started = Instant::now();
        let found = self.engine.set_position(&position).and_then(|()| self.engine.go(ms));
        let elapsed = started.elapsed().as_millis();
        let chosen = match &found {
            Ok(found) => results.iter().find(|(after, _)| *after == found.after).map(|(_, mv)| *mv),
            Err(_) => None,
        };
        let mv = match (chosen, &found) {
            (Some(mv), Ok(found)) => {
                let text = position.format_move(mv);
                self.say(&format!(
                    "info depth {} score cp {} time {elapsed} pv {text}",
                    found.depth, found.score
                ));
                mv
            }
            _ => {
                let why = match &found {
                    Ok(found) => format!(
                        "the engine's move (to {:x}:{:x}) is not legal here",
                        found.after.0, found.after.1
                    ),
                    Err(error) => format!("the engine's search failed: {error}"),
                };
                self.say(&format!("info string {why}; playing the first legal move"));
                results[0].1
            }
        };
        let text = position.format_move(mv);
        self.say(&format!("bestmove {text}"));
    }
}

/// Reads `position startpos|fen TEXT [moves M…]` (the words after
/// `position`).
fn parse_position(words: &[&str]) -> Result<Position, String> {
    let split = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let (setup, moves) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
    let mut position = match setup.split_first() {
        Some((&"startpos", [])) => Position::new(Layout::Standard),
        Some((&"fen", text)) if !text.is_empty() => text
            .join(" ")
            .parse::<Position>()
            .map_err(|error| format!("cannot read '{}': {error}", text.join(" ")))?,
        _ => {
            return Err(format!("expected 'startpos' or 'fen TEXT', got '{}'", setup.join(" ")));
        }
    };
    for text in moves {
        let text = text.replace(game::MOVE_JOINER, " ");
        let mv = position.parse_move(&text).map_err(|error| format!("move '{text}': {error}"))?;
        position.play(mv);
    }
    Ok(position)
}

/// Reads the `go` words into a time budget in milliseconds for the side
/// `side`, shortened by the engine's possible overshoot.
fn parse_go(words: &[&str], side: Player, overshoot_ms: u64) -> Result<u64, String> {
    let mut movetime = None;
    let mut clock = [None::<u64>; 2];
    let mut increment = [0u64; 2];
    let mut moves_to_go = None;
    let mut index = 0;
    while index < words.len() {
        let word = words[index];
        let mut number = || -> Result<u64, String> {
            index += 1;
            let value = words.get(index).ok_or_else(|| format!("'{word}' without a value"))?;
            value
                .parse::<i64>()
                .map(|v| v.max(0) as u64)
                .map_err(|_| format!("'{word} {value}': not a number"))
        };
        match word {
            "movetime" => movetime = Some(number()?),
            "btime" | "p1time" => clock[0] = Some(number()?),
            "wtime" | "p2time" => clock[1] = Some(number()?),
            "binc" | "p1inc" => increment[0] = number()?,
            "winc" | "p2inc" => increment[1] = number()?,
            "movestogo" => moves_to_go = Some(number()?.max(1)),
            "depth" | "nodes" | "mate" => {
                let _ = number()?;
            }
            "searchmoves" => break,
            _ => {}
        }
        index += 1;
    }
    let shorten = |ms: u64| ms.saturating_sub(overshoot_ms.min(ms / 2)).max(1);
    if let Some(ms) = movetime {
        return Ok(shorten(ms.saturating_sub(MOVETIME_MARGIN_MS)));
    }
    let me = side.index();
    if let Some(left) = clock[me] {
        let usable = left.saturating_sub(CLOCK_MARGIN_MS);
        let share = usable / moves_to_go.unwrap_or(30) + increment[me] * 3 / 4;
        return Ok(shorten(share.min(usable / 4)));
    }
    Ok(DEFAULT_TIME_MS)
}

#[cfg(test)]
mod tests {
    use super::{DEFAULT_TIME_MS, MOVETIME_MARGIN_MS, parse_go, parse_position};
    use game::Player;

    #[test]
    fn a_move_time_is_shortened_by_the_margin_and_the_overshoot() {
        assert_eq!(parse_go(&["movetime", "200"], Player::P1, 0), Ok(200 - MOVETIME_MARGIN_MS));
        assert_eq!(parse_go(&["movetime", "200"], Player::P1, 30), Ok(200 - MOVETIME_MARGIN_MS - 30));
        // The overshoot takes at most half of what is left.
        assert_eq!(parse_go(&["movetime", "30"], Player::P1, 100), Ok((30 - MOVETIME_MARGIN_MS) / 2));
        assert_eq!(parse_go(&[], Player::P1, 0), Ok(DEFAULT_TIME_MS));
        assert!(parse_go(&["movetime", "soon"], Player::P1, 0).is_err());
    }

    #[test]
    fn a_clock_gives_a_share_of_the_side_to_move_s_time() {
        let words = ["p1time", "60000", "p2time", "3000"];
        let black = parse_go(&words, Player::P1, 0).unwrap();
        let white = parse_go(&words, Player::P2, 0).unwrap();
        assert!(black > white, "{black} ms for Black with 60 s, {white} ms for White with 3 s");
    }

    #[test]
    fn positions_are_read_in_spielwerk_s_notation() {
        assert!(parse_position(&["startpos", "moves", "c5c6"]).is_ok());
        assert!(parse_position(&["startpos", "moves", "a1a2"]).is_err());
        assert!(parse_position(&["fen", "garbage"]).is_err());
        assert!(parse_position(&[]).is_err());
    }
}

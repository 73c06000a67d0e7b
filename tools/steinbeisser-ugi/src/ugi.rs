//! The UGI (and UAI) conversation: Spielwerk's rules keep the game, and
//! Steinbeisser searches the translated position.

use crate::translate;
use abalone::{Layout, Move, Position};
use game::{Game, GameResult, Player};
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// Steinbeisser's horizon of the game length: its search ends a game at turn
/// 350 by material. The driver gives it at most this turn index, so that a
/// long game never looks decided to it (Spielwerk's matches end games by
/// their own ply limits).
const MAX_TURN_INDEX: u32 = 300;

/// Milliseconds kept back from a fixed move time for process and pipe
/// latency and the translation.
const MOVETIME_MARGIN_MS: u64 = 5;

/// Milliseconds kept back from a clock.
const CLOCK_MARGIN_MS: u64 = 30;

/// How far Steinbeisser's search may run past its deadline at most: it
/// looks at the clock every 8192 nodes (about 20-30 ms on this machine), so
/// a budget is shortened by up to this much (by at most half of it).
const OVERSHOOT_MS: u64 = 30;

/// The search time without any limit in `go` (`go infinite` included,
/// which this driver does not support as such).
const DEFAULT_TIME_MS: u64 = 1000;

/// The game as the host set it up: Spielwerk's position, the moves played
/// since the start text, and Steinbeisser's positions before the current
/// one.
struct GameState {
    position: Position,
    moves: Vec<Move>,
    history: Vec<steinbeisser::Position>,
}

/// How long or deep a `go` searches.
enum Limit {
    Time(u64),
    Depth(u8),
}

/// The driver's state between commands.
pub struct Driver {
    game: Result<GameState, String>,
    out: io::Stdout,
}

impl Driver {
    /// A driver at the standard start position; loads the network.
    pub fn new() -> Driver {
        let mut driver = Driver { game: Ok(start_state(Position::new(Layout::Standard))), out: io::stdout() };
        driver.reset_search();
        driver
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
                self.say("id name Steinbeisser (steinbeisser-wasm be74032, UGI driver)");
                self.say("id author steinmann (engine), UGI driver for Spielwerk");
                self.say(&format!("{word}ok"));
            }
            "isready" => self.say("readyok"),
            "setoption" | "debug" | "register" | "ponderhit" | "stop" => {}
            "uginewgame" | "uainewgame" | "ucinewgame" => {
                self.game = Ok(start_state(Position::new(Layout::Standard)));
                self.reset_search();
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
            _ => {
                let message = format!("info string unknown command '{word}'");
                self.say(&message);
            }
        }
        true
    }

    /// A depth-1 search from the start with an empty history: Steinbeisser
    /// then starts a fresh search context (hash, history tables), as at the
    /// start of a game in its own front end. Also loads the network.
    fn reset_search(&mut self) {
        let start = translate::position_to_sb(&Position::new(Layout::Standard));
        let _ = steinbeisser::search::search_fixed_depth_with_turn(&start, &[], 0, 0, 1, None);
    }

    fn query(&mut self, rest: &[&str]) {
        let answer = match (&self.game, rest.first().copied()) {
            (Ok(state), Some("gameover")) => state.position.outcome().is_some().to_string(),
            (Ok(state), Some("p1turn")) => (state.position.side_to_move() == Player::P1).to_string(),
            (Ok(state), Some("result")) => match state.position.outcome().map(|o| o.result) {
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
        let state = match &self.game {
            Ok(state) => state,
            Err(error) => {
                let message = format!("info string go: no valid position ({error})");
                self.say(&message);
                self.say("bestmove 0000");
                return;
            }
        };
        let limit = match parse_go(rest, state.position.side_to_move()) {
            Ok(limit) => limit,
            Err(error) => {
                self.say(&format!("info string go: {error}"));
                self.say("bestmove 0000");
                return;
            }
        };
        let position = state.position.clone();
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        if legal.is_empty() {
            self.say("info string go: the game is over, no legal move");
            self.say("bestmove 0000");
            return;
        }
        let mut notes = Vec::new();
        if let Some(mismatch) = translate::ejection_mismatch(&position) {
            notes.push(format!("info string marble counts differ from ejections ({mismatch})"));
        }
        let sb_position = translate::position_to_sb(&position);
        let turn = position.plies().min(MAX_TURN_INDEX) as u16;
        let no_progress = position.plies_since_ejection().min(u32::from(u16::MAX)) as u16;
        let reverse = state.moves.len().checked_sub(2).and_then(|i| translate::reverse_of(state.moves[i]));
        let started = Instant::now();
        let result = match limit {
            Limit::Time(ms) => steinbeisser::search::search_timed_with_turn(
                &sb_position,
                &state.history,
                no_progress,
                turn,
                ms,
                reverse,
            ),
            Limit::Depth(depth) => steinbeisser::search::search_fixed_depth_with_turn(
                &sb_position,
                &state.history,
                no_progress,
                turn,
                depth,
                reverse,
            ),
        };
        let elapsed = started.elapsed().as_millis() as u64;
        let chosen = match &result {
            Ok(found) => found.best_move.and_then(|mv| translate::move_to_sw(&position, &mv)),
            Err(_) => None,
        };
        for note in notes {
            self.say(&note);
        }
        let mv = match (chosen, &result) {
            (Some(mv), Ok(found)) => {
                let text = position.format_move(mv);
                let nps = found.nodes.saturating_mul(1000) / elapsed.max(1);
                self.say(&format!(
                    "info depth {} score cp {} nodes {} nps {nps} time {elapsed} pv {text}",
                    found.depth, found.score, found.nodes
                ));
                mv
            }
            _ => {
                let why = match &result {
                    Ok(found) => format!(
                        "Steinbeisser's move {:?} is not legal here",
                        found.best_move.map(|m| m.to_string())
                    ),
                    Err(error) => format!("Steinbeisser's search failed: {error}"),
                };
                self.say(&format!("info string {why}; playing the first legal move"));
                legal[0]
            }
        };
        let text = position.format_move(mv);
        self.say(&format!("bestmove {text}"));
    }
}

/// The state of a game starting at `position`.
fn start_state(position: Position) -> GameState {
    GameState { position, moves: Vec::new(), history: Vec::new() }
}

/// Reads `position startpos|fen TEXT [moves M…]` (the words after
/// `position`).
fn parse_position(words: &[&str]) -> Result<GameState, String> {
    let split = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let (setup, moves) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
    let start = match setup.split_first() {
        Some((&"startpos", [])) => Position::new(Layout::Standard),
        Some((&"fen", text)) if !text.is_empty() => text
            .join(" ")
            .parse::<Position>()
            .map_err(|error| format!("cannot read '{}': {error}", text.join(" ")))?,
        _ => {
            return Err(format!("expected 'startpos' or 'fen TEXT', got '{}'", setup.join(" ")));
        }
    };
    let mut state = start_state(start);
    for text in moves {
        let text = text.replace(game::MOVE_JOINER, " ");
        let mv = state.position.parse_move(&text).map_err(|error| format!("move '{text}': {error}"))?;
        state.history.push(translate::position_to_sb(&state.position));
        state.position.play(mv);
        state.moves.push(mv);
    }
    Ok(state)
}

/// Reads the `go` words into a limit for the side `side`.
fn parse_go(words: &[&str], side: Player) -> Result<Limit, String> {
    let mut movetime = None;
    let mut depth = None;
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
            "depth" => depth = Some(number()?.clamp(1, 64) as u8),
            "btime" | "p1time" => clock[0] = Some(number()?),
            "wtime" | "p2time" => clock[1] = Some(number()?),
            "binc" | "p1inc" => increment[0] = number()?,
            "winc" | "p2inc" => increment[1] = number()?,
            "movestogo" => moves_to_go = Some(number()?.max(1)),
            "nodes" | "mate" => {
                let _ = number()?;
            }
            "searchmoves" => break,
            _ => {}
        }
        index += 1;
    }
    if let Some(depth) = depth {
        return Ok(Limit::Depth(depth));
    }
    if let Some(ms) = movetime {
        return Ok(Limit::Time(shorten(ms.saturating_sub(MOVETIME_MARGIN_MS))));
    }
    let me = side.index();
    if let Some(left) = clock[me] {
        let usable = left.saturating_sub(CLOCK_MARGIN_MS);
        let share = usable / moves_to_go.unwrap_or(30) + increment[me] * 3 / 4;
        return Ok(Limit::Time(shorten(share.min(usable / 4))));
    }
    Ok(Limit::Time(DEFAULT_TIME_MS))
}

/// A time budget less the search's possible overshoot (at most half of
/// it), at least 1 ms.
fn shorten(ms: u64) -> u64 {
    ms.saturating_sub(OVERSHOOT_MS.min(ms / 2)).max(1)
}

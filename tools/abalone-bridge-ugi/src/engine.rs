//! The board protocol: the engine-side program (a child process) is told
//! positions as marbles by Spielwerk's cell index and answers with the
//! positions its moves lead to.
//!
//! ```text
//! (child, once started)   ready NAME…
//! pos SIDE P1 P2 E1 E2    ok | error TEXT
//! moves                   moves P1:P2 P1:P2 …
//! go MS                   best P1:P2 DEPTH SCORE | none TEXT
//! new                     ok
//! quit
//! ```
//!
//! SIDE is 1 (Black, Spielwerk's P1) or 2; P1 and P2 are the marbles of
//! each side as hexadecimal bitboards (bit n = Spielwerk's cell index n,
//! `a1` = 0 … `i9` = 60); E1 and E2 are the marbles ejected by P1 and by
//! P2. A move is given as the marbles after it (Abalone's moves differ in
//! the marbles they leave, so this names a move exactly).

use abalone::Position;
use game::{Game, Player};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The marbles of both sides after a move: (P1's bitboard, P2's bitboard).
pub type Marbles = (u64, u64);

/// What `go` found.
pub struct Found {
    /// The marbles after the chosen move.
    pub after: Marbles,
    /// The depth the engine reached.
    pub depth: i64,
    /// The engine's score (its own scale).
    pub score: i64,
}

/// A running engine-side program.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The name the program gave in its `ready` line.
    pub name: String,
}

impl Engine {
    /// Starts `command` (words split at whitespace) and waits for `ready`.
    pub fn start(command: &str) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|error| format!("cannot start '{command}': {error}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = Engine { child, input, output, name: String::new() };
        let line = engine.read()?;
        match line.strip_prefix("ready") {
            Some(name) => engine.name = name.trim().to_owned(),
            None => return Err(format!("expected 'ready', got '{line}'")),
        }
        Ok(engine)
    }

    fn read(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err("the engine program ended".to_owned()),
            Ok(_) => Ok(line.trim().to_owned()),
            Err(error) => Err(format!("reading from the engine program: {error}")),
        }
    }

    fn ask(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|error| format!("writing to the engine program: {error}"))?;
        self.read()
    }

    /// The processor time the engine program has used so far, in
    /// milliseconds (all its threads; Linux only, in steps of the kernel's
    /// clock tick, 10 ms).
    pub fn cpu_ms(&self) -> Option<u64> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // The fields after the program's name in parentheses; utime and stime
        // are the 14th and 15th of the line.
        let after_name = &stat[stat.rfind(')')? + 2..];
        let fields: Vec<&str> = after_name.split_whitespace().collect();
        let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(ticks * 10)
    }

    /// Tells the engine `position`.
    pub fn set_position(&mut self, position: &Position) -> Result<(), String> {
        let side = match position.side_to_move() {
            Player::P1 => 1,
            Player::P2 => 2,
        };
        let line = format!(
            "pos {side} {:x} {:x} {} {}",
            position.marbles(Player::P1),
            position.marbles(Player::P2),
            position.ejected_by(Player::P1),
            position.ejected_by(Player::P2)
        );
        match self.ask(&line)?.as_str() {
            "ok" => Ok(()),
            other => Err(format!("'{line}': {other}")),
        }
    }

    /// The engine's legal moves in the position last set, as the marbles
    /// after each.
    pub fn moves(&mut self) -> Result<Vec<Marbles>, String> {
        let line = self.ask("moves")?;
        let mut words = line.split_whitespace();
        if words.next() != Some("moves") {
            return Err(format!("expected 'moves …', got '{line}'"));
        }
        words.map(parse_marbles).collect()
    }

    /// The engine's move after a search of `ms` milliseconds.
    pub fn go(&mut self, ms: u64) -> Result<Found, String> {
        let line = self.ask(&format!("go {ms}"))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["best", after, depth, score] => Ok(Found {
                after: parse_marbles(after)?,
                depth: depth.parse().map_err(|_| format!("bad depth in '{line}'"))?,
                score: score.parse().map_err(|_| format!("bad score in '{line}'"))?,
            }),
            _ => Err(format!("the engine found no move: '{line}'")),
        }
    }

    /// Starts a fresh game (the engine may clear its tables).
    pub fn new_game(&mut self) -> Result<(), String> {
        match self.ask("new")?.as_str() {
            "ok" => Ok(()),
            other => Err(format!("new: {other}")),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// Reads `P1:P2` (two hexadecimal bitboards).
fn parse_marbles(text: &str) -> Result<Marbles, String> {
    let (p1, p2) = text.split_once(':').ok_or_else(|| format!("expected P1:P2, got '{text}'"))?;
    let hex = |t: &str| u64::from_str_radix(t, 16).map_err(|_| format!("bad bitboard '{t}'"));
    Ok((hex(p1)?, hex(p2)?))
}

/// The marbles after each of Spielwerk's legal moves in `position`, with
/// the move.
pub fn spielwerk_results(position: &Position) -> Vec<(Marbles, abalone::Move)> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play(mv);
            ((child.marbles(Player::P1), child.marbles(Player::P2)), mv)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{parse_marbles, spielwerk_results};
    use abalone::{Layout, Position};
    use game::Player;

    #[test]
    fn marbles_are_read_as_two_hexadecimal_bitboards() {
        assert_eq!(parse_marbles("1f:1000000000000000"), Ok((0x1f, 1 << 60)));
        assert!(parse_marbles("1f").is_err());
        assert!(parse_marbles("1g:0").is_err());
    }

    /// Every legal move of the start leaves different marbles, so the
    /// marbles name a move.
    #[test]
    fn the_start_moves_leave_different_marbles() {
        let start = Position::new(Layout::Standard);
        let results = spielwerk_results(&start);
        let mut after: Vec<_> = results.iter().map(|(marbles, _)| *marbles).collect();
        after.sort_unstable();
        after.dedup();
        assert_eq!(after.len(), results.len());
        assert!(results.iter().all(|((_, white), _)| *white == start.marbles(Player::P2)));
    }
}

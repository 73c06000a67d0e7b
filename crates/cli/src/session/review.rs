//! Looking back at a game: the numbered move list, the positions taken
//! back to a ply, and the evaluation of every position of a finished game
//! on a thread of its own (one short search per position, reported as it
//! goes).

use crate::session::player_name;
use crate::session::search::for_first_player;
use game::{DynGame, Language, Limits, Player, Score, text};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

/// The game's moves, one a line, numbered from 1 with the player who made
/// each (players need not alternate: Amakta's setup, Infinit's bidding).
#[must_use]
pub fn history(game: &dyn DynGame, language: Language) -> String {
    let moves = game.moves();
    if moves.is_empty() {
        return text!("No moves yet.", "Noch keine Züge.").get(language).to_owned();
    }
    let movers = movers(game);
    let width = moves.len().to_string().len();
    moves
        .iter()
        .zip(movers)
        .enumerate()
        .map(|(index, (mv, mover))| {
            format!("{:>width$}. {:<8} {mv}", index + 1, player_name(game, mover, language))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Who made each move of `game`, found by replaying it from the start.
fn movers(game: &dyn DynGame) -> Vec<Player> {
    let moves = game.moves();
    let mut replay = at_ply(game, 0);
    moves
        .iter()
        .map(|mv| {
            let mover = replay.side_to_move();
            // The move was played in this very game, so it replays.
            let _ = replay.play(mv);
            mover
        })
        .collect()
}

/// A copy of `game` taken back to the position after `ply` moves.
#[must_use]
pub fn at_ply(game: &dyn DynGame, ply: usize) -> Box<dyn DynGame> {
    let mut copy = game.clone_box();
    for _ in ply..copy.moves().len() {
        // The first take-back of a game ended from outside (resignation,
        // agreement) only lifts the ending.
        if copy.undo().is_none() && copy.undo().is_none() {
            break;
        }
    }
    copy
}

/// The evaluations of a game's positions, filled in as they come.
pub struct Evaluations {
    /// The score after each number of moves (index 0: the start), from the
    /// first player's view; `None` until searched (and for the end
    /// position, which is decided).
    pub scores: Vec<Option<Score>>,
    reports: Receiver<(usize, Score)>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Evaluations {
    /// Starts evaluating every position of `game` with `limits` each, by
    /// the game's default (strongest) engine whatever engine played: the
    /// weak ones of the low levels (random, greedy) report no score.
    #[must_use]
    pub fn start(game: &dyn DynGame, limits: Limits) -> Evaluations {
        let plies = game.moves().len();
        let mut game = game.clone_box();
        if let Some(&strongest) = game.engines().first() {
            // One of the game's own engines, so it is there to choose.
            let _ = game.set_engine(strongest);
        }
        let (sender, reports) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            for ply in 0..plies {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                let mut position = at_ply(game.as_ref(), ply);
                let first = position.side_to_move() == Player::P1;
                let Ok(result) = position.think(&limits, &flag, &mut |_| {}) else { return };
                if let Some(score) = result.score()
                    && sender.send((ply, for_first_player(score, first))).is_err()
                {
                    return;
                }
            }
        });
        Evaluations { scores: vec![None; plies + 1], reports, stop, thread: Some(thread) }
    }

    /// Takes in the scores reported since the last call.
    pub fn update(&mut self) {
        while let Ok((ply, score)) = self.reports.try_recv() {
            if let Some(slot) = self.scores.get_mut(ply) {
                *slot = Some(score);
            }
        }
    }

    /// How many positions have their score.
    #[must_use]
    pub fn done(&self) -> usize {
        self.scores.iter().filter(|score| score.is_some()).count()
    }
}

impl Drop for Evaluations {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_numbers_each_move_with_its_mover() {
        let registry = games::registry();
        let mut game = registry.create("ataxx", &game::Options::new(), None).unwrap();
        game.play("g2").unwrap();
        game.play("a2").unwrap();
        let text = history(game.as_ref(), Language::English);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].starts_with("1. ") && lines[0].ends_with("g2"), "{text}");
        assert!(lines[1].starts_with("2. ") && lines[1].ends_with("a2"), "{text}");
        assert_ne!(lines[0].split_whitespace().nth(1), lines[1].split_whitespace().nth(1), "{text}");
        assert_eq!(at_ply(game.as_ref(), 1).moves(), ["g2"]);
        game.end(game::Outcome::draw("agreement"));
        assert_eq!(at_ply(game.as_ref(), 1).moves(), ["g2"], "an ended game is looked through too");
        assert_eq!(history(game.as_ref(), Language::English), text);
    }
}

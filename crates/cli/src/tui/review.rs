//! Evaluation of every position of a finished game, on a thread of its
//! own, for the review: one short search per position, reported as it
//! goes.

use crate::cmd::review::at_ply;
use crate::tui::engine::for_first_player;
use game::{DynGame, Limits, Player, Score};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

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

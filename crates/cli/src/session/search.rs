//! The engine thinking on a thread of its own while the screen stays
//! alive: a copy of the game searches, its progress and its answer come
//! back over a channel, and a flag stops it early.

use crate::messages::decimals;
use game::{DynGame, Info, Language, Limits, Score};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread::JoinHandle;

/// What the engine's thread reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Report {
    /// Progress: depth, score (from the mover's view) and the expected line.
    Progress { depth: u32, score: Score, line: Vec<String> },
    /// The search ended: the best move, or why there is none (no legal
    /// move, the engine failed).
    Done { best: Result<String, String> },
}

/// A search running on its own thread.
pub struct Search {
    reports: Receiver<Report>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// How many moves the game had when the search started, so that an
    /// answer to a position that has changed since is thrown away.
    pub ply: usize,
}

impl Search {
    /// Starts searching a copy of `game` with `limits`.
    #[must_use]
    pub fn start(game: &dyn DynGame, limits: Limits) -> Search {
        let mut copy = game.clone_box();
        let ply = game.moves().len();
        let (sender, reports) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let progress = sender.clone();
            let result = copy.think(&limits, &flag, &mut |info: &Info<String>| {
                let report = Report::Progress { depth: info.depth, score: info.score, line: info.pv.clone() };
                // The screen may have gone; then nobody listens.
                let _ = progress.send(report);
            });
            let done = match result {
                Ok(result) => {
                    Report::Done { best: result.best.ok_or_else(|| "the engine found no move".to_owned()) }
                }
                Err(error) => Report::Done { best: Err(error.to_string()) },
            };
            let _ = sender.send(done);
        });
        Search { reports, stop, thread: Some(thread), ply }
    }

    /// The reports that have come in since the last call; `None` once the
    /// thread has gone without a final report.
    pub fn reports(&mut self) -> Option<Vec<Report>> {
        let mut reports = Vec::new();
        loop {
            match self.reports.try_recv() {
                Ok(report) => reports.push(report),
                Err(TryRecvError::Empty) => return Some(reports),
                Err(TryRecvError::Disconnected) if reports.is_empty() => return None,
                Err(TryRecvError::Disconnected) => return Some(reports),
            }
        }
    }

    /// Asks the search to end with the best move found so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        self.stop();
        if let Some(thread) = self.thread.take() {
            // A search that panicked has nothing more to say.
            let _ = thread.join();
        }
    }
}

/// A score as people read it in `language`: pawns with a sign (`+0.54`,
/// German `+0,54`), or moves to a win. The one place the command line
/// writes a score for a person; protocol lines (`info score cp 54`) keep
/// their own form.
#[must_use]
pub fn show_score(score: Score, language: Language) -> String {
    match score {
        Score::Cp(cp) => decimals(&format!("{:+.2}", f64::from(cp) / 100.0), language),
        Score::Win(plies) => format!("+M{}", plies.div_ceil(2)),
        Score::Loss(plies) => format!("-M{}", plies.div_ceil(2)),
    }
}

/// The engine's expected line as people read it: moves of one word
/// apart by spaces (`f2 b6 c3`), moves of several words (Amakta's
/// `place 000111 e9 001110`) apart by commas, so that each reads as one.
#[must_use]
pub fn show_line(line: &[String]) -> String {
    let separator = if line.iter().any(|mv| mv.contains(' ')) { ", " } else { " " };
    line.join(separator)
}

/// `score` from the side to move's view turned to the view of P1 (the
/// first player), so that a column of evaluations reads one way.
#[must_use]
pub fn for_first_player(score: Score, mover_is_first: bool) -> Score {
    if mover_is_first {
        return score;
    }
    match score {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Win(plies) => Score::Loss(plies),
        Score::Loss(plies) => Score::Win(plies),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_takes_the_decimal_mark_of_the_language() {
        assert_eq!(show_score(Score::Cp(54), Language::English), "+0.54");
        assert_eq!(show_score(Score::Cp(54), Language::German), "+0,54");
        assert_eq!(show_score(Score::Cp(-1234), Language::German), "-12,34");
        assert_eq!(show_score(Score::Win(3), Language::German), "+M2");
    }

    #[test]
    fn a_line_of_many_word_moves_keeps_the_moves_apart() {
        let words = |moves: &[&str]| moves.iter().map(|mv| (*mv).to_owned()).collect::<Vec<_>>();
        assert_eq!(show_line(&words(&["f2", "b6"])), "f2 b6");
        assert_eq!(
            show_line(&words(&["place 000111 e9 001110", "take h1"])),
            "place 000111 e9 001110, take h1"
        );
    }
}

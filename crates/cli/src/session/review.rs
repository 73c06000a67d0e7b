//! Looking back at a game: the numbered move list, the positions taken
//! back to a ply, and the evaluation of every position of a finished game
//! on a thread of its own (one short search per position, reported as it
//! goes).

use crate::session::player_name;
use crate::session::search::{for_first_player, show_score};
use game::{DynGame, GameResult, Language, Limits, Player, Score, Text, text};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The limits of one evaluation in the review (both front ends).
#[must_use]
pub fn review_limits() -> Limits {
    Limits { depth: Some(6), movetime: Some(Duration::from_millis(300)), ..Limits::default() }
}

/// An evaluation as the review shows it: the first player's score,
/// labelled with their name as the engine line is (`Red +0.19`), or, for
/// a position the board has won (a win in no moves), who won it.
#[must_use]
pub fn show_evaluation(game: &dyn DynGame, score: Score, language: Language) -> String {
    let winner = match score {
        Score::Win(0) => Player::P1,
        Score::Loss(0) => Player::P2,
        _ => return format!("{} {}", player_name(game, Player::P1, language), show_score(score, language)),
    };
    let (en, de) = (game.player_name(winner), player_name(game, winner, Language::German));
    text!("{en} has won", "{de} hat gewonnen").get(language).to_owned()
}

/// The answer to a review's number `asked` past the end of a game of
/// `last` plies (both front ends).
#[must_use]
pub fn past_the_end(asked: usize, last: usize) -> Text {
    let plies =
        if last == 1 { text!("1 ply", "1 Halbzug") } else { text!("{last} plies", "{last} Halbzüge") };
    let (en, de) = (plies.en, plies.de);
    text!(
        "The game has only {en} (moves of either side), so {asked} is past its end: the last position.",
        "Die Partie hat nur {de} (Züge beider Seiten), {asked} liegt also hinter ihrem Ende: die letzte Stellung."
    )
}

/// The game's moves numbered as its record numbers them: a move of the
/// first player starts the next number (`3. f1`), the second player's
/// reply shares it, and a move of the second player that follows none of
/// the first (players need not alternate: Amakta's setup, Infinit's
/// bidding) gets its own (`4... a2`). One number a line, each move with
/// the player who made it.
#[must_use]
pub fn history(game: &dyn DynGame, language: Language) -> String {
    let moves = game.moves();
    if moves.is_empty() {
        return text!("No moves yet.", "Noch keine Züge.").get(language).to_owned();
    }
    let movers = movers(game);
    let labels = move_labels(&movers);
    let names = Player::BOTH.map(|player| player_name(game, player, language));
    let name_width = names.iter().map(|name| name.chars().count()).max().unwrap_or(0);
    let move_width = moves.iter().map(|mv| mv.chars().count()).max().unwrap_or(0);
    let rows = move_rows(&movers);
    let label_width = rows.iter().map(|row| labels[row[0]].len()).max().unwrap_or(0);
    let lines: Vec<String> = rows
        .iter()
        .map(|row| {
            let entries: Vec<String> = row
                .iter()
                .map(|&index| {
                    format!("{:<name_width$} {}", player_name(game, movers[index], language), moves[index])
                })
                .collect();
            let entry_width = name_width + 1 + move_width;
            let line = entries.iter().map(|entry| format!("{entry:<entry_width$}")).collect::<Vec<_>>();
            format!("{:<label_width$} {}", labels[row[0]], line.join("   ")).trim_end().to_owned()
        })
        .collect();
    lines.join("\n")
}

/// The moves of a game whose moves were made by `movers`, by index, in the
/// rows the record numbers them in: a move of the first player and the
/// second player's reply to it share a row (`3. f1 b2`); any other move
/// has a row of its own.
#[must_use]
pub fn move_rows(movers: &[Player]) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for (index, &mover) in movers.iter().enumerate() {
        let reply = index > 0 && mover == Player::P2 && movers[index - 1] == Player::P1;
        match rows.last_mut() {
            Some(row) if reply => row.push(index),
            _ => rows.push(vec![index]),
        }
    }
    rows
}

/// The number of each move as the record writes it: `3.` for a move of
/// the first player, `3...` for one of the second (the number of the
/// first player's move it answers, else a number of its own).
#[must_use]
pub fn move_labels(movers: &[Player]) -> Vec<String> {
    let mut number = 0;
    let mut previous = None;
    movers
        .iter()
        .map(|&mover| {
            if mover == Player::P1 || previous != Some(Player::P1) {
                number += 1;
            }
            previous = Some(mover);
            match mover {
                Player::P1 => format!("{number}."),
                Player::P2 => format!("{number}..."),
            }
        })
        .collect()
}

/// Who made each move of `game`, found by replaying it from the start.
#[must_use]
pub fn movers(game: &dyn DynGame) -> Vec<Player> {
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

/// The position after the last move of `game` as it stands on the board:
/// an ending from outside it (resignation, agreement, time) is lifted, so
/// that it can be searched; an ending by the board stays.
#[must_use]
pub fn final_position(game: &dyn DynGame) -> Box<dyn DynGame> {
    let mut copy = game.clone_box();
    if copy.outcome().is_some()
        && let Some(last) = copy.undo()
    {
        // The board ended the game: the take-back took the last move,
        // which is played again (it was played in this very game).
        let _ = copy.play(&last);
    }
    copy
}

/// The score of a position the board has decided, from the first
/// player's view: a win or loss now, or even.
fn decided(game: &dyn DynGame) -> Option<Score> {
    Some(match game.outcome()?.result {
        GameResult::Win(Player::P1) => Score::Win(0),
        GameResult::Win(Player::P2) => Score::Loss(0),
        GameResult::Draw => Score::Cp(0),
    })
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
    /// The score after each number of moves (index 0: the start, the last:
    /// the final position, decided or searched), from the first player's
    /// view; `None` until searched.
    pub scores: Vec<Option<Score>>,
    reports: Receiver<(usize, Score)>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Evaluations {
    /// Starts evaluating every position of `game`, the last first, with
    /// `limits` each, by
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
            // From the end back, as the review starts at the end and is
            // stepped back through.
            for ply in (0..=plies).rev() {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                let mut position =
                    if ply == plies { final_position(game.as_ref()) } else { at_ply(game.as_ref(), ply) };
                let score = match decided(position.as_ref()) {
                    Some(score) => Some(score),
                    None => {
                        let first = position.side_to_move() == Player::P1;
                        let Ok(result) = position.think(&limits, &flag, &mut |_| {}) else { return };
                        // A busy machine may give the search too little time
                        // for a single depth: then depth 1, however long it
                        // takes, so that the review does not wait for ever.
                        let score = result.score().or_else(|| {
                            let again = position.think(&Limits::depth(1), &flag, &mut |_| {}).ok()?;
                            again.score()
                        });
                        score.map(|score| for_first_player(score, first))
                    }
                };
                if let Some(score) = score
                    && sender.send((ply, score)).is_err()
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

    /// Waits until the position after `ply` moves has its score, the
    /// evaluation has ended, or `deadline` has come; the score, if any.
    pub fn wait_for(&mut self, ply: usize, deadline: Instant) -> Option<Score> {
        loop {
            self.update();
            if let Some(score) = self.scores.get(ply).copied().flatten() {
                return Some(score);
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            match self.reports.recv_timeout(left) {
                Ok((at, score)) => {
                    if let Some(slot) = self.scores.get_mut(at) {
                        *slot = Some(score);
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    return self.scores.get(ply).copied().flatten();
                }
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
    fn history_numbers_move_pairs_as_the_record_does() {
        let registry = games::registry();
        let mut game = registry.create("ataxx", &game::Options::new(), None).unwrap();
        for mv in ["g2", "a2", "f1"] {
            game.play(mv).unwrap();
        }
        let text = history(game.as_ref(), Language::English);
        assert_eq!(text, "1. Red  g2   Blue a2\n2. Red  f1", "{text}");
        let record = game.record().to_text();
        assert!(record.contains("1. g2 a2 2. f1"), "{record}");
        assert_eq!(at_ply(game.as_ref(), 1).moves(), ["g2"]);
        game.end(game::Outcome::draw("agreement"));
        assert_eq!(at_ply(game.as_ref(), 1).moves(), ["g2"], "an ended game is looked through too");
        assert_eq!(history(game.as_ref(), Language::English), text);
    }

    #[test]
    fn a_reply_shares_the_row_of_the_move_it_answers_and_no_other_does() {
        use Player::{P1, P2};
        assert_eq!(move_rows(&[P1, P2, P1, P2, P1]), [vec![0, 1], vec![2, 3], vec![4]]);
        // Amakta's setup: the first player's moves in a row, then a reply.
        assert_eq!(move_rows(&[P1, P1, P1, P2, P2]), [vec![0], vec![1], vec![2, 3], vec![4]]);
        assert_eq!(move_rows(&[P2, P1]), [vec![0], vec![1]]);
        assert!(move_rows(&[]).is_empty());
    }

    #[test]
    fn the_review_scores_every_position_the_last_included() {
        let registry = games::registry();
        let mut game = registry.create("ataxx", &game::Options::new(), None).unwrap();
        for mv in ["g2", "a2"] {
            game.play(mv).unwrap();
        }
        game.end(game::Outcome::win(Player::P1, "resignation"));
        assert!(final_position(game.as_ref()).outcome().is_none(), "a resignation is lifted");
        assert_eq!(final_position(game.as_ref()).moves(), ["g2", "a2"]);
        let limits = Limits { depth: Some(2), ..Limits::default() };
        let mut evaluations = Evaluations::start(game.as_ref(), limits);
        let deadline = Instant::now() + Duration::from_secs(300);
        let last = evaluations.wait_for(2, deadline).expect("the final position is scored");
        assert!(show_evaluation(game.as_ref(), last, Language::English).starts_with("Red "));
        evaluations.wait_for(0, deadline).expect("the start is scored, last");
        assert_eq!(evaluations.done(), 3, "{:?}", evaluations.scores);
    }

    #[test]
    fn a_position_the_board_decided_scores_its_result() {
        let registry = games::registry();
        let game = registry.create("ataxx", &game::Options::new(), Some("x6/7/7/7/7/7/7 o 0 1")).unwrap();
        let outcome = game.outcome().expect("Blue has no stones left").result;
        assert_eq!(outcome, GameResult::Win(Player::P1));
        assert_eq!(decided(final_position(game.as_ref()).as_ref()), Some(Score::Win(0)));
        // Said as the result, not as a score.
        assert_eq!(show_evaluation(game.as_ref(), Score::Win(0), Language::English), "Red has won");
        assert_eq!(show_evaluation(game.as_ref(), Score::Loss(0), Language::German), "Blau hat gewonnen");
    }

    #[test]
    fn a_second_players_move_after_its_own_gets_a_number_of_its_own() {
        let [first, second] = [Player::P1, Player::P2];
        let labels = move_labels(&[second, second, first, second, first]);
        assert_eq!(labels, ["1...", "2...", "3.", "3...", "4."]);
    }
}

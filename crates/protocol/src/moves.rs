//! Playing moves given as words, where one move may span several words.

use game::{DynGame, GameError};

/// The most words one move may take (Amakta's `release-place c3 100000
/// 001000` takes four).
const MAX_WORDS_PER_MOVE: usize = 6;

/// Plays moves written one after another, separated by whitespace, as in
/// `position … moves f2 g1e3` or an openings file. A move may span several
/// words (Amakta's `place 100000 e1 001000`): each move is the shortest run
/// of words that the game accepts as a legal move.
///
/// On error the moves before the bad one stay played; the error is the
/// game's for the bad move (its one-word reading, unless a longer reading
/// was well-formed but illegal).
pub fn play_words(game: &mut dyn DynGame, words: &[&str]) -> Result<(), GameError> {
    let mut at = 0;
    while at < words.len() {
        at += play_first(game, &words[at..])?.0;
    }
    Ok(())
}

/// Reads moves written one after another, each a move of the current
/// position (as in `go searchmoves f2 g1e3`), into their canonical text;
/// a move may span several words, as in [`play_words`]. The game is left
/// as it was.
pub fn root_moves(game: &dyn DynGame, words: &[&str]) -> Result<Vec<String>, GameError> {
    let mut probe = game.clone_box();
    let mut moves = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let (count, text) = play_first(probe.as_mut(), &words[at..])?;
        probe.undo();
        moves.push(text);
        at += count;
    }
    Ok(moves)
}

/// Plays the move at the start of `words`: the shortest run of words that
/// is a legal move. Returns how many words it took and the move's
/// canonical text, or the game's error (its one-word reading, unless a
/// longer reading was well-formed but illegal).
fn play_first(game: &mut dyn DynGame, words: &[&str]) -> Result<(usize, String), GameError> {
    let mut first_error = None;
    let mut illegal = None;
    for count in 1..=MAX_WORDS_PER_MOVE.min(words.len()) {
        match game.play(&words[..count].join(" ")) {
            Ok(text) => return Ok((count, text)),
            Err(error @ GameError::MalformedMove { .. }) => {
                first_error.get_or_insert(error);
            }
            Err(error) => {
                first_error.get_or_insert(error.clone());
                illegal.get_or_insert(error);
            }
        }
    }
    Err(illegal.or(first_error).expect("at least one word was tried"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy;

    #[test]
    fn plays_moves_of_several_words() {
        let mut game = toy::game("10 p1");
        play_words(game.as_mut(), &["take", "1", "take", "3", "2"]).unwrap();
        assert_eq!(game.moves(), ["take 1", "take 3", "take 2"]);
        assert_eq!(game.position(), "4 p2");
    }

    #[test]
    fn reports_the_bad_move_and_keeps_the_good_ones() {
        let mut game = toy::game("10 p1");
        let error = play_words(game.as_mut(), &["take", "1", "take", "5"]).unwrap_err();
        assert_eq!(error.to_string(), "illegal move 'take 5': one may take 1 to 3 stones");
        assert_eq!(game.moves(), ["take 1"]);
        let error = play_words(game.as_mut(), &["steal"]).unwrap_err();
        assert_eq!(error.to_string(), "malformed move 'steal': expected 'take N' or 'N'");
    }

    #[test]
    fn reads_moves_of_the_current_position_and_leaves_the_game() {
        let game = toy::game("10 p1");
        assert_eq!(
            root_moves(game.as_ref(), &["take_1", "take", "3", "2"]).unwrap(),
            ["take 1", "take 3", "take 2"]
        );
        assert_eq!(game.moves(), Vec::<String>::new());
        let error = root_moves(game.as_ref(), &["take", "1", "take", "5"]).unwrap_err();
        assert_eq!(error.to_string(), "illegal move 'take 5': one may take 1 to 3 stones");
    }

    #[test]
    fn refuses_moves_after_the_end() {
        let mut game = toy::game("2 p1");
        assert_eq!(play_words(game.as_mut(), &["2", "1"]).unwrap_err(), GameError::GameOver);
    }
}

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
        let mut first_error = None;
        let mut illegal = None;
        let mut played = 0;
        for count in 1..=MAX_WORDS_PER_MOVE.min(words.len() - at) {
            match game.play(&words[at..at + count].join(" ")) {
                Ok(_) => {
                    played = count;
                    break;
                }
                Err(error @ GameError::MalformedMove { .. }) => {
                    first_error.get_or_insert(error);
                }
                Err(error) => {
                    first_error.get_or_insert(error.clone());
                    illegal.get_or_insert(error);
                }
            }
        }
        if played == 0 {
            return Err(illegal.or(first_error).expect("at least one word was tried"));
        }
        at += played;
    }
    Ok(())
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
    fn refuses_moves_after_the_end() {
        let mut game = toy::game("2 p1");
        assert_eq!(play_words(game.as_mut(), &["2", "1"]).unwrap_err(), GameError::GameOver);
    }
}

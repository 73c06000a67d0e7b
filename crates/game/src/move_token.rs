//! The single-token form of move text, for the engine protocols.
//!
//! UAI and UGI hosts split lines on whitespace, so every move they see
//! must be one word. Most games' move text is (`f2`, `g1e3`, `a1b2`);
//! Amakta's has words (`place 000111 e1 110001`). A move's single-token
//! form is its words joined by [`MOVE_JOINER`] (`place_000111_e1_110001`);
//! text of one word is its own single-token form. Every game whose move
//! text has several words reads the joined form as the same move (the
//! property tests check it through [`crate::invariants`]), and no game
//! uses the joiner inside a word.

/// The character that joins the words of a move in its single-token form.
pub const MOVE_JOINER: char = '_';

/// The single-token form of the move text `text`: its words joined by
/// [`MOVE_JOINER`] (`place 000111 e1 110001` → `place_000111_e1_110001`).
#[must_use]
pub fn move_token(text: &str) -> String {
    let mut token = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !token.is_empty() {
            token.push(MOVE_JOINER);
        }
        token.push_str(word);
    }
    token
}

/// The words of move text given in either form, spaced or single-token:
/// split at whitespace and at [`MOVE_JOINER`], empty words dropped.
pub fn move_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == MOVE_JOINER).filter(|word| !word.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_the_words_of_a_move_and_leaves_one_word_alone() {
        assert_eq!(move_token("place 000111 e1 110001"), "place_000111_e1_110001");
        assert_eq!(move_token("  relocate 0,0\t1,-1  000100 "), "relocate_0,0_1,-1_000100");
        assert_eq!(move_token("g1e3"), "g1e3");
        assert_eq!(move_token(""), "");
    }

    #[test]
    fn reads_the_words_of_either_form() {
        let spaced: Vec<&str> = move_words("release-place c3 100000 001000").collect();
        let joined: Vec<&str> = move_words("release-place_c3_100000_001000").collect();
        assert_eq!(spaced, ["release-place", "c3", "100000", "001000"]);
        assert_eq!(joined, spaced);
        assert_eq!(move_words("a__b _ c").collect::<Vec<_>>(), ["a", "b", "c"]);
    }
}

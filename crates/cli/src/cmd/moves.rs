//! The `moves` command of a terminal game: the legal moves, sorted, and
//! when there are many, grouped by their first word and narrowed by what
//! the person types after `moves`.

use game::{Language, text};
use std::collections::BTreeMap;

/// More moves than this are shown as groups, not listed.
const LISTED: usize = 60;

/// The legal moves that contain every word of `filter`, sorted; when more
/// than [`LISTED`], their count by first word (`place: 812`), with a hint
/// how to narrow them (`moves place e5`).
#[must_use]
pub fn moves_text(mut moves: Vec<String>, filter: &[&str], language: Language) -> String {
    moves.retain(|mv| filter.iter().all(|word| mv.contains(word)));
    if moves.is_empty() {
        return text!("No legal move matches.", "Kein zulässiger Zug passt.").get(language).to_owned();
    }
    moves.sort_by_cached_key(|mv| natural_key(mv));
    if moves.len() <= LISTED {
        return moves.join(", ");
    }
    let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
    for mv in &moves {
        *groups.entry(mv.split_whitespace().next().unwrap_or_default()).or_default() += 1;
    }
    let count = moves.len();
    let groups: Vec<String> = groups.iter().map(|(word, n)| format!("{word}: {n}")).collect();
    let groups = groups.join(", ");
    let example = moves[0].split_whitespace().next().unwrap_or_default();
    text!(
        "{count} moves ({groups}). Narrow them down: `moves {example}`, `moves e5` (every move containing \
         all the words).",
        "{count} Züge ({groups}). Eingrenzen: `moves {example}`, `moves e5` (alle Züge, die alle Wörter \
         enthalten)."
    )
    .get(language)
    .to_owned()
}

/// A sort key that orders numbers inside move text by value (`a2` before
/// `a10`).
fn natural_key(text: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let letters = rest.find(|c: char| c.is_ascii_digit()).unwrap_or(rest.len());
        let (word, after) = rest.split_at(letters);
        let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        let (number, after) = after.split_at(digits);
        key.push((word.to_owned(), number.parse().unwrap_or(0)));
        rest = after;
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn few_moves_are_listed_in_natural_order() {
        let text = moves_text(owned(&["a10", "b2", "a2"]), &[], Language::English);
        assert_eq!(text, "a2, a10, b2");
    }

    #[test]
    fn words_narrow_the_moves() {
        let moves = owned(&["place 000001 e5 000001", "place 000001 d4 000001", "rotate e5 100000"]);
        assert_eq!(
            moves_text(moves.clone(), &["e5"], Language::English),
            "place 000001 e5 000001, rotate e5 100000"
        );
        assert_eq!(moves_text(moves.clone(), &["place", "e5"], Language::English), "place 000001 e5 000001");
        assert_eq!(moves_text(moves, &["x9"], Language::English), "No legal move matches.");
    }

    #[test]
    fn many_moves_are_counted_by_their_first_word() {
        let mut moves: Vec<String> = (0..100).map(|i| format!("place {i:06} e5 000001")).collect();
        moves.push("pass".to_owned());
        let text = moves_text(moves, &[], Language::English);
        assert!(text.starts_with("101 moves (pass: 1, place: 100)."), "{text}");
        assert!(text.contains("`moves pass`") || text.contains("`moves place`"), "{text}");
    }
}

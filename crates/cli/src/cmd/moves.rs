//! The `moves` command of a terminal game: the legal moves, sorted, and
//! when there are many, grouped by their first word and narrowed by what
//! the person types after `moves`.

use game::{DynGame, Language, text};
use std::collections::BTreeMap;

/// More moves than this are shown as groups, not listed.
const LISTED: usize = 60;

/// The moves of `game` with what a person needs to choose among them, the
/// game's note on each move in brackets where it has one (Amakta Infinit:
/// `create 000333 n (36 points)`, see [`game::Presentation::move_note`]).
#[must_use]
pub fn annotated(game: &dyn DynGame, moves: Vec<String>, language: Language) -> Vec<String> {
    moves
        .into_iter()
        .map(|mv| match game.move_note(&mv) {
            Some(note) => format!("{mv} ({})", note.get(language)),
            None => mv,
        })
        .collect()
}

/// The moves of one cell next to `cell` among `legal` where legal moves
/// jump from `cell`: the clones of the stone there, which Ataxx writes as
/// the square they fill (`f2`), so that they do not begin with `g1`.
#[must_use]
pub fn clones_from<'a>(legal: &'a [String], cell: &str) -> Vec<&'a str> {
    let Some((file, rank)) = coordinates(cell) else { return Vec::new() };
    let jumps = legal.iter().any(|mv| mv.len() > cell.len() && mv.starts_with(cell));
    if !jumps {
        return Vec::new();
    }
    let next_to =
        |(f, r): (u32, u32)| f.abs_diff(file) <= 1 && r.abs_diff(rank) <= 1 && (f, r) != (file, rank);
    legal.iter().filter(|mv| coordinates(mv).is_some_and(next_to)).map(String::as_str).collect()
}

/// The file (as its letter's number) and rank of a cell written `e5`.
fn coordinates(cell: &str) -> Option<(u32, u32)> {
    let mut chars = cell.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let rank = chars.as_str();
    if rank.is_empty() || !rank.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some((u32::from(file), rank.parse().ok()?))
}

/// The legal moves that contain every word of `filter` (a cell alone: also
/// the clones of its stone, see [`clones_from`]), sorted, wrapped to
/// `width` columns between moves (a move is never split); when more than
/// [`LISTED`], their count by first word (`place: 812`), with a hint how to
/// narrow them (`moves place e5`).
#[must_use]
pub fn moves_text(mut moves: Vec<String>, filter: &[&str], language: Language, width: usize) -> String {
    // A move from a cell includes the clones of its stone (Ataxx's `a5`
    // for `moves b6`).
    let clones: Vec<String> = match filter {
        [cell] => clones_from(&moves, cell).into_iter().map(str::to_owned).collect(),
        _ => Vec::new(),
    };
    moves.retain(|mv| filter.iter().all(|word| mv.contains(word)) || clones.contains(mv));
    if moves.is_empty() {
        return text!("No legal move matches.", "Kein zulässiger Zug passt.").get(language).to_owned();
    }
    moves.sort_by_cached_key(|mv| natural_key(mv));
    if moves.len() <= LISTED {
        return wrap_list(&moves, width);
    }
    let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
    for mv in &moves {
        *groups.entry(mv.split_whitespace().next().unwrap_or_default()).or_default() += 1;
    }
    let count = moves.len();
    let groups: Vec<String> = groups.iter().map(|(word, n)| format!("{word}: {n}")).collect();
    let groups = groups.join(", ");
    let example = moves[0].split_whitespace().next().unwrap_or_default();
    // A further word of a move of the game's own (a cell: `e5`, `8,0`).
    let middle = &moves[moves.len() / 2];
    let Some(word) = middle.split_whitespace().skip(1).min_by_key(|word| word.chars().count()) else {
        return text!(
            "{count} moves ({groups}). Narrow them down: `moves {example}`.",
            "{count} Züge ({groups}). Eingrenzen: `züge {example}`."
        )
        .get(language)
        .to_owned();
    };
    text!(
        "{count} moves ({groups}). Narrow them down: `moves {example}`, `moves {word}` (every move containing \
         all the words).",
        "{count} Züge ({groups}). Eingrenzen: `züge {example}`, `züge {word}` (alle Züge, die alle Wörter \
         enthalten)."
    )
    .get(language)
    .to_owned()
}

/// `list` (of [`moves_text`] for `moves`) followed by the game's line
/// about each kind of move (its first word) that it explains (Amakta's
/// `circle`: what `=n`, `=r` and `=d` mean), see
/// [`game::Presentation::explain`].
#[must_use]
pub fn with_kinds_explained(
    game: &dyn DynGame,
    list: String,
    moves: &[String],
    language: Language,
) -> String {
    let mut kinds: Vec<&str> = moves.iter().filter_map(|mv| mv.split_whitespace().next()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let lines: Vec<String> = kinds
        .into_iter()
        .filter_map(|kind| match game.explain(kind) {
            Some(Ok(line)) => Some(line.get(language).to_owned()),
            _ => None,
        })
        .collect();
    if lines.is_empty() { list } else { format!("{list}\n{}", lines.join("\n")) }
}

/// `items` separated by `, `, broken into lines of at most `width`
/// columns after a comma (an item longer than a line stands alone).
fn wrap_list(items: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for (index, item) in items.iter().enumerate() {
        let last = index + 1 == items.len();
        let piece = if last { item.clone() } else { format!("{item},") };
        let length = piece.chars().count();
        if used > 0 && used + 1 + length > width {
            out.push('\n');
            used = 0;
        } else if used > 0 {
            out.push(' ');
            used += 1;
        }
        out.push_str(&piece);
        used += length;
    }
    out
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
        let text = moves_text(owned(&["a10", "b2", "a2"]), &[], Language::English, 80);
        assert_eq!(text, "a2, a10, b2");
    }

    #[test]
    fn words_narrow_the_moves() {
        let moves = owned(&["place 000001 e5 000001", "place 000001 d4 000001", "rotate e5 100000"]);
        assert_eq!(
            moves_text(moves.clone(), &["e5"], Language::English, 80),
            "place 000001 e5 000001, rotate e5 100000"
        );
        assert_eq!(
            moves_text(moves.clone(), &["place", "e5"], Language::English, 80),
            "place 000001 e5 000001"
        );
        assert_eq!(moves_text(moves, &["x9"], Language::English, 80), "No legal move matches.");
        // Ataxx: the moves from b6 are its jumps and its clones.
        let ataxx = owned(&["a5", "b5", "c5", "b6a4", "b6d6", "f2", "g1e3"]);
        assert_eq!(moves_text(ataxx, &["b6"], Language::English, 80), "a5, b5, b6a4, b6d6, c5");
    }

    #[test]
    fn long_lists_wrap_between_moves() {
        let moves: Vec<String> = (1..=30).map(|i| format!("a{i}-b{i}")).collect();
        let text = moves_text(moves, &[], Language::English, 40);
        assert!(text.lines().count() > 5, "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 40, "{line}");
            assert!(line.split(", ").all(|mv| mv.trim_end_matches(',').starts_with('a')), "{line}");
        }
        assert_eq!(
            text.replace('\n', " "),
            (1..=30).map(|i| format!("a{i}-b{i}")).collect::<Vec<_>>().join(", ")
        );
    }

    #[test]
    fn creating_a_stone_shows_its_price_in_the_persons_language_and_other_moves_nothing() {
        let registry = games::registry();
        let mut infinit = registry.create("amakta-infinit", &game::Options::new(), None).unwrap();
        // Bidding first: no move has a note.
        let bids = infinit.legal_moves();
        assert_eq!(annotated(infinit.as_ref(), bids.clone(), Language::English), bids);
        infinit.play("bid 10").unwrap();
        infinit.play("accept").unwrap();
        let creations: Vec<String> = infinit.legal_moves();
        let noted = annotated(infinit.as_ref(), creations.clone(), Language::English);
        let price = |text: &str| -> u32 {
            let noted = &noted[creations.iter().position(|mv| mv == text).expect(text)];
            noted
                .strip_prefix(&format!("{text} ("))
                .and_then(|rest| rest.strip_suffix(" points)"))
                .unwrap()
                .parse()
                .unwrap()
        };
        let plain = creations.iter().find(|mv| mv.starts_with("create ") && mv.ends_with(" n")).unwrap();
        let reinforced = format!("{} r", plain.strip_suffix(" n").unwrap());
        assert!(price(&reinforced) > price(plain), "{reinforced} costs more than {plain}");
        assert!(
            creations
                .iter()
                .zip(&noted)
                .all(|(mv, noted)| mv == "close" || noted.starts_with(&format!("{mv} (")))
        );
        // One blue arrow costs 4 points (the rules' price list).
        let one_arrow = infinit.move_note("create 100000 n").unwrap();
        assert_eq!((one_arrow.en.as_str(), one_arrow.de.as_str()), ("4 points", "4 Punkte"));
        let german = annotated(infinit.as_ref(), vec!["create 100000 n".to_owned()], Language::German);
        assert_eq!(german, ["create 100000 n (4 Punkte)"]);
        let ataxx = registry.create("ataxx", &game::Options::new(), None).unwrap();
        assert_eq!(annotated(ataxx.as_ref(), ataxx.legal_moves(), Language::English), ataxx.legal_moves());
    }

    #[test]
    fn many_moves_are_counted_by_their_first_word() {
        let mut moves: Vec<String> = (0..100).map(|i| format!("place {i:06} e5 000001")).collect();
        moves.push("pass".to_owned());
        let text = moves_text(moves, &[], Language::English, 80);
        assert!(text.starts_with("101 moves (pass: 1, place: 100)."), "{text}");
        assert!(text.contains("`moves pass`") || text.contains("`moves place`"), "{text}");
        // The second example is a word of the game's own moves.
        assert!(text.contains("`moves e5`"), "{text}");
        let bids: Vec<String> = (0..=100).map(|i| format!("bid {i}")).collect();
        let text = moves_text(bids, &[], Language::English, 80);
        assert!(text.contains("`moves bid`, `moves 50`"), "{text}");
    }
}

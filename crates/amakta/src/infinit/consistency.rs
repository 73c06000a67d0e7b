//! Cross-checks over random games on the plane: incremental arrow counts
//! against a recount, the generator against the judge and the move text,
//! and the position text against its reader.

use super::{Infinit, InfinitMove, Stage};
use game::{Game, Options};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn check(game: &Infinit) {
    let mut counts: Vec<_> = game.position().cells_with_arrows().collect();
    counts.sort();
    assert_eq!(counts, game.position().recount(), "arrow counts in {}", game.text());
    let text = game.text();
    let read = Infinit::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(read.text(), text);
    assert_eq!(read.hash(), game.hash(), "{text}");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    for &mv in &moves {
        assert_eq!(game.check(mv), Ok(()), "{}", game.move_text(mv));
        assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv), "{}", game.move_text(mv));
    }
}

#[test]
fn random_games_keep_counts_texts_and_moves_consistent() {
    let mut rng = SmallRng::seed_from_u64(5);
    let options = Options::new().with("distance", "3").with("points", "14");
    let mut moves = Vec::new();
    let mut play_plies = 0;
    for _ in 0..6 {
        let mut game = Infinit::from_options(&options, None).unwrap();
        for _ in 0..80 {
            check(&game);
            game.legal_moves(&mut moves);
            // Keep the bidding short and the play lively.
            moves.retain(|&m| {
                !matches!(m, InfinitMove::Bid(n) if n > 20) && m != InfinitMove::Play(crate::Move::Pass)
            });
            if game.stage() == Stage::Bidding && game.offer().1 >= 3 {
                moves.retain(|&m| m == InfinitMove::Accept);
            }
            if moves.is_empty() {
                break;
            }
            play_plies += usize::from(game.stage() == Stage::Play);
            game.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(play_plies > 100, "the random games should reach play ({play_plies} plies)");
}

//! Cross-checks of the rules engine over random games: incremental arrow
//! counts against a recount, the move generator against the move judge,
//! and the text formats against their readers.

use crate::moves::Move;
use crate::{Amakta, Circle, Colour, Location};
use game::{Game, Options};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// Every move the judge accepts, found by trying every kind on every cell,
/// stone and orientation.
fn brute_force(position: &Amakta) -> HashSet<Move> {
    let mut accepted = HashSet::new();
    let cells = position.board().cells();
    let mut candidates = vec![Move::Pass];
    for id in 0..position.catalog().len() {
        for circle in Circle::ALL {
            candidates.push(Move::Circle { piece: id as u8, circle });
        }
    }
    candidates.push(Move::CirclesNone);
    candidates.extend(Colour::BOTH.map(Move::Colour));
    let all_orientations: Vec<_> =
        position.catalog().iter().flat_map(|info| info.orientations.iter().copied()).collect();
    for &at in &cells {
        candidates.extend([
            Move::Take { at },
            Move::Expropriate { at },
            Move::Release { at },
            Move::Remove { at },
        ]);
        for &orientation in &all_orientations {
            candidates.push(Move::Rotate { at, orientation });
            candidates.push(Move::Appropriate { at, orientation });
            for &to in &cells {
                candidates.push(Move::Relocate { from: at, to, orientation });
            }
        }
        for (id, info) in position.catalog().iter().enumerate() {
            for &orientation in &info.orientations {
                let piece = id as u8;
                candidates.push(Move::Place { piece, at, orientation });
                candidates.push(Move::Replace { at, piece, orientation });
                candidates.push(Move::ReleasePlace { at, piece, orientation });
            }
        }
    }
    for mv in candidates {
        if position.check(mv).is_ok() {
            accepted.insert(mv);
        }
    }
    accepted
}

fn check_position(position: &Amakta, deep: bool) {
    let counts: Vec<_> = {
        let mut c: Vec<_> = position.cells_with_arrows().collect();
        c.sort();
        c
    };
    assert_eq!(counts, position.recount(), "incremental arrow counts in {}", position.text());
    let text = position.text();
    let read = Amakta::from_text(&text).unwrap();
    assert_eq!(read.text(), text);
    assert_eq!(read.pieces(), position.pieces(), "{text}");
    assert_eq!(read.hash(), position.hash());
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let unique: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(unique.len(), moves.len(), "duplicate moves");
    for &mv in &moves {
        assert_eq!(position.check(mv), Ok(()), "{}", position.move_text(mv));
        assert_eq!(position.parse_move(&position.format_move(mv)), Ok(mv));
    }
    if deep {
        assert_eq!(brute_force(position), unique, "generator and judge disagree in {text}");
    }
}

/// Plays random games (passing only when nothing else is legal), checking
/// every position; returns how many expropriating moves were played.
fn random_games(options: &Options, games: usize, plies: usize, deep_every: usize) -> usize {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut moves = Vec::new();
    let mut expropriations = 0;
    for _ in 0..games {
        let mut position = Amakta::from_options(options, None).unwrap();
        for ply in 0..plies {
            check_position(&position, ply % deep_every == 0);
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let non_pass: Vec<Move> = moves.iter().copied().filter(|&m| m != Move::Pass).collect();
            let pool = if non_pass.is_empty() { &moves } else { &non_pass };
            let mv = pool[rng.random_range(0..pool.len())];
            if matches!(mv, Move::Expropriate { .. } | Move::Appropriate { .. } | Move::Remove { .. }) {
                expropriations += 1;
            }
            position.play(mv);
        }
        assert!(position.pieces().iter().all(|s| s.location != Location::Inventory || !s.expropriated));
    }
    expropriations
}

#[test]
fn random_games_on_hex3_agree_with_the_brute_force_judge() {
    let options = Options::new()
        .with("board", "hex3")
        .with("set", "000001,000003,000011,000101,000022,000000")
        .with("circles", "w:000001=r,b:000001=d,w:000011=d,b:000022=r");
    assert!(random_games(&options, 12, 60, 3) > 0, "the random games should expropriate");
}

#[test]
fn random_games_on_hex5_with_holes_keep_counts_and_texts() {
    let options = Options::new().with("board", "hex5-holes").with("circles", "play");
    random_games(&options, 4, 80, 40);
}

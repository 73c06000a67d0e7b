//! The amendments `arrow-cap` and `ply-limit` change legality and outcome.

use super::{Amendments, Infinit, InfinitMove};
use crate::colour::Circle;
use crate::moves::Move;
use crate::stones::Stone;
use game::{Game, GameResult, Options, Player};

fn creating() -> Infinit {
    Infinit::from_text(
        "distance=8 points=300 p1=white black=300 left=300,300 closed=- turn=create-white sets=-",
    )
    .unwrap()
}

#[test]
fn the_arrow_cap_forbids_creating_stones_with_more_arrows() {
    let six_doubles = InfinitMove::Create(Stone::parse("444444").unwrap(), Circle::None);
    let two_doubles = InfinitMove::Create(Stone::parse("440000").unwrap().canonical(), Circle::None);
    let open = creating();
    assert!(open.check(six_doubles).is_ok());
    assert!(open.is_legal(six_doubles));
    let capped = creating().with_amendments(Amendments { arrow_cap: Some(4), ply_limit: None });
    assert_eq!(
        capped.check(six_doubles).unwrap_err().en,
        "stone 444444 has 12 arrows; the arrow cap allows 4"
    );
    assert!(!capped.is_legal(six_doubles));
    assert!(capped.is_legal(two_doubles));
    let mut moves = Vec::new();
    capped.legal_moves(&mut moves);
    assert!(!moves.contains(&six_doubles) && moves.contains(&two_doubles));
    assert_eq!(capped.count_legal_moves(0, &mut Vec::new()), moves.len());
    let mut slice = Vec::new();
    capped.legal_moves_in(5..9, &mut slice);
    assert_eq!(slice, moves[5..9]);
}

#[test]
fn the_ply_limit_ends_the_game_by_the_tie_break() {
    let text = "distance=8 points=50 p1=white black=50 left=46,46 turn=white sets=w:000001=n;b:000001=n \
                stones=0,0=w:000001/000001;7,0=b:000001/100000 removed=- quiet=0 plies=10";
    let game = Infinit::from_text(text).unwrap();
    assert_eq!(game.outcome(), None, "no limit: play goes on");
    assert!(game.check(InfinitMove::Play(Move::Pass)).is_ok());
    let options = Options::from_pairs([("ply-limit", "10")]);
    let limited = Infinit::from_options(&options, Some(text)).unwrap();
    // Black's stone stands 7 from White's base, White's 8 from Black's.
    let outcome = limited.outcome().unwrap();
    assert_eq!((outcome.result, outcome.reason), (GameResult::Win(Player::P2), "ply-limit"));
    assert!(limited.check(InfinitMove::Play(Move::Pass)).is_err());
    assert!(limited.position_text().ends_with("plies=10"));
    let eleven = Infinit::from_options(&Options::from_pairs([("ply-limit", "11")]), Some(text)).unwrap();
    assert_eq!(eleven.outcome(), None);
}

#[test]
fn amendment_options_are_checked() {
    let bad = Infinit::from_options(&Options::from_pairs([("arrow-cap", "13")]), None).unwrap_err();
    assert_eq!(bad.to_string(), "invalid option 'arrow-cap': '13' is not none nor a number from 0 to 12");
    let none = Infinit::from_options(&Options::from_pairs([("arrow-cap", "none")]), None).unwrap();
    assert_eq!(none.amendments(), Amendments::default());
    let zero =
        Infinit::from_options(&Options::from_pairs([("arrow-cap", "0"), ("ply-limit", "0")]), None).unwrap();
    assert_eq!(zero.amendments(), Amendments::default());
    let over = Infinit::from_options(&Options::from_pairs([("ply-limit", "86186")]), None).unwrap_err();
    assert_eq!(
        over.to_string(),
        "invalid option 'ply-limit': '86186' is not none nor a number from 0 to 86185"
    );
}

#[test]
fn amendments_read_as_their_options() {
    assert_eq!(Amendments::default().to_string(), "original rules");
    assert_eq!(Amendments { arrow_cap: Some(5), ply_limit: None }.to_string(), "arrow-cap 5");
    assert_eq!(
        Amendments { arrow_cap: Some(6), ply_limit: Some(120) }.to_string(),
        "arrow-cap 6, ply-limit 120"
    );
}

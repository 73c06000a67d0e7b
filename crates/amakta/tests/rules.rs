//! The rules of sections 3–7 on hand-built positions with hand-checked
//! move lists.
//!
//! `hex3` cells: rows `a` (3 cells) to `e`; the middle row `c1`–`c5` holds
//! White's base `c1` and Black's base `c5`. East of `c1` is `c2`; north-east
//! of `c1` is `b1`; south-east of `c1` is `d1`; `b4` lies north-west of `c5`.

use game::{Game, GameResult, History, Options, Outcome, Player};
use spielwerk_amakta::{Amakta, Colour, Control};

const SET: &str = "000003,000001,000000,000002";

fn position(turn: &str, stones: &str, circles: &str) -> Amakta {
    let text =
        format!("board=hex3 set={SET} p1=white turn={turn} circles={circles} stones={stones} removed=-");
    Amakta::from_text(&text).unwrap()
}

fn legal(position: &Amakta) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.into_iter().map(|m| position.format_move(m)).collect()
}

fn with_prefix(moves: &[String], prefix: &str) -> Vec<String> {
    moves.iter().filter(|m| m.starts_with(prefix)).cloned().collect()
}

fn cell(position: &Amakta, name: &str) -> spielwerk_amakta::hex::Hex {
    use spielwerk_amakta::board::Board;
    position.board().parse_cell(name).unwrap()
}

fn illegal(position: &Amakta, text: &str) -> String {
    position.parse_move(text).unwrap_err().to_string()
}

#[test]
fn the_first_stone_can_only_go_on_the_own_base() {
    let start = position("white", "-", "-");
    let moves = legal(&start);
    assert_eq!(moves.len(), 1 + 6 + 6 + 1 + 6);
    assert!(moves.iter().skip(1).all(|m| m.starts_with("place ") && m.contains(" c1 ")));
    assert_eq!(
        illegal(&start, "place 000001 c2 100000"),
        "illegal move 'place 000001 c2 100000': c2 is free (no arrows point at it), not by White"
    );
    let black = position("black", "-", "-");
    assert!(legal(&black).iter().skip(1).all(|m| m.contains(" c5 ")));
}

#[test]
fn a_red_arrow_is_blocked_by_a_stone_or_a_hole_between() {
    let open = position("white", "c1=w:000003/300000", "-");
    assert_eq!(open.raw_arrows(cell(&open, "c4")), [1, 0]);
    let blocked = position("white", "c1=w:000003/300000,c3=b:000000/000000", "-");
    assert_eq!(blocked.raw_arrows(cell(&blocked, "c4")), [0, 0]);
    let target_occupied = position("white", "c1=w:000003/300000,c4=b:000000/000000", "-");
    assert_eq!(target_occupied.raw_arrows(cell(&target_occupied, "c4")), [1, 0]);
    let holes = Amakta::from_text(&format!(
        "board=hex5-holes set={SET} p1=white turn=white circles=- stones=e3=w:000003/300000,e7=w:000002/200000 removed=-"
    ))
    .unwrap();
    use spielwerk_amakta::board::Board;
    let (e6, e9) = (holes.board().parse_cell("e6").unwrap(), holes.board().parse_cell("e9").unwrap());
    assert_eq!(holes.raw_arrows(e6), [0, 0], "the hole e5 blocks the red arrow");
    assert_eq!(holes.raw_arrows(e9), [1, 1], "green arrow from e7 plus Black's base arrow");
}

#[test]
fn lifting_a_blocker_unblocks_the_arrow_again() {
    let mut p = position("black", "c1=w:000003/300000,c3=b:000000/000000,c4=b:000001/000100", "-");
    assert_eq!(p.control(cell(&p, "c3")), Control::Of(Colour::Black));
    let take = p.parse_move("take c3").unwrap();
    p.play(take);
    assert_eq!(p.raw_arrows(cell(&p, "c4")), [1, 0]);
}

#[test]
fn a_tie_binds_a_stone() {
    let p = position("white", "c1=w:000001/100000,c2=w:000000/000000,c3=b:000001/000100", "-");
    assert_eq!(p.control(cell(&p, "c2")), Control::Tie);
    let moves = legal(&p);
    assert!(with_prefix(&moves, "take c2").is_empty());
    assert!(with_prefix(&moves, "relocate c2").is_empty());
    assert_eq!(illegal(&p, "take c2"), "illegal move 'take c2': the stone on c2 is bound: c2 is tied");
    assert_eq!(with_prefix(&moves, "take"), ["take c1"]);
}

#[test]
fn circles_count_only_while_an_opponent_arrow_points_at_the_stone() {
    let lone = position("black", "c1=w:000001/100000,c3=w:000000/000000", "w:000000=r");
    assert_eq!(lone.effective_arrows(cell(&lone, "c3")), [0, 0]);
    let friendly = position("black", "c2=w:000001/100000,c3=w:000000/000000", "w:000000=r");
    assert_eq!(friendly.effective_arrows(cell(&friendly, "c3")), [1, 0], "no Black arrow: no reinforcement");
    let stones = "c3=w:000000/000000,c4=b:000001/000100";
    let plain = position("black", stones, "-");
    assert_eq!(plain.control(cell(&plain, "c3")), Control::Of(Colour::Black));
    assert!(legal(&plain).contains(&"expropriate c3".to_owned()));
    let reinforced = position("black", stones, "w:000000=r");
    assert_eq!(reinforced.effective_arrows(cell(&reinforced, "c3")), [1, 1]);
    assert_eq!(reinforced.control(cell(&reinforced, "c3")), Control::Tie);
    assert!(!legal(&reinforced).contains(&"expropriate c3".to_owned()));
    let damaged = position("black", stones, "w:000000=d");
    assert_eq!(damaged.effective_arrows(cell(&damaged, "c3")), [0, 2]);
}

#[test]
fn relocation_is_judged_before_the_move() {
    let p = position("white", "c1=w:000001/100000", "-");
    let relocations = with_prefix(&legal(&p), "relocate");
    assert_eq!(
        relocations,
        [
            "relocate c1 c2 000001",
            "relocate c1 c2 000010",
            "relocate c1 c2 000100",
            "relocate c1 c2 001000",
            "relocate c1 c2 010000",
            "relocate c1 c2 100000"
        ]
    );
    assert_eq!(
        illegal(&p, "relocate c1 c1 010000"),
        "illegal move 'relocate c1 c1 010000': a stone relocates to another cell (to turn it in place, rotate it)"
    );
    assert_eq!(with_prefix(&legal(&p), "rotate").len(), 5);
}

#[test]
fn expropriate_appropriate_and_remove_an_original_stone() {
    // White's arrows on c3: blue from c2 (east) and green from e3 (north-west);
    // Black's reinforcement adds one for Black: 2 against 1.
    let stones = "c1=w:000000/000000,c2=w:000001/100000,e3=w:000002/002000,c3=b:000001/000100";
    let p = position("white", stones, "b:000001=r");
    assert_eq!(p.control(cell(&p, "c3")), Control::Of(Colour::White));
    let moves = legal(&p);
    assert_eq!(with_prefix(&moves, "expropriate"), ["expropriate c3"]);
    assert_eq!(with_prefix(&moves, "remove"), ["remove c3"]);
    assert_eq!(with_prefix(&moves, "appropriate").len(), 5);
    let mut after = p.clone();
    after.play(p.parse_move("appropriate c3 100000").unwrap());
    let state = after.pieces()[after.occupant(cell(&after, "c3")).unwrap()];
    assert!(state.expropriated);
    assert_eq!(state.circle, spielwerk_amakta::Circle::None, "expropriation removes the circle");
    assert_eq!(after.raw_arrows(cell(&after, "c4")), [1, 0], "its arrow now counts for White");
    let mut removed = p.clone();
    removed.play(p.parse_move("remove c3").unwrap());
    assert!(removed.position_text().ends_with("removed=b:000001"));
    assert_eq!(
        illegal(&after, "expropriate c3"),
        "illegal move 'expropriate c3': the stone on c3 is expropriated already (release it instead)"
    );
}

#[test]
fn release_and_release_place_an_expropriated_stone() {
    let stones = "c1=w:000003/000003,c2=w:000001/100000,c3=w:000000/000000/x";
    let p = position("white", stones, "-");
    assert_eq!(p.control(cell(&p, "c3")), Control::Of(Colour::White));
    let moves = legal(&p);
    assert_eq!(with_prefix(&moves, "release "), ["release c3"]);
    assert_eq!(
        with_prefix(&moves, "release-place"),
        ["000002", "000020", "000200", "002000", "020000", "200000"]
            .map(|o| format!("release-place c3 000002 {o}"))
    );
    assert!(with_prefix(&moves, "expropriate").is_empty());
    let mut after = p.clone();
    after.play(p.parse_move("release c3").unwrap());
    assert!(after.position_text().ends_with("removed=w:000000"));
}

#[test]
fn an_expropriated_stone_taken_into_the_inventory_leaves_the_game() {
    let p = position("white", "c1=w:000001/100000,c2=b:000002/200000/x", "-");
    let mut taken = p.clone();
    taken.play(p.parse_move("take c2").unwrap());
    assert!(taken.position_text().ends_with("removed=b:000002"));
    assert_eq!(taken.inventory(Colour::White).count(), 3);
    let mut replaced = p.clone();
    replaced.play(p.parse_move("replace c2 000000 000000").unwrap());
    assert!(replaced.position_text().contains("c2=w:000000/000000"));
    assert!(replaced.position_text().ends_with("removed=b:000002"));
    let mut relocated = p.clone();
    relocated.play(p.parse_move("relocate c2 c4 000002").unwrap());
    assert!(relocated.position_text().contains("c4=b:000002/000002/x"), "relocating keeps it expropriated");
}

#[test]
fn a_stone_on_the_opponents_base_wins() {
    let stones = "c1=w:000000/000000,c4=w:000001/100000,a3=w:000002/000002";
    let p = position("white", stones, "-");
    assert_eq!(p.raw_arrows(cell(&p, "c5")), [2, 1], "blue from c4 and green from a3 against the base arrow");
    let mut won = p.clone();
    won.play(p.parse_move("relocate c4 c5 000001").unwrap());
    assert_eq!(won.outcome(), Some(Outcome::win(Player::P1, "base")));
    assert!(legal(&won).is_empty(), "a finished game has no moves");
    let black_on_base = position("white", &format!("{stones},c5=b:000000/000000"), "-");
    let mut won = black_on_base.clone();
    won.play(black_on_base.parse_move("expropriate c5").unwrap());
    assert_eq!(won.outcome(), Some(Outcome::win(Player::P1, "base")));
}

#[test]
fn two_passes_in_a_row_draw_at_once() {
    let options = Options::new().with("board", "hex3").with("set", SET).with("circles", "none");
    let mut history = History::new(Amakta::from_options(&options, None).unwrap());
    history.play_text("pass").unwrap();
    assert_eq!(history.outcome(), None);
    history.play_text("pass").unwrap();
    assert_eq!(history.outcome(), Some(Outcome::draw("repetition")));
    let mut history = History::new(Amakta::from_options(&options, None).unwrap());
    for mv in ["place 000000 c1 000000", "pass"] {
        history.play_text(mv).unwrap();
    }
    assert_eq!(history.outcome(), None, "the situation after the placement stands twice");
    history.play_text("pass").unwrap();
    assert_eq!(history.outcome().map(|o| o.result), Some(GameResult::Draw));
}

#[test]
fn the_setup_phase_is_played_as_moves() {
    let options = Options::new().with("board", "hex3").with("set", "000001,000000");
    let mut history = History::new(Amakta::from_options(&options, None).unwrap());
    assert_eq!(history.current().side_to_move(), Player::P1);
    let moves = legal(history.current());
    assert_eq!(moves, ["circle w:000001=n", "circle w:000001=r", "circle w:000001=d", "circles none"]);
    for mv in ["circle w:000001=r", "circle w:000000=n", "circle b:000001=r"] {
        history.play_text(mv).unwrap();
    }
    assert_eq!(legal(history.current()), ["circle b:000000=n", "circle b:000000=r", "circle b:000000=d"]);
    assert_eq!(
        history.play_text("circle b:000001=d").unwrap_err().to_string(),
        "illegal move 'circle b:000001=d': the circle of b:000000 is assigned next"
    );
    history.play_text("circle b:000000=d").unwrap();
    assert_eq!(history.current().side_to_move(), Player::P2);
    assert_eq!(legal(history.current()), ["colour white", "colour black"]);
    history.play_text("colour white").unwrap();
    assert_eq!(history.current().side_to_move(), Player::P2, "P2 chose White and moves first");
    assert_eq!(history.current().player_name(Player::P1).en, "Black");
    assert!(history.current().position_text().contains("circles=w:000001=r,b:000001=r,b:000000=d"));
    let quick = Amakta::from_options(&options.clone().with("circles", "none"), None).unwrap();
    assert_eq!(quick.side_to_move(), Player::P1);
    assert_eq!(quick.player_name(Player::P1).en, "White");
}

#[test]
fn perft_from_the_start_of_play_on_hex5() {
    let options = Options::new().with("circles", "none");
    let start = Amakta::from_options(&options, None).unwrap();
    // pass + 49 placements (the default set's orientations) on e1, for each side.
    assert_eq!(start.perft(1), 50);
    assert_eq!(start.perft(2), 2500);
    // Regression value; the generator is cross-checked against the move
    // judge by brute force in the crate's consistency tests.
    assert_eq!(start.perft(3), 227_900);
}

//! Prints the terminal drawing and the JSON view of a position reached by
//! a few greedy moves: `cargo run -p spielwerk-amakta --example render -- [PLIES]`.

use game::{History, Limits, Options};
use spielwerk_amakta::Amakta;
use std::sync::atomic::AtomicBool;

fn main() {
    let plies: usize = std::env::args().nth(1).and_then(|p| p.parse().ok()).unwrap_or(12);
    let options = Options::new().with("circles", "w:000000=r,b:000000=d");
    let mut history = History::new(Amakta::from_options(&options, None).expect("valid options"));
    let mut engine = search::greedy::<Amakta>();
    for _ in 0..plies {
        let Some(mv) = engine.think(&history, &Limits::default(), &AtomicBool::new(false), &mut |_| {})
        else {
            break;
        };
        history.play(mv).expect("legal");
    }
    let current = history.current();
    println!(
        "{}",
        game::Presentation::render(current, history.moves().last().copied(), game::Style::default())
    );
    println!("{}", game::Game::position_text(current));
    let view = game::Presentation::view(current);
    println!("view: {} bytes, {} legal moves", view.to_string().len(), view["legal"]["count"]);
}

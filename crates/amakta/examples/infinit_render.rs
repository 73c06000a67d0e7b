//! Prints the terminal drawing, the position text and the size of the JSON
//! view of an Amakta Infinit game after the start and a few plies of play
//! by the default engine: `cargo run -p spielwerk-amakta --example
//! infinit_render -- [PLIES_OF_PLAY]`.

use game::{Game, History, Limits, Options, Presentation};
use spielwerk_amakta::Infinit;
use spielwerk_amakta::infinit::Stage;
use spielwerk_amakta::infinit::engine::alpha_beta;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let plies: usize = std::env::args().nth(1).and_then(|p| p.parse().ok()).unwrap_or(6);
    let mut history = History::new(Infinit::from_options(&Options::new(), None).expect("default options"));
    let mut engine = alpha_beta();
    let limits = Limits::movetime(Duration::from_millis(50));
    let mut played = 0;
    while played < plies {
        let Some(mv) = engine.think(&history, &limits, &AtomicBool::new(false), &mut |_| {}) else {
            break;
        };
        if history.current().stage() == Stage::Play {
            played += 1;
        }
        history.play(mv).expect("legal");
    }
    let current = history.current();
    println!("{}", current.render(history.moves().last().copied(), game::Style::default()));
    println!("{}", current.position_text());
    let view = current.view();
    println!("view: {} bytes, {} legal moves", view.to_string().len(), view["legal"]["count"]);
}

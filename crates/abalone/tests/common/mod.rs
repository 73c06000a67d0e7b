//! Helpers shared by the integration tests.

use spielwerk_abalone::{Cell, Position};

/// Position text with black marbles on `black`, white ones on `white`
/// (space-separated cell names), then `rest` (ejections, side, counters).
pub fn text(black: &str, white: &str, rest: &str) -> String {
    let on = |list: &str, cell: Cell| list.split_whitespace().any(|name| Cell::parse(name).unwrap() == cell);
    let mut rows = Vec::new();
    for row in (1..=9).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in Cell::all().filter(|c| c.row() == row) {
            let symbol = if on(black, cell) {
                'S'
            } else if on(white, cell) {
                's'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text += &empty.to_string();
                empty = 0;
            }
            text.push(symbol);
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        rows.push(text);
    }
    format!("{} {rest}", rows.join("/"))
}

/// The position with black marbles on `black` and white ones on `white`,
/// Black to move, nothing ejected.
pub fn position(black: &str, white: &str) -> Position {
    text(black, white, "0 0 b 0 1").parse().unwrap()
}

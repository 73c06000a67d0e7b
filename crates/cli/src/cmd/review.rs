//! Looking through a game in the terminal: the numbered move list, and
//! stepping through the positions of a finished game.

use crate::cmd::play::player_name;
use crate::input::Prompt;
use crate::messages::write_line;
use game::{DynGame, Language, Player, Style, text};

/// The game's moves, one a line, numbered from 1 with the player who made
/// each (players need not alternate: Amakta's setup, Infinit's bidding).
#[must_use]
pub fn history(game: &dyn DynGame, language: Language) -> String {
    let moves = game.moves();
    if moves.is_empty() {
        return text!("No moves yet.", "Noch keine Züge.").get(language).to_owned();
    }
    let movers = movers(game);
    let width = moves.len().to_string().len();
    moves
        .iter()
        .zip(movers)
        .enumerate()
        .map(|(index, (mv, mover))| {
            format!("{:>width$}. {:<8} {mv}", index + 1, player_name(game, mover, language))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Who made each move of `game`, found by replaying it from the start.
fn movers(game: &dyn DynGame) -> Vec<Player> {
    let moves = game.moves();
    let mut replay = at_ply(game, 0);
    moves
        .iter()
        .map(|mv| {
            let mover = replay.side_to_move();
            // The move was played in this very game, so it replays.
            let _ = replay.play(mv);
            mover
        })
        .collect()
}

/// A copy of `game` taken back to the position after `ply` moves.
#[must_use]
pub fn at_ply(game: &dyn DynGame, ply: usize) -> Box<dyn DynGame> {
    let mut copy = game.clone_box();
    for _ in ply..copy.moves().len() {
        // The first take-back of a game ended from outside (resignation,
        // agreement) only lifts the ending.
        if copy.undo().is_none() && copy.undo().is_none() {
            break;
        }
    }
    copy
}

/// What a line typed while reviewing asks for.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// Show the position after this many moves.
    To(usize),
    /// Print the numbered moves.
    History,
    /// Leave the review.
    Quit,
    /// Not understood.
    Unknown,
}

/// Reads a review command at ply `ply` of a game of `last` moves.
fn read_step(input: &str, ply: usize, last: usize) -> Step {
    match input {
        "" | "n" | "next" => Step::To((ply + 1).min(last)),
        "p" | "prev" | "back" | "b" => Step::To(ply.saturating_sub(1)),
        "first" | "start" => Step::To(0),
        "last" | "end" => Step::To(last),
        "history" | "h" => Step::History,
        "q" | "quit" | "exit" => Step::Quit,
        number => number.parse::<usize>().map_or(Step::Unknown, |n| Step::To(n.min(last))),
    }
}

/// Steps through the positions of `game` (a finished game) as the person
/// asks, starting at its end, until they quit or input ends; the
/// positions drawn in `style`.
pub fn review(game: &dyn DynGame, prompt: &mut Prompt, style: Style) -> anyhow::Result<()> {
    let language = style.language;
    let last = game.moves().len();
    let mut ply = last;
    write_line(
        text!(
            "Review: Enter or `n` next move, `p` previous, `first`, `last`, a number goes to that move, \
             `history`, `q` ends.",
            "Nachspielen: Enter oder `n` nächster Zug, `p` voriger, `first` Anfang, `last` Ende, eine Zahl \
             geht zu diesem Zug, `history` Züge, `q` beendet."
        )
        .get(language),
    )?;
    loop {
        let asked = text!("review {ply}/{last}> ", "Nachspielen {ply}/{last}> ");
        let Some(line) = prompt.read(asked.get(language))? else { return Ok(()) };
        match read_step(line.trim(), ply, last) {
            Step::To(target) => {
                ply = target;
                let shown = at_ply(game, ply);
                let moves = game.moves();
                if let Some(mv) = ply.checked_sub(1).map(|index| &moves[index]) {
                    write_line(text!("after move {ply}: {mv}", "nach Zug {ply}: {mv}").get(language))?;
                }
                write_line(shown.render(style))?;
            }
            Step::History => write_line(history(game, language))?,
            Step::Quit => return Ok(()),
            Step::Unknown => write_line(
                text!(
                    "Not a review command; `q` ends the review.",
                    "Kein Befehl zum Nachspielen; `q` beendet."
                )
                .get(language),
            )?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_commands_stay_within_the_game() {
        assert_eq!(read_step("", 3, 3), Step::To(3));
        assert_eq!(read_step("n", 1, 3), Step::To(2));
        assert_eq!(read_step("p", 0, 3), Step::To(0));
        assert_eq!(read_step("99", 0, 3), Step::To(3));
        assert_eq!(read_step("first", 2, 3), Step::To(0));
        assert_eq!(read_step("q", 2, 3), Step::Quit);
        assert_eq!(read_step("e4", 2, 3), Step::Unknown);
    }

    #[test]
    fn history_numbers_each_move_with_its_mover() {
        let registry = games::registry();
        let mut game = registry.create("ataxx", &game::Options::new(), None).unwrap();
        game.play("g2").unwrap();
        game.play("a2").unwrap();
        let text = history(game.as_ref(), Language::English);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].starts_with("1. ") && lines[0].ends_with("g2"), "{text}");
        assert!(lines[1].starts_with("2. ") && lines[1].ends_with("a2"), "{text}");
        assert_ne!(lines[0].split_whitespace().nth(1), lines[1].split_whitespace().nth(1), "{text}");
        assert_eq!(at_ply(game.as_ref(), 1).moves(), ["g2"]);
        game.end(game::Outcome::draw("agreement"));
        assert_eq!(at_ply(game.as_ref(), 1).moves(), ["g2"], "an ended game is looked through too");
        assert_eq!(history(game.as_ref(), Language::English), text);
    }
}

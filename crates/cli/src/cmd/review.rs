//! Looking through a game in the terminal: the numbered move list, and
//! stepping through the positions of a finished game with the engine's
//! evaluation of each (the session's review, as in the full screen).

use crate::input::Prompt;
use crate::messages::{wrapped, write_line};
use crate::session::review::{
    Evaluations, at_ply, history, move_labels, movers, review_limits, show_evaluation,
};
use game::{DynGame, Style, text};
use std::time::{Duration, Instant};

/// How long a step waits for its position's evaluation before it shows
/// how far the evaluation has come instead.
const EVALUATION_WAIT: Duration = Duration::from_secs(5);

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
/// positions drawn in `style`, each with the engine's evaluation (the
/// first player's score) once it is there.
pub fn review(game: &dyn DynGame, prompt: &mut Prompt, style: Style) -> anyhow::Result<()> {
    let language = style.language;
    let last = game.moves().len();
    let mut evaluations = Evaluations::start(game, review_limits());
    let mut ply = last;
    write_line(wrapped(
        text!(
            "Review: Enter or `n` next move, `p` previous, `first`, `last`, a number N the position after N \
             moves of either side (the prompt counts them so), `history`, `q` ends.",
            "Nachspielen: Enter oder `n` nächster Zug, `p` voriger, `first` Anfang, `last` Ende, eine Zahl N die \
             Stellung nach N Zügen beider Seiten (so zählt die Eingabezeile), `history` Züge, `q` beendet."
        )
        .get(language),
    ))?;
    loop {
        let asked = text!("review {ply}/{last}> ", "Nachspielen {ply}/{last}> ");
        let Some(line) = prompt.read(asked.get(language))? else { return Ok(()) };
        match read_step(line.trim(), ply, last) {
            Step::To(target) => {
                ply = target;
                let shown = at_ply(game, ply);
                let moves = game.moves();
                let place = match ply.checked_sub(1) {
                    // Numbered as in the record and `history`.
                    Some(index) => {
                        let (mv, label) = (&moves[index], &move_labels(&movers(game))[index]);
                        text!("after {label} {mv}", "nach {label} {mv}")
                    }
                    None => text!("the start", "der Anfang"),
                };
                let evaluation = match evaluations.wait_for(ply, Instant::now() + EVALUATION_WAIT) {
                    Some(score) => show_evaluation(game, score, language),
                    None => {
                        let (done, all) = (evaluations.done(), last + 1);
                        text!("evaluating {done}/{all}", "bewerte {done}/{all}").get(language).to_owned()
                    }
                };
                write_line(format!("{}: {evaluation}", place.get(language)))?;
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
}

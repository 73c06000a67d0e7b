//! Looking through a game in the terminal: the numbered move list, and
//! stepping through the positions of a finished game with the engine's
//! evaluation of each (the session's review, as in the full screen).

use crate::input::{Prompt, not_text, not_text_said};
use crate::messages::{wrapped, write_line};
use crate::session::review::{
    Evaluations, at_ply, history, move_labels, movers, past_the_end, review_limits, show_evaluation,
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
    /// A number past the game's end: the last position, said so.
    Beyond(usize),
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
        number => match number.parse::<usize>() {
            Ok(n) if n > last => Step::Beyond(n),
            Ok(n) => Step::To(n),
            Err(_) => Step::Unknown,
        },
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
    // The end was drawn just before; its evaluation with it, when the
    // engine has it soon (it evaluates the end first).
    if let Some(score) = evaluations.wait_for(last, Instant::now() + EVALUATION_WAIT) {
        let place = place_after(game, last).get(language).to_owned();
        write_line(format!("{place}: {}", show_evaluation(game, score, language)))?;
    }
    // Whether a position of the review has been shown by a step.
    let mut shown = false;
    loop {
        let asked = text!("review {ply}/{last}> ", "Nachspielen {ply}/{last}> ");
        let line = match prompt.read(asked.get(language)) {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(write_line(over().get(language))?),
            Err(error) if not_text(&error) => {
                write_line(wrapped(not_text_said().get(language)))?;
                continue;
            }
            Err(error) => return Err(error),
        };
        match read_step(line.trim(), ply, last) {
            Step::Beyond(asked) => {
                write_line(wrapped(past_the_end(asked, last).get(language)))?;
                // The last position, unless it is on the screen already.
                if !(shown && ply == last) {
                    (ply, shown) = (last, true);
                    show(game, &mut evaluations, ply, style)?;
                }
            }
            Step::To(target) if shown && target == ply && (ply == last || ply == 0) => {
                let here = if ply == last {
                    text!(
                        "This is the last position, where the game ended: `p` goes back, `first` to the start, `q` \
                         ends the review.",
                        "Das ist die letzte Stellung, wo die Partie endete: `p` geht zurück, `first` zum Anfang, \
                         `q` beendet das Nachspielen."
                    )
                } else {
                    text!(
                        "This is the start position: Enter or `n` goes forward, `q` ends the review.",
                        "Das ist die Anfangsstellung: Enter oder `n` geht vor, `q` beendet das Nachspielen."
                    )
                };
                write_line(wrapped(here.get(language)))?;
            }
            Step::To(target) => {
                (ply, shown) = (target, true);
                show(game, &mut evaluations, ply, style)?;
            }
            Step::History => write_line(history(game, language))?,
            Step::Quit => return Ok(write_line(over().get(language))?),
            Step::Unknown => write_line(
                text!(
                    "Not a review command: Enter or `n` next move, `p` previous, `first`, `last`, a number N, \
                     `history`, `q` ends the review.",
                    "Kein Befehl zum Nachspielen: Enter oder `n` nächster Zug, `p` voriger, `first`, `last`, eine \
                     Zahl N, `history`, `q` beendet."
                )
                .get(language),
            )?,
        }
    }
}

/// Shows the position after `ply` moves of `game`: where it is with its
/// evaluation, then the drawing in `style`.
fn show(game: &dyn DynGame, evaluations: &mut Evaluations, ply: usize, style: Style) -> anyhow::Result<()> {
    let language = style.language;
    let place = place_after(game, ply);
    let evaluation = evaluation(game, evaluations, ply, language)?;
    write_line(format!("{}: {evaluation}", place.get(language)))?;
    write_line(at_ply(game, ply).render(style))?;
    Ok(())
}

/// Where the review is after `ply` moves of `game`: "after 1... a2",
/// numbered as in the record and `history`, or "the start".
fn place_after(game: &dyn DynGame, ply: usize) -> game::Text {
    match ply.checked_sub(1) {
        Some(index) => {
            let (mv, label) = (&game.moves()[index], &move_labels(&movers(game))[index]);
            text!("after {label} {mv}", "nach {label} {mv}")
        }
        None => text!("the start", "der Anfang"),
    }
}

/// The last line of the review.
fn over() -> game::Text {
    text!("The review is over.", "Das Nachspielen ist beendet.")
}

/// The engine's evaluation of the position after `ply` moves, waited for
/// a while (saying so, with how many positions are done) when it is not
/// there yet.
fn evaluation(
    game: &dyn DynGame,
    evaluations: &mut Evaluations,
    ply: usize,
    language: game::Language,
) -> anyhow::Result<String> {
    if let Some(score) = evaluations.wait_for(ply, Instant::now()) {
        return Ok(show_evaluation(game, score, language));
    }
    let all = evaluations.scores.len();
    let done = evaluations.done();
    write_line(wrapped(
        text!(
            "The engine is evaluating the positions ({done} of {all} done); waiting for this one…",
            "Der Computer bewertet die Stellungen ({done} von {all} fertig); warte auf diese …"
        )
        .get(language),
    ))?;
    Ok(match evaluations.wait_for(ply, Instant::now() + EVALUATION_WAIT) {
        Some(score) => show_evaluation(game, score, language),
        None => {
            let done = evaluations.done();
            text!(
                "no evaluation yet ({done} of {all} positions evaluated; come back to it later)",
                "noch keine Bewertung ({done} von {all} Stellungen bewertet; schau später wieder her)"
            )
            .get(language)
            .to_owned()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_commands_stay_within_the_game() {
        assert_eq!(read_step("", 3, 3), Step::To(3));
        assert_eq!(read_step("n", 1, 3), Step::To(2));
        assert_eq!(read_step("p", 0, 3), Step::To(0));
        assert_eq!(read_step("99", 0, 3), Step::Beyond(99));
        assert_eq!(read_step("3", 0, 3), Step::To(3));
        assert_eq!(read_step("first", 2, 3), Step::To(0));
        assert_eq!(read_step("q", 2, 3), Step::Quit);
        assert_eq!(read_step("e4", 2, 3), Step::Unknown);
    }
}

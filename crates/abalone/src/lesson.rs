//! The lesson of Abalone: moving lines, broadside moves, pushing, ejecting
//! and winning, step by step (see [`game::lesson`]).

use game::DynGame;
use game::lesson::{Goal, Step, Words};

/// How many marbles Black has ejected, from a game's position text.
fn ejected_by_black(game: &dyn DynGame) -> u32 {
    game.position().split(' ').nth(1).and_then(|count| count.parse().ok()).unwrap_or(0)
}

/// The start position.
const START: &str = "sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 0 0 b 0 1";

/// The steps of the lesson.
pub const LESSON: &[Step] = &[
    Step {
        id: "in-line",
        title: Words { en: "Move a line", de: "Eine Reihe ziehen" },
        position: START,
        explanation: Words {
            en: "You play Black. A turn moves one, two or three of your marbles standing in a line by one cell. Moving along the line is an in-line move.",
            de: "Du spielst Schwarz. Ein Zug bewegt eine, zwei oder drei eigene Kugeln, die in einer Reihe stehen, um ein Feld. Ein Zug entlang der Reihe heißt Längszug.",
        },
        task: Words {
            en: "Move a line of three marbles one cell forward, along the line.",
            de: "Zieh eine Reihe aus drei Kugeln ein Feld nach vorn, entlang der Reihe.",
        },
        hint: Words {
            en: "For example a1, b2 and c3 stand in a line: move them towards d4.",
            de: "Zum Beispiel stehen a1, b2 und c3 in einer Reihe: zieh sie in Richtung d4.",
        },
        goal: Goal::OneOf(&["a1b2", "a2b3", "a3b4", "a3b3", "a4b4", "a5b5"]),
    },
    Step {
        id: "broadside",
        title: Words { en: "Broadside", de: "Breitseite" },
        position: START,
        explanation: Words {
            en: "A line can also move sideways, each marble into the empty cell next to it: a broadside move.",
            de: "Eine Reihe kann auch seitwärts ziehen, jede Kugel auf das leere Feld neben ihr: ein Breitseitzug.",
        },
        task: Words {
            en: "Move the three marbles c3, c4, c5 sideways, forward.",
            de: "Zieh die drei Kugeln c3, c4, c5 seitwärts nach vorn.",
        },
        hint: Words { en: "All three go up into row D.", de: "Alle drei ziehen hinauf in Reihe D." },
        goal: Goal::OneOf(&["c3c5d4", "c3c5d3"]),
    },
    Step {
        id: "push",
        title: Words { en: "Push (sumito)", de: "Schieben (Sumito)" },
        position: "5/6/7/8/2SSSs3/8/7/6/5 0 0 b 0 1",
        explanation: Words {
            en: "A line that is longer than the enemy line right in front of it pushes it, along the line: three push one or two, two push one.",
            de: "Eine Reihe, die länger ist als die gegnerische Reihe direkt vor ihr, schiebt sie entlang der Reihe: drei schieben eine oder zwei, zwei schieben eine.",
        },
        task: Words {
            en: "Push the white marble with your three.",
            de: "Schieb die weiße Kugel mit deinen dreien.",
        },
        hint: Words {
            en: "Move the line e3–e5 towards the white marble.",
            de: "Zieh die Reihe e3–e5 auf die weiße Kugel zu.",
        },
        goal: Goal::OneOf(&["e3e4"]),
    },
    Step {
        id: "three-against-two",
        title: Words { en: "Three against two", de: "Drei gegen zwei" },
        position: "5/6/7/8/1SSSss3/8/7/6/5 0 0 b 0 1",
        explanation: Words {
            en: "Equal lines cannot push each other: two cannot push two. Three can push two if the cell behind them is empty.",
            de: "Gleich lange Reihen können einander nicht schieben: Zwei schieben keine zwei. Drei schieben zwei, wenn das Feld dahinter frei ist.",
        },
        task: Words {
            en: "Push both white marbles with all three of yours.",
            de: "Schieb beide weißen Kugeln mit allen dreien.",
        },
        hint: Words {
            en: "Your last marble, on e2, moves to e3.",
            de: "Deine hinterste Kugel auf e2 zieht nach e3.",
        },
        goal: Goal::OneOf(&["e2e3"]),
    },
    Step {
        id: "eject",
        title: Words { en: "Eject a marble", de: "Eine Kugel hinausschieben" },
        position: "5/6/7/8/5SSSs/8/7/6/5 0 0 b 0 1",
        explanation: Words {
            en: "A marble pushed over the edge leaves the board for good.",
            de: "Eine Kugel, die über den Rand geschoben wird, ist endgültig aus dem Spiel.",
        },
        task: Words { en: "Push the white marble off the board.", de: "Schieb die weiße Kugel vom Brett." },
        hint: Words {
            en: "White's marble stands on the edge, at e9.",
            de: "Die weiße Kugel steht am Rand, auf e9.",
        },
        goal: Goal::Reach { test: |game| ejected_by_black(game) >= 1, example: "e6e7" },
    },
    Step {
        id: "win",
        title: Words { en: "Winning", de: "Gewinnen" },
        position: "5/6/7/8/6SSs/8/7/6/5 5 0 b 0 1",
        explanation: Words {
            en: "Who ejects six enemy marbles first wins. You have ejected five already.",
            de: "Wer zuerst sechs gegnerische Kugeln hinausschiebt, gewinnt. Du hast schon fünf.",
        },
        task: Words {
            en: "Eject the sixth marble and win.",
            de: "Schieb die sechste Kugel hinaus und gewinne.",
        },
        hint: Words { en: "Two of yours push one of White's.", de: "Zwei von deinen schieben eine weiße." },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "e7e8" },
    },
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_lesson_step_is_sound() {
        game::lesson::assert_sound(&crate::entry(), 6);
    }
}

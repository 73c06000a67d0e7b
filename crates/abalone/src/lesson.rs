//! The lesson of Abalone: moving lines, broadside moves, pushing and what
//! stops a push, ejecting and winning, then keeping your marbles safe and
//! a final test, step by step (see [`game::lesson`]).

use game::DynGame;
use game::lesson::{Goal, Step, Words};

/// How many marbles Black has ejected, from a game's position text.
fn ejected_by_black(game: &dyn DynGame) -> u32 {
    game.position().split(' ').nth(1).and_then(|count| count.parse().ok()).unwrap_or(0)
}

/// How many marbles White has ejected, from a game's position text.
fn ejected_by_white(game: &dyn DynGame) -> u32 {
    game.position().split(' ').nth(2).and_then(|count| count.parse().ok()).unwrap_or(0)
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
        id: "at-most-three",
        title: Words { en: "At most three", de: "Höchstens drei" },
        position: "5/6/7/8/SSSSss3/8/7/6/5 0 0 b 0 1",
        explanation: Words {
            en: "A move never takes more than three of your marbles. A fourth marble in the line adds no force: three push two, and the fourth stays behind.",
            de: "Ein Zug bewegt nie mehr als drei deiner Kugeln. Eine vierte Kugel in der Reihe gibt keine Kraft dazu: Drei schieben zwei, die vierte bleibt stehen.",
        },
        task: Words {
            en: "Push the two white marbles with three of your four.",
            de: "Schieb die zwei weißen Kugeln mit dreien deiner vier.",
        },
        hint: Words {
            en: "The three front marbles are e2, e3 and e4: move e2 to e3.",
            de: "Die drei vorderen Kugeln sind e2, e3 und e4: zieh e2 nach e3.",
        },
        goal: Goal::OneOf(&["e2e3"]),
    },
    Step {
        id: "two-against-two",
        title: Words { en: "Two cannot push two", de: "Zwei schieben keine zwei" },
        position: "4s/6/7/8/2SSss3/1S6/7/6/5 0 0 b 0 1",
        explanation: Words {
            en: "Your two marbles on e3 and e4 face two white ones: equal lines block each other. Bring a third marble into the line, and then you push.",
            de: "Deine zwei Kugeln auf e3 und e4 stehen zwei weißen gegenüber: Gleich lange Reihen blockieren einander. Bring eine dritte Kugel in die Reihe, dann schiebst du.",
        },
        task: Words {
            en: "Move d2 to e2; after White's reply, push with all three.",
            de: "Zieh d2 nach e2; nach der Antwort von Weiß schiebst du mit allen dreien.",
        },
        hint: Words {
            en: "The push moves the last marble of the line, e2, to e3.",
            de: "Beim Schieben zieht die hinterste Kugel der Reihe, e2, nach e3.",
        },
        goal: Goal::Line(&["d2e2", "i9h9", "e2e3"]),
    },
    Step {
        id: "own-marble-blocks",
        title: Words { en: "Your own marble in the way", de: "Die eigene Kugel im Weg" },
        position: "4s/6/7/8/2SSSsS2/8/7/6/5 0 0 b 0 1",
        explanation: Words {
            en: "A push needs an empty cell (or the edge) behind the pushed marbles. Your own marble on e7 stands there, so you cannot push yet.",
            de: "Zum Schieben muss hinter den geschobenen Kugeln ein Feld frei sein (oder der Rand kommen). Dort steht deine eigene Kugel auf e7, also kannst du noch nicht schieben.",
        },
        task: Words {
            en: "Move e7 aside to f8; after White's reply, push the white marble.",
            de: "Zieh e7 zur Seite nach f8; nach der Antwort von Weiß schieb die weiße Kugel.",
        },
        hint: Words {
            en: "Then the line e3–e5 moves towards e6: e3 to e4.",
            de: "Dann zieht die Reihe e3–e5 auf e6 zu: e3 nach e4.",
        },
        goal: Goal::Line(&["e7f8", "i9h9", "e3e4"]),
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
        id: "eject-two",
        title: Words { en: "Three push two off", de: "Drei schieben zwei hinaus" },
        position: "5/6/7/8/4SSSss/8/7/6/5 0 0 b 0 1",
        explanation: Words {
            en: "Three push two even at the edge: the outer marble falls off, the other moves up to the edge.",
            de: "Drei schieben zwei auch am Rand: Die äußere Kugel fällt hinaus, die andere rückt an den Rand.",
        },
        task: Words {
            en: "Eject a white marble with your line of three.",
            de: "Schieb mit deiner Dreierreihe eine weiße Kugel hinaus.",
        },
        hint: Words { en: "Move the last marble, e5, to e6.", de: "Zieh die hinterste Kugel, e5, nach e6." },
        goal: Goal::Reach { test: |game| ejected_by_black(game) >= 1, example: "e5e6" },
    },
    Step {
        id: "danger",
        title: Words { en: "Danger at the edge", de: "Gefahr am Rand" },
        position: "5/6/7/8/6ssS/8/7/6/SS3 0 0 b 0 1",
        explanation: Words {
            en: "Marbles on the edge are in danger. White's two marbles on e7 and e8 threaten to push your marble on e9 off the board.",
            de: "Kugeln am Rand sind in Gefahr. Die zwei weißen Kugeln auf e7 und e8 drohen, deine Kugel auf e9 vom Brett zu schieben.",
        },
        task: Words {
            en: "Save your marble: after your move, White must not be able to eject any.",
            de: "Rette deine Kugel: Nach deinem Zug darf Weiß keine hinausschieben können.",
        },
        hint: Words { en: "Step e9 out of the white line.", de: "Zieh e9 aus der weißen Reihe heraus." },
        goal: Goal::Reach {
            test: |game| game::lesson::every_reply(game, |reply| ejected_by_white(reply) == 0),
            example: "e9d8",
        },
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
    Step {
        id: "final",
        title: Words { en: "Final test", de: "Abschlussprüfung" },
        position: "5/6/7/3SSSss/3SSSss1/8/1SSss2/6/5 5 0 b 0 1",
        explanation: Words {
            en: "Everything together. You have ejected five marbles; three of your lines face white ones, but only one push wins.",
            de: "Alles zusammen. Du hast schon fünf Kugeln hinausgeschoben; drei deiner Reihen stehen weißen gegenüber, aber nur ein Schub gewinnt.",
        },
        task: Words { en: "Win in one move.", de: "Gewinne mit einem Zug." },
        hint: Words {
            en: "Which white pair stands right at the edge, and which of your lines is longer than it?",
            de: "Welches weiße Paar steht direkt am Rand, und welche deiner Reihen ist länger als es?",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "f5f6" },
    },
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_lesson_step_is_sound() {
        game::lesson::assert_sound(&crate::entry(), 12);
    }

    #[test]
    fn the_moves_a_step_rules_out_are_judged_wrong() {
        game::lesson::assert_wrong(
            &crate::entry(),
            &[
                ("two-against-two", "e3f4"),
                ("own-marble-blocks", "e7e8"),
                ("danger", "a1b2"),
                ("final", "e4e5"),
                ("final", "c2c3d3"),
            ],
        );
    }
}

//! The lesson of Ataxx: clones, jumps, captures, blockers, passing, the
//! end of the game and counting, then a few tactics and a final test,
//! step by step (see [`game::lesson`]).

use game::DynGame;
use game::lesson::{Goal, Step, Words};

/// How many stones Red (`x`) has in a game's position text.
fn red_stones(game: &dyn DynGame) -> usize {
    game.position().split(' ').next().unwrap_or("").matches('x').count()
}

/// How many stones Blue (`o`) has in a game's position text.
fn blue_stones(game: &dyn DynGame) -> usize {
    game.position().split(' ').next().unwrap_or("").matches('o').count()
}

/// Whether the side to move has no move but a pass.
fn must_pass(game: &dyn DynGame) -> bool {
    game.outcome().is_none() && game.legal_moves() == ["0000"]
}

/// The steps of the lesson.
pub const LESSON: &[Step] = &[
    Step {
        id: "clone",
        title: Words { en: "Clone", de: "Klonen" },
        position: "x5o/7/7/7/7/7/o5x x 0 1",
        explanation: Words {
            en: "You play Red (x). A stone that moves to a neighbouring empty square clones itself: the old stone stays and a new one appears.",
            de: "Du spielst Rot (x). Ein Stein, der auf ein leeres Nachbarfeld zieht, klont sich: Der alte Stein bleibt stehen, ein neuer kommt dazu.",
        },
        task: Words {
            en: "Clone one of your stones onto a neighbouring square.",
            de: "Klone einen deiner Steine auf ein Nachbarfeld.",
        },
        hint: Words {
            en: "Click a red stone, then a square right next to it.",
            de: "Klicke einen roten Stein an, dann ein Feld direkt daneben.",
        },
        goal: Goal::OneOf(&["b6", "a6", "b7", "f1", "f2", "g2"]),
    },
    Step {
        id: "jump",
        title: Words { en: "Jump", de: "Springen" },
        position: "x5o/7/7/7/7/7/o5x x 0 1",
        explanation: Words {
            en: "A stone can also jump exactly two squares far, over anything. A jump does not clone: the stone leaves its square.",
            de: "Ein Stein kann auch genau zwei Felder weit springen, über alles hinweg. Ein Sprung klont nicht: Der Stein verlässt sein Feld.",
        },
        task: Words { en: "Jump with the stone on a7.", de: "Springe mit dem Stein auf a7." },
        hint: Words {
            en: "The squares two steps away from a7: a5, b5, c5, c6, c7.",
            de: "Die Felder zwei Schritte von a7 entfernt: a5, b5, c5, c6, c7.",
        },
        goal: Goal::OneOf(&["a7a5", "a7b5", "a7c5", "a7c6", "a7c7"]),
    },
    Step {
        id: "grow",
        title: Words { en: "Clone or jump?", de: "Klonen oder springen?" },
        position: "7/7/7/7/2o4/7/x5o x 0 1",
        explanation: Words {
            en: "A clone adds a stone, a jump only moves one. When both capture the same, the clone gives you one stone more.",
            de: "Ein Klon bringt einen Stein dazu, ein Sprung versetzt nur einen. Wenn beide dasselbe umfärben, hast du nach dem Klon einen Stein mehr.",
        },
        task: Words {
            en: "Capture the blue stone on c3 and end with three red stones.",
            de: "Färbe den blauen Stein auf c3 um und hab danach drei rote Steine.",
        },
        hint: Words {
            en: "Clone onto a square that touches c3.", de: "Klone auf ein Feld, das c3 berührt."
        },
        goal: Goal::Reach { test: |game| red_stones(game) >= 3, example: "b2" },
    },
    Step {
        id: "capture",
        title: Words { en: "Capture", de: "Umfärben" },
        position: "7/7/7/2ooo2/7/2x4/7 x 0 1",
        explanation: Words {
            en: "Every enemy stone next to the square you move to turns to your colour.",
            de: "Jeder gegnerische Stein neben dem Zielfeld deines Zuges wechselt zu deiner Farbe.",
        },
        task: Words {
            en: "Take all three blue stones with one clone.",
            de: "Färbe alle drei blauen Steine mit einem Klon um.",
        },
        hint: Words {
            en: "Which square touches c4, d4 and e4 and is next to your stone?",
            de: "Welches Feld berührt c4, d4 und e4 und liegt neben deinem Stein?",
        },
        goal: Goal::Reach { test: |game| red_stones(game) >= 5, example: "d3" },
    },
    Step {
        id: "jump-capture",
        title: Words { en: "A jump that captures", de: "Ein Sprung, der umfärbt" },
        position: "7/7/3ooo1/5o1/2x2o1/7/7 x 0 1",
        explanation: Words {
            en: "Jumps capture too. A jump leaves a hole behind, but it can reach squares a clone cannot.",
            de: "Auch Sprünge färben um. Ein Sprung lässt ein Loch zurück, erreicht aber Felder, die ein Klon nicht erreicht.",
        },
        task: Words {
            en: "Capture five blue stones in one move.",
            de: "Färbe fünf blaue Steine mit einem Zug um.",
        },
        hint: Words {
            en: "Look for the empty square surrounded by blue stones.",
            de: "Suche das leere Feld, das von blauen Steinen umgeben ist.",
        },
        goal: Goal::Reach { test: |game| red_stones(game) >= 6, example: "c3e4" },
    },
    Step {
        id: "many",
        title: Words { en: "Count before you move", de: "Erst zählen, dann ziehen" },
        position: "7/7/7/1ooo3/1o1o3/xooo3/7 x 0 1",
        explanation: Words {
            en: "Several moves capture something. Count the blue stones around each square you can reach and take the most.",
            de: "Mehrere Züge färben etwas um. Zähle die blauen Steine rund um jedes erreichbare Feld und nimm die meisten.",
        },
        task: Words {
            en: "Capture all eight blue stones in one move.",
            de: "Färbe alle acht blauen Steine mit einem Zug um.",
        },
        hint: Words {
            en: "One empty square is surrounded by blue on every side.",
            de: "Ein leeres Feld ist ringsum von Blau umgeben.",
        },
        goal: Goal::Reach { test: |game| blue_stones(game) == 0, example: "a2c3" },
    },
    Step {
        id: "blockers",
        title: Words { en: "Blockers", de: "Sperrfelder" },
        position: "6o/7/7/3o3/7/--5/x-5 x 0 1",
        explanation: Words {
            en: "The dark blocked squares cannot be used by anyone, but jumps fly over them.",
            de: "Die dunklen Sperrfelder darf niemand betreten, aber Sprünge fliegen über sie hinweg.",
        },
        task: Words {
            en: "Jump over the wall and capture the blue stone on d4.",
            de: "Springe über die Mauer und färbe den blauen Stein auf d4 um.",
        },
        hint: Words { en: "Jump to a square next to d4.", de: "Springe auf ein Feld neben d4." },
        goal: Goal::Reach { test: |game| red_stones(game) >= 2, example: "a1c3" },
    },
    Step {
        id: "pass",
        title: Words { en: "Passing", de: "Passen" },
        position: "7/7/7/7/---4/---4/o-1x3 x 0 1",
        explanation: Words {
            en: "A player who has no move must pass, and the other plays on. Blue's stone on a1 can only still reach c1.",
            de: "Wer keinen Zug hat, muss passen, und der andere spielt weiter. Blaus Stein auf a1 erreicht nur noch c1.",
        },
        task: Words {
            en: "Take Blue's last free square, so that Blue must pass.",
            de: "Besetze Blaus letztes freies Feld, sodass Blau passen muss.",
        },
        hint: Words {
            en: "The square is next to your stone on d1.",
            de: "Das Feld liegt direkt neben deinem Stein auf d1.",
        },
        goal: Goal::Reach { test: must_pass, example: "c1" },
    },
    Step {
        id: "full-board",
        title: Words { en: "A full board", de: "Ein volles Brett" },
        position: "oooooo1/oooooxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1",
        explanation: Words {
            en: "When nobody can move any more, for example because the board is full, the stones are counted: more stones wins, equal counts draw. The game also ends, counted the same way, when a position comes up for the third time.",
            de: "Wenn niemand mehr ziehen kann, etwa weil das Brett voll ist, werden die Steine gezählt: Wer mehr hat, gewinnt, bei Gleichstand ist es remis. Genauso gezählt endet das Spiel, wenn eine Stellung zum dritten Mal vorkommt.",
        },
        task: Words {
            en: "Fill the last empty square so that the game ends, and win.",
            de: "Füll das letzte leere Feld, sodass das Spiel endet, und gewinne.",
        },
        hint: Words {
            en: "A jump would leave a new empty square behind; a clone does not.",
            de: "Ein Sprung ließe ein neues leeres Feld zurück, ein Klon nicht.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "g7" },
    },
    Step {
        id: "win",
        title: Words { en: "Winning", de: "Gewinnen" },
        position: "oo5/7/2x4/7/7/7/7 x 0 1",
        explanation: Words {
            en: "The game ends when a player has no stones left, or when nobody can move; then more stones wins.",
            de: "Das Spiel endet, wenn ein Spieler keine Steine mehr hat oder niemand mehr ziehen kann; dann gewinnt, wer mehr Steine hat.",
        },
        task: Words {
            en: "Capture Blue's last two stones and win.",
            de: "Färbe Blaus letzte zwei Steine um und gewinne.",
        },
        hint: Words {
            en: "One square touches both a7 and b7 and is in reach.",
            de: "Ein Feld berührt a7 und b7 und ist erreichbar.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "b6" },
    },
    Step {
        id: "holes",
        title: Words { en: "Mind the holes", de: "Keine Löcher lassen" },
        position: "7/7/7/o6/4o2/xxx4/xxx4 x 0 1",
        explanation: Words {
            en: "A jump leaves an empty square behind. In the middle of your stones such a hole lets the opponent jump in and capture everything around it.",
            de: "Ein Sprung lässt ein leeres Feld zurück. Mitten zwischen deinen Steinen lässt so ein Loch den Gegner hineinspringen und alles ringsum umfärben.",
        },
        task: Words {
            en: "Capture the blue stone on e3 without letting Blue take back more than three of your stones.",
            de: "Färbe den blauen Stein auf e3 um, ohne dass Blau mehr als drei deiner Steine zurückholen kann.",
        },
        hint: Words {
            en: "Blue's stone on a4 can jump into b2 if you leave it empty. A clone leaves no hole.",
            de: "Blaus Stein auf a4 kann nach b2 springen, wenn du es leer lässt. Ein Klon lässt kein Loch.",
        },
        goal: Goal::Reach {
            test: |game| {
                let red = red_stones(game);
                blue_stones(game) == 1
                    && game::lesson::every_reply(game, |reply| red_stones(reply) + 3 >= red)
            },
            example: "d2",
        },
    },
    Step {
        id: "final",
        title: Words { en: "Final test", de: "Abschlussprüfung" },
        position: "7/7/3o3/2o1o2/3o3/1x5/6x x 0 1",
        explanation: Words {
            en: "Everything together: find the move that ends the game at once.",
            de: "Alles zusammen: Finde den Zug, der das Spiel sofort beendet.",
        },
        task: Words { en: "Win in one move.", de: "Gewinne mit einem Zug." },
        hint: Words {
            en: "Where do all four blue stones meet? Can one of your stones reach it?",
            de: "Wo treffen sich alle vier blauen Steine? Kommt einer deiner Steine dorthin?",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "b2d4" },
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
                ("grow", "a1c2"),
                ("grow", "a1b3"),
                ("many", "a2c1"),
                ("pass", "e1"),
                ("full-board", "e5g7"),
                ("holes", "b2d2"),
                ("holes", "b2d3"),
                ("final", "b2d2"),
            ],
        );
    }
}

//! The lesson of Ataxx: clones, jumps, captures, blockers and the end,
//! step by step (see [`game::lesson`]).

use game::DynGame;
use game::lesson::{Goal, Step, Words};

/// How many stones Red (`x`) has in a game's position text.
fn red_stones(game: &dyn DynGame) -> usize {
    game.position().split(' ').next().unwrap_or("").matches('x').count()
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
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_lesson_step_is_sound() {
        game::lesson::assert_sound(&crate::entry(), 6);
    }
}

//! The lesson of Die Formation: how the colour of a square moves the
//! piece on it, and how to complete the formation, step by step (see
//! [`game::lesson`]).

use game::lesson::{Goal, Step, Words};

/// The steps of the lesson (on the default board; Black's pieces stay
/// scattered at the top, White's line on rank 3 waits for one piece).
pub const LESSON: &[Step] = &[
    Step {
        id: "colours",
        title: Words { en: "The colour decides", de: "Die Farbe entscheidet" },
        position: "1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0",
        explanation: Words {
            en: "You play White. A piece moves by the colour of the square it leaves: red like a rook, yellow like a bishop, green like a knight, blue like a king. There are no captures.",
            de: "Du spielst Weiß. Eine Figur zieht nach der Farbe des Feldes, das sie verlässt: Rot wie ein Turm, Gelb wie ein Läufer, Grün wie ein Springer, Blau wie ein König. Geschlagen wird nicht.",
        },
        task: Words {
            en: "Your piece on e1 stands on green: make a knight's move with it.",
            de: "Deine Figur auf e1 steht auf Grün: mach mit ihr einen Springerzug.",
        },
        hint: Words {
            en: "Two squares one way, one square sideways: c2, d3, f3 or g2.",
            de: "Zwei Felder in eine Richtung, eins zur Seite: c2, d3, f3 oder g2.",
        },
        goal: Goal::OneOf(&["e1d3", "e1f3", "e1c2", "e1g2"]),
    },
    Step {
        id: "blue-king",
        title: Words { en: "Blue: the king", de: "Blau: der König" },
        position: "1a0 2a0 3a0 4a0 B1B1B1B1/1B3B2/B6B/6W1/8/1WWWWWWW/8/8 w 10",
        explanation: Words {
            en: "You win when all eight of your pieces form one group, each touching another along a side. Seven stand together on rank 3.",
            de: "Du gewinnst, wenn alle acht Figuren eine Gruppe bilden, jede an einer Seite mit einer anderen verbunden. Sieben stehen schon auf Reihe 3 beisammen.",
        },
        task: Words {
            en: "Bring the piece on g5 (blue) to the group and win.",
            de: "Bring die Figur auf g5 (blau) zur Gruppe und gewinne.",
        },
        hint: Words {
            en: "A king steps one square: g4 touches g3.",
            de: "Ein König zieht ein Feld: g4 berührt g3.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "g5g4" },
    },
    Step {
        id: "green-knight",
        title: Words { en: "Green: the knight", de: "Grün: der Springer" },
        position: "1a0 2a0 3a0 4a0 B1B1B1B1/1B3B2/B6B/1W6/8/1WWWWWWW/8/8 w 10",
        explanation: Words {
            en: "A piece on green jumps like a knight, over anything in its way.",
            de: "Eine Figur auf Grün springt wie ein Springer, über alles hinweg.",
        },
        task: Words {
            en: "Jump with the piece on b5 so that it joins the group.",
            de: "Spring mit der Figur auf b5 so, dass sie zur Gruppe kommt.",
        },
        hint: Words { en: "a3 and d4 both touch the group.", de: "a3 und d4 berühren beide die Gruppe." },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "b5d4" },
    },
    Step {
        id: "red-rook",
        title: Words { en: "Red: the rook", de: "Rot: der Turm" },
        position: "1a0 2a0 3a0 4a0 B1B1B1B1/1B3B2/B2W3B/8/8/1WWWWWWW/8/8 w 10",
        explanation: Words {
            en: "A piece on red slides like a rook, but never past the first red square on its way, and never through another piece.",
            de: "Eine Figur auf Rot gleitet wie ein Turm, aber nie über das erste rote Feld auf ihrem Weg hinaus und nie durch eine andere Figur.",
        },
        task: Words {
            en: "Slide the piece on d6 down to the group.",
            de: "Lass die Figur auf d6 hinunter zur Gruppe gleiten.",
        },
        hint: Words {
            en: "d5 and d4 are yellow, so the rook may pass d5 and stop on d4.",
            de: "d5 und d4 sind gelb, also darf der Turm über d5 bis d4 ziehen.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "d6d4" },
    },
    Step {
        id: "yellow-bishop",
        title: Words { en: "Yellow: the bishop", de: "Gelb: der Läufer" },
        position: "1a0 2a0 3a0 4a0 B1B1B1B1/1B3B2/B6B/4W3/8/1WWWWWWW/8/8 w 10",
        explanation: Words {
            en: "A piece on yellow moves diagonally like a bishop, never past the first yellow square.",
            de: "Eine Figur auf Gelb zieht schräg wie ein Läufer, nie über das erste gelbe Feld hinaus.",
        },
        task: Words {
            en: "Complete the formation with the piece on e5.",
            de: "Vervollständige die Formation mit der Figur auf e5.",
        },
        hint: Words { en: "Move diagonally down onto rank 4.", de: "Zieh schräg hinunter auf Reihe 4." },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "e5d4" },
    },
    Step {
        id: "two-moves",
        title: Words { en: "Two moves to the formation", de: "Zwei Züge zur Formation" },
        position: "1a0 2a0 3a0 4a0 B1B1B1B1/1B3B2/B6B/W5W1/8/1WWWWWW1/8/8 w 10",
        explanation: Words {
            en: "Usually a formation takes several moves, and your opponent moves in between.",
            de: "Meist braucht eine Formation mehrere Züge, und dazwischen zieht dein Gegner.",
        },
        task: Words {
            en: "First bring g5 to g4, then, after Black's reply, a5 to b4.",
            de: "Bring zuerst g5 nach g4, dann, nach Schwarz' Antwort, a5 nach b4.",
        },
        hint: Words {
            en: "Both pieces stand on blue: they step like kings.",
            de: "Beide Figuren stehen auf Blau: Sie ziehen wie Könige.",
        },
        goal: Goal::Line(&["g5g4", "a8a7", "a5b4"]),
    },
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_lesson_step_is_sound() {
        game::lesson::assert_sound(&crate::entry(), 6);
    }
}

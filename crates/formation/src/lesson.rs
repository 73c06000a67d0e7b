//! The lesson of Die Formation: how the colour of a square moves the
//! piece on it, how to complete the formation, how to stop the opponent's,
//! and a final test, step by step (see [`game::lesson`]).

use game::lesson::{Goal, Step, Words};
use game::{DynGame, GameResult, Player};

/// Whether `game` is over and won by Black (the second player).
fn black_won(game: &dyn DynGame) -> bool {
    game.outcome().is_some_and(|outcome| outcome.result == GameResult::Win(Player::P2))
}

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
        id: "red-stop",
        title: Words { en: "Red: stop on red", de: "Rot: Halt auf Rot" },
        position: "1a0 2a0 3a0 4a0 B1B1W1BB/1B3B2/B6B/8/8/1WWWWWWW/8/8 w 10",
        explanation: Words {
            en: "A rook may stop on the first red square on its way, but never go beyond it. Your piece on e8 stands on red.",
            de: "Ein Turm darf auf dem ersten roten Feld seines Weges halten, aber nie darüber hinaus. Deine Figur auf e8 steht auf Rot.",
        },
        task: Words {
            en: "Slide the piece on e8 down as far as it may go, to the group, and win.",
            de: "Lass die Figur auf e8 so weit hinuntergleiten, wie sie darf, bis zur Gruppe, und gewinne.",
        },
        hint: Words {
            en: "e7, e6 and e5 are not red; e4 is.",
            de: "e7, e6 und e5 sind nicht rot, e4 schon.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "e8e4" },
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
        id: "yellow-far",
        title: Words { en: "Yellow: up to the first yellow", de: "Gelb: bis zum ersten Gelb" },
        position: "1a0 2a0 3a0 4a0 1W1B1B1B/B5B1/7B/8/WWWWWWW1/8/B6B/8 w 10",
        explanation: Words {
            en: "A bishop slides over squares of the other colours as far as it likes, and may stop on the first yellow square it meets.",
            de: "Ein Läufer gleitet über Felder der anderen Farben, so weit er will, und darf auf dem ersten gelben Feld halten, das er trifft.",
        },
        task: Words {
            en: "Bring the piece on b8 to the group on rank 4 and win.",
            de: "Bring die Figur auf b8 zur Gruppe auf Reihe 4 und gewinne.",
        },
        hint: Words {
            en: "Slide diagonally down to the right, over c7 and d6.",
            de: "Gleite schräg nach rechts unten, über c7 und d6 hinweg.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "b8e5" },
    },
    Step {
        id: "sides-only",
        title: Words { en: "Sides, not corners", de: "Seiten, nicht Ecken" },
        position: "1a0 2a0 3a0 4a0 B1B1B1B1/1B3B2/1B5B/W7/8/1WWWWWWW/8/8 w 10",
        explanation: Words {
            en: "Pieces are joined only along a side. A piece that touches the group only at a corner does not belong to it.",
            de: "Figuren sind nur an einer Seite verbunden. Eine Figur, die die Gruppe nur an einer Ecke berührt, gehört nicht dazu.",
        },
        task: Words {
            en: "Join the piece on a5 to the group along a side, and win.",
            de: "Verbinde die Figur auf a5 an einer Seite mit der Gruppe und gewinne.",
        },
        hint: Words { en: "a4 touches b3 only at a corner.", de: "a4 berührt b3 nur an einer Ecke." },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "a5b4" },
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
    Step {
        id: "block",
        title: Words { en: "Stop Black", de: "Schwarz aufhalten" },
        position: "1a0 2a0 3a0 4a0 7B/8/BBBBBBB1/7W/8/1W1W4/W4WW1/2W1W3 w 10",
        explanation: Words {
            en: "Your opponent builds a formation too. Seven black pieces stand together on rank 6; the king on h8 would join them by stepping to g7. Nobody captures, but you can take the square first.",
            de: "Dein Gegner baut auch eine Formation. Sieben schwarze Figuren stehen auf Reihe 6 beisammen; der König auf h8 käme mit einem Schritt nach g7 dazu. Geschlagen wird nicht, aber du kannst das Feld zuerst besetzen.",
        },
        task: Words {
            en: "Move so that Black cannot complete the formation on the next move.",
            de: "Zieh so, dass Schwarz die Formation im nächsten Zug nicht vollenden kann.",
        },
        hint: Words { en: "Your piece on h5 stands on green.", de: "Deine Figur auf h5 steht auf Grün." },
        goal: Goal::Reach {
            test: |game| game::lesson::every_reply(game, |reply| !black_won(reply)),
            example: "h5g7",
        },
    },
    Step {
        id: "win-first",
        title: Words { en: "Win first", de: "Zuerst gewinnen" },
        position: "1a0 2a0 3a0 4a0 7B/8/BBBBBBB1/4W3/8/1WWWWWWW/8/8 w 10",
        explanation: Words {
            en: "Black threatens to win with h8–g7. But it is your move, and only the player who moves can complete a formation: if you can win now, do.",
            de: "Schwarz droht mit h8–g7 zu gewinnen. Aber du bist am Zug, und nur wer zieht, kann eine Formation vollenden: Wenn du jetzt gewinnen kannst, tu es.",
        },
        task: Words { en: "Complete your formation now.", de: "Vollende jetzt deine Formation." },
        hint: Words { en: "The piece on e5 stands on yellow.", de: "Die Figur auf e5 steht auf Gelb." },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "e5d4" },
    },
    Step {
        id: "final",
        title: Words { en: "Final test", de: "Abschlussprüfung" },
        position: "1a0 2a0 3a0 4a0 B1B1B1B1/1B3B2/B6B/8/7W/8/8/WWWWWWW1 w 10",
        explanation: Words {
            en: "Everything together: read the colour under the piece that is missing and find its way to the group.",
            de: "Alles zusammen: Lies die Farbe unter der fehlenden Figur und finde ihren Weg zur Gruppe.",
        },
        task: Words { en: "Win in one move.", de: "Gewinne mit einem Zug." },
        hint: Words {
            en: "h4 is yellow; which square on rank 2 can it reach?",
            de: "h4 ist gelb; welches Feld auf Reihe 2 erreicht die Figur?",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "h4f2" },
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
                ("red-stop", "e8e5"),
                ("yellow-far", "b8d6"),
                ("sides-only", "a5a4"),
                ("block", "a2a1"),
                ("block", "h5f4"),
                ("final", "h4g3"),
            ],
        );
    }
}

//! The lesson of Amakta, on the small board `hex3`: the base, arrows and
//! their reach, blocking, control, freedom and binding, every kind of
//! move, circles, the win on the opponent's base and a final test that
//! combines them (16 steps) (see [`game::lesson`]).
//!
//! Cells are named by row (`a` at the top) and number from the west end
//! of the row; White's base is `c1`, Black's `c5`.

use game::DynGame;
use game::lesson::{Goal, Step, Words};

/// Whether a stone whose item in the `stones=` field starts with `prefix`
/// (`c1=w:` a white original stone on c1, `b2=b:000003/` …) stands on the
/// board.
pub(crate) fn has_stone(game: &dyn DynGame, prefix: &str) -> bool {
    let position = game.position();
    // Amakta Infinit's cells (`0,0`) have commas, so its items are separated by `;`.
    let separator = if position.starts_with("distance=") { ';' } else { ',' };
    let stones = position.split(' ').find_map(|field| field.strip_prefix("stones=")).unwrap_or("");
    stones.split(separator).any(|item| item.starts_with(prefix))
}

/// The steps of the lesson.
pub const LESSON: &[Step] = &[
    Step {
        id: "base",
        title: Words { en: "Your base", de: "Deine Basis" },
        position: "board=hex3 set=000000,000001,000003 p1=white turn=white circles=- stones=- removed=-",
        explanation: Words {
            en: "You play White. Stones go onto the board only on cells you control. At the start you control just one: your base, the west end of the middle row (c1), where your permanent arrow points.",
            de: "Du spielst Weiß. Steine kommen nur auf Felder, die du kontrollierst. Am Anfang ist das nur eines: deine Basis am Westende der mittleren Reihe (c1), auf die dein fester Pfeil zeigt.",
        },
        task: Words { en: "Place a stone on your base.", de: "Setze einen Stein auf deine Basis." },
        hint: Words {
            en: "Choose a stone from your inventory, then click c1.",
            de: "Wähle einen Stein aus deinem Inventar, dann klicke c1.",
        },
        goal: Goal::Reach { test: |game| has_stone(game, "c1=w:"), example: "place 000001 c1 100000" },
    },
    Step {
        id: "reach",
        title: Words { en: "Arrows and reach", de: "Pfeile und Reichweite" },
        position: "board=hex3 set=000000,000001,000132 p1=white turn=white circles=- stones=c1=w:000132/310002 removed=-",
        explanation: Words {
            en: "Each arrow points at one cell: a blue arrow at the next cell, a green one two cells away, a red one three. Your stone on c1 has a red arrow east, a blue one north-east and a green one south-east.",
            de: "Jeder Pfeil zeigt auf genau ein Feld: ein blauer auf das Nachbarfeld, ein grüner zwei Felder weit, ein roter drei. Dein Stein auf c1 hat einen roten Pfeil nach Osten, einen blauen nach Nordosten und einen grünen nach Südosten.",
        },
        task: Words {
            en: "Place a stone on the cell your green arrow points at.",
            de: "Setze einen Stein auf das Feld, auf das dein grüner Pfeil zeigt.",
        },
        hint: Words {
            en: "Two cells south-east of c1: past d1 to e1.",
            de: "Zwei Felder südöstlich von c1: über d1 hinweg nach e1.",
        },
        goal: Goal::Reach {
            test: |game| has_stone(game, "e1=w:") && has_stone(game, "c1=w:"),
            example: "place 000001 e1 100000",
        },
    },
    Step {
        id: "blocking",
        title: Words { en: "Blocked arrows", de: "Blockierte Pfeile" },
        position: "board=hex3 set=000000,000023 p1=white turn=white circles=- stones=c1=w:000023/320000,c3=b:000000/000000 removed=-",
        explanation: Words {
            en: "A green or red arrow is blocked by any stone on a cell it passes over; a blocked arrow counts for nothing. Blue arrows are never blocked. Black's stone on c3 blocks your red arrow.",
            de: "Ein grüner oder roter Pfeil wird von jedem Stein blockiert, über dessen Feld er hinwegzeigt; ein blockierter Pfeil zählt nicht. Blaue Pfeile werden nie blockiert. Der schwarze Stein auf c3 blockiert deinen roten Pfeil.",
        },
        task: Words {
            en: "Place your other stone where an arrow that is not blocked points.",
            de: "Setze deinen anderen Stein dorthin, wohin ein nicht blockierter Pfeil zeigt.",
        },
        hint: Words {
            en: "Your green arrow points north-east, over b1, to a1.",
            de: "Dein grüner Pfeil zeigt nach Nordosten, über b1 hinweg, auf a1.",
        },
        goal: Goal::Reach {
            test: |game| has_stone(game, "a1=w:") && has_stone(game, "c1=w:"),
            example: "place 000000 a1 000000",
        },
    },
    Step {
        id: "control",
        title: Words { en: "Control", de: "Kontrolle" },
        position: "board=hex3 set=000000,000001,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,c2=w:000011/110000,b1=w:000001/100000,b3=b:000001/000100,c4=b:000011/000110 removed=-",
        explanation: Words {
            en: "You control a cell when more of your arrows point at it than of your opponent's. On c3 one white and one black arrow meet: a tie, nobody controls it. On b2 two white arrows meet one black one.",
            de: "Du kontrollierst ein Feld, wenn mehr deiner Pfeile darauf zeigen als gegnerische. Auf c3 treffen ein weißer und ein schwarzer Pfeil: Gleichstand, niemand kontrolliert es. Auf b2 treffen zwei weiße auf einen schwarzen.",
        },
        task: Words {
            en: "Place your red-arrow stone on the cell you control.",
            de: "Setze deinen Stein mit dem roten Pfeil auf das Feld, das du kontrollierst.",
        },
        hint: Words { en: "Two against one wins: b2.", de: "Zwei gegen einen gewinnt: b2." },
        goal: Goal::Reach {
            test: |game| has_stone(game, "b2=w:") && has_stone(game, "b1=w:") && has_stone(game, "c2=w:"),
            example: "place 000003 b2 000003",
        },
    },
    Step {
        id: "freedom",
        title: Words { en: "Free and bound stones", de: "Freie und gebundene Steine" },
        position: "board=hex3 set=000000,000001,000003 p1=white turn=white circles=- stones=c1=w:000000/000000,b2=w:000001/100000,c2=w:000003/000003,b3=b:000001/000100 removed=-",
        explanation: Words {
            en: "A stone is free when its cell is free or controlled by its owner; otherwise it is bound, and a bound stone cannot be turned, taken or moved. Black's arrow binds your stone on b2.",
            de: "Ein Stein ist frei, wenn sein Feld frei ist oder von seinem Besitzer kontrolliert wird; sonst ist er gebunden, und ein gebundener Stein kann weder gedreht noch genommen noch umgesetzt werden. Der schwarze Pfeil bindet deinen Stein auf b2.",
        },
        task: Words {
            en: "Take your free stone on c2 back into your inventory.",
            de: "Nimm deinen freien Stein auf c2 zurück in dein Inventar.",
        },
        hint: Words {
            en: "Taking is a move of its own: choose the stone on c2, then “Take into hand”.",
            de: "Nehmen ist ein eigener Zug: Wähle den Stein auf c2, dann „In die Hand nehmen“.",
        },
        goal: Goal::OneOf(&["take c2"]),
    },
    Step {
        id: "rotate",
        title: Words { en: "Turning a stone", de: "Einen Stein drehen" },
        position: "board=hex3 set=000000,000003 p1=white turn=white circles=- stones=c1=w:000003/000003 removed=-",
        explanation: Words {
            en: "Turning a free stone of yours to a new orientation is a move too. (Passing is always allowed as well; but two passes in a row end the game in a draw.)",
            de: "Einen eigenen freien Stein in eine neue Richtung zu drehen, ist auch ein Zug. (Passen ist auch immer erlaubt; zweimal Passen hintereinander beendet das Spiel aber mit einem Remis.)",
        },
        task: Words {
            en: "Turn the stone on c1 so that its red arrow points east, at c4.",
            de: "Dreh den Stein auf c1 so, dass sein roter Pfeil nach Osten auf c4 zeigt.",
        },
        hint: Words {
            en: "East is along the middle row, towards Black's base.",
            de: "Osten liegt entlang der mittleren Reihe, zur schwarzen Basis hin.",
        },
        goal: Goal::OneOf(&["rotate c1 300000"]),
    },
    Step {
        id: "relocate",
        title: Words { en: "Moving a stone", de: "Einen Stein umsetzen" },
        position: "board=hex3 set=000000,000001,000003 p1=white turn=white circles=- stones=c1=w:000003/300000,b1=w:000001/100000 removed=-",
        explanation: Words {
            en: "A free stone of yours can move to another empty cell you control, in any orientation: a relocation.",
            de: "Ein eigener freier Stein kann auf ein anderes leeres Feld ziehen, das du kontrollierst, in beliebiger Richtung: ein Umsetzen.",
        },
        task: Words {
            en: "Move the stone on b1 to c4, where your red arrow points.",
            de: "Setze den Stein von b1 nach c4 um, wohin dein roter Pfeil zeigt.",
        },
        hint: Words {
            en: "Choose the stone on b1, then “Relocate” and the cell c4.",
            de: "Wähle den Stein auf b1, dann „Umsetzen“ und das Feld c4.",
        },
        goal: Goal::Reach {
            test: |game| has_stone(game, "c4=w:") && !has_stone(game, "b1=w:"),
            example: "relocate b1 c4 100000",
        },
    },
    Step {
        id: "replace",
        title: Words { en: "Replacing a stone", de: "Einen Stein ersetzen" },
        position: "board=hex3 set=000000,000003 p1=white turn=white circles=- stones=c1=w:000000/000000 removed=-",
        explanation: Words {
            en: "You may take a free stone of yours and put another stone from your inventory on its cell in one move.",
            de: "Du darfst einen eigenen freien Stein nehmen und in einem Zug einen anderen Stein aus deinem Inventar auf sein Feld setzen: ein Ersetzen.",
        },
        task: Words {
            en: "Replace the empty stone on your base by your red-arrow stone.",
            de: "Ersetze den leeren Stein auf deiner Basis durch deinen Stein mit dem roten Pfeil.",
        },
        hint: Words {
            en: "The stone on c1 has no arrows; the red one waits in your inventory.",
            de: "Der Stein auf c1 hat keine Pfeile; der rote wartet in deinem Inventar.",
        },
        goal: Goal::Reach {
            test: |game| has_stone(game, "c1=w:000003/"),
            example: "replace c1 000003 300000",
        },
    },
    Step {
        id: "expropriate",
        title: Words { en: "Expropriation", de: "Enteignung" },
        position: "board=hex3 set=000000,000001,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,b1=w:000001/100000,c2=w:000011/110000,b2=b:000003/000003 removed=-",
        explanation: Words {
            en: "A black stone on a cell you control can be expropriated: it stays where it is, but it is yours now and its arrows count for you.",
            de: "Einen schwarzen Stein auf einem Feld, das du kontrollierst, kannst du enteignen: Er bleibt stehen, gehört aber jetzt dir, und seine Pfeile zählen für dich.",
        },
        task: Words { en: "Expropriate the black stone on b2.", de: "Enteigne den schwarzen Stein auf b2." },
        hint: Words {
            en: "Your arrows from b1 and c2 both point at b2.",
            de: "Deine Pfeile von b1 und c2 zeigen beide auf b2.",
        },
        goal: Goal::OneOf(&["expropriate b2"]),
    },
    Step {
        id: "appropriate",
        title: Words { en: "Expropriate and turn", de: "Enteignen und drehen" },
        position: "board=hex3 set=000000,000001,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,b1=w:000001/100000,c2=w:000011/110000,b2=b:000003/000003 removed=-",
        explanation: Words {
            en: "In one move you can also expropriate a stone and give it a new orientation at once: you appropriate it.",
            de: "In einem Zug kannst du einen Stein auch enteignen und zugleich neu ausrichten: Du eignest ihn dir an.",
        },
        task: Words {
            en: "Expropriate the stone on b2 and turn it in the same move.",
            de: "Enteigne den Stein auf b2 und dreh ihn im selben Zug.",
        },
        hint: Words {
            en: "Choose the black stone on b2 and a new direction for its red arrow.",
            de: "Wähle den schwarzen Stein auf b2 und eine neue Richtung für seinen roten Pfeil.",
        },
        goal: Goal::Reach {
            test: |game| has_stone(game, "b2=b:000003/") && !has_stone(game, "b2=b:000003/000003"),
            example: "appropriate b2 300000",
        },
    },
    Step {
        id: "remove",
        title: Words { en: "Removing", de: "Entfernen" },
        position: "board=hex3 set=000000,000001,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,b1=w:000001/100000,c2=w:000011/110000,b2=b:000003/000003 removed=-",
        explanation: Words {
            en: "Or you expropriate a stone and take it off at once: an expropriated stone that goes to an inventory leaves the game for good. That is a remove.",
            de: "Oder du enteignest einen Stein und nimmst ihn sofort weg: Ein enteigneter Stein, der in ein Inventar käme, verlässt das Spiel endgültig. Das ist ein Entfernen.",
        },
        task: Words {
            en: "Remove the black stone on b2 from the game.",
            de: "Entferne den schwarzen Stein auf b2 aus dem Spiel.",
        },
        hint: Words {
            en: "Choose the black stone on b2, then remove.",
            de: "Wähle den schwarzen Stein auf b2, dann Entfernen.",
        },
        goal: Goal::OneOf(&["remove b2"]),
    },
    Step {
        id: "release",
        title: Words { en: "Releasing", de: "Lösen" },
        position: "board=hex3 set=000000,000001,000002,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,b1=w:000001/100000,c2=w:000011/110000,b2=w:000003/000003/x removed=-",
        explanation: Words {
            en: "Black has expropriated one of your stones, on b2. You cannot take it back, but on a cell you control you can release it: it leaves the game.",
            de: "Schwarz hat einen deiner Steine enteignet, auf b2. Zurückholen kannst du ihn nicht, aber auf einem Feld, das du kontrollierst, kannst du ihn lösen: Er verlässt das Spiel.",
        },
        task: Words { en: "Release the stone on b2.", de: "Löse den Stein auf b2." },
        hint: Words {
            en: "Your arrows from b1 and c2 control b2.",
            de: "Deine Pfeile von b1 und c2 kontrollieren b2.",
        },
        goal: Goal::OneOf(&["release b2"]),
    },
    Step {
        id: "release-place",
        title: Words { en: "Release and place", de: "Ablösen: lösen und setzen" },
        position: "board=hex3 set=000000,000001,000002,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,b1=w:000001/100000,c2=w:000011/110000,b2=w:000003/000003/x removed=-",
        explanation: Words {
            en: "Releasing and placing one of your stones on the freed cell is one move, too.",
            de: "Lösen und einen deiner Steine auf das frei gewordene Feld setzen ist ebenfalls ein Zug: ein Ablösen.",
        },
        task: Words {
            en: "Release the stone on b2 and place your green-arrow stone there.",
            de: "Löse den Stein auf b2 und setze deinen Stein mit dem grünen Pfeil dorthin.",
        },
        hint: Words {
            en: "Your green-arrow stone is the one left in your inventory.",
            de: "Dein Stein mit dem grünen Pfeil ist der letzte in deinem Inventar.",
        },
        goal: Goal::Reach {
            test: |game| has_stone(game, "b2=w:000002/"),
            example: "release-place b2 000002 200000",
        },
    },
    Step {
        id: "circles",
        title: Words { en: "Circles", de: "Kreise" },
        position: "board=hex3 set=000000,000001,000003,000011 p1=white turn=white circles=b:000003=d stones=c1=w:000000/000000,b1=w:000001/100000,b2=b:000003/000003,b3=b:000001/000100 removed=-",
        explanation: Words {
            en: "A stone may carry a circle. While an unblocked arrow of the opponent points at it, a reinforcement circle counts as one more arrow of its owner, a damage circle as one more arrow of the opponent. Black's stone on b2 has a damage circle.",
            de: "Ein Stein kann einen Kreis tragen. Solange ein nicht blockierter gegnerischer Pfeil auf ihn zeigt, zählt ein Verstärkungskreis als ein Pfeil mehr für seinen Besitzer, ein Schadenskreis als ein Pfeil mehr für den Gegner. Der schwarze Stein auf b2 hat einen Schadenskreis.",
        },
        task: Words {
            en: "One arrow against one would be a tie, but the damage counts for you: expropriate b2.",
            de: "Ein Pfeil gegen einen wäre Gleichstand, aber der Schaden zählt für dich: Enteigne b2.",
        },
        hint: Words {
            en: "Your arrow from b1 makes the damage count.",
            de: "Dein Pfeil von b1 lässt den Schaden zählen.",
        },
        goal: Goal::OneOf(&["expropriate b2"]),
    },
    Step {
        id: "win",
        title: Words { en: "Winning: the opponent's base", de: "Gewinnen: die gegnerische Basis" },
        position: "board=hex3 set=000000,000001,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,c4=w:000001/100000,b4=w:000011/000011,c3=b:000000/000000 removed=-",
        explanation: Words {
            en: "You win as soon as a stone of yours stands on your opponent's base (c5). Black's permanent arrow points there, but two of yours do too.",
            de: "Du gewinnst, sobald ein Stein von dir auf der gegnerischen Basis (c5) steht. Der feste schwarze Pfeil zeigt dorthin, aber auch zwei von deinen.",
        },
        task: Words {
            en: "Place a stone on Black's base and win.",
            de: "Setze einen Stein auf die schwarze Basis und gewinne.",
        },
        hint: Words {
            en: "Black's base is the east end of the middle row.",
            de: "Die schwarze Basis ist das Ostende der mittleren Reihe.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "place 000003 c5 000003" },
    },
    Step {
        id: "final",
        title: Words { en: "Final test", de: "Abschlussprüfung" },
        position: "board=hex3 set=000000,000001,000002,000003,000011 p1=white turn=white circles=- stones=c1=w:000000/000000,c2=w:000003/300000,b4=w:000001/000001,c5=w:000011/000011/x,d4=b:000000/000000,e3=b:000002/020000 removed=-",
        explanation: Words {
            en: "Everything together: Black has put the stone it expropriated from you onto its own base, c5, to guard it. Work out who controls c5, then find the move that wins at once.",
            de: "Alles zusammen: Schwarz hat den Stein, den es dir enteignet hat, auf seine eigene Basis c5 gestellt, um sie zu bewachen. Finde heraus, wer c5 kontrolliert, und dann den Zug, der sofort gewinnt.",
        },
        task: Words { en: "Win in one move.", de: "Gewinne mit einem Zug." },
        hint: Words {
            en: "Black's green arrow from e3 is blocked on d4, so you control c5 two arrows to one. Releasing the stone only frees the base: which move releases and puts a stone of yours there at once?",
            de: "Der grüne Pfeil von e3 wird auf d4 blockiert, also kontrollierst du c5 mit zwei Pfeilen gegen einen. Den Stein nur zu lösen, macht die Basis bloß frei: Welcher Zug löst ihn und setzt zugleich einen Stein von dir dorthin?",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "release-place c5 000002 000200" },
    },
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_lesson_step_is_sound() {
        game::lesson::assert_sound(&crate::entry(), 12);
    }

    #[test]
    fn the_final_test_is_won_by_the_shown_move_and_by_no_other_kind_of_move() {
        let entry = crate::entry();
        let winning = game::lesson::winning_first_moves(&entry, "final");
        // Releasing without placing frees Black's base but puts nothing of White's on it; the
        // others are legal moves a learner tries first.
        game::lesson::assert_wrong(
            &entry,
            &[
                ("final", "release c5"),
                ("final", "pass"),
                ("final", "take b4"),
                ("final", "rotate c2 030000"),
            ],
        );
        assert!(
            !winning.is_empty() && winning.iter().all(|mv| mv.starts_with("release-place c5 ")),
            "only releasing and placing on c5 wins: {winning:?}"
        );
    }
}

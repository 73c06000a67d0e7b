//! The lesson of Amakta Infinit: bidding for Black's points, stone values,
//! spending your points, closing your set, play on the unbounded plane,
//! and a final test that puts them together (see [`game::lesson`]). Cells are `q,r`; White's base is `0,0`.

use crate::lesson::has_stone;
use game::DynGame;
use game::lesson::{Goal, Step, Words};

/// The number in the field `name=` of a game's position text, if there is
/// one (the first of a pair like `left=4,12`).
fn field(game: &dyn DynGame, name: &str) -> Option<u32> {
    let position = game.position();
    let value = position.split(' ').find_map(|item| item.strip_prefix(name)?.strip_prefix('='))?;
    value.split(',').next()?.parse().ok()
}

/// The stage where White creates stones: 50 points each, Black bid 12.
const CREATING: &str = "distance=8 points=50 p1=black black=12 left=50,12 closed=- turn=create-white sets=-";

/// The steps of the lesson.
pub const LESSON: &[Step] = &[
    Step {
        id: "bid",
        title: Words { en: "Bidding", de: "Bieten" },
        position: "distance=8 points=50 turn=bid offer=- offers=0",
        explanation: Words {
            en: "Amakta Infinit starts with an auction. White gets 50 points to build stones with; the players take turns offering ever more points for Black until one accepts and plays Black with that many points.",
            de: "Amakta Infinit beginnt mit einer Versteigerung. Weiß bekommt 50 Punkte, um Steine zu bauen; die Spieler bieten abwechselnd immer mehr Punkte für Schwarz, bis einer annimmt und mit so vielen Punkten Schwarz spielt.",
        },
        task: Words { en: "Offer 10 points for Black.", de: "Biete 10 Punkte für Schwarz." },
        hint: Words { en: "Type or choose the bid 10.", de: "Gib das Gebot 10 ein oder wähle es." },
        goal: Goal::OneOf(&["bid 10"]),
    },
    Step {
        id: "outbid",
        title: Words { en: "Bidding higher", de: "Höher bieten" },
        position: "distance=8 points=50 turn=bid offer=12 offers=1",
        explanation: Words {
            en: "Every new offer must be higher than the one before. Your opponent offered 12 points for Black.",
            de: "Jedes neue Gebot muss höher sein als das vorige. Dein Gegner hat 12 Punkte für Schwarz geboten.",
        },
        task: Words { en: "Outbid your opponent.", de: "Überbiete deinen Gegner." },
        hint: Words { en: "Any bid from 13 up will do.", de: "Jedes Gebot ab 13 geht." },
        goal: Goal::Reach {
            test: |game| field(game, "offer").is_some_and(|offer| offer > 12),
            example: "bid 13",
        },
    },
    Step {
        id: "accept",
        title: Words { en: "Accepting", de: "Annehmen" },
        position: "distance=8 points=50 turn=bid offer=12 offers=1",
        explanation: Words {
            en: "Your opponent offered 12. You may bid higher, or accept: then you play Black with 12 points, and your opponent plays White with 50.",
            de: "Dein Gegner hat 12 geboten. Du darfst höher bieten oder annehmen: Dann spielst du Schwarz mit 12 Punkten, dein Gegner Weiß mit 50.",
        },
        task: Words { en: "Accept the offer of 12.", de: "Nimm das Gebot von 12 an." },
        hint: Words { en: "Accepting is a move of its own.", de: "Annehmen ist ein eigener Zug." },
        goal: Goal::OneOf(&["accept"]),
    },
    Step {
        id: "value",
        title: Words { en: "What a stone costs", de: "Was ein Stein kostet" },
        position: CREATING,
        explanation: Words {
            en: "Now the players create their stones in turn, each paying its value from their points. The empty stone costs 2, a stone with one blue arrow 4; every further arrow costs more than the one before.",
            de: "Jetzt erschaffen die Spieler abwechselnd ihre Steine und zahlen jeweils deren Wert von ihren Punkten. Der leere Stein kostet 2, ein Stein mit einem blauen Pfeil 4; jeder weitere Pfeil kostet mehr als der vorige.",
        },
        task: Words {
            en: "Create a stone with one blue arrow and no circle.",
            de: "Erschaffe einen Stein mit einem blauen Pfeil und ohne Kreis.",
        },
        hint: Words {
            en: "Its code is 000001; no circle is n.",
            de: "Sein Code ist 000001; kein Kreis ist n.",
        },
        goal: Goal::OneOf(&["create 000001 n"]),
    },
    Step {
        id: "double-arrow",
        title: Words { en: "Double arrows", de: "Doppelpfeile" },
        position: CREATING,
        explanation: Words {
            en: "Two arrows of the same colour in one direction, a double arrow, are dear: two blue arrows in one direction cost 12.",
            de: "Zwei gleichfarbige Pfeile in einer Richtung, ein Doppelpfeil, sind teuer: Zwei blaue Pfeile in einer Richtung kosten 12.",
        },
        task: Words {
            en: "Create the stone with a blue double arrow, without a circle.",
            de: "Erschaffe den Stein mit einem blauen Doppelpfeil, ohne Kreis.",
        },
        hint: Words {
            en: "The digit 4 means blue and blue: code 000004.",
            de: "Die Ziffer 4 bedeutet Blau und Blau: Code 000004.",
        },
        goal: Goal::OneOf(&["create 000004 n"]),
    },
    Step {
        id: "reinforcement",
        title: Words { en: "Circles change the price", de: "Kreise ändern den Preis" },
        position: CREATING,
        explanation: Words {
            en: "A reinforcement circle makes a stone dearer, a damage circle cheaper: the empty stone costs 4 with reinforcement and 1 with damage.",
            de: "Ein Verstärkungskreis macht einen Stein teurer, ein Schadenskreis billiger: Der leere Stein kostet mit Verstärkung 4, mit Schaden 1.",
        },
        task: Words {
            en: "Create the empty stone with a reinforcement circle.",
            de: "Erschaffe den leeren Stein mit einem Verstärkungskreis.",
        },
        hint: Words { en: "Code 000000, circle r.", de: "Code 000000, Kreis r." },
        goal: Goal::OneOf(&["create 000000 r"]),
    },
    Step {
        id: "damage",
        title: Words { en: "A damage circle", de: "Ein Schadenskreis" },
        position: CREATING,
        explanation: Words {
            en: "A damage circle makes a stone cheaper. Two stones with the same arrows count as the same stone, whatever their circles, so a set holds each stone only once.",
            de: "Ein Schadenskreis macht einen Stein billiger. Zwei Steine mit denselben Pfeilen gelten als derselbe Stein, egal welche Kreise sie haben; ein Satz enthält jeden Stein also nur einmal.",
        },
        task: Words {
            en: "Create the cheapest stone there is: the empty stone with a damage circle.",
            de: "Erschaffe den billigsten Stein, den es gibt: den leeren Stein mit einem Schadenskreis.",
        },
        hint: Words { en: "Code 000000, circle d.", de: "Code 000000, Kreis d." },
        goal: Goal::OneOf(&["create 000000 d"]),
    },
    Step {
        id: "spend",
        title: Words { en: "Spend your points", de: "Deine Punkte ausgeben" },
        position: "distance=8 points=16 p1=black black=12 left=4,12 closed=- turn=create-white sets=w:000004=n",
        explanation: Words {
            en: "You may only create a stone you can still pay for. Points still left when you close your set count for nothing. You have 4 left.",
            de: "Du darfst nur einen Stein erschaffen, den du noch bezahlen kannst. Punkte, die beim Schließen deines Satzes übrig sind, zählen nicht. Du hast noch 4.",
        },
        task: Words {
            en: "Create a stone that costs exactly your last 4 points.",
            de: "Erschaffe einen Stein, der genau deine letzten 4 Punkte kostet.",
        },
        hint: Words {
            en: "One single arrow without a circle costs 4, and so does the empty stone with reinforcement.",
            de: "Ein einzelner Pfeil ohne Kreis kostet 4, ebenso der leere Stein mit Verstärkung.",
        },
        goal: Goal::Reach { test: |game| field(game, "left") == Some(0), example: "create 000001 n" },
    },
    Step {
        id: "close",
        title: Words { en: "Closing your set", de: "Den Satz schließen" },
        position: "distance=8 points=12 p1=black black=12 left=10,12 closed=- turn=create-white sets=w:000001=d",
        explanation: Words {
            en: "When you do not want to create more stones, you close your set for good; play begins when both sets are closed.",
            de: "Wenn du keine weiteren Steine erschaffen willst, schließt du deinen Satz endgültig; das Spiel beginnt, wenn beide Sätze geschlossen sind.",
        },
        task: Words { en: "Close your set.", de: "Schließe deinen Satz." },
        hint: Words { en: "Closing is a move of its own.", de: "Schließen ist ein eigener Zug." },
        goal: Goal::OneOf(&["close"]),
    },
    Step {
        id: "first-stone",
        title: Words { en: "Play on the open plane", de: "Spiel auf der offenen Ebene" },
        position: "distance=8 points=8 p1=black black=12 left=0,8 turn=white sets=w:000001=r;b:000003=n stones=- removed=- quiet=0",
        explanation: Words {
            en: "The board has no edge; the two bases lie on one row, 8 cells apart. Everything else is played as in Amakta: your first stone goes onto your base.",
            de: "Das Brett hat keinen Rand; die beiden Basen liegen in einer Reihe, 8 Felder auseinander. Alles Weitere wird wie in Amakta gespielt: Dein erster Stein kommt auf deine Basis.",
        },
        task: Words {
            en: "Place your stone on your base, 0,0.",
            de: "Setze deinen Stein auf deine Basis, 0,0.",
        },
        hint: Words {
            en: "Your base is marked with a star.",
            de: "Deine Basis ist mit einem Stern markiert.",
        },
        goal: Goal::Reach { test: |game| has_stone(game, "0,0=w:"), example: "place 000001 0,0 100000" },
    },
    Step {
        id: "reach",
        title: Words { en: "Arrows on the plane", de: "Pfeile auf der Ebene" },
        position: "distance=8 points=6 p1=black black=6 left=0,0 turn=white sets=w:000003=n;w:000000=n;b:000003=n;b:000000=n stones=0,0=w:000003/300000;8,0=b:000003/000300 removed=- quiet=0",
        explanation: Words {
            en: "As in Amakta, your arrows give you the cells they point at: a blue arrow the next cell, a green one two cells away, a red one three. Your stone on 0,0 has a red arrow east.",
            de: "Wie in Amakta geben dir deine Pfeile die Felder, auf die sie zeigen: ein blauer das Nachbarfeld, ein grüner das Feld zwei weiter, ein roter das dritte. Dein Stein auf 0,0 hat einen roten Pfeil nach Osten.",
        },
        task: Words {
            en: "Place your other stone where the red arrow points, and keep the first where it is.",
            de: "Setze deinen anderen Stein dorthin, wohin der rote Pfeil zeigt, und lass den ersten stehen.",
        },
        hint: Words { en: "Three cells east of 0,0 is 3,0.", de: "Drei Felder östlich von 0,0 liegt 3,0." },
        goal: Goal::Reach {
            test: |game| has_stone(game, "3,0=w:") && has_stone(game, "0,0=w:"),
            example: "place 000000 3,0 000000",
        },
    },
    Step {
        id: "win",
        title: Words { en: "Winning", de: "Gewinnen" },
        position: "distance=2 points=14 p1=white black=12 left=0,8 turn=white sets=w:000001=n;w:000011=n;w:000000=n;b:000003=n stones=1,0=w:000001/100000;2,-1=w:000011/000011 removed=- quiet=0",
        explanation: Words {
            en: "As in Amakta, a stone of yours on the opponent's base wins. Here the bases are only 2 apart, and two of your arrows point at Black's base, 2,0.",
            de: "Wie in Amakta gewinnt ein Stein von dir auf der gegnerischen Basis. Hier liegen die Basen nur 2 auseinander, und zwei deiner Pfeile zeigen auf die schwarze Basis, 2,0.",
        },
        task: Words {
            en: "Place your last stone on Black's base.",
            de: "Setze deinen letzten Stein auf die schwarze Basis.",
        },
        hint: Words {
            en: "Two arrows against Black's one: you control 2,0.",
            de: "Zwei Pfeile gegen einen schwarzen: Du kontrollierst 2,0.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "place 000000 2,0 000000" },
    },
    Step {
        id: "final",
        title: Words { en: "Final test", de: "Abschlussprüfung" },
        position: "distance=3 points=10 p1=white black=10 left=0,0 turn=white sets=w:000003=n;w:000002=n;w:000000=n;b:000001=d;b:000011=n stones=0,0=w:000003/300000;5,0=w:000002/000200;3,0=b:000001/000100;4,-1=b:000011/000011 removed=- quiet=0",
        explanation: Words {
            en: "Everything together: Black saved points with a damage circle on the stone that guards its base, 3,0. As in Amakta, a damage circle counts as one more arrow of yours as soon as an unblocked arrow of yours points at its stone, and a stone of yours on Black's base wins. Find the move that wins at once.",
            de: "Alles zusammen: Schwarz hat Punkte gespart und dem Stein, der seine Basis 3,0 bewacht, einen Schadenskreis gegeben. Wie in Amakta zählt ein Schadenskreis als ein Pfeil mehr für dich, sobald ein nicht blockierter Pfeil von dir auf seinen Stein zeigt, und ein Stein von dir auf der schwarzen Basis gewinnt. Finde den Zug, der sofort gewinnt.",
        },
        task: Words { en: "Win in one move.", de: "Gewinne mit einem Zug." },
        hint: Words {
            en: "On the open plane an arrow can come from behind the base: your two arrows against Black's two, and the damage circle tips it. Then make Black's stone yours where it stands.",
            de: "Auf der offenen Ebene kann ein Pfeil auch von hinter der Basis kommen: deine zwei Pfeile gegen zwei schwarze, und der Schadenskreis gibt den Ausschlag. Dann mach den schwarzen Stein dort, wo er steht, zu deinem.",
        },
        goal: Goal::Reach { test: game::lesson::first_player_won, example: "expropriate 3,0" },
    },
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_lesson_step_is_sound() {
        game::lesson::assert_sound(&crate::infinit_entry(), 12);
    }

    #[test]
    fn the_moves_a_step_rules_out_are_judged_wrong() {
        game::lesson::assert_wrong(
            &crate::infinit_entry(),
            &[
                ("outbid", "accept"),
                ("damage", "create 000000 r"),
                ("spend", "create 000000 n"),
                ("spend", "close"),
                ("reach", "relocate 0,0 3,0 300000"),
            ],
        );
    }

    #[test]
    fn the_final_test_is_won_by_the_shown_move_and_not_by_taking_blacks_stone_off() {
        let entry = crate::infinit_entry();
        let winning = game::lesson::winning_first_moves(&entry, "final");
        // Removing Black's stone frees the base but stands nothing of White's on it.
        game::lesson::assert_wrong(
            &entry,
            &[("final", "remove 3,0"), ("final", "pass"), ("final", "rotate 5,0 000020")],
        );
        assert!(
            winning.contains(&"expropriate 3,0".to_owned())
                && winning.iter().all(|mv| mv == "expropriate 3,0" || mv.starts_with("appropriate 3,0 ")),
            "only making Black's stone on 3,0 White's wins: {winning:?}"
        );
        // Without the damage circle the arrows tie and Black's stone cannot be taken over.
        let step = entry.lesson_step("final").unwrap();
        let plain = step.position.replace("b:000001=d", "b:000001=n");
        let tied =
            (entry.create)(&entry.complete_options(&game::Options::new()).unwrap(), Some(plain.as_str()))
                .unwrap();
        assert!(
            !tied.legal_moves().iter().any(|mv| mv.split(' ').nth(1) == Some("3,0")),
            "the circle decides it"
        );
    }
}

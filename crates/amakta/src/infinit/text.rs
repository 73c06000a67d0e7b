//! Move text and position text of Amakta Infinit.
//!
//! Move text: `bid N`, `accept`, `create CODE C` (`C` = `n` none, `r`
//! reinforcement, `d` damage; any orientation of the code is read, the
//! canonical code is written; the circle is required, so that moves written
//! one after another stay unambiguous), `close`, and
//! the moves of play as in the standard game ([`crate::moves`]) with cells
//! named `q,r`: `place 000001 0,0 100000`, `relocate 0,0 1,-1 000100`.
//! Every move is also read as one token, its words joined by `_`
//! ([`game::move_token`]): `bid_12`, `create_000003_d`,
//! `relocate_0,0_1,-1_000100`; the engine protocols write that form.
//!
//! Position text: `key=value` fields separated by spaces; lists separated
//! by `;`, `-` for an empty list:
//!
//! ```text
//! distance=8 points=50 turn=bid offer=12 offers=1
//! distance=8 points=50 p1=black black=12 left=46,12 closed=- turn=create-black sets=w:000001=r
//! distance=8 points=50 p1=black black=12 left=0,2 turn=white sets=w:000001=r;b:000003=n stones=0,0=w:000001/100000 removed=- quiet=3
//! ```
//!
//! - `distance`, `points`: the agreement (base distance, White's points);
//! - `turn`: `bid` (bidding; `offer` = the last offer or `-`, `offers` =
//!   how many were made, P1 made the first), `create-white` or
//!   `create-black` (creation), `white` or `black` (play);
//! - `p1`: P1's colour, `black`: Black's points, `left`: the points White
//!   and Black have left (all three once an offer was accepted);
//! - `closed`: the colours that closed their sets (creation only);
//! - `sets`: every created stone in creation order, `w:CODE=C` with its
//!   circle (`n` once expropriated);
//! - `stones`: `CELL=PIECE/ORIENTATION`, `/x` for an expropriated stone;
//!   `removed`: pieces out of the game; `quiet`: plies of play since the
//!   last expropriation or release (play only); `plies`: plies of play so
//!   far (play only, written only under the amendment `ply-limit`, which
//!   counts them; 0 if left out).
//!
//! Fields that do not apply to the stage may be left out (`offer=-`,
//! `offers=0`, `closed=-`, `stones=-`, `removed=-`, `quiet=0`, `sets=-`).

use super::{Infinit, InfinitMove, Stage, stone_value};
use crate::colour::{Circle, Colour};
use crate::setup::find_piece;
use crate::stones::Stone;
use game::{GameError, Text, text};

const KEYS: [&str; 14] = [
    "distance", "points", "turn", "offer", "offers", "p1", "black", "left", "closed", "sets", "stones",
    "removed", "quiet", "plies",
];

/// The kinds of the moves of play.
const PLAY_KINDS: [&str; 11] = [
    "pass",
    "rotate",
    "take",
    "place",
    "expropriate",
    "release",
    "replace",
    "relocate",
    "appropriate",
    "remove",
    "release-place",
];

impl Infinit {
    /// The canonical text of a move.
    #[must_use]
    pub fn move_text(&self, mv: InfinitMove) -> String {
        match mv {
            InfinitMove::Bid(points) => format!("bid {points}"),
            InfinitMove::Accept => "accept".to_owned(),
            InfinitMove::Create(stone, circle) => format!("create {stone} {}", circle.letter()),
            InfinitMove::Close => "close".to_owned(),
            InfinitMove::Play(mv) => self.position.move_text(mv),
        }
    }

    /// Reads move text into a legal move, or says what is wrong.
    pub fn parse_move_text(&self, text: &str) -> Result<InfinitMove, GameError> {
        let mv = self.read_move(text)?;
        self.check(mv).map_err(|reason| GameError::illegal(text, reason))?;
        Ok(mv)
    }

    /// How a `create` move is written, for a person who wrote it wrong.
    const CREATE_HOW: game::StaticText = game::StaticText::new(
        "'create CODE CIRCLE', e.g. 'create 100000 n'. CODE is six digits, one per direction E NE NW W SW SE: \
         0 no arrow, 1 blue, 2 green, 3 red, 4 blue+blue, 5 green+green, 6 red+red, 7 blue+green, 8 blue+red, \
         9 green+red (the digit of an arrow is its reach). CIRCLE is n (none), r (reinforcement) or d (damage)",
        "„create CODE KREIS“, z. B. „create 100000 n“. CODE sind sechs Ziffern, eine je Richtung O NO NW W SW SO: \
         0 kein Pfeil, 1 blau, 2 grün, 3 rot, 4 blau+blau, 5 grün+grün, 6 rot+rot, 7 blau+grün, 8 blau+rot, \
         9 grün+rot (die Ziffer eines Pfeils ist seine Reichweite). KREIS ist n (keiner), r (Verstärkung) oder \
         d (Schaden)",
    );

    fn read_move(&self, text: &str) -> Result<InfinitMove, GameError> {
        let malformed = |reason: Text| GameError::malformed(text, reason);
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = game::move_words(&lower).collect();
        let (kind, args) = words.split_first().map_or(("", &[][..]), |(k, a)| (*k, a));
        let arity = |range: std::ops::RangeInclusive<usize>| {
            if range.contains(&args.len()) {
                Ok(())
            } else {
                let (most, given) = (*range.end(), args.len());
                Err(malformed(if most == 1 {
                    text!(
                        "'{kind}' takes 1 argument, got {given}",
                        "„{kind}“ erwartet 1 Argument, erhalten: {given}"
                    )
                } else {
                    text!(
                        "'{kind}' takes {most} arguments, got {given}",
                        "„{kind}“ erwartet {most} Argumente, erhalten: {given}"
                    )
                }))
            }
        };
        match kind {
            "bid" => {
                arity(1..=1)?;
                let points = args[0].parse().map_err(|_| {
                    let given = args[0];
                    malformed(text!(
                        "'{given}' is not a number of points (0 or more)",
                        "„{given}“ ist keine Punktzahl (0 oder mehr)"
                    ))
                })?;
                Ok(InfinitMove::Bid(points))
            }
            "accept" => arity(0..=0).map(|()| InfinitMove::Accept),
            "close" => arity(0..=0).map(|()| InfinitMove::Close),
            "create" => {
                // The circle is required: with an optional one, `create 000003` would be a whole move
                // and a word stream such as UGI's `position … moves create 000003 d` ambiguous.
                if args.len() != 2 {
                    return Err(malformed(Self::CREATE_HOW.into()));
                }
                let stone = Stone::parse(args[0]).map_err(|_| {
                    let (given, how) = (args[0], Self::CREATE_HOW);
                    let (en, de) = (how.en, how.de);
                    malformed(text!(
                        "'{given}' is not a stone code: {en}",
                        "„{given}“ ist kein Steincode: {de}"
                    ))
                })?;
                let circle = Circle::parse(args[1]).ok_or_else(|| {
                    let given = args[1];
                    malformed(text!(
                        "'{given}' is not a circle (n, r or d)",
                        "„{given}“ ist kein Kreis (n, r oder d)"
                    ))
                })?;
                Ok(InfinitMove::Create(stone.canonical(), circle))
            }
            "circle" | "circles" | "colour" | "color" => Err(malformed(text!(
                "'{kind}' is a move of the standard game's setup; Amakta Infinit starts with bid, accept, \
                 create and close",
                "„{kind}“ ist ein Zug der Startphase des Standardspiels; Amakta Infinit beginnt mit bid, \
                 accept, create und close"
            ))),
            _ if self.stage != Stage::Play && PLAY_KINDS.contains(&kind) => {
                // Before play, say what the stage needs rather than what the move names.
                match self.position.read_move(text) {
                    Ok(mv) => Ok(InfinitMove::Play(mv)),
                    Err(_) => {
                        let stage = self.check(InfinitMove::Play(crate::Move::Pass)).unwrap_err();
                        Err(GameError::illegal(text, stage))
                    }
                }
            }
            _ => self.position.read_move(text).map(InfinitMove::Play).map_err(|error| match error {
                GameError::MalformedMove { text, reason } if reason.en.starts_with("unknown move kind") => {
                    let en = reason.en.replace("; setup: circle, circles, colour", "");
                    let de = reason.de.replace("; Startphase: circle, circles, colour", "");
                    GameError::MalformedMove {
                        text,
                        reason: text!(
                            "{en}; before play: bid, accept, create, close",
                            "{de}; vor der Partie: bid, accept, create, close"
                        ),
                    }
                }
                other => other,
            }),
        }
    }

    /// The position text (see the module documentation).
    #[must_use]
    pub fn text(&self) -> String {
        let mut fields =
            vec![format!("distance={}", self.position.board().distance()), format!("points={}", self.points)];
        let colour_word = |c: Colour| c.to_string();
        match self.stage {
            Stage::Bidding => {
                fields.push("turn=bid".to_owned());
                fields.push(format!("offer={}", self.offer.map_or("-".to_owned(), |o| o.to_string())));
                fields.push(format!("offers={}", self.offers));
                return fields.join(" ");
            }
            _ => {
                let p1 = self.position.p1_colour().expect("colours are known after the bidding");
                fields.push(format!("p1={}", colour_word(p1)));
                fields.push(format!("black={}", self.budget[1]));
                fields.push(format!("left={},{}", self.left[0], self.left[1]));
            }
        }
        if let Stage::Creation(colour) = self.stage {
            let closed: Vec<String> =
                Colour::BOTH.into_iter().filter(|c| self.closed[c.index()]).map(colour_word).collect();
            fields.push(format!(
                "closed={}",
                if closed.is_empty() { "-".to_owned() } else { closed.join(";") }
            ));
            fields.push(format!("turn=create-{}", colour_word(colour)));
        } else {
            fields.push(format!("turn={}", colour_word(self.position.colour_to_move())));
        }
        let sets: Vec<String> = (0..self.position.pieces().len())
            .map(|id| {
                format!("{}={}", self.position.piece_text(id), self.position.pieces()[id].circle.letter())
            })
            .collect();
        fields.push(format!("sets={}", if sets.is_empty() { "-".to_owned() } else { sets.join(";") }));
        if self.stage == Stage::Play {
            fields.push(format!("stones={}", self.position.stones_text(";")));
            fields.push(format!("removed={}", self.position.removed_text(";")));
            fields.push(format!("quiet={}", self.quiet));
            if self.amendments.ply_limit.is_some() {
                fields.push(format!("plies={}", self.plies));
            }
        }
        fields.join(" ")
    }

    /// Reads position text (see the module documentation).
    pub fn from_text(text: &str) -> Result<Infinit, GameError> {
        Infinit::read(text).map_err(GameError::position)
    }

    fn read(text: &str) -> Result<Infinit, Text> {
        let fields = crate::fields::read_fields(text, &KEYS)?;
        let field = |key: &str| fields[KEYS.iter().position(|k| *k == key).expect("a known key")];
        let required =
            |key: &str| field(key).ok_or_else(|| text!("field '{key}' is missing", "Eintrag „{key}“ fehlt"));
        let list = |key: &str| -> Vec<&str> {
            field(key)
                .filter(|v| *v != "-")
                .map(|v| v.split(';').filter(|t| !t.is_empty()).collect())
                .unwrap_or_default()
        };
        let number = |key: &str, value: &str| -> Result<u32, Text> {
            value
                .parse()
                .map_err(|_| text!("{key} '{value}' is not a number", "{key} „{value}“ ist keine Zahl"))
        };
        let distance = required("distance")?;
        let distance: i32 = distance.parse().map_err(|_| {
            text!("distance '{distance}' is not a number", "distance „{distance}“ ist keine Zahl")
        })?;
        let points = number("points", required("points")?)?;
        let mut game = Infinit::new(distance, points)?;
        let turn = required("turn")?;
        let stage = match turn {
            "bid" => Stage::Bidding,
            "create-white" => Stage::Creation(Colour::White),
            "create-black" => Stage::Creation(Colour::Black),
            "white" | "black" => Stage::Play,
            other => {
                return Err(text!(
                    "turn '{other}' is not bid, create-white, create-black, white or black",
                    "turn „{other}“ ist nicht bid, create-white, create-black, white oder black"
                ));
            }
        };
        let not_in = |key: &str, what: Text| -> Result<(), Text> {
            match field(key) {
                Some(value) if value != "-" && value != "0" => {
                    Err(what.prefixed(&text!("field '{key}' ", "Eintrag „{key}“ ")))
                }
                _ => Ok(()),
            }
        };
        if stage == Stage::Bidding {
            for key in ["p1", "black", "left", "closed", "sets", "stones", "removed", "quiet", "plies"] {
                not_in(key, text!("does not belong to the bidding", "gehört nicht zum Bieten"))?;
            }
            game.offer = match field("offer").unwrap_or("-") {
                "-" => None,
                value => Some(number("offer", value)?),
            };
            game.offers = match field("offers") {
                Some(value) => number("offers", value)?,
                None => u32::from(game.offer.is_some()),
            };
            if game.offer.is_some() != (game.offers > 0) {
                return Err(text!(
                    "an offer is on the table exactly when offers were made",
                    "ein Angebot liegt genau dann vor, wenn Angebote gemacht wurden"
                ));
            }
            if game.offer.is_some_and(|o| o > game.bid_cap()) {
                let cap = game.bid_cap();
                return Err(text!(
                    "the offer is above the cap of {cap} points",
                    "das Angebot liegt über der Grenze von {cap} Punkten"
                ));
            }
            return Ok(game);
        }
        for key in ["offer", "offers"] {
            not_in(key, text!("belongs to the bidding only", "gehört nur zum Bieten"))?;
        }
        let p1 = required("p1")?;
        let p1 = Colour::parse(p1).ok_or_else(|| {
            text!("p1 '{p1}' is not white or black", "p1 „{p1}“ ist nicht white oder black")
        })?;
        let black = number("black", required("black")?)?;
        let left = required("left")?;
        let left: Vec<u32> =
            left.split(',').map(|v| number("left", v)).collect::<Result<_, _>>().map_err(|_| {
                text!(
                    "left '{left}' is not two numbers (White's,Black's)",
                    "left „{left}“ besteht nicht aus zwei Zahlen (die von Weiß, die von Schwarz)"
                )
            })?;
        let [white_left, black_left] = left[..] else {
            return Err(text!(
                "left needs two numbers, White's and Black's points left",
                "left braucht zwei Zahlen, die übrigen Punkte von Weiß und von Schwarz"
            ));
        };
        game.budget = [points, black];
        game.left = [white_left, black_left];
        game.stage = stage;
        game.position.p1_colour = Some(p1);
        let mut spent = [0, 0];
        for item in list("sets") {
            let (piece, circle) = item.split_once('=').ok_or_else(|| {
                text!("'{item}' is not of the form w:000001=n", "„{item}“ hat nicht die Form w:000001=n")
            })?;
            let circle = Circle::parse(circle).ok_or_else(|| {
                text!(
                    "'{circle}' is not a circle (n none, r reinforcement, d damage)",
                    "„{circle}“ ist kein Kreis (n keiner, r Verstärkung, d Schaden)"
                )
            })?;
            let (colour, code) = piece
                .split_once(':')
                .and_then(|(c, code)| Some((Colour::parse(c)?, Stone::parse(code).ok()?)))
                .ok_or_else(|| {
                    text!(
                        "'{piece}' is not a stone like w:000001 or b:000001",
                        "„{piece}“ ist kein Stein wie w:000001 oder b:000001"
                    )
                })?;
            let stone = code.canonical();
            let (name, name_de) = (colour.name(), colour.name_de());
            if find_piece(game.position.catalog(), piece).is_ok() {
                return Err(text!(
                    "{piece} is twice in {name}'s set (stones with the same arrows are the same stone)",
                    "{piece} ist zweimal im Satz von {name_de} (Steine mit denselben Pfeilen sind derselbe \
                     Stein)"
                ));
            }
            let most = crate::rules::INFINIT_MAX_SET_SIZE;
            if game.set_of(colour).count() >= most {
                return Err(text!(
                    "{name}'s set holds more than {most} stones",
                    "der Satz von {name_de} enthält mehr als {most} Steine"
                ));
            }
            game.position.add_piece(colour, stone, circle);
            spent[colour.index()] += stone_value(stone, circle);
        }
        for colour in Colour::BOTH {
            let i = colour.index();
            if stage != Stage::Play && spent[i] + game.left[i] != game.budget[i] {
                let (name, name_de) = (colour.name(), colour.name_de());
                let (worth, left, budget) = (spent[i], game.left[i], game.budget[i]);
                return Err(text!(
                    "{name}'s set is worth {worth} points and {left} are left, but {name} had {budget}",
                    "der Satz von {name_de} ist {worth} Punkte wert und {left} sind übrig, aber {name_de} \
                     hatte {budget}"
                ));
            }
            if game.left[i] > game.budget[i] {
                let (name, name_de) = (colour.name(), colour.name_de());
                return Err(text!(
                    "{name} has more points left than agreed",
                    "{name_de} hat mehr Punkte übrig als vereinbart"
                ));
            }
        }
        match stage {
            Stage::Creation(colour) => {
                for item in list("closed") {
                    let closed = Colour::parse(item).ok_or_else(|| {
                        text!(
                            "closed '{item}' is not white or black",
                            "closed „{item}“ ist nicht white oder black"
                        )
                    })?;
                    game.closed[closed.index()] = true;
                }
                if game.closed[colour.index()] {
                    let (name, name_de) = (colour.name(), colour.name_de());
                    return Err(text!(
                        "{name} is to create but has closed the set",
                        "{name_de} ist mit Erschaffen dran, hat den Satz aber abgeschlossen"
                    ));
                }
                for key in ["stones", "removed", "quiet", "plies"] {
                    not_in(key, text!("belongs to play only", "gehört nur zur Partie"))?;
                }
            }
            _ => {
                not_in("closed", text!("belongs to the creation only", "gehört nur zum Erschaffen"))?;
                game.closed = [true, true];
                game.position.to_move = Colour::parse(turn).expect("checked above");
                game.position.read_stones(&list("stones"), &list("removed"))?;
                game.quiet = number("quiet", field("quiet").unwrap_or("0"))?;
                game.plies = number("plies", field("plies").unwrap_or("0"))?;
            }
        }
        Ok(game)
    }
}

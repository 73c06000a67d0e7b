//! A toy game for the tests of this crate: Nim with one pile, where each
//! turn takes 1 to 3 stones and whoever takes the last stone wins. Its
//! moves are two words (`take 2`, as one token `take_2`), like Amakta's,
//! and its position text has a space (`21 p1`), like a FEN.

use game::{
    Bounds, Engines, Game, GameEntry, GameError, OptionSpec, Options, Outcome, Player, Registry, Repetition,
    Session, StaticText, text,
};
use search::Evaluate;

/// A Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pile: u32,
    side: Player,
}

impl Game for Nim {
    type Move = u32;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend(1..=self.pile.min(3));
    }

    fn play(&mut self, mv: u32) {
        self.pile -= mv;
        self.side = self.side.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0).then(|| Outcome::win(self.side.other(), "no-stones"))
    }

    fn hash(&self) -> u64 {
        u64::from(self.pile) * 2 + self.side.index() as u64
    }

    fn repetition(&self) -> Option<Repetition> {
        None
    }

    fn parse_move(&self, text: &str) -> Result<u32, GameError> {
        let words: Vec<&str> = game::move_words(text).collect();
        let count = match words[..] {
            ["take", count] | [count] => count,
            _ => "",
        };
        let count: u32 = count.parse().map_err(|_| {
            GameError::malformed(text, text!("expected 'take N' or 'N'", "erwartet: 'take N' oder 'N'"))
        })?;
        if !(1..=3).contains(&count) {
            return Err(GameError::illegal(
                text,
                text!("one may take 1 to 3 stones", "man darf 1 bis 3 Steine nehmen"),
            ));
        }
        if count > self.pile {
            let pile = self.pile;
            return Err(GameError::illegal(
                text,
                text!("only {pile} stones are left", "nur noch {pile} Steine übrig"),
            ));
        }
        Ok(count)
    }

    fn format_move(&self, mv: u32) -> String {
        format!("take {mv}")
    }

    fn position_text(&self) -> String {
        format!("{} {}", self.pile, self.side)
    }

    fn player_name(&self, player: Player) -> StaticText {
        PLAYERS[player.index()]
    }
}

impl game::Presentation for Nim {
    fn render(&self, _last: Option<u32>, _style: game::Style) -> String {
        format!("pile {}\n{} to move", self.pile, self.player_name(self.side))
    }

    fn view(&self) -> serde_json::Value {
        serde_json::json!({ "pile": self.pile })
    }
}

impl Evaluate for Nim {
    type Accumulator = ();

    fn evaluate(&self) -> i32 {
        if self.pile.is_multiple_of(4) { -100 } else { 100 }
    }
}

const ENGINES: Engines<Nim> = &[
    ("alphabeta", search::alpha_beta::<Nim>),
    ("greedy", search::greedy::<Nim>),
    ("random", search::random::<Nim>),
];

/// The players' names.
const PLAYERS: [StaticText; 2] = [StaticText::new("First", "Erster"), StaticText::new("Second", "Zweiter")];

/// The sizes of the pile at the start.
const PILE_BOUNDS: Bounds = Bounds::new(1, 1000);

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "pile",
    label: StaticText::new("Pile", "Haufen"),
    default: "21",
    choices: &[],
    bounds: Some(PILE_BOUNDS),
    help: StaticText::new(
        "stones in the pile at the start, 1 to 1000",
        "Steine im Haufen zu Beginn, 1 bis 1000",
    ),
}];

fn make_position(options: &Options, setup: Option<&str>) -> Result<Nim, GameError> {
    let Some(text) = setup else {
        let pile = options.get("pile").unwrap_or("21");
        let pile = PILE_BOUNDS.parse(pile).and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
            GameError::option(
                "pile",
                text!("'{pile}' is not a number from 1 to 1000", "„{pile}“ ist keine Zahl von 1 bis 1000"),
            )
        })?;
        return Ok(Nim { pile, side: Player::P1 });
    };
    let bad = || {
        GameError::position(text!(
            "expected '<stones> p1|p2', not '{text}'",
            "erwartet: '<Steine> p1|p2', nicht „{text}“"
        ))
    };
    let (pile, side) = text.split_once(' ').ok_or_else(bad)?;
    let side = match side {
        "p1" => Player::P1,
        "p2" => Player::P2,
        _ => return Err(bad()),
    };
    Ok(Nim { pile: pile.parse().map_err(|_| bad())?, side })
}

/// The registry entry; engine-facing commands start with 13 stones.
pub fn entry() -> GameEntry {
    GameEntry {
        name: "nim",
        title: StaticText::new("Nim", "Nim"),
        players: PLAYERS,
        other_side_names: &[],
        options: OPTIONS,
        engine_defaults: &[("pile", "13")],
        rules: StaticText::new("Take 1 to 3 stones; who takes the last wins.", "Nimm 1 bis 3 Steine."),
        board_module: "generic",
        network: None,
        tunable: None,
        search_defaults: &[],
        create: |options, setup| {
            Ok(Box::new(Session::new("nim", options.clone(), setup, make_position, ENGINES)?))
        },
        lesson: &[],
        puzzles: None,
    }
}

/// Nim registered without engines, as a game crate built without its
/// `engine` feature registers its game.
pub fn entry_without_engines() -> GameEntry {
    GameEntry {
        create: |options, setup| {
            Ok(Box::new(Session::new("nim", options.clone(), setup, make_position, &[])?))
        },
        ..entry()
    }
}

/// A registry with Nim as its only game.
pub fn registry() -> Registry {
    Registry::new(vec![entry()])
}

/// A game of Nim from position text.
pub fn game(setup: &str) -> Box<dyn game::DynGame> {
    registry().create("nim", &Options::new(), Some(setup)).expect("valid toy position")
}

/// The command that runs the shell script `script` given inline
/// (`sh -c '…'`), so that a scripted engine leaves no file behind.
pub fn inline_shell(script: &str) -> String {
    format!("sh -c '{}'", script.replace('\'', r"'\''"))
}

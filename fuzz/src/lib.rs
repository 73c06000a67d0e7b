//! What the fuzz targets share: options of every game chosen by a byte,
//! each game's typed position from options or text, and the checks of
//! `game::invariants` turned into panics (which libFuzzer reports).

use game::{Game, GameError, Options, Registry, invariants};

/// Every registered game.
#[must_use]
pub fn registry() -> Registry {
    games::registry()
}

/// Options of `game` picked by `pick`, so that the fuzzer explores rule
/// sets, boards and sets as well as positions.
#[must_use]
pub fn options(game: &str, pick: u8) -> Options {
    let choose = |choices: &[&str], shift: u8| choices[usize::from(pick >> shift) % choices.len()].to_owned();
    let options = Options::new();
    match game {
        "ataxx" => options.with("rules", &choose(&["seed", "community"], 0)),
        "abalone" => options
            .with("layout", &choose(&["standard", "belgian-daisy", "german-daisy"], 0))
            .with("plylimit", &choose(&["0", "9"], 2)),
        "formation" => options
            .with("board", &format!("random:{pick}"))
            .with("first", &choose(&["white", "black"], 3))
            .with("plylimit", &choose(&["0", "12"], 4)),
        "amakta" => options
            .with("board", &choose(&["hex3", "hex4", "hex5-holes"], 0))
            .with("set", &choose(&["default", "beginner", "doubles", "100000,300000"], 2))
            .with("circles", &choose(&["play", "none"], 4))
            .with("colour", &choose(&["auto", "white", "black"], 5)),
        _ => options
            .with("distance", &(1 + pick % 9).to_string())
            .with("points", &(u32::from(pick) % 60).to_string()),
    }
}

/// Panics with the message of a failed check.
pub fn check(result: Result<(), String>) {
    if let Err(problem) = result {
        panic!("{problem}");
    }
}

/// One game's typed positions: the start and position text under options.
pub trait Positions {
    /// The typed position.
    type Position: Game;
    /// The registered name of the game.
    const NAME: &'static str;
    /// The start (`None`) or the position of `text`, under `options`.
    fn make(options: &Options, text: Option<&str>) -> Result<Self::Position, GameError>;
}

/// Ataxx.
pub struct Ataxx;
/// Abalone.
pub struct Abalone;
/// Die Formation.
pub struct Formation;
/// Amakta.
pub struct Amakta;
/// Amakta Infinit.
pub struct Infinit;

impl Positions for Ataxx {
    type Position = ataxx::Ataxx;
    const NAME: &'static str = "ataxx";
    fn make(options: &Options, text: Option<&str>) -> Result<ataxx::Ataxx, GameError> {
        ataxx::make_position(options, text)
    }
}

impl Positions for Abalone {
    type Position = abalone::Position;
    const NAME: &'static str = "abalone";
    fn make(options: &Options, text: Option<&str>) -> Result<abalone::Position, GameError> {
        abalone::make_position(options, text)
    }
}

impl Positions for Formation {
    type Position = formation::Formation;
    const NAME: &'static str = "formation";
    fn make(options: &Options, text: Option<&str>) -> Result<formation::Formation, GameError> {
        formation::make_position(options, text)
    }
}

impl Positions for Amakta {
    type Position = amakta::Amakta;
    const NAME: &'static str = "amakta";
    fn make(options: &Options, text: Option<&str>) -> Result<amakta::Amakta, GameError> {
        amakta::Amakta::from_options(options, text)
    }
}

impl Positions for Infinit {
    type Position = amakta::Infinit;
    const NAME: &'static str = "amakta-infinit";
    fn make(options: &Options, text: Option<&str>) -> Result<amakta::Infinit, GameError> {
        amakta::Infinit::from_options(options, text)
    }
}

/// Position text: whatever `text` is, reading it must not panic, and a
/// position read from it keeps the invariants for a few moves.
pub fn position_text<P: Positions>(pick: u8, text: &str) {
    let options = options(P::NAME, pick);
    if let Ok(position) = P::make(&options, Some(text)) {
        check(invariants::check_walk(position, &[0, 7, 3], &[], |text| P::make(&options, Some(text))));
    }
}

/// Move text: after the walk `choices` from the start, `text` read as a
/// move must be refused or be a legal move, both by the typed position and
/// through the game's text interface, where a refused move changes nothing.
pub fn move_text<P: Positions>(pick: u8, choices: &[u8], text: &str) {
    let options = options(P::NAME, pick);
    let start = P::make(&options, None).expect("the options are valid");
    let position = invariants::walk(start, choices);
    check(invariants::check_position(&position, &[text.to_owned()], |text| P::make(&options, Some(text))));
    let mut game = registry().create(P::NAME, &options, Some(&position.position_text())).expect("the walk's position");
    check(invariants::check_play_text(game.as_mut(), text));
}

/// A walk of moves `choices` picks, checked on the typed position and,
/// with `probes`, through the game's text interface and its record.
pub fn walk<P: Positions>(pick: u8, choices: &[u8], probes: &[String]) {
    let options = options(P::NAME, pick);
    let start = P::make(&options, None).expect("the options are valid");
    check(invariants::check_walk(start, choices, probes, |text| P::make(&options, Some(text))));
    let registry = registry();
    let mut game = registry.create(P::NAME, &options, None).expect("the options are valid");
    check(invariants::check_dyn_walk(game.as_mut(), choices, probes, |record| registry.load_record(record)));
}

//! Tic-tac-toe, the server tests' toy game: small enough to reason about,
//! with an option, both kinds of ending and a slow engine.

use game::{
    Analyzer, Choice, Engines, Game, GameEntry, GameError, History, Info, Limits, OptionSpec, Options,
    Outcome, Player, Repetition, Session, StaticText, text,
};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A position: nine cells (`a1` = index 0, `c3` = 8) and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toy {
    cells: [Option<Player>; 9],
    to_move: Player,
    misere: bool,
}

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn cell_name(index: usize) -> String {
    format!("{}{}", char::from(b'a' + (index % 3) as u8), index / 3 + 1)
}

fn mark(player: Option<Player>) -> char {
    match player {
        Some(Player::P1) => 'x',
        Some(Player::P2) => 'o',
        None => '.',
    }
}

impl Game for Toy {
    type Move = usize;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<usize>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend((0..9).filter(|&i| self.cells[i].is_none()));
        }
    }

    fn play(&mut self, mv: usize) {
        self.cells[mv] = Some(self.to_move);
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        for line in LINES {
            if let Some(p) = self.cells[line[0]]
                && line.iter().all(|&i| self.cells[i] == Some(p))
            {
                return Some(Outcome::win(if self.misere { p.other() } else { p }, "connection"));
            }
        }
        self.cells.iter().all(Option::is_some).then(|| Outcome::draw("board-full"))
    }

    fn hash(&self) -> u64 {
        self.cells.iter().fold(u64::from(self.to_move == Player::P2), |h, c| h * 3 + mark(*c) as u64 % 3)
    }

    fn repetition(&self) -> Option<Repetition> {
        None
    }

    fn parse_move(&self, text: &str) -> Result<usize, GameError> {
        let bytes = text.trim().as_bytes();
        if bytes.len() != 2 || !(b'a'..=b'c').contains(&bytes[0]) || !(b'1'..=b'3').contains(&bytes[1]) {
            return Err(GameError::malformed(
                text,
                text!("expected a cell a1 … c3", "erwartet ein Feld a1 … c3"),
            ));
        }
        let index = usize::from(bytes[0] - b'a') + 3 * usize::from(bytes[1] - b'1');
        if self.cells[index].is_some() {
            return Err(GameError::illegal(text, text!("the cell is taken", "das Feld ist besetzt")));
        }
        Ok(index)
    }

    fn format_move(&self, mv: usize) -> String {
        cell_name(mv)
    }

    fn position_text(&self) -> String {
        let cells: String = self.cells.iter().map(|c| mark(*c)).collect();
        format!("{cells} {}", mark(Some(self.to_move)))
    }

    fn player_name(&self, player: Player) -> StaticText {
        PLAYERS[player.index()]
    }
}

impl game::Presentation for Toy {
    fn render(&self, _last: Option<usize>, _style: game::Style) -> String {
        self.position_text()
    }

    fn view(&self) -> serde_json::Value {
        let rows: Vec<String> =
            (0..3).rev().map(|r| (0..3).map(|f| mark(self.cells[r * 3 + f])).collect()).collect();
        serde_json::json!({ "game": "toy", "board": rows })
    }
}

impl search::Evaluate for Toy {
    type Accumulator = ();

    fn evaluate(&self) -> i32 {
        0
    }
}

fn make_position(options: &Options, setup: Option<&str>) -> Result<Toy, GameError> {
    let misere = options.get("rules") == Some("misere");
    let Some(text) = setup else {
        return Ok(Toy { cells: [None; 9], to_move: Player::P1, misere });
    };
    let (cells, side) = text
        .split_once(' ')
        .ok_or_else(|| GameError::position(text!("expected 'cells side'", "erwartet: 'Felder Seite'")))?;
    if cells.len() != 9 {
        return Err(GameError::position(text!("expected nine cells", "erwartet neun Felder")));
    }
    let mut position = Toy { cells: [None; 9], to_move: Player::P1, misere };
    for (i, c) in cells.chars().enumerate() {
        position.cells[i] = match c {
            'x' => Some(Player::P1),
            'o' => Some(Player::P2),
            '.' => None,
            _ => return Err(GameError::position(text!("bad cell '{c}'", "ungültiges Feld „{c}“"))),
        };
    }
    position.to_move = match side {
        "x" => Player::P1,
        "o" => Player::P2,
        _ => return Err(GameError::position(text!("side must be x or o", "Seite muss x oder o sein"))),
    };
    Ok(position)
}

/// An engine that takes its whole time (50 ms per ply of depth, or the
/// move time) and then plays the first legal move; it stops early when
/// told to.
struct Sleepy;

impl Analyzer<Toy> for Sleepy {
    fn think(
        &mut self,
        history: &History<Toy>,
        limits: &Limits,
        stop: &AtomicBool,
        _on_info: &mut dyn FnMut(&Info<usize>),
    ) -> Option<usize> {
        let budget =
            limits.movetime.unwrap_or(Duration::from_millis(50 * u64::from(limits.depth.unwrap_or(1))));
        let until = Instant::now() + budget;
        while Instant::now() < until && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let mut moves = Vec::new();
        history.legal_moves(&mut moves);
        moves.first().copied()
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _megabytes: usize) {}
}

/// How many `sleepy` engines were made in this process.
static SLEEPY_ENGINES_MADE: AtomicUsize = AtomicUsize::new(0);

/// How many `sleepy` engines (the toy game's default) were made in this
/// process so far.
pub fn sleepy_engines_made() -> usize {
    SLEEPY_ENGINES_MADE.load(Ordering::SeqCst)
}

fn sleepy() -> Box<dyn Analyzer<Toy>> {
    SLEEPY_ENGINES_MADE.fetch_add(1, Ordering::SeqCst);
    Box::new(Sleepy)
}

const ENGINES: Engines<Toy> =
    &[("sleepy", sleepy), ("greedy", search::greedy::<Toy>), ("random", search::random::<Toy>)];

/// The players' names.
const PLAYERS: [StaticText; 2] = [StaticText::new("Cross", "Kreuz"), StaticText::new("Nought", "Kreis")];

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "rules",
    label: StaticText::new("Rules", "Regeln"),
    default: "normal",
    choices: &[Choice::new("normal", "Normal", "Normal"), Choice::new("misere", "Misère", "Misère")],
    bounds: None,
    help: StaticText::new("misere: three in a row loses", "misere: drei in einer Reihe verlieren"),
}];

fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn game::DynGame>, GameError> {
    Ok(Box::new(Session::new("toy", options.clone(), setup, make_position, ENGINES)?))
}

/// The toy game registered without engines (as `bare-toy`), as a game
/// crate built without its `engine` feature registers its game.
pub fn entry_without_engines() -> GameEntry {
    GameEntry {
        name: "bare-toy",
        create: |options, setup| {
            Ok(Box::new(Session::new("bare-toy", options.clone(), setup, make_position, &[])?))
        },
        ..entry()
    }
}

/// The toy game's registry entry.
pub fn entry() -> GameEntry {
    GameEntry {
        name: "toy",
        title: StaticText::new("Toy", "Spielzeug"),
        players: PLAYERS,
        other_side_names: &[],
        options: OPTIONS,
        engine_defaults: &[],
        rules: StaticText::new("# Toy\nThree in a row wins.", "# Spielzeug\nDrei in einer Reihe gewinnen."),
        board_module: "generic",
        network: None,
        tunable: None,
        search_defaults: &[],
        create,
        lesson: &[],
        puzzles: None,
    }
}

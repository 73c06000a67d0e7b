//! A tiny game to test the shared model with: two tokens on a line of
//! cells 0..=4. Each turn the mover steps their own token one cell left or
//! right (never onto the other token); P1 starts on 0, P2 on 4, and whoever
//! moves their token next to the other one wins. Positions can repeat, and threefold
//! repetition is a draw when the `rules` option is `draw` (the default)
//! or a win for P2 when it is `p2`.

use game::{
    Analyzer, Choice, DynGame, Engines, Game, GameEntry, GameError, History, Info, Limits, OptionSpec,
    Options, Outcome, Player, Repetition, Session, StaticText,
};
use std::sync::atomic::AtomicBool;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub tokens: [u8; 2],
    pub to_move: Player,
    pub p2_wins_repetition: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Left,
    Right,
}

impl Line {
    pub fn start(p2_wins_repetition: bool) -> Line {
        Line { tokens: [0, 4], to_move: Player::P1, p2_wins_repetition }
    }

    fn target(&self, step: Step) -> Option<u8> {
        let at = self.tokens[self.to_move.index()];
        let to = match step {
            Step::Left => at.checked_sub(1)?,
            Step::Right => at + 1,
        };
        (to <= 4 && to != self.tokens[self.to_move.other().index()]).then_some(to)
    }
}

impl Game for Line {
    type Move = Step;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend([Step::Left, Step::Right].into_iter().filter(|&s| self.target(s).is_some()));
        }
    }

    fn play(&mut self, mv: Step) {
        let to = self.target(mv).expect("legal move");
        self.tokens[self.to_move.index()] = to;
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.tokens[1] - self.tokens[0] == 1).then(|| Outcome::win(self.to_move.other(), "touch"))
    }

    fn hash(&self) -> u64 {
        u64::from(self.tokens[0]) * 10 + u64::from(self.tokens[1]) + 100 * self.to_move.index() as u64
    }

    fn repetition(&self) -> Option<Repetition> {
        Some(Repetition { occurrences: 3 })
    }

    fn repetition_outcome(&self) -> Outcome {
        if self.p2_wins_repetition {
            Outcome::win(Player::P2, "repetition")
        } else {
            Outcome::draw("repetition")
        }
    }

    fn parse_move(&self, text: &str) -> Result<Step, GameError> {
        let step = match text.trim() {
            "l" | "L" => Step::Left,
            "r" | "R" => Step::Right,
            _ => return Err(GameError::malformed(text, game::text!("expected l or r", "l oder r erwartet"))),
        };
        match self.target(step) {
            Some(_) => Ok(step),
            None => Err(GameError::illegal(text, game::text!("blocked", "blockiert"))),
        }
    }

    fn format_move(&self, mv: Step) -> String {
        match mv {
            Step::Left => "l".into(),
            Step::Right => "r".into(),
        }
    }

    fn position_text(&self) -> String {
        format!("{} {} {}", self.tokens[0], self.tokens[1], self.to_move.index() + 1)
    }

    fn player_name(&self, player: Player) -> StaticText {
        PLAYERS[player.index()]
    }
}

impl game::Presentation for Line {
    fn render(&self, last: Option<Step>, _style: game::Style) -> String {
        format!("{} last {last:?}", self.position_text())
    }

    fn view(&self) -> serde_json::Value {
        serde_json::json!({ "tokens": self.tokens })
    }
}

/// Always plays the first legal move; reports as its nodes how many
/// times this engine has thought (so tests see whether an engine was kept).
#[derive(Default)]
struct FirstMove {
    thought: u64,
}

impl Analyzer<Line> for FirstMove {
    fn think(
        &mut self,
        history: &History<Line>,
        _limits: &Limits,
        _stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<Step>),
    ) -> Option<Step> {
        let mut moves = Vec::new();
        history.legal_moves(&mut moves);
        let first = *moves.first()?;
        self.thought += 1;
        on_info(&Info {
            depth: 1,
            seldepth: 1,
            score: game::Score::Cp(0),
            nodes: self.thought,
            time: std::time::Duration::ZERO,
            pv: vec![first],
            currmove: None,
            multipv: 1,
        });
        Some(first)
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _megabytes: usize) {}
}

fn first_move() -> Box<dyn Analyzer<Line>> {
    Box::new(FirstMove::default())
}

const ENGINES: Engines<Line> = &[("first", first_move)];

pub fn make_position(options: &Options, setup: Option<&str>) -> Result<Line, GameError> {
    let p2 = options.get("rules") == Some("p2");
    let Some(text) = setup else { return Ok(Line::start(p2)) };
    let parts: Vec<u8> = text
        .split_whitespace()
        .map(|p| {
            p.parse().map_err(|_| {
                GameError::position(game::text!("'{p}' is not a number", "„{p}“ ist keine Zahl"))
            })
        })
        .collect::<Result<_, _>>()?;
    match parts.as_slice() {
        [a, b, side @ (1 | 2)] if a < b && *b <= 4 => Ok(Line {
            tokens: [*a, *b],
            to_move: Player::from_index(usize::from(*side) - 1),
            p2_wins_repetition: p2,
        }),
        _ => Err(GameError::position(game::text!(
            "expected '<p1 cell> <p2 cell> <1|2>'",
            "erwartet: '<Feld P1> <Feld P2> <1|2>'"
        ))),
    }
}

fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new("line", options.clone(), setup, make_position, ENGINES)?))
}

/// The players' names.
pub const PLAYERS: [StaticText; 2] = [StaticText::new("Left", "Links"), StaticText::new("Right", "Rechts")];

pub const RULES: &[OptionSpec] = &[OptionSpec {
    name: "rules",
    label: StaticText::new("Rules", "Regeln"),
    default: "draw",
    choices: &[Choice::new("draw", "Draw", "Remis"), Choice::new("p2", "Right wins", "Rechts gewinnt")],
    bounds: None,
    help: StaticText::new("what threefold repetition means", "was dreifache Wiederholung bedeutet"),
}];

pub fn entry() -> GameEntry {
    GameEntry {
        name: "line",
        title: StaticText::new("Line", "Linie"),
        players: PLAYERS,
        other_side_names: &[],
        options: RULES,
        engine_defaults: &[("rules", "p2")],
        rules: StaticText::new("Step your token.", "Zieh deinen Stein."),
        board_module: "generic",
        network: None,
        tunable: None,
        search_defaults: &[],
        create,
        lesson: &[],
        puzzles: None,
    }
}

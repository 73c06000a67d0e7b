//! Players, results and outcomes.

use crate::Text;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two seats of a game, in turn order of the standard start:
/// [`Player::P1`] moves first (Ataxx Red `x`, Abalone Black, Formation
/// White, Amakta White).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Player {
    /// The player who moves first from the standard start.
    P1,
    /// The player who moves second from the standard start.
    P2,
}

impl Player {
    /// Both players, `P1` first.
    pub const BOTH: [Player; 2] = [Player::P1, Player::P2];

    /// The opponent.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }

    /// 0 for `P1`, 1 for `P2`; handy for indexing per-player arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Player::P1 => 0,
            Player::P2 => 1,
        }
    }

    /// The player with the given index (0 or 1; anything else is `P2`).
    #[must_use]
    pub fn from_index(index: usize) -> Player {
        if index == 0 { Player::P1 } else { Player::P2 }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::P1 => "p1",
            Player::P2 => "p2",
        })
    }
}

/// Who won, or a draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum GameResult {
    /// The given player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl GameResult {
    /// The result as record text: `1-0` (P1 won), `0-1` (P2 won), `1/2-1/2`.
    #[must_use]
    pub fn as_text(self) -> &'static str {
        match self {
            GameResult::Win(Player::P1) => "1-0",
            GameResult::Win(Player::P2) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Parses record result text (`1-0`, `0-1`, `1/2-1/2`).
    #[must_use]
    pub fn from_text(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::Win(Player::P1)),
            "0-1" => Some(GameResult::Win(Player::P2)),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The score of `player`: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn score_for(self, player: Player) -> f64 {
        match self {
            GameResult::Win(p) if p == player => 1.0,
            GameResult::Win(_) => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

/// How a game ended: the result and a short reason key such as
/// `"no-stones"`, `"repetition"`, `"fifty-move"`, `"resignation"`.
///
/// Reason keys are lower-case words joined by `-`; user interfaces translate
/// them (see [`Outcome::describe`] for the English text).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Why the game ended, as a reason key.
    pub reason: &'static str,
}

impl Outcome {
    /// A win for `player` for the given reason.
    #[must_use]
    pub fn win(player: Player, reason: &'static str) -> Outcome {
        Outcome { result: GameResult::Win(player), reason }
    }

    /// A draw for the given reason.
    #[must_use]
    pub fn draw(reason: &'static str) -> Outcome {
        Outcome { result: GameResult::Draw, reason }
    }

    /// The English description of the reason key, e.g. "threefold repetition".
    #[must_use]
    pub fn describe(&self) -> String {
        self.description().en
    }

    /// The description of the reason key in English and German; an unknown
    /// key is shown as its words.
    #[must_use]
    pub fn description(&self) -> Text {
        match REASONS.iter().find(|(key, ..)| *key == self.reason) {
            Some(&(_, en, de)) => Text::new(en, de),
            None => {
                let words = self.reason.replace('-', " ");
                Text::new(words.clone(), words)
            }
        }
    }

    /// The line a drawing shows at the end instead of the side to move:
    /// "game over: Red wins (resignation)", "game over: draw (threefold
    /// repetition)"; `name` gives a player's name in a language.
    #[must_use]
    pub fn game_over(&self, name: impl Fn(Player, crate::Language) -> String) -> Text {
        let description = self.description();
        let (why_en, why_de) = (description.en, description.de);
        match self.result {
            GameResult::Win(player) => {
                let (en, de) =
                    (name(player, crate::Language::English), name(player, crate::Language::German));
                crate::text!("game over: {en} wins ({why_en})", "Spielende: {de} gewinnt ({why_de})")
            }
            GameResult::Draw => crate::text!("game over: draw ({why_en})", "Spielende: Remis ({why_de})"),
        }
    }

    /// Whether the game ended with a result: not one of
    /// [`NO_RESULT_REASONS`] (aborted, or abandoned before it began),
    /// which counts for nobody.
    #[must_use]
    pub fn has_result(&self) -> bool {
        !NO_RESULT_REASONS.contains(&self.reason)
    }

    /// The result as record text ([`GameResult::as_text`]), or `*` for an
    /// ending without a result (see [`Outcome::has_result`]).
    #[must_use]
    pub fn result_text(&self) -> &'static str {
        if self.has_result() { self.result.as_text() } else { "*" }
    }

    /// The winner, if the game ended with one.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.result {
            GameResult::Win(player) if self.has_result() => Some(player),
            _ => None,
        }
    }

    /// Reads an ending back from its result text ([`Outcome::result_text`])
    /// and reason key (an unknown one reads as `resignation`); `*` only
    /// with a reason of [`NO_RESULT_REASONS`].
    #[must_use]
    pub fn from_texts(result: &str, reason: &str) -> Option<Outcome> {
        let reason = Outcome::reason_from_text(reason).unwrap_or("resignation");
        match GameResult::from_text(result) {
            Some(result) => Some(Outcome { result, reason }),
            None if result == "*" && NO_RESULT_REASONS.contains(&reason) => Some(Outcome::draw(reason)),
            None => None,
        }
    }

    /// The reason key as a `&'static str` if it is one this crate knows by
    /// name; used when reading records back.
    #[must_use]
    pub fn reason_from_text(text: &str) -> Option<&'static str> {
        REASONS.iter().map(|&(key, ..)| key).find(|key| *key == text)
    }
}

/// The reasons that end a game without a result — aborted before the
/// second move, abandoned before it began: the game counts for nobody
/// (no rating, no win, loss or draw) and its result text is `*`. Such an
/// [`Outcome`] is made with [`Outcome::draw`] and read with
/// [`Outcome::has_result`].
pub const NO_RESULT_REASONS: [&str; 2] = ["aborted", "abandoned"];

/// The reason keys this crate knows, with their English and German descriptions.
const REASONS: &[(&str, &str, &str)] = &[
    ("no-stones", "a player has no stones left", "ein Spieler hat keine Steine mehr"),
    ("no-moves", "no legal moves left", "keiner kann mehr ziehen"),
    ("board-full", "the board is full", "das Brett ist voll"),
    ("repetition", "threefold repetition", "dreifache Stellungswiederholung"),
    ("fifty-move", "fifty-move rule", "Fünfzig-Züge-Regel"),
    ("ply-limit", "ply limit reached", "Zuggrenze erreicht"),
    // A match's cap on a game's length (`--draw-after`), not a rule of the game.
    ("adjudication", "drawn at the match's ply cap", "Remis an der Zuggrenze des Matches"),
    ("resignation", "resignation", "aufgegeben"),
    ("agreement", "draw agreed", "Remis vereinbart"),
    ("time", "time forfeit", "Zeit abgelaufen"),
    ("illegal-move", "illegal move", "unzulässiger Zug"),
    ("crash", "engine crashed", "Engine abgestürzt"),
    ("ejections", "six marbles ejected", "sechs Kugeln hinausgestoßen"),
    ("connection", "all pieces connected", "alle Figuren verbunden"),
    ("base", "a stone reached the opponent's base", "ein Stein hat das gegnerische Basisfeld erreicht"),
    ("no-captures", "too long without expropriation or release", "zu lange ohne Enteignen oder Lösen"),
    ("abandoned", "abandoned before it began", "verlassen, bevor sie begann"),
    ("aborted", "aborted before the second move", "vor dem zweiten Zug abgebrochen"),
    ("left", "a player left the game", "ein Spieler hat die Partie verlassen"),
];

//! The two colours and the circles a stone may carry.

use game::{Player, StaticText};
use std::fmt;

/// The players' names before their colours are chosen (the colour option
/// `auto` during the setup phase).
pub const PLAYERS: [StaticText; 2] =
    [StaticText::new("First player", "Erster Spieler"), StaticText::new("Second player", "Zweiter Spieler")];

/// The players' seats inside a sentence ("White (first player) to
/// move"), so that a person reads who is who once the colours are chosen.
#[cfg(feature = "presentation")]
pub const SEATS: [StaticText; 2] =
    [StaticText::new("first player", "erster Spieler"), StaticText::new("second player", "zweiter Spieler")];

/// The names of the colours once chosen: White, then Black.
pub const COLOUR_NAMES: [StaticText; 2] =
    [StaticText::new("White", "Weiß"), StaticText::new("Black", "Schwarz")];

/// The name of `player` when the first player plays `p1_colour` (`None`:
/// not chosen yet).
#[must_use]
pub fn player_name(p1_colour: Option<Colour>, player: Player) -> StaticText {
    match p1_colour {
        Some(colour) if player == Player::P1 => COLOUR_NAMES[colour.index()],
        Some(colour) => COLOUR_NAMES[colour.other().index()],
        None => PLAYERS[player.index()],
    }
}

/// The colour of a player's original stones; White moves first in play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Colour {
    /// White: base at the west end of the middle row, moves first.
    White,
    /// Black: base at the east end of the middle row.
    Black,
}

impl Colour {
    /// Both colours, White first.
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    /// The other colour.
    #[must_use]
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour's name, `White` or `Black`.
    #[must_use]
    pub fn name(self) -> &'static str {
        COLOUR_NAMES[self.index()].en
    }

    /// The colour's German name in messages, `Weiß` or `Schwarz`.
    #[must_use]
    pub(crate) fn name_de(self) -> &'static str {
        COLOUR_NAMES[self.index()].de
    }

    /// The one-letter tag in texts: `w` or `b`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }

    /// Reads `w`/`white` or `b`/`black` (any case).
    #[must_use]
    pub fn parse(text: &str) -> Option<Colour> {
        match text.to_ascii_lowercase().as_str() {
            "w" | "white" => Some(Colour::White),
            "b" | "black" => Some(Colour::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name().to_ascii_lowercase())
    }
}

/// The circle of an original stone (standard game).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub enum Circle {
    /// No circle.
    #[default]
    None,
    /// Reinforcement (violet): an extra arrow of the owner on the stone's
    /// cell while an opponent arrow points there.
    Reinforcement,
    /// Damage (green): an extra arrow of the opponent on the stone's cell
    /// while an opponent arrow points there.
    Damage,
}

impl Circle {
    /// All three, in text order `n`, `r`, `d`.
    pub const ALL: [Circle; 3] = [Circle::None, Circle::Reinforcement, Circle::Damage];

    /// The one-letter tag: `n`, `r` or `d`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Circle::None => 'n',
            Circle::Reinforcement => 'r',
            Circle::Damage => 'd',
        }
    }

    /// The circle's name: `none`, `reinforcement` or `damage`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Circle::None => "none",
            Circle::Reinforcement => "reinforcement",
            Circle::Damage => "damage",
        }
    }

    /// The circle as a German phrase in messages: `ohne Kreis`, `mit
    /// Verstärkung` or `mit Schaden`.
    #[must_use]
    pub(crate) fn phrase_de(self) -> &'static str {
        match self {
            Circle::None => "ohne Kreis",
            Circle::Reinforcement => "mit Verstärkung",
            Circle::Damage => "mit Schaden",
        }
    }

    /// Reads `n`/`none`, `r`/`reinforcement`, `d`/`damage` (any case).
    #[must_use]
    pub fn parse(text: &str) -> Option<Circle> {
        match text.to_ascii_lowercase().as_str() {
            "n" | "none" | "-" => Some(Circle::None),
            "r" | "reinforcement" => Some(Circle::Reinforcement),
            "d" | "damage" => Some(Circle::Damage),
            _ => None,
        }
    }
}

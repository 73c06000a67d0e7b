//! The two dialects of the engine protocol: UAI (Ataxx) and UGI (any game).

use std::fmt;
use std::str::FromStr;

/// Which protocol a conversation speaks. Both are UCI with other words:
/// UAI is the Ataxx community's (`uai`, `uaiok`, `uainewgame`, clocks as
/// `btime`/`wtime` with `b` = `x` = P1), UGI the game-neutral one (`ugi`,
/// `ugiok`, `uginewgame`, clocks as `p1time`/`p2time`, plus `query`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// The Universal Ataxx Interface.
    Uai,
    /// The Universal Game Interface.
    Ugi,
}

impl Dialect {
    /// The dialect a host uses by default for a game: UAI for Ataxx, UGI
    /// for everything else.
    #[must_use]
    pub fn for_game(game: &str) -> Dialect {
        if game.eq_ignore_ascii_case("ataxx") { Dialect::Uai } else { Dialect::Ugi }
    }

    /// The greeting that opens a conversation (`uai`, `ugi`).
    #[must_use]
    pub fn hello(self) -> &'static str {
        match self {
            Dialect::Uai => "uai",
            Dialect::Ugi => "ugi",
        }
    }

    /// The engine's answer once it has listed its identity and options.
    #[must_use]
    pub fn ok(self) -> &'static str {
        match self {
            Dialect::Uai => "uaiok",
            Dialect::Ugi => "ugiok",
        }
    }

    /// The command announcing a new game.
    #[must_use]
    pub fn new_game(self) -> &'static str {
        match self {
            Dialect::Uai => "uainewgame",
            Dialect::Ugi => "uginewgame",
        }
    }

    /// The `go` keywords of the remaining time and increment of P1 and P2.
    #[must_use]
    pub fn clock_keys(self) -> [&'static str; 4] {
        match self {
            Dialect::Uai => ["btime", "wtime", "binc", "winc"],
            Dialect::Ugi => ["p1time", "p2time", "p1inc", "p2inc"],
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.hello())
    }
}

impl FromStr for Dialect {
    type Err = String;

    fn from_str(text: &str) -> Result<Dialect, String> {
        match text.to_ascii_lowercase().as_str() {
            "uai" => Ok(Dialect::Uai),
            "ugi" => Ok(Dialect::Ugi),
            _ => Err(format!("unknown protocol '{text}': say uai or ugi")),
        }
    }
}

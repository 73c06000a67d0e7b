//! The game options and what they decide.

use crate::PLY_LIMIT_BOUNDS;
use crate::tiles::Layout;
use game::{GameError, Options, Player, text};

/// Everything the options decide: the board, who moves first and the ply
/// limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// The board assembly.
    pub layout: Layout,
    /// The player who moves first from the start position (White = P1 by
    /// default).
    pub first: Player,
    /// After this many plies the game is drawn (`0`: no limit).
    pub ply_limit: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config { layout: Layout::DEFAULT, first: Player::P1, ply_limit: 0 }
    }
}

impl Config {
    /// Reads the options `board`, `first` and `plylimit` (missing ones take
    /// their defaults).
    pub fn from_options(options: &Options) -> Result<Config, GameError> {
        let mut config = Config::default();
        if let Some(board) = options.get("board") {
            config.layout =
                Layout::from_option(board).map_err(|reason| GameError::option("board", reason))?;
        }
        if let Some(first) = options.get("first") {
            config.first = match first.trim().to_ascii_lowercase().as_str() {
                "white" => Player::P1,
                "black" => Player::P2,
                _ => {
                    let reason = text!(
                        "'{first}' is not one of white, black",
                        "„{first}“ ist weder „white“ noch „black“"
                    );
                    return Err(GameError::option("first", reason));
                }
            };
        }
        if let Some(limit) = options.get("plylimit") {
            config.ply_limit = PLY_LIMIT_BOUNDS.ply_limit("plylimit", limit)?;
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_and_checked() {
        assert_eq!(Config::from_options(&Options::new()), Ok(Config::default()));
        let options = Options::new().with("board", "random:5").with("first", "black").with("plylimit", "200");
        assert_eq!(
            Config::from_options(&options),
            Ok(Config { layout: Layout::random(5), first: Player::P2, ply_limit: 200 })
        );
        let error =
            |name, value| Config::from_options(&Options::new().with(name, value)).unwrap_err().to_string();
        assert_eq!(error("first", "red"), "invalid option 'first': 'red' is not one of white, black");
        assert_eq!(
            error("plylimit", "-1"),
            "invalid option 'plylimit': '-1' is not a number of plies from 0 to 1000000 (0 = no limit)"
        );
        assert!(error("plylimit", "1000001").contains("from 0 to 1000000"));
        assert!(Config::from_options(&Options::new().with("plylimit", "1000000")).is_ok());
        assert_eq!(
            error("board", "1a0 2a0 3a0 5a0"),
            "invalid option 'board': '5a0': unknown tile '5' (tiles are 1-4) (or give 'default' or 'random:SEED')"
        );
    }
}

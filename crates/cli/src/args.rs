//! Command-line arguments shared by the commands that take a game.

use clap::Args;
use game::{DynGame, GameError, Options, Registry, text};

/// Which game, with which options, from which position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: ataxx, abalone, formation, amakta, amakta-infinit.
    pub game: String,
    /// Start position as position text (Ataxx: FEN; `startpos` accepted).
    #[arg(long, alias = "fen")]
    pub position: Option<String>,
    /// Ruleset (Ataxx: seed or community).
    #[arg(long)]
    pub rules: Option<String>,
    /// Start layout (Abalone: standard, belgian-daisy, german-daisy).
    #[arg(long)]
    pub layout: Option<String>,
    /// Board (Formation: default, random:SEED or board text; Amakta: a
    /// built-in name or a board file).
    #[arg(long)]
    pub board: Option<String>,
    /// Stone set (Amakta: a named set or codes).
    #[arg(long)]
    pub set: Option<String>,
    /// Circle assignment (Amakta), e.g. `w:100000=r,b:300000=d` or `none`.
    #[arg(long)]
    pub circles: Option<String>,
    /// Any other game option as NAME=VALUE (repeatable); `spielwerk games`
    /// lists them.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl GameArgs {
    /// The options given on the command line.
    pub fn options(&self) -> Result<Options, GameError> {
        let mut options = Options::new();
        let named = [
            ("rules", &self.rules),
            ("layout", &self.layout),
            ("board", &self.board),
            ("set", &self.set),
            ("circles", &self.circles),
        ];
        for (name, value) in named {
            if let Some(value) = value {
                options.set(name, &read_if_file(name, value)?);
            }
        }
        for pair in &self.options {
            let (name, value) = pair.split_once('=').ok_or_else(|| {
                GameError::option(pair, text!("expected NAME=VALUE", "erwartet: NAME=WERT"))
            })?;
            options.set(name.trim(), value.trim());
        }
        Ok(options)
    }

    /// Creates the game; `engine_facing` commands use the game's engine
    /// defaults (e.g. Ataxx's community rules) for options not given.
    pub fn create(&self, registry: &Registry, engine_facing: bool) -> Result<Box<dyn DynGame>, GameError> {
        let entry = registry.get(&self.game)?;
        let mut options = self.options()?;
        if engine_facing {
            options = entry.with_engine_defaults(&options);
        }
        registry.create(entry.name, &options, self.position.as_deref())
    }
}

/// Board and set options may name a file; its contents are the value.
fn read_if_file(name: &str, value: &str) -> Result<String, GameError> {
    let path = std::path::Path::new(value);
    if (name == "board" || name == "set") && path.is_file() {
        std::fs::read_to_string(path).map_err(|e| {
            GameError::option(name, text!("cannot read {value}: {e}", "{value} ist nicht lesbar: {e}"))
        })
    } else {
        Ok(value.to_owned())
    }
}

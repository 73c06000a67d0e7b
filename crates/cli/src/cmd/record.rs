//! Where a terminal game's record is kept: a file named by game, date and
//! time in the user's data folder (or the `--record` file), written after
//! every move from the first move on — a game quit before any move leaves
//! no file.

use anyhow::Context;
use game::{DynGame, Text, text};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The folder of the records: `$XDG_DATA_HOME/spielwerk`, or
/// `~/.local/share/spielwerk` when `XDG_DATA_HOME` is unset, empty or not
/// absolute (as the XDG base directory specification says).
pub fn data_folder() -> Result<PathBuf, Text> {
    let xdg = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from).filter(|path| path.is_absolute());
    let base = match xdg {
        Some(path) => path,
        None => match std::env::var_os("HOME").filter(|home| !home.is_empty()) {
            Some(home) => PathBuf::from(home).join(".local/share"),
            None => {
                return Err(text!(
                    "neither XDG_DATA_HOME nor HOME is set: give the record file with --record FILE",
                    "weder XDG_DATA_HOME noch HOME ist gesetzt: gib die Datei mit --record DATEI an"
                ));
            }
        },
    };
    Ok(base.join("spielwerk"))
}

/// A new record file for `game` in the [data folder](data_folder):
/// `<game>-<date>-<time>.txt` (UTC), with `-2`, `-3`, … when a game of the
/// same second is there already.
pub fn default_path(game: &str) -> Result<PathBuf, Text> {
    let folder = data_folder()?;
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let stem = format!("{game}-{}", timestamp(seconds));
    let mut path = folder.join(format!("{stem}.txt"));
    let mut number = 2;
    while path.exists() {
        path = folder.join(format!("{stem}-{number}.txt"));
        number += 1;
    }
    Ok(path)
}

/// `2026-11-25-181620` for a time in seconds since 1970 (UTC).
fn timestamp(seconds: u64) -> String {
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    let rest = seconds % 86_400;
    // Howard Hinnant's days-to-civil conversion.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}-{:02}{:02}{:02}", rest / 3600, rest / 60 % 60, rest % 60)
}

/// Saves a game's record to its file once there is something to keep.
pub struct Saver {
    /// The record file.
    path: PathBuf,
    /// Whether the file holds this game: written once, or resumed from.
    kept: bool,
}

impl Saver {
    /// A saver to `path`; a file there already (a resumed game) is kept up
    /// to date from the start.
    #[must_use]
    pub fn new(path: PathBuf) -> Saver {
        let kept = path.exists();
        Saver { path, kept }
    }

    /// Writes the record when a move has been played (or the file is
    /// kept already), creating the folder when needed.
    pub fn save(&mut self, game: &dyn DynGame) -> anyhow::Result<()> {
        if !self.kept && game.moves().is_empty() {
            return Ok(());
        }
        save_record(game, &self.path)?;
        self.kept = true;
        Ok(())
    }

    /// What is said when the person leaves: where the game is kept, or
    /// that nothing was played and so nothing saved.
    #[must_use]
    pub fn farewell(&self) -> Text {
        let path = self.path.display();
        if self.kept {
            text!(
                "The game is saved in {path}; continue with --resume {path}.",
                "Die Partie ist in {path} gespeichert; weiter mit --resume {path}."
            )
        } else {
            text!(
                "No move was played, so no record was saved.",
                "Kein Zug gespielt, also nichts gespeichert."
            )
        }
    }
}

/// Writes a game's record to `path`, creating its folder when needed.
pub fn save_record(game: &dyn DynGame, path: &Path) -> anyhow::Result<()> {
    if let Some(folder) = path.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    }
    write_atomically(path, &game.record().to_text())
}

/// Writes `text` atomically (a temporary file renamed over the old one);
/// a path that is not a regular file (a terminal, a pipe, `/dev/null`) is
/// written to directly.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    if path.exists() && !path.is_file() {
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
        return Ok(());
    }
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, text).with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_dates_and_times_in_utc() {
        assert_eq!(timestamp(0), "1970-01-01-000000");
        assert_eq!(timestamp(951_782_400), "2000-02-29-000000");
        assert_eq!(timestamp(1_795_623_982), "2026-11-25-162622");
    }
}

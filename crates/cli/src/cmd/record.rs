//! Where a terminal game's record is kept: a file named by game, date and
//! time in the user's data folder (or the `--record` file), written after
//! every move from the first move on — a game quit before any move leaves
//! no file. That the file can be written is [checked](check) before the
//! game starts; a save that fails later is a warning, not the end of the
//! game.

use crate::messages::os_reason;
use game::{DynGame, Text, text};
use std::fs::OpenOptions;
use std::io;
use std::os::unix::fs::FileTypeExt;
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
/// same second is there already. Another game may take the name before
/// this one saves; the [`Saver`] then takes the next free one.
pub fn default_path(game: &str) -> Result<PathBuf, Text> {
    let folder = data_folder()?;
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let first = folder.join(format!("{game}-{}.txt", timestamp(seconds)));
    let free = numbered(&first).find(|path| !path.exists());
    Ok(free.unwrap_or(first))
}

/// `path`, then `path` with `-2`, `-3`, … before its extension.
fn numbered(path: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let extension = path.extension().map(|ext| format!(".{}", ext.to_string_lossy())).unwrap_or_default();
    std::iter::once(path.to_path_buf())
        .chain((2..).map(move |number| path.with_file_name(format!("{stem}-{number}{extension}"))))
}

/// Takes a file for a new record: `path` when it is not there, else the
/// first free one of `path-2`, `path-3`, … (created empty, so that no
/// other game takes it, and never one that is there already).
fn claim(path: &Path) -> io::Result<PathBuf> {
    let folder = folder_of(path);
    if !folder.exists() {
        std::fs::create_dir_all(folder)?;
    }
    for candidate in numbered(path).take(1000) {
        match OpenOptions::new().write(true).create_new(true).open(&candidate) {
            Ok(_) => return Ok(candidate),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::from(io::ErrorKind::AlreadyExists))
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
    /// Why the last save failed, until one succeeds again.
    failure: Option<SaveError>,
}

impl Saver {
    /// A saver to `path`; a file there already (a resumed game, a file
    /// named with `--record`) is kept up to date from the start. A file not
    /// there yet is created at the first save, but never over one another
    /// game made meanwhile: then the record goes to `path-2` (`-3`, …).
    #[must_use]
    pub fn new(path: PathBuf) -> Saver {
        let kept = path.exists();
        Saver { path, kept, failure: None }
    }

    /// Where the record is saved.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the record when a move has been played (or the file is
    /// kept already), creating the folder when needed. A failure is no
    /// end of the game: `Err` is the warning to show, and the next save
    /// tries again; `Ok(Some(…))` says that a save worked again after one
    /// had failed. `tags` (the session's settings, such as its level and
    /// clock) are written into the record beside the game's own.
    pub fn save(&mut self, game: &dyn DynGame, tags: &[(String, String)]) -> Result<Option<Text>, Text> {
        if !self.kept && game.moves().is_empty() {
            // Nothing played, nothing to lose.
            self.failure = None;
            return Ok(None);
        }
        if !self.kept {
            match claim(&self.path) {
                Ok(path) => {
                    self.path = path;
                    self.kept = true;
                }
                Err(error) => {
                    let error = SaveError::new(&self.path, error);
                    let warning = error.warning();
                    self.failure = Some(error);
                    return Err(warning);
                }
            }
        }
        match save_record(game, &self.path, tags) {
            Ok(()) => {
                self.kept = true;
                Ok(self.failure.take().map(|_| saved_again(&self.path)))
            }
            Err(error) => {
                let warning = error.warning();
                self.failure = Some(error);
                Err(warning)
            }
        }
    }

    /// What is said when the person leaves: where the game is kept, that
    /// nothing was played and so nothing saved, or, when the last save
    /// failed, why, with the record to keep by hand.
    #[must_use]
    pub fn farewell(&self, game: &dyn DynGame) -> Text {
        let path = self.path.display();
        if let Some(failure) = &self.failure {
            failure.unsaved(game)
        } else if self.kept && game.outcome().is_some() {
            text!(
                "The game is saved in {path}; look back on it with --resume {path}.",
                "Die Partie ist in {path} gespeichert; nachspielen mit --resume {path}."
            )
        } else if self.kept {
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

    /// Whether the last save failed.
    #[must_use]
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }
}

/// Said when a save worked again after one had failed.
#[must_use]
pub fn saved_again(path: &Path) -> Text {
    let path = path.display();
    text!("The game is saved to {path} again.", "Die Partie ist wieder in {path} gespeichert.")
}

/// Writes a game's record to `path`, creating its folder when needed:
/// atomically (a temporary file beside it renamed over the old one), but a
/// path that is not a regular file (a terminal, a pipe, `/dev/null`) is
/// written to directly. `tags` are set in the record beside the game's own.
pub fn save_record(game: &dyn DynGame, path: &Path, tags: &[(String, String)]) -> Result<(), SaveError> {
    let fail = |error| SaveError::new(path, error);
    let folder = folder_of(path);
    // A folder that is there as a file is left to fail the write below
    // with `Not a directory`.
    if !folder.exists() {
        std::fs::create_dir_all(folder).map_err(fail)?;
    }
    let mut record = game.record();
    for (name, value) in tags {
        record.set_tag(name, value);
    }
    let text = record.to_text();
    if path.exists() && !path.is_file() {
        return std::fs::write(path, text).map_err(fail);
    }
    let temporary = temporary_of(path);
    if let Err(error) = std::fs::write(&temporary, text) {
        let _ = std::fs::remove_file(&temporary);
        return Err(fail(error));
    }
    std::fs::rename(&temporary, path).map_err(fail)
}

/// Why a record could not be saved: the record file and the operating
/// system's reason (about the file, its folder or the temporary file
/// beside it).
#[derive(Debug)]
pub struct SaveError {
    /// The record file.
    record: PathBuf,
    /// The operating system's reason.
    error: io::Error,
}

impl SaveError {
    fn new(record: &Path, error: io::Error) -> SaveError {
        SaveError { record: record.to_path_buf(), error }
    }

    /// The warning when a save during the game failed: the game goes on.
    #[must_use]
    pub fn warning(&self) -> Text {
        let (path, Text { en: reason, de: grund }) = (self.record.display(), os_reason(&self.error));
        text!(
            "Warning: the game could not be saved to {path} ({reason}). Play goes on; every move tries again.",
            "Warnung: die Partie konnte nicht in {path} gespeichert werden ({grund}). Es geht weiter; jeder Zug \
             versucht es erneut."
        )
    }

    /// What is said when the person leaves while the last save had failed:
    /// the record to keep by hand.
    #[must_use]
    pub fn unsaved(&self, game: &dyn DynGame) -> Text {
        let (path, record) = (self.record.display(), game.record().to_text());
        let Text { en: reason, de: grund } = os_reason(&self.error);
        text!(
            "The game could not be saved to {path} ({reason}); its record, to keep by hand:\n{record}",
            "Die Partie konnte nicht in {path} gespeichert werden ({grund}); ihre Aufzeichnung zum Aufheben \
             von Hand:\n{record}"
        )
    }
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot save the game to {}: {}", self.record.display(), self.error)
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Checks before the game starts that its record can be saved at `path`:
/// the folders on the way are folders (or can be made) and a file can be
/// created beside the record, which is how every save writes. The record
/// itself is left alone (a resumed game's record is read, not emptied),
/// and nothing new stays behind: folders made for the check are removed
/// again, as a game quit before any move leaves nothing.
pub fn check(path: &Path) -> Result<(), Text> {
    probe(path).map_err(|error| {
        let (shown, Text { en: error, de: grund }) = (path.display(), os_reason(&error.error));
        text!(
            "cannot save the game to {shown}: {error}; choose another file with --record FILE",
            "die Partie kann nicht in {shown} gespeichert werden: {grund}; wähle mit --record DATEI eine andere \
             Datei"
        )
    })
}

/// The check of [`check`].
fn probe(path: &Path) -> Result<(), SaveError> {
    let fail = |error| SaveError::new(path, error);
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => return Err(fail(io::Error::from_raw_os_error(libc::EISDIR))),
        // A pipe would block the check until someone reads it.
        Ok(meta) if meta.file_type().is_fifo() => return Ok(()),
        // A terminal or `/dev/null`: written directly, so opened to try.
        Ok(meta) if !meta.is_file() => {
            return OpenOptions::new().write(true).open(path).map(drop).map_err(fail);
        }
        Ok(_) => {}
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        // `Not a directory` when a folder on the way is a file, and the like.
        Err(error) => return Err(fail(error)),
    }
    let folder = folder_of(path);
    let missing: Vec<&Path> =
        folder.ancestors().take_while(|dir| !dir.as_os_str().is_empty() && !dir.exists()).collect();
    if !missing.is_empty() {
        std::fs::create_dir_all(folder).map_err(fail)?;
    }
    let temporary = temporary_of(path);
    let tried = if temporary.exists() {
        OpenOptions::new().write(true).open(&temporary).map(drop)
    } else {
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .map(drop)
            .and_then(|()| std::fs::remove_file(&temporary))
    };
    // Deepest first; a folder someone filled meanwhile stays.
    for dir in missing {
        let _ = std::fs::remove_dir(dir);
    }
    tried.map_err(fail)
}

/// The folder of a record file (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// The temporary file a save writes before renaming it over the record.
fn temporary_of(path: &Path) -> PathBuf {
    path.with_extension("tmp")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of its own for a test, empty.
    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("spielwerk-record-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_check_leaves_nothing_behind_and_names_the_reason() {
        let dir = fresh_dir("check");
        assert_eq!(check(&dir.join("a/b/game.txt")), Ok(()));
        assert!(!dir.join("a").exists(), "the folders made to check are removed again");
        // A temporary file left by an earlier save stays, as does a record.
        std::fs::write(dir.join("game.tmp"), "left over").unwrap();
        std::fs::write(dir.join("game.txt"), "kept").unwrap();
        assert_eq!(check(&dir.join("game.txt")), Ok(()));
        assert_eq!(std::fs::read_to_string(dir.join("game.tmp")).unwrap(), "left over");
        assert_eq!(std::fs::read_to_string(dir.join("game.txt")).unwrap(), "kept");
        let under_file = dir.join("game.txt/x.txt");
        let error = check(&under_file).unwrap_err();
        assert!(
            error.en.ends_with("Not a directory (os error 20); choose another file with --record FILE"),
            "{error:?}"
        );
        assert!(
            error.de.contains("ein Teil des Pfads ist eine Datei, kein Ordner; wähle mit --record DATEI"),
            "{error:?}"
        );
        assert!(check(Path::new("/dev/null")).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_games_that_start_with_the_same_name_keep_two_records() {
        let dir = fresh_dir("claim");
        let path = dir.join("ataxx-2026-12-04-193850.txt");
        let registry = games::registry();
        let mut first = registry.create("ataxx", &game::Options::new(), None).unwrap();
        let mut second = registry.create("ataxx", &game::Options::new(), None).unwrap();
        // Both games were given the same free name before either saved.
        let (mut one, mut two) = (Saver::new(path.clone()), Saver::new(path.clone()));
        first.play("g2").unwrap();
        second.play("a6").unwrap();
        assert_eq!(one.save(first.as_ref(), &[]), Ok(None));
        assert_eq!(two.save(second.as_ref(), &[]), Ok(None));
        assert_eq!(one.path(), path);
        assert_eq!(two.path(), dir.join("ataxx-2026-12-04-193850-2.txt"));
        assert!(std::fs::read_to_string(&path).unwrap().contains("1. g2 *"));
        assert!(std::fs::read_to_string(two.path()).unwrap().contains("1. a6 *"));
        // Later saves stay in each game's own file.
        first.play("a2").unwrap();
        assert_eq!(one.save(first.as_ref(), &[]), Ok(None));
        assert!(std::fs::read_to_string(two.path()).unwrap().contains("1. a6 *"));
        assert!(two.farewell(second.as_ref()).en.contains("193850-2.txt"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn timestamps_are_dates_and_times_in_utc() {
        assert_eq!(timestamp(0), "1970-01-01-000000");
        assert_eq!(timestamp(951_782_400), "2000-02-29-000000");
        assert_eq!(timestamp(1_795_623_982), "2026-11-25-162622");
    }
}

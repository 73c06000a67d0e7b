//! Resuming a self-play run: what an existing data file holds that a run
//! with the same settings can keep.
//!
//! Game `i` of a run depends only on the seed and `i`, so a run continued
//! after its last complete game writes what an uninterrupted run would
//! have. A text file marks the end of each game with a line
//! `# game <index>` ([`TEXT_GAME`]); a binary file has a block per game.
//! A partly written last game (or header) is dropped; anything else that
//! does not read is an error, as is a header with other settings.

use crate::binary::{self, BinaryError};
use crate::data;
use crate::datagen::{
    DatagenError, Format, Settings, TEXT_GAME, TEXT_GAME_NOTE, TEXT_SETTING, described, write_header,
};
use game::Registry;
use std::io::{BufRead, Read};

/// What an existing data file holds that a run can continue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Its complete games (those from index 0 up to this are kept).
    pub games: usize,
    /// The bytes to keep: the header and the complete games. 0 when not
    /// even the header is complete.
    pub keep: u64,
}

/// Reads an existing data file `input` that a run with `settings` is to
/// continue: checks that it was written with the same settings (all but
/// the number of games and threads) and format, and finds its complete
/// games.
pub fn find(
    registry: &Registry,
    settings: &Settings,
    mut input: impl BufRead,
) -> Result<Found, DatagenError> {
    let entry = registry.get(&settings.game)?;
    if settings.format == Format::Binary && entry.network.is_none() {
        return Err(DatagenError::NoNetwork(entry.name.to_owned()));
    }
    let described = described(registry, settings)?;
    let mut header = Vec::new();
    write_header(&mut header, settings, &described)?;
    let mut start = Vec::with_capacity(header.len());
    (&mut input).take(header.len() as u64).read_to_end(&mut start)?;
    if start.len() < header.len() && header.starts_with(&start) {
        return Ok(Found::default());
    }
    let is_binary = binary::is_binary(&start);
    if is_binary != (settings.format == Format::Binary) {
        let (found, wanted) = if is_binary { ("binary", "text") } else { ("text", "binary") };
        return Err(DatagenError::OtherSettings {
            name: "format".into(),
            found: found.into(),
            wanted: wanted.into(),
        });
    }
    // A text header written before the note on the game lines.
    let note = format!("{TEXT_GAME_NOTE}\n");
    let before_note = header.strip_suffix(note.as_bytes()).filter(|_| !is_binary);
    if let Some(before_note) = before_note
        && start != header
        && start.starts_with(before_note)
    {
        let offset = before_note.len() as u64;
        let rest = std::io::Cursor::new(start[before_note.len()..].to_vec()).chain(input);
        return text_games(rest, offset);
    }
    if start != header {
        let rest = std::io::Cursor::new(start).chain(input);
        let theirs = if is_binary { binary_settings(rest)? } else { text_settings(rest)? };
        return Err(first_difference(&theirs, &described));
    }
    let offset = header.len() as u64;
    if is_binary {
        binary_games(std::io::Cursor::new(header).chain(input))
    } else {
        text_games(input, offset)
    }
}

/// The error naming the first setting of `wanted` the file's differ in.
fn first_difference(theirs: &[(String, String)], wanted: &[(String, String)]) -> DatagenError {
    for (name, value) in wanted {
        let found = theirs.iter().find(|(their, _)| their == name).map(|(_, value)| value.clone());
        if found.as_ref() != Some(value) {
            return DatagenError::OtherSettings {
                name: name.clone(),
                found: found.unwrap_or_else(|| "(none)".into()),
                wanted: value.clone(),
            };
        }
    }
    DatagenError::Unreadable {
        offset: 0,
        reason: "the header is not one this version of datagen writes".into(),
    }
}

/// The settings in the header of a text data file.
fn text_settings(input: impl BufRead) -> Result<Vec<(String, String)>, DatagenError> {
    let mut settings = Vec::new();
    for line in input.lines().skip(1) {
        let Ok(line) = line else { break };
        let Some(setting) = line.strip_prefix(TEXT_SETTING) else { break };
        let (name, value) = setting.split_once(' ').unwrap_or((setting, ""));
        settings.push((name.to_owned(), value.to_owned()));
    }
    Ok(settings)
}

/// The settings in the header of a binary data file.
fn binary_settings(input: impl Read) -> Result<Vec<(String, String)>, DatagenError> {
    binary::Reader::new(input).header().map(|header| header.settings).map_err(unreadable)
}

fn unreadable(error: BinaryError) -> DatagenError {
    match error {
        BinaryError::Io(error) => DatagenError::Io(error),
        BinaryError::Truncated { offset, what } => {
            DatagenError::Unreadable { offset, reason: format!("the file ends inside {what}") }
        }
        BinaryError::Corrupt { offset, reason } => DatagenError::Unreadable { offset, reason },
    }
}

/// The complete games of a binary data file.
fn binary_games(input: impl Read) -> Result<Found, DatagenError> {
    let mut reader = binary::Reader::new(input);
    reader.header().map_err(unreadable)?;
    let mut found = Found { games: 0, keep: reader.offset() };
    loop {
        match reader.next_block() {
            Ok(Some(_)) => found = Found { games: found.games + 1, keep: reader.offset() },
            Ok(None) | Err(BinaryError::Truncated { .. }) => return Ok(found),
            Err(error) => return Err(unreadable(error)),
        }
    }
}

/// The complete games of a text data file after its header (which ends at
/// `offset`): each ends with its marker line; lines after the last marker
/// belong to a partly written game.
fn text_games(mut input: impl BufRead, mut offset: u64) -> Result<Found, DatagenError> {
    let mut found = Found { games: 0, keep: offset };
    let mut line = Vec::new();
    loop {
        line.clear();
        let length = input.read_until(b'\n', &mut line)?;
        if length == 0 || line.last() != Some(&b'\n') {
            return Ok(found);
        }
        let bad = |reason: String| DatagenError::Unreadable { offset, reason };
        let text = std::str::from_utf8(&line[..length - 1]).map_err(|_| bad("a line is not UTF-8".into()))?;
        if let Some(index) = text.strip_prefix(TEXT_GAME) {
            if index != found.games.to_string() {
                return Err(bad(format!("the marker '{text}' where game {} ends", found.games)));
            }
            found = Found { games: found.games + 1, keep: offset + length as u64 };
        } else if !text.starts_with('#') && !text.is_empty() {
            data::parse_line(text).map_err(bad)?;
        }
        offset += length as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::{SearchLimit, generate, generate_from};

    fn settings(games: usize, format: Format) -> Settings {
        let mut settings = Settings::new("ataxx", games, SearchLimit::Nodes(300));
        settings.max_plies = 24;
        settings.random_plies = 4;
        settings.format = format;
        settings
    }

    fn run(settings: &Settings) -> Vec<u8> {
        let mut out = Vec::new();
        generate(&games::registry(), settings, &mut out, &mut |_| {}).unwrap();
        out
    }

    /// The output of a run continuing `file` with `settings`.
    fn resumed(file: &[u8], settings: &Settings) -> (Found, Vec<u8>) {
        let registry = games::registry();
        let found = find(&registry, settings, file).unwrap();
        let mut out = file[..found.keep as usize].to_vec();
        let mut reports = Vec::new();
        generate_from(&registry, settings, &found, &mut out, &mut |p| reports.push(*p)).unwrap();
        assert!(reports.iter().all(|p| p.found == found.games), "the progress says what was found");
        (found, out)
    }

    #[test]
    fn a_run_cut_anywhere_continues_to_the_bytes_of_an_uninterrupted_run() {
        for format in [Format::Text, Format::Binary] {
            let settings = settings(3, format);
            let whole = run(&settings);
            let header = {
                let mut bytes = Vec::new();
                let described = described(&games::registry(), &settings).unwrap();
                write_header(&mut bytes, &settings, &described).unwrap();
                bytes.len()
            };
            let mut games_seen = Vec::new();
            for cut in (0..=whole.len()).step_by(whole.len() / 40).chain([header - 1, header, whole.len()]) {
                let (found, out) = resumed(&whole[..cut], &settings);
                assert_eq!(out, whole, "{format:?} cut at byte {cut} of {}", whole.len());
                assert!(found.keep as usize <= cut);
                games_seen.push(found.games);
            }
            assert!(games_seen.contains(&1) && games_seen.contains(&2), "{format:?}: cuts in every game");
            assert_eq!(find(&games::registry(), &settings, whole.as_slice()).unwrap().games, 3);
        }
    }

    #[test]
    fn more_games_continue_a_finished_run() {
        for format in [Format::Text, Format::Binary] {
            let two = run(&settings(2, format));
            let (found, out) = resumed(&two, &settings(4, format));
            assert_eq!((found.games, found.keep), (2, two.len() as u64));
            assert_eq!(out, run(&settings(4, format)), "{format:?}");
        }
    }

    #[test]
    fn a_file_from_before_the_opening_limit_continues_when_every_opening_is_kept() {
        let mut keep_all = settings(3, Format::Text);
        keep_all.max_opening_score = data::WIN;
        let whole = run(&keep_all);
        let text = String::from_utf8(whole.clone()).unwrap();
        assert!(!text.contains("max-opening-score"), "{text}");
        // The header of such a file had no note on the game lines.
        let old = text.replacen(&format!("{TEXT_GAME_NOTE}\n"), "", 1);
        let two_games = &old[..old.find(&format!("{TEXT_GAME}1\n")).unwrap() + TEXT_GAME.len() + 2];
        let (found, out) = resumed(two_games.as_bytes(), &keep_all);
        assert_eq!((found.games, found.keep), (2, two_games.len() as u64));
        assert_eq!(String::from_utf8(out).unwrap(), old);
        // With a limit, its data would differ: the setting is named.
        let error = find(&games::registry(), &settings(3, Format::Text), two_games.as_bytes()).unwrap_err();
        assert!(error.to_string().contains("max-opening-score '(none)'"), "{error}");
    }

    #[test]
    fn other_settings_are_named() {
        let registry = games::registry();
        for format in [Format::Text, Format::Binary] {
            let file = run(&settings(1, format));
            let mut other = settings(1, format);
            other.seed = 7;
            let error = find(&registry, &other, file.as_slice()).unwrap_err().to_string();
            assert!(
                error.starts_with("the file was written with seed '1', this run asks for '7'"),
                "{error}"
            );
            other = settings(1, format);
            other.limit = SearchLimit::SoftNodes { soft: 300, hard: 600 };
            let error = find(&registry, &other, file.as_slice()).unwrap_err().to_string();
            assert!(
                error.contains("with limit 'nodes 300', this run asks for 'soft-nodes 300 nodes 600'"),
                "{error}"
            );
            let flipped = if format == Format::Text { Format::Binary } else { Format::Text };
            let error = find(&registry, &settings(1, flipped), file.as_slice()).unwrap_err().to_string();
            assert!(error.starts_with("the file was written with format"), "{error}");
        }
        let error =
            find(&registry, &settings(1, Format::Text), "# spielwerk datagen: game ataxx\n".as_bytes())
                .unwrap_err()
                .to_string();
        assert!(error.contains("with game '(none)'"), "{error}");
    }

    #[test]
    fn a_corrupt_complete_game_is_an_error_naming_the_byte() {
        let settings = settings(2, Format::Text);
        let whole = String::from_utf8(run(&settings)).unwrap();
        let bad = whole.replacen("# game 1", "# game 5", 1);
        let offset = bad.find("# game 5").unwrap();
        let error = find(&games::registry(), &settings, bad.as_bytes()).unwrap_err().to_string();
        assert!(error.starts_with(&format!("byte {offset} of the file: the marker '# game 5'")), "{error}");
        let bad = whole.replacen("\t", "\tx", 1);
        let error = find(&games::registry(), &settings, bad.as_bytes()).unwrap_err().to_string();
        assert!(error.contains("is not a whole number"), "{error}");
    }
}

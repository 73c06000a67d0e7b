//! The language of the command's own messages before and around the
//! commands: the `error:` prefix, the argument parser's errors in German,
//! and how a closed or full standard output ends the program.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use game::{Language, Text, text};
use std::error::Error as _;
use std::fmt;
use std::io::{self, IsTerminal, Write};

/// The language a command line asks for with `--lang de` or `--lang=de`
/// (anywhere, as the flag is global), English otherwise. Read before the
/// arguments are parsed, so that an error in them is already in German.
pub fn language_of(words: &[String]) -> Language {
    let mut german = false;
    let mut words = words.iter().skip(1);
    while let Some(word) = words.next() {
        let value = match word.strip_prefix("--lang") {
            Some("") => words.next().map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        if let Some(value) = value {
            german = value == "de";
        }
    }
    if german { Language::German } else { Language::English }
}

/// The command line with `--lang=de` put in after the program's name when
/// it names no language itself and the environment asks for German:
/// `SPIELWERK_LANG`, else the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the
/// first one set and not empty), says `de…`.
pub fn with_language_of_environment(mut words: Vec<String>) -> Vec<String> {
    let named = words.iter().skip(1).any(|word| word == "--lang" || word.starts_with("--lang="));
    let german = environment_language(|name| std::env::var(name).ok()) == Language::German;
    if !named && german && !words.is_empty() {
        words.insert(1, "--lang=de".to_owned());
    }
    words
}

/// The language the environment asks for, by the variables `var` reads:
/// German when `SPIELWERK_LANG`, else the locale's first variable set
/// (`LC_ALL`, `LC_MESSAGES`, `LANG`), begins with `de`.
fn environment_language(var: impl Fn(&str) -> Option<String>) -> Language {
    let value = ["SPIELWERK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .find_map(|name| var(name).filter(|value| !value.is_empty()));
    match value {
        Some(value) if value.to_ascii_lowercase().starts_with("de") => Language::German,
        _ => Language::English,
    }
}

/// The operating system's reason for a failed file operation: in English
/// its own text (`No such file or directory (os error 2)`), in German a
/// few words of its own for the common kinds, else the system's text
/// after a German lead.
#[must_use]
pub fn os_reason(error: &io::Error) -> Text {
    let german = match error.kind() {
        io::ErrorKind::NotFound => "die Datei oder ein Ordner auf dem Weg fehlt".to_owned(),
        io::ErrorKind::PermissionDenied => "keine Berechtigung".to_owned(),
        io::ErrorKind::NotADirectory => "ein Teil des Pfads ist eine Datei, kein Ordner".to_owned(),
        io::ErrorKind::IsADirectory => "das ist ein Ordner".to_owned(),
        io::ErrorKind::StorageFull => "kein Platz mehr auf dem Datenträger".to_owned(),
        io::ErrorKind::ReadOnlyFilesystem => "das Dateisystem ist schreibgeschützt".to_owned(),
        io::ErrorKind::InvalidData => "kein lesbarer Text (kein UTF-8)".to_owned(),
        _ => format!("Meldung des Systems: {error}"),
    };
    Text::new(error.to_string(), german)
}

/// Why the record `file` cannot be read, in a sentence that names it.
#[must_use]
pub fn record_unreadable(file: &str, error: &io::Error) -> Text {
    let reason = os_reason(error).de;
    let german = match error.kind() {
        io::ErrorKind::NotFound => format!("die Aufzeichnung {file} gibt es nicht"),
        io::ErrorKind::PermissionDenied => {
            format!("die Aufzeichnung {file} darf nicht gelesen werden (keine Berechtigung)")
        }
        _ => format!("die Aufzeichnung {file} ist nicht lesbar: {reason}"),
    };
    Text::new(format!("cannot read the record {file}: {error}"), german)
}

/// `error:` in `language`.
pub fn error_prefix(language: Language) -> &'static str {
    match language {
        Language::English => "error:",
        Language::German => "Fehler:",
    }
}

/// Reports an error of the argument parser in `language` and exits as
/// clap does (help and version on standard output with code 0, errors on
/// standard error with code 2).
pub fn exit(error: &clap::Error, language: Language) -> ! {
    if language == Language::German
        && let Some(message) = german(error)
    {
        eprintln!("{} {message}", error_prefix(language));
        eprintln!("\nMehr dazu: --help");
        std::process::exit(2);
    }
    if let Some(reason) = error.source().and_then(|source| range_reason(&source.to_string())) {
        // clap's range check in words, not in Rust's range syntax.
        let (found, arg) = (value(error, ContextKind::InvalidValue), value(error, ContextKind::InvalidArg));
        let (found, arg) = (found.unwrap_or_default(), arg.unwrap_or_default());
        eprintln!("{} invalid value '{found}' for '{arg}': {}", error_prefix(language), reason.en);
        eprintln!("\nFor more information, try '--help'.");
        std::process::exit(2);
    }
    if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // The help (with clap's frame words in German) or the version,
        // coloured as clap colours it on a terminal; unlike clap's own
        // printing, a full or closed output is an error (exit code 1).
        let rendered = error.render();
        let help =
            if io::stdout().is_terminal() { rendered.ansi().to_string() } else { rendered.to_string() };
        let help = if language == Language::German { crate::help_de::frame(&help) } else { help };
        let mut out = io::stdout().lock();
        if let Err(reason) = write!(out, "{help}").and_then(|()| out.flush()) {
            let message = OutputError(reason).message();
            eprintln!("{} {}", error_prefix(language), message.get(language));
            std::process::exit(1);
        }
        std::process::exit(0);
    }
    error.exit()
}

/// A context value of a clap error as text.
fn value(error: &clap::Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(text) => Some(text.clone()),
        ContextValue::Strings(texts) => Some(texts.join(", ")),
        ContextValue::StyledStr(text) => Some(text.to_string()),
        ContextValue::StyledStrs(texts) => {
            Some(texts.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))
        }
        ContextValue::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// The German message of an argument error, for the kinds that carry what
/// went wrong; `None` for help, version and kinds without that context
/// (clap's English message is shown then).
fn german(error: &clap::Error) -> Option<String> {
    let arg = || value(error, ContextKind::InvalidArg).unwrap_or_default();
    let found = || value(error, ContextKind::InvalidValue).unwrap_or_default();
    let valid = || {
        value(error, ContextKind::ValidValue)
            .map(|values| format!(" (möglich: {values})"))
            .unwrap_or_default()
    };
    let suggested = || {
        value(error, ContextKind::SuggestedArg)
            .or_else(|| value(error, ContextKind::SuggestedSubcommand))
            .or_else(|| value(error, ContextKind::SuggestedValue))
            .map(|hint| format!(" (meintest du „{hint}“?)"))
            .unwrap_or_default()
    };
    Some(match error.kind() {
        ErrorKind::InvalidValue => {
            let (found, arg, valid) = (found(), arg(), valid());
            if found.is_empty() {
                format!("{arg} braucht einen Wert{valid}")
            } else {
                format!("ungültiger Wert „{found}“ für {arg}{valid}{}", suggested())
            }
        }
        ErrorKind::ValueValidation => {
            let (found, arg) = (found(), arg());
            let why = error.source().map(|source| format!(": {}", german_reason(source))).unwrap_or_default();
            format!("ungültiger Wert „{found}“ für {arg}{why}")
        }
        ErrorKind::UnknownArgument => format!("unbekanntes Argument „{}“{}", arg(), suggested()),
        ErrorKind::InvalidSubcommand => {
            let name = value(error, ContextKind::InvalidSubcommand).unwrap_or_default();
            format!("unbekannter Befehl „{name}“{}", suggested())
        }
        ErrorKind::MissingRequiredArgument => format!("es fehlen die Argumente {}", arg()),
        ErrorKind::MissingSubcommand => "es fehlt ein Befehl".to_owned(),
        ErrorKind::ArgumentConflict => {
            let other = value(error, ContextKind::PriorArg).unwrap_or_default();
            format!("{} passt nicht zusammen mit {other}", arg())
        }
        ErrorKind::NoEquals => format!("{} braucht ein „=“ vor dem Wert", arg()),
        ErrorKind::TooManyValues => format!("zu viele Werte für {}: „{}“", arg(), found()),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("falsche Anzahl Werte für {}", arg())
        }
        ErrorKind::InvalidUtf8 => "ein Argument ist kein gültiges UTF-8".to_owned(),
        _ => return None,
    })
}

/// Why a value did not parse, in German: the standard library's number
/// errors and clap's range check are worded anew; the program's own
/// errors that carry both languages say theirs; others stay as they are.
fn german_reason(source: &(dyn std::error::Error + 'static)) -> String {
    use std::num::IntErrorKind;
    if let Some(error) = source.downcast_ref::<std::num::ParseIntError>() {
        return match error.kind() {
            IntErrorKind::Empty => "keine Zahl (leer)",
            IntErrorKind::InvalidDigit => "keine ganze Zahl (ein Zeichen ist keine Ziffer)",
            IntErrorKind::PosOverflow => "die Zahl ist zu groß",
            IntErrorKind::NegOverflow => "die Zahl ist zu klein",
            IntErrorKind::Zero => "die Zahl darf nicht 0 sein",
            _ => "keine gültige Zahl",
        }
        .to_owned();
    }
    if source.downcast_ref::<std::num::ParseFloatError>().is_some() {
        return "keine gültige Zahl".to_owned();
    }
    if let Some(error) = source.downcast_ref::<crate::session::clock::TimeControlError>() {
        return error.0.de.clone();
    }
    let text = source.to_string();
    match range_reason(&text) {
        Some(reason) => reason.de,
        None => text,
    }
}

/// clap's range check ("11 is not in 1..=10", "0 is not in 1..") in
/// words: "11 is not from 1 to 10", "0 is less than 1".
fn range_reason(text: &str) -> Option<Text> {
    let (value, range) = text.split_once(" is not in ")?;
    let (low, high) = range.split_once("..")?;
    // `1..` comes as far as the type's largest value.
    let largest = [u64::MAX.to_string(), i64::MAX.to_string(), u32::MAX.to_string(), i32::MAX.to_string()];
    let unbounded = high.is_empty() || largest.iter().any(|most| most == high);
    Some(match high.strip_prefix('=') {
        Some(high) if !low.is_empty() => {
            text!("{value} is not from {low} to {high}", "{value} liegt nicht zwischen {low} und {high}")
        }
        Some(high) => text!("{value} is more than {high}", "{value} ist größer als {high}"),
        None if unbounded && !low.is_empty() => {
            text!("{value} is less than {low}", "{value} ist kleiner als {low}")
        }
        None => return None,
    })
}

/// A number of moves in words, singular or plural: "1 move", "3 moves";
/// "1 Zug", "3 Züge".
#[must_use]
pub fn moves(count: usize) -> Text {
    if count == 1 { text!("1 move", "1 Zug") } else { text!("{count} moves", "{count} Züge") }
}

/// `count` and a noun in its number: "1 game", "3 games" (`one` and
/// `many` the noun's singular and plural).
#[must_use]
pub fn counted<N: fmt::Display + PartialEq + From<u8>>(count: N, one: &str, many: &str) -> String {
    let noun = if count == N::from(1) { one } else { many };
    format!("{count} {noun}")
}

/// [`counted`] in both languages: `en` and `de` the noun's singular and
/// plural in each.
#[must_use]
pub fn counted_text<N: fmt::Display + PartialEq + From<u8> + Copy>(
    count: N,
    en: [&str; 2],
    de: [&str; 2],
) -> Text {
    Text::new(counted(count, en[0], en[1]), counted(count, de[0], de[1]))
}

/// Numbers written for `language`: a decimal point becomes the German
/// decimal comma (`0.483` → `0,483`); digits and other text stay.
#[must_use]
pub fn decimals(text: &str, language: Language) -> String {
    if language == Language::English {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .map(|(index, &c)| {
            let digit_at = |i: Option<usize>| i.and_then(|i| chars.get(i)).is_some_and(char::is_ascii_digit);
            if c == '.' && digit_at(index.checked_sub(1)) && digit_at(Some(index + 1)) { ',' } else { c }
        })
        .collect()
}

/// A count for people to read, its thousands grouped: `778,552,450` in
/// English, `778.552.450` in German.
#[must_use]
pub fn grouped(count: u64, language: Language) -> String {
    let separator = if language == Language::German { '.' } else { ',' };
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

/// Lets a closed standard output (`spielwerk rules ataxx | head -3`) end
/// the program quietly, as it ends other Unix tools, instead of the Rust
/// runtime's `failed printing to stdout: Broken pipe` panic.
pub fn end_quietly_on_closed_pipe() {
    // SAFETY: restoring the default disposition of SIGPIPE installs no
    // handler of ours; it is done once, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Standard output could not be written (a full disk, `> /dev/full`):
/// the command ends with this error, in the chosen language, instead of
/// the Rust runtime's `failed printing to stdout` panic of `println!`.
#[derive(Debug)]
pub struct OutputError(io::Error);

impl OutputError {
    /// The message in both languages, with the operating system's reason.
    #[must_use]
    pub fn message(&self) -> Text {
        let Text { en, de } = os_reason(&self.0);
        text!("cannot write to standard output: {en}", "die Standardausgabe ist nicht schreibbar: {de}")
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().en)
    }
}

impl From<io::Error> for OutputError {
    fn from(error: io::Error) -> OutputError {
        OutputError(error)
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// Writes `text` and a line end to standard output, as `println!` does,
/// but a failure is an [`OutputError`] to return instead of a panic.
pub fn write_line(text: impl fmt::Display) -> Result<(), OutputError> {
    writeln!(io::stdout().lock(), "{text}").map_err(OutputError)
}

/// Writes `text` without a line end (a prompt) and flushes it.
pub fn write_part(text: impl fmt::Display) -> Result<(), OutputError> {
    let mut out = io::stdout().lock();
    write!(out, "{text}").and_then(|()| out.flush()).map_err(OutputError)
}

/// A game's error in both languages; an unknown game's with the games
/// there are, as `help GAME` and a bare `play` list them.
#[must_use]
pub fn game_error_text(error: &game::GameError) -> Text {
    // An option the command line spells otherwise is named by its flag.
    if let game::GameError::InvalidOption { name, reason } = error
        && crate::args::option_flag(name) != name
    {
        let (flag, en, de) = (crate::args::option_flag(name), &reason.en, &reason.de);
        return text!("invalid option --{flag}: {en}", "ungültige Einstellung --{flag}: {de}");
    }
    let (en, de) = (error.message(Language::English), error.message(Language::German));
    if !matches!(error, game::GameError::UnknownGame(_)) {
        return Text::new(en, de);
    }
    let registry = games::registry();
    let names: Vec<&str> = registry.entries().iter().map(|entry| entry.name).collect();
    let listed = names.join(", ");
    let text = text!("{en}; the games are {listed}", "{de}; die Spiele sind {listed}");
    let game::GameError::UnknownGame(given) = error else { return text };
    match crate::suggest::did_you_mean(given, names) {
        Some(hint) => Text::new(format!("{}; {}", text.en, hint.en), format!("{}; {}", text.de, hint.de)),
        None => text,
    }
}

/// Why a command failed, in both languages, and whose fault it is: the
/// command line's (exit code 2, as for clap's usage errors) or what
/// happened while running, a file named on the command line included
/// (exit code 1).
#[derive(Debug)]
pub struct Failure {
    /// What went wrong.
    pub text: Text,
    /// Whether the command line cannot be used as given.
    pub usage: bool,
}

impl Failure {
    /// A command line that cannot be used: an unknown game, a bad value.
    #[must_use]
    pub fn usage(text: Text) -> Failure {
        Failure { text, usage: true }
    }

    /// A failure while running: a file that is missing, unreadable or
    /// holds something wrong, a full disk.
    #[must_use]
    pub fn running(text: Text) -> Failure {
        Failure { text, usage: false }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text.en)
    }
}

impl std::error::Error for Failure {}

/// The exit code of a usage error: the command line cannot be used.
pub const USAGE: u8 = 2;

/// The exit code of a command's error: [`USAGE`] for a [`Failure`] of the
/// command line and for an unknown game (a game's name comes from the
/// command line; a record naming an unknown game is reported as a
/// [`Failure::running`]), 1 for everything else.
#[must_use]
pub fn exit_code(error: &anyhow::Error) -> u8 {
    let usage = match (error.downcast_ref::<Failure>(), error.downcast_ref::<game::GameError>()) {
        (Some(failure), _) => failure.usage,
        (None, Some(game_error)) => matches!(game_error, game::GameError::UnknownGame(_)),
        (None, None) => false,
    };
    if usage { USAGE } else { 1 }
}

/// A command's error as reported: an [`OutputError`] or a game's error
/// (such as an unknown game) in `language`, any other as it says itself
/// with its causes (`cannot create FILE: No such file or directory`).
#[must_use]
pub fn describe(error: &anyhow::Error, language: Language) -> String {
    if let Some(output) = error.downcast_ref::<OutputError>() {
        return output.message().get(language).to_owned();
    }
    if let Some(failure) = error.downcast_ref::<Failure>() {
        return failure.text.get(language).to_owned();
    }
    match error.downcast_ref::<game::GameError>() {
        Some(game_error) => game_error_text(game_error).get(language).to_owned(),
        None => with_causes(error),
    }
}

/// `error` with its causes, `: ` between them, leaving out a cause whose
/// text the message before it already says (an error that shows its source
/// in its own text, `#[error("…: {0}")]`, and also names it as its source).
#[must_use]
pub fn with_causes(error: &anyhow::Error) -> String {
    let mut said = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if said.is_empty() {
            said = text;
        } else if !said.contains(&text) {
            said.push_str(": ");
            said.push_str(&text);
        }
    }
    said
}

/// `text` broken into lines at spaces so that none is wider than the
/// terminal (a word longer than a line stays whole); its own line breaks
/// stay.
pub fn wrapped(text: &str) -> String {
    wrapped_to(text, crate::args::terminal_width())
}

/// [`wrapped`] with each line that a paragraph is broken into after its
/// first indented by `indent` columns (options listed under a heading).
pub fn wrapped_hanging(text: &str, indent: usize) -> String {
    wrapped_at(text, crate::args::terminal_width(), indent)
}

/// [`wrapped`] at `width` columns.
fn wrapped_to(text: &str, width: usize) -> String {
    wrapped_at(text, width, 0)
}

/// [`wrapped_hanging`] at `width` columns.
pub fn wrapped_at(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    for (index, paragraph) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        // A paragraph's own leading spaces stay; they are no words.
        let lead = paragraph.len() - paragraph.trim_start_matches(' ').len();
        let mut line = paragraph[..lead].to_owned();
        let mut fresh = true;
        for word in paragraph[lead..].split(' ') {
            if !fresh && line.chars().count() + 1 + word.chars().count() > width {
                out.push_str(&line);
                out.push('\n');
                line = " ".repeat(indent);
                fresh = true;
            }
            if !fresh {
                line.push(' ');
            }
            line.push_str(word);
            fresh = false;
        }
        out.push_str(&line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, Command};

    #[test]
    fn system_reasons_are_german_sentences_for_the_common_kinds() {
        let missing = io::Error::from_raw_os_error(libc::ENOENT);
        let said = record_unreadable("/nonexistent", &missing);
        assert_eq!(said.de, "die Aufzeichnung /nonexistent gibt es nicht");
        assert_eq!(said.en, "cannot read the record /nonexistent: No such file or directory (os error 2)");
        let denied = record_unreadable("/root/x.txt", &io::Error::from_raw_os_error(libc::EACCES));
        assert!(denied.de.contains("darf nicht gelesen werden (keine Berechtigung)"), "{denied:?}");
        let folder = os_reason(&io::Error::from_raw_os_error(libc::ENOTDIR));
        assert_eq!(folder.de, "ein Teil des Pfads ist eine Datei, kein Ordner");
        let other = os_reason(&io::Error::from_raw_os_error(libc::EMFILE));
        assert!(other.de.starts_with("Meldung des Systems: "), "{other:?}");
        for kind in [libc::ENOENT, libc::EACCES, libc::ENOTDIR, libc::EISDIR, libc::ENOSPC, libc::EROFS] {
            let reason = os_reason(&io::Error::from_raw_os_error(kind));
            assert!(!reason.de.contains("os error"), "{reason:?}");
        }
    }

    #[test]
    fn the_environment_chooses_german_by_spielwerk_lang_then_the_locale() {
        let with = |pairs: &'static [(&'static str, &'static str)]| {
            environment_language(move |name| {
                pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| (*value).to_owned())
            })
        };
        assert_eq!(with(&[]), Language::English);
        assert_eq!(with(&[("LANG", "de_DE.UTF-8")]), Language::German);
        assert_eq!(with(&[("LANG", "de_DE.UTF-8"), ("LC_ALL", "C")]), Language::English);
        assert_eq!(with(&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "de_AT")]), Language::German);
        assert_eq!(with(&[("LC_ALL", ""), ("LANG", "de_CH")]), Language::German, "empty is unset");
        assert_eq!(with(&[("LANG", "de_DE"), ("SPIELWERK_LANG", "en")]), Language::English);
        assert_eq!(with(&[("LANG", "C"), ("SPIELWERK_LANG", "de")]), Language::German);
    }

    #[test]
    fn a_cause_the_message_already_says_is_said_once() {
        let full = std::io::Error::from_raw_os_error(28);
        let once = full.to_string();
        let error = anyhow::Error::from(protocol::ServeError::Io(full));
        assert_eq!(describe(&error, Language::English), format!("engine input/output: {once}"));
        let error = anyhow::Error::from(std::io::Error::other("disk gone")).context("cannot create data.txt");
        assert_eq!(describe(&error, Language::German), "cannot create data.txt: disk gone");
    }

    #[test]
    fn messages_break_at_spaces_and_keep_their_own_lines() {
        let text =
            "The game is saved to /home/someone/.local/share/spielwerk/ataxx.txt after every move.\nNext";
        let wrapped = wrapped_to(text, 40);
        for line in wrapped.lines() {
            assert!(line.chars().count() <= 40 || !line.contains(' '), "{wrapped}");
        }
        assert_eq!(wrapped.replace('\n', " "), text.replace('\n', " "));
        assert!(wrapped.ends_with("\nNext"), "{wrapped}");
    }

    #[test]
    fn listed_options_wrap_under_their_indent() {
        let text = "    --rules … [seed|community] (default seed): the rules of the game, as in the web";
        let wrapped = wrapped_at(text, 40, 8);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines.len() > 1 && lines[0].starts_with("    --rules"), "{wrapped}");
        for line in &lines[1..] {
            assert!(line.starts_with("        ") && !line.starts_with("         "), "{wrapped}");
        }
        assert!(lines.iter().all(|line| line.chars().count() <= 40), "{wrapped}");
        let words: Vec<&str> = wrapped.split_whitespace().collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn lang_is_read_before_parsing() {
        assert_eq!(language_of(&words("spielwerk play ataxx --lang de")), Language::German);
        assert_eq!(language_of(&words("spielwerk --lang=de rules ataxx")), Language::German);
        assert_eq!(language_of(&words("spielwerk play ataxx")), Language::English);
        assert_eq!(language_of(&words("spielwerk play ataxx --lang de --lang en")), Language::English);
    }

    #[test]
    fn parser_errors_speak_german() {
        let command = Command::new("x")
            .arg(Arg::new("vs").long("vs").value_parser(["human", "engine"]))
            .arg(Arg::new("game").required(true));
        let error = command.clone().try_get_matches_from(["x", "--vs", "cat", "g"]).unwrap_err();
        assert_eq!(german(&error).unwrap(), "ungültiger Wert „cat“ für --vs <vs> (möglich: human, engine)");
        let error = command.clone().try_get_matches_from(["x", "--vz", "human"]).unwrap_err();
        assert!(german(&error).unwrap().starts_with("unbekanntes Argument „--vz“"), "{error}");
        let error = command.try_get_matches_from(["x"]).unwrap_err();
        assert_eq!(german(&error).unwrap(), "es fehlen die Argumente <game>");
        let numbers = Command::new("x")
            .arg(Arg::new("ms").long("ms").value_parser(clap::value_parser!(u64)))
            .arg(Arg::new("level").long("level").value_parser(clap::value_parser!(u8).range(1..=10)));
        let error = numbers.clone().try_get_matches_from(["x", "--ms", "12x"]).unwrap_err();
        let message = german(&error).unwrap();
        assert!(message.ends_with(": keine ganze Zahl (ein Zeichen ist keine Ziffer)"), "{message}");
        let error = numbers.try_get_matches_from(["x", "--level", "11"]).unwrap_err();
        let message = german(&error).unwrap();
        assert!(message.ends_with(": 11 liegt nicht zwischen 1 und 10"), "{message}");
    }

    #[test]
    fn counts_take_the_singular_for_one() {
        assert_eq!(counted(1usize, "game", "games"), "1 game");
        assert_eq!(counted(0u64, "game", "games"), "0 games");
        let openings = counted_text(1usize, ["opening", "openings"], ["Eröffnung", "Eröffnungen"]);
        assert_eq!(openings.get(Language::German), "1 Eröffnung");
        assert_eq!(
            counted_text(2u64, ["opening", "openings"], ["Eröffnung", "Eröffnungen"]).en,
            "2 openings"
        );
    }

    #[test]
    fn counts_group_their_thousands_in_each_language() {
        assert_eq!(grouped(778_552_450, Language::German), "778.552.450");
        assert_eq!(grouped(778_552_450, Language::English), "778,552,450");
        assert_eq!(grouped(1000, Language::English), "1,000");
        assert_eq!(grouped(999, Language::German), "999");
        assert_eq!(grouped(0, Language::German), "0");
    }

    #[test]
    fn german_numbers_take_the_decimal_comma_and_nothing_else_changes() {
        assert_eq!(
            decimals("0.020 s, +12.3 +/- 4.5, file a.txt", Language::German),
            "0,020 s, +12,3 +/- 4,5, file a.txt"
        );
        assert_eq!(decimals("0.020 s", Language::English), "0.020 s");
    }

    #[test]
    fn a_range_check_is_said_in_words() {
        let said = |text: &str| range_reason(text).map(|reason| (reason.en, reason.de));
        assert_eq!(
            said("11 is not in 1..=10"),
            Some(("11 is not from 1 to 10".to_owned(), "11 liegt nicht zwischen 1 und 10".to_owned()))
        );
        assert_eq!(
            said("0 is not in 1..18446744073709551615").map(|said| said.0),
            Some("0 is less than 1".into())
        );
        assert_eq!(said("a clock is MINUTES+SECONDS"), None);
    }
}

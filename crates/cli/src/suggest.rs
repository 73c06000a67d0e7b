//! "Did you mean …?": the name closest to a mistyped game name or option
//! value, by the measure clap uses for its own suggestions.

use game::{Text, text};

/// How similar (Jaro, from 0 to 1) a name must be to the one given to be
/// suggested; clap's threshold for subcommands and values.
const CLOSE: f64 = 0.7;

/// The candidate most similar to `given` (case aside), if any is close
/// enough and not `given` itself.
#[must_use]
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let given = given.to_lowercase();
    candidates
        .into_iter()
        .map(|candidate| (strsim::jaro(&given, &candidate.to_lowercase()), candidate))
        .filter(|&(similarity, candidate)| similarity > CLOSE && candidate.to_lowercase() != given)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| candidate)
}

/// "did you mean 'ataxx'?" in both languages, for the candidate closest to
/// `given` ([`closest`]).
#[must_use]
pub fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<Text> {
    let name = closest(given, candidates)?;
    Some(text!("did you mean '{name}'?", "meintest du „{name}“?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: [&str; 5] = ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"];

    #[test]
    fn a_typo_finds_the_name_it_misses() {
        assert_eq!(closest("atax", GAMES), Some("ataxx"));
        assert_eq!(closest("Formaiton", GAMES), Some("formation"));
        assert_eq!(closest("comunity", ["seed", "community"]), Some("community"));
        let text = did_you_mean("abalon", GAMES).expect("close");
        assert_eq!(
            (text.en.as_str(), text.de.as_str()),
            ("did you mean 'abalone'?", "meintest du „abalone“?")
        );
    }

    #[test]
    fn nothing_close_suggests_nothing() {
        assert_eq!(closest("chess", GAMES), None);
        assert_eq!(closest("schach", GAMES), None);
        assert_eq!(closest("oracle", ["seed", "community"]), None);
        assert_eq!(closest("ataxx", GAMES), None, "the name itself is no suggestion");
    }
}

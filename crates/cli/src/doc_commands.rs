//! The command lines that the README and `docs/` show: every `spielwerk …`
//! (or `cargo run --release -- …`) in their `sh` code blocks, so that tests
//! can check that each one parses, and that the short ones run and print what
//! the documentation says they print.

use std::path::{Path, PathBuf};

/// One documented command line.
#[derive(Debug)]
pub struct DocCommand {
    /// The file and line it stands on, for messages.
    pub place: String,
    /// Its arguments after `spielwerk`.
    pub args: Vec<String>,
    /// The comment after it (`# 86185` gives `86185`), if any.
    pub comment: Option<String>,
}

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documents that show commands: the README and every page of `docs/`.
pub fn documents() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

/// Every documented `spielwerk` command line of every document.
pub fn commands() -> Vec<DocCommand> {
    let root = workspace_root();
    let mut found = Vec::new();
    for path in documents() {
        let text = std::fs::read_to_string(&path).expect("a document is readable");
        let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
        found.extend(commands_in(&name, &text));
    }
    found
}

/// The `spielwerk` command lines in the `sh` blocks of one document's text.
pub fn commands_in(name: &str, text: &str) -> Vec<DocCommand> {
    let mut found = Vec::new();
    let mut in_shell = false;
    let mut pending: Option<(usize, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_shell = !in_shell && matches!(trimmed.trim_start_matches('`').trim(), "sh" | "bash" | "shell");
            continue;
        }
        if !in_shell {
            continue;
        }
        let (start, mut joined) = pending.take().unwrap_or((index + 1, String::new()));
        joined.push_str(line.trim());
        if let Some(continued) = joined.strip_suffix('\\') {
            pending = Some((start, format!("{} ", continued.trim_end())));
            continue;
        }
        let (command, comment) = split_comment(&joined);
        let Some(words) = shlex::split(&command) else { continue };
        for segment in words.split(|word| matches!(word.as_str(), "&&" | "||" | "|" | ";" | "&")) {
            if let Some(args) = spielwerk_args(segment) {
                found.push(DocCommand { place: format!("{name}:{start}"), args, comment: comment.clone() });
            }
        }
    }
    found
}

/// Splits a shell line into the command and its comment (a `#` after white
/// space, outside quotes).
fn split_comment(line: &str) -> (String, Option<String>) {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(open), _) if c == open => quote = None,
            (None, '#') if previous.is_whitespace() => {
                return (line[..at].trim_end().to_string(), Some(line[at + 1..].trim().to_string()));
            }
            _ => {}
        }
        previous = c;
    }
    (line.to_string(), None)
}

/// The arguments of a `spielwerk` invocation (`spielwerk`, `$spielwerk`,
/// `target/release/spielwerk` or `cargo run --release --`), with the shell
/// variables the documents use filled in; `None` for other commands.
fn spielwerk_args(words: &[String]) -> Option<Vec<String>> {
    let (first, rest) = words.split_first()?;
    let args = if matches!(first.as_str(), "spielwerk" | "$spielwerk" | "target/release/spielwerk") {
        rest
    } else if words.len() >= 4 && words[..4] == ["cargo", "run", "--release", "--"] {
        &words[4..]
    } else {
        return None;
    };
    Some(args.iter().map(|arg| arg.replace("$USER", "user").replace("$HOME", "/home/user")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_come_from_shell_blocks_with_their_comments() {
        let text = "Text `spielwerk nope`.\n```sh\nspielwerk perft ataxx 3   # 155888\n\
                    cargo build && cargo run --release -- serve --addr \"127.0.0.1:1\" &\n\
                    spielwerk match --engine \"spielwerk uai\" \\\n    --games 2\n```\n\
                    ```text\nspielwerk games\n```\n";
        let found = commands_in("doc.md", text);
        let seen: Vec<(&str, Vec<&str>, Option<&str>)> = found
            .iter()
            .map(|c| (c.place.as_str(), c.args.iter().map(String::as_str).collect(), c.comment.as_deref()))
            .collect();
        assert_eq!(
            seen,
            vec![
                ("doc.md:3", vec!["perft", "ataxx", "3"], Some("155888")),
                ("doc.md:4", vec!["serve", "--addr", "127.0.0.1:1"], None),
                ("doc.md:5", vec!["match", "--engine", "spielwerk uai", "--games", "2"], None),
            ]
        );
    }
}

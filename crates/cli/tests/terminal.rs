//! `spielwerk play` under a pseudo-terminal, as a person runs it: colour is
//! on by itself, and the Amakta drawing of a known position shows control,
//! free and bound stones and blocked arrows.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// hex5 with a blocked red arrow of White (e1 over e2), a bound White stone
/// on e3 (Black's double green from e5 outnumbers e2's blue) and a blocked
/// arrow of Black (e9 over e8).
const POSITION: &str = "board=hex5 set=000000,000001,000003,000005,000008,000011 p1=white \
    turn=white circles=w:000001=r stones=e1=w:000003/300000,e2=w:000001/100000,e3=w:000000/000000,\
    e5=b:000005/000500,e9=b:000008/000800,e8=b:000011/000110 removed=-";

/// A new pseudo-terminal of 80 columns: its controlling side and the
/// terminal side a program runs on.
fn pseudo_terminal() -> (OwnedFd, OwnedFd) {
    let (mut controller, mut terminal) = (0, 0);
    let size = libc::winsize { ws_row: 50, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: openpty writes two new file descriptors into the integers we
    // own; the name pointer may be null and the size is a valid winsize.
    let status = unsafe {
        libc::openpty(&mut controller, &mut terminal, std::ptr::null_mut(), std::ptr::null(), &size)
    };
    assert_eq!(status, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    unsafe { (OwnedFd::from_raw_fd(controller), OwnedFd::from_raw_fd(terminal)) }
}

/// Runs `spielwerk ARGS` with `NO_COLOR` set to `no_color` (unset when
/// `None`) on a pseudo-terminal, types each line of `input` at the next
/// prompt as a person would (Enter is `\r`), and returns everything the
/// program wrote (the line editor's echo of the input included).
fn on_terminal(args: &[&str], no_color: Option<&str>, input: &str) -> String {
    let mut session = Session::start_with(args, no_color);
    for (index, line) in input.lines().enumerate() {
        // The line editor turns bracketed paste on once per prompt.
        session.expect("\x1b[?2004h", index + 1);
        session.type_keys(&format!("{line}\r"));
    }
    session.finish()
}

#[test]
fn play_on_a_terminal_draws_amakta_in_colour() {
    let record = std::env::temp_dir().join(format!("spielwerk-pty-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let output = on_terminal(
        &["play", "amakta", "--vs", "human", "--position", POSITION, "--record", record_arg],
        None,
        "board\nquit\n",
    );
    let _ = std::fs::remove_file(&record);
    // Colour is on without being asked: the cell e1, controlled by White,
    // has a light ground; e3, controlled by Black, a dark one; e3's bound
    // stone and e1's blocked arrow stand out in reverse video.
    assert!(output.contains("\x1b[38;5;16;48;5;223m 1 w1:0 \x1b[0m"), "{output}");
    assert!(output.contains("\x1b[38;5;231;48;5;60m 3 b1:2 \x1b[0m"), "{output}");
    assert!(output.contains("\x1b[1;7m!!\x1b[0m"), "{output}");
    assert!(output.contains("→\x1b[1;7mx\x1b[0m"), "{output}");
    // Without the escapes, the drawing of row e is the plain one (the
    // terminal turns each newline into CR LF).
    let plain = game::strip_escapes(&output).replace("\r\n", "\n");
    let row_e = [
        "     *                                                               *",
        "     W →x    Wr→1    W            22←B                     1←B    1x←B",
        "     ok      ok      !!              ok                    1↙ok      ok",
    ]
    .join("\n");
    assert!(plain.contains(&row_e), "{plain}");
    assert!(plain.contains("\ne  1 w1:0    2 .   3 b1:2"), "{plain}");
    assert!(plain.contains("Phase: play: White (first player) to move"), "{plain}");
    let drawing: Vec<&str> = plain
        .lines()
        .skip_while(|line| !line.starts_with("a "))
        .take_while(|line| !line.starts_with("Phase:"))
        .collect();
    assert!(drawing.len() > 12, "{plain}");
    let widest = drawing.iter().map(|line| line.trim_end().chars().count()).max().unwrap_or(0);
    assert!(widest <= 80, "the drawing fits the 80 columns: {widest}");
    let help = plain.lines().take_while(|line| !line.contains("The game is saved to"));
    // The welcome: the title with the commands in short, wrapped.
    assert!(help.clone().count() >= 2 && help.clone().all(|line| line.chars().count() <= 80), "{plain}");
}

/// Whether `output` sets a colour or emphasis (an SGR escape, `ESC [ … m`);
/// the prompt's line editor writes other escapes (cursor moves).
fn has_colour(output: &str) -> bool {
    output.split("\x1b[").skip(1).any(|rest| {
        let end = rest.find(|c: char| !c.is_ascii_digit() && c != ';').unwrap_or(rest.len());
        rest[end..].starts_with('m')
    })
}

#[test]
fn no_color_and_color_never_turn_colour_off_on_a_terminal() {
    let record = std::env::temp_dir().join(format!("spielwerk-pty-plain-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let ataxx = ["play", "ataxx", "--vs", "human", "--record", record_arg];
    let coloured = on_terminal(&ataxx, None, "quit\n");
    assert!(coloured.contains("\x1b[1;38;5;196mx\x1b[0m"), "Red's stones in red: {coloured:?}");
    let never = [&ataxx[..], &["--color", "never"]].concat();
    for output in [on_terminal(&ataxx, Some("1"), "quit\n"), on_terminal(&never, None, "quit\n")] {
        assert!(output.contains("Red (x): 2   Blue (o): 2   Red (x) to move"), "{output}");
        assert!(!has_colour(&output), "{output:?}");
    }
    let _ = std::fs::remove_file(&record);
}

/// A program running on a pseudo-terminal, talked to as a person would:
/// type, then wait until something shows.
struct Session {
    child: Child,
    writer: File,
    output: Receiver<Vec<u8>>,
    seen: String,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::start_with(args, Some("1"))
    }

    /// Starts `spielwerk ARGS` with `NO_COLOR` as given (unset when `None`).
    fn start_with(args: &[&str], no_color: Option<&str>) -> Session {
        let (controller, terminal) = pseudo_terminal();
        let mut command = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
        match no_color {
            Some(value) => command.env("NO_COLOR", value),
            None => command.env_remove("NO_COLOR"),
        };
        let child = command
            .args(args)
            .env("TERM", "xterm-256color")
            .current_dir(std::env::temp_dir())
            .stdin(Stdio::from(terminal.try_clone().unwrap()))
            .stdout(Stdio::from(terminal.try_clone().unwrap()))
            .stderr(Stdio::from(terminal))
            .spawn()
            .unwrap();
        drop(command);
        let mut reader = File::from(controller);
        let writer = reader.try_clone().unwrap();
        let (sender, output) = mpsc::channel();
        thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            loop {
                match reader.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => {
                        if sender.send(buffer[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                    Err(error) if error.kind() == ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
        });
        Session { child, writer, output, seen: String::new() }
    }

    fn type_keys(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
    }

    /// Waits until the output so far shows `text` `times` times (a
    /// generous deadline: the machine may be busy).
    fn expect(&mut self, text: &str, times: usize) {
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.seen.matches(text).count() < times {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!("{text:?} not shown {times} times: {:?}", self.seen),
            }
        }
    }

    fn finish(mut self) -> String {
        let status = self.child.wait().unwrap();
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_secs(5)) {
            self.seen.push_str(&String::from_utf8_lossy(&bytes));
        }
        assert!(status.success(), "{}", self.seen);
        self.seen
    }
}

#[test]
fn the_prompt_has_line_editing_and_history() {
    let record = std::env::temp_dir().join(format!("spielwerk-pty-edit-{}.txt", std::process::id()));
    let mut session =
        Session::start(&["play", "ataxx", "--vs", "human", "--record", record.to_str().unwrap()]);
    // Keys are typed once the prompt reads them: rustyline turns bracketed
    // paste on (`ESC [?2004h`) after it has put the terminal in raw mode.
    // (Keys typed before, while output is still printed, the terminal
    // itself echoes, as it does for any program.)
    let ready = "\x1b[?2004h";
    session.expect(ready, 1);
    // `moves`, then ↑ and Enter: the same command again from the history.
    session.type_keys("moves\r");
    session.expect("a6, a7a5", 1);
    session.expect(ready, 2);
    session.type_keys("\x1b[A\r");
    session.expect("a6, a7a5", 2);
    session.expect(ready, 3);
    // ← moves within the line: `g` typed after `2` lands before it.
    session.type_keys("2\x1b[Dg\r");
    session.expect("Blue to move> ", 1);
    session.type_keys("quit\r");
    let output = session.finish();
    let saved = std::fs::read_to_string(&record).unwrap_or_default();
    let _ = std::fs::remove_file(&record);
    assert!(saved.contains("1. g2 *"), "{saved}\n{output}");
    assert!(!output.contains("^[[A"), "no raw escape: {output:?}");
}

#[test]
fn keys_typed_while_the_engine_thinks_are_not_played() {
    let record = std::env::temp_dir().join(format!("spielwerk-pty-ahead-{}.txt", std::process::id()));
    let args =
        ["play", "ataxx", "--side", "blue", "--movetime", "1500", "--record", record.to_str().unwrap()];
    let mut session = Session::start(&args);
    // The engine (Red) thinks first; a move typed meanwhile is thrown away.
    session.expect("thinking…", 1);
    session.type_keys("a1\r");
    session.expect("was not played", 1);
    session.expect("Blue to move> ", 1);
    session.type_keys("quit\r");
    let output = session.finish();
    let saved = std::fs::read_to_string(&record).unwrap_or_default();
    let _ = std::fs::remove_file(&record);
    let moves = saved.lines().last().unwrap_or_default();
    assert_eq!(moves.split_whitespace().count(), 3, "only the engine's move: {saved}\n{output}");
}

#[test]
fn ctrl_c_while_the_engine_thinks_makes_it_move_now() {
    let record = std::env::temp_dir().join(format!("spielwerk-pty-interrupt-{}.txt", std::process::id()));
    // Long enough that the move comes from Ctrl-C, not from the time.
    let args =
        ["play", "ataxx", "--side", "blue", "--movetime", "600000", "--record", record.to_str().unwrap()];
    let mut session = Session::start(&args);
    session.expect("thinking…", 1);
    session.type_keys("\x03");
    session.expect("The engine moves now.", 1);
    session.expect("Blue to move> ", 1);
    session.type_keys("quit\r");
    let output = session.finish();
    let saved = std::fs::read_to_string(&record).unwrap_or_default();
    let _ = std::fs::remove_file(&record);
    assert!(!output.contains("was not played"), "Ctrl-C is no typed move: {output}");
    let moves = saved.lines().last().unwrap_or_default();
    assert_eq!(moves.split_whitespace().count(), 3, "the engine's move: {saved}\n{output}");
}

#[test]
fn ctrl_c_at_the_prompt_says_how_to_leave_and_a_second_one_leaves() {
    let record = std::env::temp_dir().join(format!("spielwerk-pty-ctrl-c-{}.txt", std::process::id()));
    let mut session =
        Session::start(&["play", "ataxx", "--vs", "human", "--record", record.to_str().unwrap()]);
    let ready = "\x1b[?2004h";
    session.expect(ready, 1);
    session.type_keys("\x03");
    session.expect("(Ctrl-C again, Ctrl-D or `quit` leave; the game stays saved.)", 1);
    session.expect(ready, 2);
    session.type_keys("\x03");
    let output = session.finish();
    let _ = std::fs::remove_file(&record);
    assert!(output.contains("No move was played, so no record was saved."), "{output}");
}

#[test]
fn a_clock_that_runs_out_at_the_prompt_ends_the_game_there_without_enter() {
    let record = std::env::temp_dir().join(format!("spielwerk-pty-flag-{}.txt", std::process::id()));
    // Three seconds a side; the clock runs from the second move on.
    let mut session = Session::start(&[
        "play",
        "ataxx",
        "--vs",
        "human",
        "--clock",
        "0.05+0",
        "--record",
        record.to_str().unwrap(),
    ]);
    let ready = "\x1b[?2004h";
    session.expect(ready, 1);
    session.type_keys("b6\r");
    session.expect("Blue to move>", 1);
    // Nothing more is typed: the forfeit comes when Blue's time is up,
    // then the review's prompt.
    session.expect("Game over: Red wins — time forfeit (1-0).", 1);
    session.expect("Review", 1);
    // The review's prompt reads keys (the game's two prompts came before).
    session.expect(ready, 3);
    assert!(!session.seen.contains("Ctrl-C again"), "the clock is no Ctrl-C: {:?}", session.seen);
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Termination \"time"), "{saved}");
    session.type_keys("\x04");
    let output = session.finish();
    let _ = std::fs::remove_file(&record);
    assert!(!output.contains("Ctrl-C again"), "{output}");
}

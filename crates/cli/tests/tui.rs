//! `spielwerk play … --tui` on a pseudo-terminal of 80×24: the full-screen
//! board comes up, a typed move is played and saved, Ctrl-C leaves.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

/// A new pseudo-terminal of 80×24: its controlling side and the terminal
/// side a program runs on. Neither is inherited by the programs the tests
/// start (other than as the standard streams they are given): a program
/// that held a controlling side would keep its terminal from going away.
fn pseudo_terminal() -> (OwnedFd, OwnedFd) {
    let (mut controller, mut terminal) = (0, 0);
    let size = libc::winsize { ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: openpty writes two new file descriptors into the integers we
    // own; the name pointer may be null and the size is a valid winsize.
    let status = unsafe {
        libc::openpty(&mut controller, &mut terminal, std::ptr::null_mut(), std::ptr::null(), &size)
    };
    assert_eq!(status, 0, "openpty: {}", std::io::Error::last_os_error());
    for fd in [controller, terminal] {
        // SAFETY: setting the close-on-exec flag of a descriptor we own.
        let set = unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        assert_eq!(set, 0, "FD_CLOEXEC: {}", std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    unsafe { (OwnedFd::from_raw_fd(controller), OwnedFd::from_raw_fd(terminal)) }
}

/// Starts `command` with the pseudo-terminal's `terminal` side as its
/// standard input, output and error, in a 256-colour xterm.
fn spawn_on(command: &mut Command, terminal: OwnedFd) -> std::process::Child {
    command
        .env("TERM", "xterm-256color")
        .stdin(Stdio::from(terminal.try_clone().unwrap()))
        .stdout(Stdio::from(terminal.try_clone().unwrap()))
        .stderr(Stdio::from(terminal))
        .spawn()
        .unwrap()
}

/// Reads the terminal on a thread of its own, chunk by chunk.
fn reader(mut terminal: File) -> Receiver<Vec<u8>> {
    let (sender, chunks) = channel();
    thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        loop {
            match terminal.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    if sender.send(buffer[..n].to_vec()).is_err() {
                        break;
                    }
                }
                // Linux says EIO once the program's side is closed.
                Err(error) if error.raw_os_error() == Some(libc::EIO) => break,
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                Err(error) => panic!("reading the terminal: {error}"),
            }
        }
    });
    chunks
}

/// Collects output into `seen` until it holds `wanted`, for at most five
/// minutes (a busy machine may be slow; the test never bounds the time).
fn wait_for(chunks: &Receiver<Vec<u8>>, seen: &mut String, wanted: &str) {
    let deadline = Instant::now() + Duration::from_secs(300);
    while !seen.contains(wanted) {
        assert!(Instant::now() < deadline, "'{wanted}' never came: {seen:?}");
        if let Ok(chunk) = chunks.recv_timeout(Duration::from_millis(100)) {
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

/// An Ataxx game between two people in the full screen on a pseudo-terminal,
/// saving to a record of its own, once the typed move `b6` is saved.
struct SavedMove {
    child: Child,
    writer: File,
    chunks: Receiver<Vec<u8>>,
    /// The output so far.
    seen: String,
    record: PathBuf,
}

/// Starts the game (its record named after `name`), types `b6` and waits
/// until the record holds it.
fn after_a_saved_move(name: &str) -> SavedMove {
    let record = std::env::temp_dir().join(format!("spielwerk-tui-{name}-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let (controller, terminal) = pseudo_terminal();
    let child = spawn_on(
        Command::new(env!("CARGO_BIN_EXE_spielwerk")).args([
            "play",
            "ataxx",
            "--tui",
            "--vs",
            "human",
            "--record",
            record.to_str().unwrap(),
        ]),
        terminal,
    );
    let controller = File::from(controller);
    let mut writer = controller.try_clone().unwrap();
    let chunks = reader(controller);
    let mut seen = String::new();
    // The alternate screen, then the prompt.
    wait_for(&chunks, &mut seen, "\x1b[?1049h");
    wait_for(&chunks, &mut seen, "to move>");
    writer.write_all(b"b6\r").unwrap();
    let deadline = Instant::now() + Duration::from_secs(300);
    while !std::fs::read_to_string(&record).unwrap_or_default().contains("b6") {
        assert!(Instant::now() < deadline, "the move was not saved: {seen:?}");
        if let Ok(chunk) = chunks.recv_timeout(Duration::from_millis(100)) {
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
    SavedMove { child, writer, chunks, seen, record }
}

#[test]
fn the_full_screen_mode_plays_a_typed_move_and_saves_it() {
    let SavedMove { mut child, mut writer, chunks, mut seen, record } = after_a_saved_move("pty");
    wait_for(&chunks, &mut seen, "Blue");
    // Ctrl-C says that a second one leaves; that one leaves and restores
    // the screen.
    writer.write_all(b"\x03").unwrap();
    wait_for(&chunks, &mut seen, "Ctrl-C again leaves");
    writer.write_all(b"\x03").unwrap();
    let status = child.wait().unwrap();
    wait_for(&chunks, &mut seen, "\x1b[?1049l");
    wait_for(&chunks, &mut seen, "--resume");
    assert!(status.success(), "{seen:?}");
    let _ = std::fs::remove_file(&record);
}

#[test]
fn sigterm_gives_the_terminal_back_and_keeps_the_record() {
    let SavedMove { mut child, chunks, mut seen, record, .. } = after_a_saved_move("sigterm");
    assert!(!seen.contains("\x1b[?1049l"), "still in the full screen: {seen:?}");
    let pid = libc::pid_t::try_from(child.id()).expect("a process id");
    // SAFETY: sending a signal to our own child has no memory effects.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = child.wait().unwrap();
    // Mouse reporting off, the alternate screen left, the record named.
    wait_for(&chunks, &mut seen, "--resume");
    assert!(seen.contains("\x1b[?1000l") && seen.contains("\x1b[?1049l"), "{seen:?}");
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), None, "ended by itself");
    assert_eq!(status.code(), Some(128 + libc::SIGTERM), "{status:?}");
    assert!(std::fs::read_to_string(&record).unwrap().contains("1. b6"));
    let _ = std::fs::remove_file(&record);
}

/// Whether the terminal behind `controller` is as a shell leaves it: lines
/// edited by the terminal (canonical mode) and echoed, not the raw mode of
/// the full screen.
fn cooked(controller: &File) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: termios is plain data, filled in by tcgetattr for an open
    // descriptor we own.
    let mut modes: libc::termios = unsafe { std::mem::zeroed() };
    // SAFETY: as above; on Linux the controlling side reports the modes of
    // the terminal side.
    assert_eq!(unsafe { libc::tcgetattr(controller.as_raw_fd(), &raw mut modes) }, 0);
    modes.c_lflag & libc::ICANON != 0 && modes.c_lflag & libc::ECHO != 0
}

/// A step of a test on the pseudo-terminal: keys typed, or a text waited for.
enum Step {
    Type(&'static str),
    Await(&'static str),
}

#[test]
fn every_way_out_of_the_full_screen_gives_the_terminal_back() {
    use Step::{Await, Type};
    // `quit` typed during the game; `q` in the review after the game ended
    // (a resignation); Ctrl-C twice.
    for (way, steps) in [
        ("quit", [Type("quit\r")].as_slice()),
        ("end", &[Type("resign\r"), Await("y/n"), Type("y\r"), Await("Review"), Type("q\r")]),
        ("ctrl-c", &[Type("\x03"), Await("Ctrl-C again leaves"), Type("\x03")]),
    ] {
        let SavedMove { mut child, mut writer, chunks, mut seen, record } = after_a_saved_move(way);
        assert!(!cooked(&writer), "{way}: the full screen runs in raw mode");
        for step in steps {
            match step {
                Type(keys) => writer.write_all(keys.as_bytes()).unwrap(),
                Await(text) => wait_for(&chunks, &mut seen, text),
            }
        }
        let status = child.wait().unwrap();
        // The alternate screen left, then the farewell on the shell's screen.
        wait_for(&chunks, &mut seen, "\x1b[?1049l");
        let left = seen.rfind("\x1b[?1049l").unwrap();
        assert!(left > seen.rfind("\x1b[?1049h").unwrap(), "{way}: {seen:?}");
        let mut after = seen.split_off(left);
        wait_for(&chunks, &mut after, "--resume");
        assert!(
            after.contains("\x1b[?1000l") || seen.contains("\x1b[?1000l"),
            "{way}: mouse reporting stays on"
        );
        assert!(cooked(&writer), "{way}: the terminal is left in raw mode");
        assert!(status.success(), "{way}: {status:?} {seen:?}{after:?}");
        let _ = std::fs::remove_file(&record);
    }
}

/// Reads `terminal` on a thread of its own until its output holds
/// `wanted`, and closes it then; the output so far comes back.
fn read_until_then_close(mut terminal: File, wanted: &'static str) -> Receiver<String> {
    let (sender, seen) = channel();
    thread::spawn(move || {
        let mut output = Vec::new();
        let mut buffer = [0u8; 4096];
        while !String::from_utf8_lossy(&output).contains(wanted) {
            match terminal.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => output.extend_from_slice(&buffer[..n]),
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        drop(terminal);
        let _ = sender.send(String::from_utf8_lossy(&output).into_owned());
    });
    seen
}

#[test]
fn a_terminal_that_goes_away_ends_the_program() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    // On a terminal of its own (as in a closed tmux session, told by a
    // SIGHUP too) and on one it merely writes to.
    for controlling in [true, false] {
        let record =
            std::env::temp_dir().join(format!("spielwerk-tui-gone-{controlling}-{}.txt", std::process::id()));
        let (controller, terminal) = pseudo_terminal();
        let mut command = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
        if controlling {
            // SAFETY: setsid and ioctl are async-signal-safe; the child's
            // standard input is the terminal by now.
            unsafe {
                command.pre_exec(|| {
                    if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        command.args(["play", "ataxx", "--tui", "--vs", "human", "--clock", "5+3", "--record"]).arg(&record);
        let mut child = spawn_on(&mut command, terminal);
        let controller = File::from(controller);
        let mut writer = controller.try_clone().unwrap();
        writer.write_all(b"b6\r").unwrap();
        // Once the move is on the screen, the terminal goes away: its
        // controlling side closed.
        let seen = read_until_then_close(controller, "Blue to move>");
        let seen = seen.recv_timeout(Duration::from_secs(300)).expect("the move on the screen");
        drop(writer);
        assert!(seen.contains("Blue to move>"), "{seen:?}");
        let deadline = Instant::now() + Duration::from_secs(300);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("the program went on without its terminal (controlling: {controlling})");
            }
            thread::sleep(Duration::from_millis(50));
        };
        // Ended by itself, as for a hang-up, and the move is kept.
        assert_eq!(status.signal(), None, "{status:?}");
        assert_eq!(status.code(), Some(128 + libc::SIGHUP), "{status:?}");
        assert!(std::fs::read_to_string(&record).unwrap().contains("1. b6"));
        let _ = std::fs::remove_file(&record);
    }
}

/// A program on a pseudo-terminal of 80×24 and the screen it draws, read
/// by a terminal emulator.
struct Screen {
    child: Child,
    writer: File,
    chunks: Receiver<Vec<u8>>,
    parser: vt100::Parser,
}

impl Screen {
    fn start(args: &[&str]) -> Screen {
        Screen::spawn(args, false)
    }

    /// Starts the program in a process group of its own, as a shell starts
    /// a job, so that it can stop itself (Ctrl-Z) with the test as the
    /// parent that continues it.
    fn start_as_job(args: &[&str]) -> Screen {
        Screen::spawn(args, true)
    }

    fn spawn(args: &[&str], own_group: bool) -> Screen {
        use std::os::unix::process::CommandExt;
        let (controller, terminal) = pseudo_terminal();
        let mut command = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
        if own_group {
            command.process_group(0);
        }
        let child = spawn_on(command.args(args).env("LANG", "C.UTF-8"), terminal);
        let controller = File::from(controller);
        let writer = controller.try_clone().unwrap();
        Screen { child, writer, chunks: reader(controller), parser: vt100::Parser::new(24, 80, 0) }
    }

    fn type_keys(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
    }

    /// The screen's 24 lines as text.
    fn lines(&self) -> Vec<String> {
        self.parser.screen().rows(0, 80).collect()
    }

    /// Reads the program's output until `done` holds for the screen, for
    /// at most two minutes (a busy machine may be slow; the test never
    /// bounds the time).
    fn until(&mut self, what: &str, done: impl Fn(&[String]) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(120);
        while !done(&self.lines()) {
            assert!(Instant::now() < deadline, "{what} never came:\n{}", self.lines().join("\n"));
            if let Ok(chunk) = self.chunks.recv_timeout(Duration::from_millis(50)) {
                self.parser.process(&chunk);
            }
        }
    }
}

/// A test that fails leaves no program behind waiting on its terminal.
impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The number of the move the title line reports (`… · move 12 · …`).
fn moves_in_title(lines: &[String]) -> Option<usize> {
    let title = lines.first()?;
    let at = title.find(" · move ")? + " · move ".len();
    title[at..].split(' ').next()?.parse().ok()
}

/// How many moves the record at `path` holds (none while it is unwritten).
fn moves_saved(path: &std::path::Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    game::Record::parse(&text).map_or(0, |record| record.moves.len())
}

/// Whether the screen shows the board's first and last rows, `a` and `i`
/// (hex5's row labels begin the bottom lines of their rows).
fn shows_whole_board(lines: &[String]) -> bool {
    let labelled = |row: &str| lines.iter().any(|line| line.trim_start().starts_with(&format!("{row} ")));
    labelled("a") && labelled("i")
}

#[test]
fn a_whole_amakta_game_at_80_by_24_keeps_the_board_on_screen() {
    let record = std::env::temp_dir().join(format!("spielwerk-tui-amakta-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    // Two people at the keyboard who let the engine (level 1) move for
    // them with `go`: the circles, the colour and every move of play.
    let args =
        ["play", "amakta", "--tui", "--vs", "human", "--level", "3", "--record", record.to_str().unwrap()];
    let mut screen = Screen::start(&args);
    screen.until("the board", |lines| moves_in_title(lines) == Some(1) && shows_whole_board(lines));
    // The legend is on a key (F2), shown once, and gone with Esc.
    let legend = "Bottom line: control";
    screen.type_keys("\x1bOQ");
    screen.until("the legend", |lines| lines.iter().filter(|line| line.contains(legend)).count() == 1);
    screen.type_keys("\x1b");
    screen.until("the board again", |lines| shows_whole_board(lines) && !lines.concat().contains(legend));
    let mut played = 0;
    loop {
        screen.type_keys("go");
        // The prompt shows what was typed once the frame before is drawn
        // whole (frames are written top to bottom, the prompt last).
        screen.until("the typed command", |lines| {
            lines.last().is_some_and(|line| line.trim_end().ends_with("> go"))
        });
        screen.type_keys("\r");
        // The title counts move pairs; the record, saved before the
        // move is drawn, every move.
        screen.until("the engine's move", |lines| {
            moves_saved(&record) > played || lines.concat().contains("Review")
        });
        screen.type_keys("x");
        screen.until("the frame of the move", |lines| {
            lines.last().is_some_and(|line| line.trim_end().ends_with("> x"))
        });
        screen.type_keys("\x7f");
        let lines = screen.lines();
        let screen_text = lines.join("\n");
        assert!(shows_whole_board(&lines), "after move {played} the board left the screen:\n{screen_text}");
        assert!(!screen_text.contains(legend), "the legend is repeated:\n{screen_text}");
        match moves_saved(&record) {
            n if n > played => played = n,
            _ => break,
        }
        if screen_text.contains("Review") {
            break;
        }
    }
    // The game ended with a result and the review began.
    screen.until("the result", |lines| {
        let text = lines.concat();
        text.contains("Game over:") && text.contains("Review")
    });
    assert!(played > 10, "a whole game has more than ten moves: {played}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("circle") && saved.contains("colour"), "the setup phase was played: {saved}");
    assert!(!saved.trim_end().ends_with('*'), "the record has a result: {saved}");
    screen.type_keys("q\r");
    let status = screen.child.wait().unwrap();
    assert!(status.success());
    let _ = std::fs::remove_file(&record);
}

#[test]
fn a_record_that_cannot_be_saved_is_refused_before_the_screen_opens() {
    let dir = std::env::temp_dir().join(format!("spielwerk-tui-unsavable-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("file");
    std::fs::write(&file, "not a folder").unwrap();
    let record = file.join("x.txt");
    let mut screen =
        Screen::start(&["play", "ataxx", "--tui", "--vs", "human", "--record", record.to_str().unwrap()]);
    screen.until("the error", |lines| lines.concat().contains("Not a directory (os error 20)"));
    let status = screen.child.wait().unwrap();
    assert!(!status.success());
    let text = screen.lines().concat();
    assert!(text.contains(&format!("error: cannot save the game to {}", record.display())), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_that_fails_in_the_full_screen_mode_is_shown_and_the_game_goes_on() {
    // /dev/full takes the check (it opens) but every write fails.
    let mut screen = Screen::start(&["play", "ataxx", "--tui", "--vs", "human", "--record", "/dev/full"]);
    screen.until("the prompt", |lines| lines.last().is_some_and(|line| line.starts_with("Red to move>")));
    screen.type_keys("f2\r");
    screen.until("the warning", |lines| {
        let text = lines.concat();
        text.contains("Warning: the game could not be saved to /dev/full") && text.contains("Red played f2")
    });
    screen
        .until("the next prompt", |lines| lines.last().is_some_and(|line| line.starts_with("Blue to move>")));
    // Ctrl-C twice leaves; no claim that the game is saved, but its record.
    screen.type_keys("\x03\x03");
    screen.until("the record to keep", |lines| {
        let text = lines.concat();
        text.contains("The game could not be saved to /dev/full") && text.contains("1. f2 *")
    });
    let status = screen.child.wait().unwrap();
    assert!(status.success());
    assert!(!screen.lines().concat().contains("The game is saved in"));
}

/// Whether `title` shows `name` and a whole clock after it (`Red 9:58`).
fn shows_clock(title: &str, name: &str) -> bool {
    title.match_indices(&format!("{name} ")).any(|(at, found)| {
        let time: String = title[at + found.len()..].chars().take_while(|c| !c.is_whitespace()).collect();
        let (minutes, seconds) = time.split_once(':').unwrap_or_default();
        !minutes.is_empty()
            && minutes.chars().all(|c| c.is_ascii_digit())
            && seconds.len() >= 2
            && seconds.chars().all(|c| c.is_ascii_digit() || c == '.')
    })
}

#[test]
fn every_game_shows_both_clocks_in_full_at_80_by_24() {
    let registry = games::registry();
    for (name, language) in
        [("ataxx", "en"), ("abalone", "en"), ("formation", "en"), ("amakta", "de"), ("amakta-infinit", "en")]
    {
        let game = registry.create(name, &game::Options::new(), None).unwrap();
        let lang = if language == "de" { game::Language::German } else { game::Language::English };
        let players = game::Player::BOTH.map(|player| game.player_name(player).get(lang));
        let record =
            std::env::temp_dir().join(format!("spielwerk-tui-clocks-{name}-{}.txt", std::process::id()));
        for level in [None, Some("3")] {
            let mut args = vec![
                "play",
                name,
                "--tui",
                "--clock",
                "10+5",
                "--lang",
                language,
                "--record",
                record.to_str().unwrap(),
            ];
            if let Some(level) = level {
                args.extend(["--level", level]);
            }
            let mut screen = Screen::start(&args);
            screen.until(&format!("{name} {level:?}: both clocks in the title"), |lines| {
                lines.first().is_some_and(|title| players.iter().all(|player| shows_clock(title, player)))
            });
        }
        let _ = std::fs::remove_file(&record);
    }
}

/// The state letter of process `pid` (`T` when stopped).
fn process_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command's name in parentheses: the state.
    stat.rsplit_once(") ")?.1.chars().next()
}

#[test]
fn ctrl_z_suspends_the_full_screen_and_it_comes_back_when_continued() {
    let record = std::env::temp_dir().join(format!("spielwerk-tui-suspend-{}.txt", std::process::id()));
    let mut screen = Screen::start_as_job(&[
        "play",
        "ataxx",
        "--tui",
        "--vs",
        "human",
        "--record",
        record.to_str().unwrap(),
    ]);
    screen.until("the prompt", |lines| lines.last().is_some_and(|line| line.starts_with("Red to move>")));
    screen.type_keys("\x1a");
    let pid = screen.child.id();
    let deadline = Instant::now() + Duration::from_secs(120);
    while process_state(pid) != Some('T') {
        assert!(Instant::now() < deadline, "the program never stopped: {:?}", process_state(pid));
        while let Ok(chunk) = screen.chunks.try_recv() {
            screen.parser.process(&chunk);
        }
        thread::sleep(Duration::from_millis(20));
    }
    // Stopped, it had left the full screen.
    screen.until("the terminal given back", |lines| !lines.concat().contains("F1 help"));
    let pid = libc::pid_t::try_from(pid).expect("a process id");
    // SAFETY: sending a signal to our own child has no memory effects.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGCONT) }, 0);
    screen
        .until("the screen again", |lines| lines.last().is_some_and(|line| line.starts_with("Red to move>")));
    screen.type_keys("b6\r");
    screen.until("the board again with the move played", |lines| {
        lines.last().is_some_and(|line| line.starts_with("Blue to move>"))
            && lines.iter().any(|line| line.contains("Red played b6"))
    });
    screen.type_keys("\x03\x03");
    let status = screen.child.wait().unwrap();
    assert!(status.success());
    let _ = std::fs::remove_file(&record);
}

/// The screen's rows trimmed at the right and joined by spaces, so that a
/// sentence wrapped over rows reads whole.
fn joined(lines: &[String]) -> String {
    lines.iter().map(|line| line.trim()).collect::<Vec<_>>().join(" ")
}

#[test]
fn amakta_setup_on_a_clock_keeps_the_help_key_and_speaks_in_words_and_f2_wraps_once() {
    for (language, help, phase, example, all_at_once) in [
        (
            "en",
            "F1 help",
            "the first player gives circles; next White's stone 000000",
            " · e.g. ",
            "all at once: circles none",
        ),
        (
            "de",
            "F1 Hilfe",
            "erster Spieler vergibt Kreise, jetzt für Weiß 000000",
            " · z.\u{a0}B. ",
            "alle auf einmal: circles none",
        ),
    ] {
        let record =
            std::env::temp_dir().join(format!("spielwerk-tui-setup-{language}-{}.txt", std::process::id()));
        let args = [
            "play",
            "amakta",
            "--tui",
            "--level",
            "1",
            "--clock",
            "3+2",
            "--lang",
            language,
            "--record",
            record.to_str().unwrap(),
        ];
        let mut screen = Screen::start(&args);
        // The whole screen, down to the prompt (not one half drawn).
        screen.until("the setup's status in words", |lines| {
            joined(lines).contains(phase)
                && joined(lines).contains(example)
                && lines.iter().any(|line| line.trim_end().ends_with('>'))
        });
        let text = screen.lines().join("\n");
        assert!(text.contains(help), "no {help} on the screen:\n{text}");
        // In words, but for the example of a move in its notation.
        let status = joined(&screen.lines());
        let words = status.split(example).next().unwrap_or_default();
        assert!(status.contains(example), "{text}");
        assert!(!words.contains("p1 assigns") && !words.contains("w:000000"), "{text}");
        // The way to give all circles at once.
        assert!(status.contains(all_at_once), "{text}");
        // F2: the inventories wrapped once, to the panel.
        screen.type_keys("\x1bOQ");
        // The whole panel, down to its bottom border (not a screen half drawn).
        screen.until("the inventories", |lines| {
            lines.iter().any(|line| line.contains("001001=↖1↘1"))
                && lines.iter().any(|line| line.starts_with('└'))
        });
        let lines = screen.lines();
        // A row of the panel that begins with the game's own indent of a
        // line it wrapped (blank rows aside).
        let rewrapped: Vec<&String> = lines
            .iter()
            .filter(|line| {
                let inner = line.trim_end().trim_end_matches('│');
                inner.starts_with("│  ") && !inner.trim_start_matches('│').trim().is_empty()
            })
            .collect();
        assert!(rewrapped.is_empty(), "lines the game wrapped, wrapped again:\n{}", lines.join("\n"));
        let _ = std::fs::remove_file(&record);
    }
}

#[test]
fn amakta_infinit_bidding_status_is_whole_at_80_by_24() {
    for (language, above) in [("en", "(N above "), ("de", "(N über ")] {
        let record =
            std::env::temp_dir().join(format!("spielwerk-tui-bidding-{language}-{}.txt", std::process::id()));
        let args = [
            "play",
            "amakta-infinit",
            "--tui",
            "--vs",
            "human",
            "--clock",
            "3+2",
            "--lang",
            language,
            "--record",
            record.to_str().unwrap(),
        ];
        let mut screen = Screen::start(&args);
        screen.until("the prompt", |lines| lines.last().is_some_and(|line| line.contains("> ")));
        screen.type_keys("bid 10\r");
        screen.until("the whole bidding sentence", |lines| {
            let text = joined(lines);
            text.find(above).is_some_and(|at| text[at + above.len()..].starts_with("10)"))
        });
        let _ = std::fs::remove_file(&record);
    }
}

#[test]
fn infinits_status_names_the_seats_in_words() {
    let record = std::env::temp_dir().join(format!("spielwerk-tui-infinit-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let args = ["play", "amakta-infinit", "--tui", "--vs", "human", "--record", record.to_str().unwrap()];
    let mut screen = Screen::start(&args);
    screen.until("the first offer", |lines| joined(lines).contains("Bidding: First player to move"));
    screen.type_keys("bid 7\r");
    screen.until("the answer", |lines| joined(lines).contains("Bidding: Second player to move"));
    screen.type_keys("accept\r");
    screen.until("the creation", |lines| joined(lines).contains("Creation: White (first player) to move"));
    let text = screen.lines().join("\n");
    assert!(!text.contains("p1") && !text.contains("p2"), "{text}");
    screen.type_keys("\x03\x03");
    let _ = screen.child.wait();
    let _ = std::fs::remove_file(&record);
}

#[test]
fn the_status_shows_how_a_move_is_written_and_infinits_state_fills_the_room_under_its_plane() {
    // Amakta's setup: a circle as the example, in either language.
    for (language, example) in [("en", "e.g. circle "), ("de", "z.\u{a0}B. circle ")] {
        let record =
            std::env::temp_dir().join(format!("spielwerk-tui-example-{language}-{}.txt", std::process::id()));
        let args = [
            "play",
            "amakta",
            "--tui",
            "--vs",
            "human",
            "--lang",
            language,
            "--record",
            record.to_str().unwrap(),
        ];
        let mut screen = Screen::start(&args);
        screen.until("the setup's example", |lines| joined(lines).contains(example));
        screen.type_keys("\x03\x03");
        let _ = screen.child.wait();
        let _ = std::fs::remove_file(&record);
    }
    // Amakta Infinit: a bid, then a stone's creation; the bases, the
    // bidding and the sets under the plane, which leaves room for them.
    let record =
        std::env::temp_dir().join(format!("spielwerk-tui-example-infinit-{}.txt", std::process::id()));
    let args = ["play", "amakta-infinit", "--tui", "--vs", "human", "--record", record.to_str().unwrap()];
    let mut screen = Screen::start(&args);
    screen.until("the bidding's example", |lines| {
        let text = joined(lines);
        text.contains("e.g. bid ")
            && text.contains("* base: White 0,0")
            && text.contains("Bidding for Black's points")
    });
    screen.type_keys("bid 7\r");
    screen.until("the answer", |lines| joined(lines).contains("Bidding: Second player to move"));
    screen.type_keys("accept\r");
    screen.until("the creation's example and the sets", |lines| {
        let text = joined(lines);
        text.contains("e.g. create ") && text.contains("White (first player) set (50 of 50 points left")
    });
    // The plane and its notes take the middle of the screen: no more than
    // a few empty rows above or below them.
    let lines = screen.lines();
    let middle = &lines[1..lines.len() - 5];
    let first = middle.iter().position(|line| line.trim_start().starts_with("r  -1")).expect("the plane");
    let last = middle.iter().rposition(|line| !line.trim().is_empty()).expect("the notes");
    assert!(first <= 5 && middle.len() - 1 - last <= 5, "{}", lines.join("\n"));
    screen.type_keys("\x03\x03");
    let _ = screen.child.wait();
    let _ = std::fs::remove_file(&record);
}

#[test]
fn the_key_help_says_ctrl_c_moves_now_while_the_engine_thinks() {
    let record = std::env::temp_dir().join(format!("spielwerk-tui-move-now-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let path = record.to_str().unwrap();
    // The engine plays first and thinks a minute unless told to move.
    let mut screen =
        Screen::start(&["play", "ataxx", "--tui", "--side", "p2", "--movetime", "60000", "--record", path]);
    screen.until("the key help while thinking", |lines| joined(lines).contains("^C move now"));
    assert!(!joined(&screen.lines()).contains("^C quit"), "{}", joined(&screen.lines()));
    screen.type_keys("\x03");
    screen.until("the key help after the engine's move", |lines| joined(lines).contains("^C quit"));
    screen.type_keys("\x03\x03");
    let _ = screen.child.wait();
    let _ = std::fs::remove_file(&record);
}

#[test]
fn amakta_infinit_shows_both_bases_at_80_columns() {
    let record = std::env::temp_dir().join(format!("spielwerk-tui-infinit-bases-{}.txt", std::process::id()));
    let args = ["play", "amakta-infinit", "--tui", "--vs", "human", "--record", record.to_str().unwrap()];
    let mut screen = Screen::start(&args);
    // White's base 0,0 and Black's 8,0 are drawn with their control marks.
    screen.until("both bases", |lines| {
        lines.iter().any(|line| line.contains(" 0 w1:0") && line.contains(" 8 b0:1") && !line.contains('▶'))
    });
    screen.type_keys("\x03\x03");
    let _ = screen.child.wait();
    let _ = std::fs::remove_file(&record);
}

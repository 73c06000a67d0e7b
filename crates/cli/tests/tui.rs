//! `spielwerk play … --tui` on a pseudo-terminal of 80×24: the full-screen
//! board comes up, a typed move is played and saved, Ctrl-C leaves.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

/// A new pseudo-terminal of 80×24: its controlling side and the terminal
/// side a program runs on.
fn pseudo_terminal() -> (OwnedFd, OwnedFd) {
    let (mut controller, mut terminal) = (0, 0);
    let size = libc::winsize { ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: openpty writes two new file descriptors into the integers we
    // own; the name pointer may be null and the size is a valid winsize.
    let status = unsafe {
        libc::openpty(&mut controller, &mut terminal, std::ptr::null_mut(), std::ptr::null(), &size)
    };
    assert_eq!(status, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    unsafe { (OwnedFd::from_raw_fd(controller), OwnedFd::from_raw_fd(terminal)) }
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

/// Collects output into `seen` until it holds `wanted`, for at most a
/// minute (a busy machine may be slow; the test never bounds the time).
fn wait_for(chunks: &Receiver<Vec<u8>>, seen: &mut String, wanted: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !seen.contains(wanted) {
        assert!(Instant::now() < deadline, "'{wanted}' never came: {seen:?}");
        if let Ok(chunk) = chunks.recv_timeout(Duration::from_millis(100)) {
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

#[test]
fn the_full_screen_mode_plays_a_typed_move_and_saves_it() {
    let record = std::env::temp_dir().join(format!("spielwerk-tui-pty-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let (controller, terminal) = pseudo_terminal();
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["play", "ataxx", "--tui", "--vs", "human", "--record", record.to_str().unwrap()])
        .env("TERM", "xterm-256color")
        .stdin(Stdio::from(terminal.try_clone().unwrap()))
        .stdout(Stdio::from(terminal.try_clone().unwrap()))
        .stderr(Stdio::from(terminal))
        .spawn()
        .unwrap();
    let controller = File::from(controller);
    let mut writer = controller.try_clone().unwrap();
    let chunks = reader(controller);
    let mut seen = String::new();
    // The alternate screen, then the prompt.
    wait_for(&chunks, &mut seen, "\x1b[?1049h");
    wait_for(&chunks, &mut seen, "to move>");
    writer.write_all(b"b6\r").unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let saved = std::fs::read_to_string(&record).unwrap_or_default();
        if saved.contains("b6") {
            break;
        }
        assert!(Instant::now() < deadline, "the move was not saved: {seen:?}");
        if let Ok(chunk) = chunks.recv_timeout(Duration::from_millis(100)) {
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
    wait_for(&chunks, &mut seen, "Blue");
    // Ctrl-C leaves and restores the screen.
    writer.write_all(b"\x03").unwrap();
    let status = child.wait().unwrap();
    wait_for(&chunks, &mut seen, "\x1b[?1049l");
    wait_for(&chunks, &mut seen, "--resume");
    assert!(status.success(), "{seen:?}");
    let _ = std::fs::remove_file(&record);
}

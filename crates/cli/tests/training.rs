//! The engine-development pipeline driven as a user would: self-play data,
//! then a network trained from scratch on it.

use std::process::Command;

fn spielwerk(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_spielwerk")).args(args).output().expect("the binary runs")
}

#[test]
fn datagen_then_train_writes_a_network_the_engine_reads() {
    let dir = std::env::temp_dir().join(format!("spielwerk-training-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.txt");
    let net = dir.join("net.nnue");
    let (data_arg, net_arg) = (data.to_str().unwrap(), net.to_str().unwrap());
    let output =
        spielwerk(&["datagen", "--game", "ataxx", "--games", "4", "--depth", "2", "--out", data_arg]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let output =
        spielwerk(&["train", "--game", "ataxx", "--data", data_arg, "--out", net_arg, "--epochs", "2"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("epoch   2/2"), "{stderr}");
    // What was left out, and why, is said.
    assert!(stderr.contains(" positions read in ") && stderr.contains("; left out: "), "{stderr}");
    assert!(stderr.contains("with a found win or loss (|score| >= 30000)"), "{stderr}");
    let bytes = std::fs::read(&net).unwrap();
    assert!(ataxx::nnue::read_network(&bytes).is_ok(), "the engine reads the trained network");

    let output = spielwerk(&["train", "--game", "chess", "--data", data_arg, "--out", net_arg]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("'chess' has no trained network"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn soft_nodes_go_with_a_hard_limit_above_them() {
    let out = std::env::temp_dir().join(format!("spielwerk-soft-{}.txt", std::process::id()));
    let out = out.to_str().unwrap();
    let base = ["datagen", "--game", "ataxx", "--games", "1", "--out", out];
    let output = spielwerk(&[&base[..], &["--soft-nodes", "500"]].concat());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("--nodes"), "{stderr}");
    let output = spielwerk(&[&base[..], &["--soft-nodes", "500", "--nodes", "400"]].concat());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("--soft-nodes 500 is above"), "{stderr}");
    let output =
        spielwerk(&[&base[..], &["--soft-nodes", "300", "--nodes", "600", "--draw-after", "20"]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(out).unwrap();
    assert!(text.lines().filter(|line| !line.starts_with('#')).count() > 0, "{text}");
    std::fs::remove_file(out).unwrap();
}

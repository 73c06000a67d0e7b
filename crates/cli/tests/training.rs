//! The engine-development pipeline driven as a user would: self-play data,
//! then a network trained from scratch on it, and on from that network.

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
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // Standard error is a pipe here, as a log file would be: whole lines.
    assert!(!stderr.contains('\r'), "{stderr:?}");
    assert!(stderr.lines().any(|line| line.starts_with("games 4/4 ")), "{stderr:?}");
    let output =
        spielwerk(&["train", "--game", "ataxx", "--data", data_arg, "--out", net_arg, "--epochs", "2"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("epoch   2/2"), "{stderr}");
    // What was left out, and why, is said.
    assert!(stderr.contains(" positions read in ") && stderr.contains("; left out: "), "{stderr}");
    assert!(stderr.contains("with a found win or loss (|score| >= 30000)"), "{stderr}");
    let bytes = std::fs::read(&net).unwrap();
    assert!(ataxx::nnue::NETWORK.read(&bytes).is_ok(), "the engine reads the trained network");
    // In German: the progress and the summary, with the decimal comma.
    let output = spielwerk(&[
        "train", "--game", "ataxx", "--data", data_arg, "--out", net_arg, "--epochs", "1", "--lang", "de",
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("Epoche   1/1  Trainingsverlust 0,"), "{stderr}");
    assert!(stderr.contains(" Stellungen in ") && stderr.contains("; ausgelassen: "), "{stderr}");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.starts_with("Skala K ") && said.contains(" nach ") && said.contains("geschrieben"),
        "{said}"
    );
    // Going on from that network: the same data, a smaller step.
    let more = dir.join("more.nnue");
    let more_arg = more.to_str().unwrap();
    let from = ["train", "--game", "ataxx", "--data", data_arg, "--out", more_arg, "--epochs", "1"];
    let output = spielwerk(&[&from[..], &["--from", net_arg, "--learning-rate", "0.0002"]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(ataxx::nnue::NETWORK.read(&std::fs::read(&more).unwrap()).is_ok());
    // Another game's network (or none) is refused, naming the file.
    let output = spielwerk(&[&from[..], &["--from", data_arg]].concat());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("not a Spielwerk network file"), "{stderr}");
    assert!(stderr.contains(data_arg), "{stderr}");

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

#[test]
fn binary_data_trains_a_network_and_tune_refuses_it() {
    let dir = std::env::temp_dir().join(format!("spielwerk-binary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (data, net) = (dir.join("data.bin"), dir.join("net.nnue"));
    let (data_arg, net_arg) = (data.to_str().unwrap(), net.to_str().unwrap());
    let datagen = ["datagen", "--games", "3", "--depth", "2", "--format", "binary", "--out", data_arg];
    let output = spielwerk(&[&datagen[..], &["--game", "ataxx"]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read(&data).unwrap()[..8], train::binary::MAGIC);
    let output =
        spielwerk(&["train", "--game", "ataxx", "--data", data_arg, "--out", net_arg, "--epochs", "1"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && stderr.contains("epoch   1/1"), "{stderr}");
    assert!(ataxx::nnue::NETWORK.read(&std::fs::read(&net).unwrap()).is_ok());
    // Another game's network does not train on it; tune needs position texts.
    let output = spielwerk(&["train", "--game", "formation", "--data", data_arg, "--out", net_arg]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("of the game 'ataxx', not 'formation'"), "{stderr}");
    let output = spielwerk(&["tune", "--game", "amakta", "--data", data_arg]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("this is a binary data file"), "{stderr}");
    // A cut file is an error naming the byte, not a panic.
    let bytes = std::fs::read(&data).unwrap();
    std::fs::write(&data, &bytes[..bytes.len() - 5]).unwrap();
    let output = spielwerk(&["train", "--game", "ataxx", "--data", data_arg, "--out", net_arg]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success() && stderr.contains("(truncated)") && stderr.contains("byte "),
        "{stderr}"
    );
    // Games without a network have no binary data.
    let output = spielwerk(&[&datagen[..], &["--game", "amakta"]].concat());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("'amakta' has no network"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn datagen_continues_a_cut_file_to_the_bytes_of_an_uninterrupted_run() {
    let dir = std::env::temp_dir().join(format!("spielwerk-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for format in ["text", "binary"] {
        let (whole, part) = (dir.join(format!("whole.{format}")), dir.join(format!("part.{format}")));
        let datagen = |games: &str, out: &std::path::Path, extra: &[&str]| {
            let base =
                ["datagen", "--game", "ataxx", "--nodes", "300", "--draw-after", "30", "--format", format];
            let args = [&base[..], &["--games", games, "--out", out.to_str().unwrap()], extra].concat();
            let output = spielwerk(&args);
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            (output.status.success(), String::from_utf8_lossy(&output.stdout).into_owned(), stderr)
        };
        assert!(datagen("3", &whole, &[]).0);
        let expected = std::fs::read(&whole).unwrap();
        assert!(datagen("2", &part, &[]).0);
        // Cut in the middle of the second game, then asked for three.
        let two = std::fs::read(&part).unwrap();
        std::fs::write(&part, &two[..two.len() - 10]).unwrap();
        let (ok, stdout, stderr) = datagen("3", &part, &[]);
        assert!(ok, "{stderr}");
        assert!(stderr.contains("games 3/3 (1 found in the file)"), "{stderr}");
        assert!(stdout.contains("3 games (1 found in the file)"), "{stdout}");
        assert_eq!(std::fs::read(&part).unwrap(), expected, "{format}");
        let (ok, stdout, _) = datagen("3", &part, &[]);
        assert!(ok && stdout.contains("already holds 3 games"), "{stdout}");
        // Other settings are refused by name; --fresh starts over.
        let (ok, _, stderr) = datagen("3", &part, &["--seed", "2"]);
        assert!(!ok && stderr.contains("written with seed '1', this run asks for '2'"), "{stderr}");
        let (ok, _, stderr) = datagen("1", &part, &["--seed", "2", "--fresh"]);
        assert!(ok && stderr.contains("games 1/1 (0 found in the file)"), "{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

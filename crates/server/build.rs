//! Lists the files of the built web UI (`web/dist`: the page's bundle and
//! the chunks it loads on demand, whose names change with their content)
//! for `http::assets`, each embedded with `include_str!`, so that a new
//! build of the UI is picked up by the next `cargo build`.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let dist = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../web/dist");
    println!("cargo:rerun-if-changed={}", dist.display());
    let mut names: Vec<String> = fs::read_dir(&dist)
        .unwrap_or_else(|error| panic!("the web UI's bundle {}: {error}", dist.display()))
        .map(|entry| entry.expect("a listed file").file_name().into_string().expect("a UTF-8 file name"))
        .collect();
    names.sort();
    let mut list = String::from("&[\n");
    for name in names {
        let path = dist.join(&name);
        writeln!(list, "    ({name:?}, include_str!({:?})),", path.display().to_string()).expect("a string");
    }
    list.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("dist.rs");
    fs::write(out, list).expect("the list of the bundle's files is written");
}

//! Finds the migrations, `migrations/NNNN_name.sql`, and writes the list
//! that `src/migrations.rs` includes: adding a migration is adding a file.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // The package's folder of this build, read when the script runs (not
    // when it was compiled: a shared build folder may reuse the script).
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("migrations");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<(usize, String)> = std::fs::read_dir(&dir)
        .expect("the migrations folder")
        .map(|entry| entry.expect("a migration file").file_name().into_string().expect("a UTF-8 name"))
        .filter(|name| name.ends_with(".sql"))
        .map(|name| {
            let number = name
                .split_once('_')
                .and_then(|(number, _)| number.parse().ok())
                .unwrap_or_else(|| panic!("migration {name} is not named NNNN_name.sql"));
            (number, name)
        })
        .collect();
    files.sort();
    let mut list = String::from("&[\n");
    for (index, (number, name)) in files.iter().enumerate() {
        assert_eq!(*number, index + 1, "migration {name}: the numbers must run 1, 2, 3… without gaps");
        let path = dir.join(name);
        writeln!(list, "    Migration {{ name: {name:?}, sql: include_str!({:?}) }},", path.display())
            .unwrap();
    }
    list.push(']');
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("migrations.rs");
    std::fs::write(out, list).expect("writing the list of migrations");
}

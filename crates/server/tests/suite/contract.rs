//! The generated TypeScript of the contract (`web/src/contract/`) is what
//! the contract's Rust types give today. `SPIELWERK_BLESS=1 cargo test -p
//! spielwerk-server --test contract` writes it anew. The games' views
//! (the `view` of a game's state, typed by each game crate) are written
//! into its sub-folder `games/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The committed folder of the generated files.
fn committed() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/contract")
}

/// Every file under `dir` (relative path → contents).
fn files(dir: &Path) -> BTreeMap<PathBuf, String> {
    fn walk(root: &Path, dir: &Path, found: &mut BTreeMap<PathBuf, String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(root, &path, found);
            } else {
                let text = std::fs::read_to_string(&path).expect("a readable file");
                found.insert(path.strip_prefix(root).expect("under the root").to_owned(), text);
            }
        }
    }
    let mut found = BTreeMap::new();
    walk(dir, dir, &mut found);
    found
}

/// Writes the TypeScript declarations of every game's view (and the types
/// they use) into `dir/games/`, with the contract's settings.
fn export_views(dir: &Path) -> Result<(), ts_rs::ExportError> {
    use ts_rs::TS;
    let cfg = spielwerk_server::contract::config(dir);
    ataxx::view::AtaxxView::export_all(&cfg)?;
    abalone::view::AbaloneView::export_all(&cfg)?;
    formation::view::FormationView::export_all(&cfg)?;
    amakta::view::AmaktaView::export_all(&cfg)?;
    amakta::infinit::view::InfinitView::export_all(&cfg)
}

#[test]
fn the_generated_typescript_is_current() {
    let fresh = std::env::temp_dir().join(format!("spielwerk-contract-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&fresh);
    spielwerk_server::contract::export(&fresh).expect("the contract exports");
    export_views(&fresh).expect("the games' views export");
    let generated = files(&fresh);
    let _ = std::fs::remove_dir_all(&fresh);
    assert!(generated.keys().any(|p| p.ends_with("SeatId.ts")), "the contract was written: {generated:?}");
    assert!(generated.contains_key(Path::new("games/AtaxxView.ts")), "the views were written: {generated:?}");
    let dir = committed();
    if std::env::var_os("SPIELWERK_BLESS").is_some() {
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in &generated {
            let target = dir.join(path);
            std::fs::create_dir_all(target.parent().expect("a folder")).expect("the folder is made");
            std::fs::write(target, text).expect("the file is written");
        }
        return;
    }
    let committed = files(&dir);
    let stale: std::collections::BTreeSet<_> = generated
        .keys()
        .chain(committed.keys())
        .filter(|path| generated.get(*path) != committed.get(*path))
        .collect();
    assert!(
        stale.is_empty(),
        "web/src/contract is stale in {stale:?}: run `SPIELWERK_BLESS=1 cargo test -p spielwerk-server --test contract` and commit"
    );
}

//! The server's layering, read from its source: the modules' imports
//! (`crate::…` paths, `use` groups expanded) form no circle, and no module
//! imports from a layer above its own (`contract` < `core` < `features` <
//! `http`); only `http` names an HTTP crate (axum, hyper, tower); only the
//! core reaches the store (the layers above name its rows and ops, never
//! the store itself, its reads or its errors).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may import from its own layer and
/// the ones below. The contract (the reply and message types) is the
/// lowest.
const LAYERS: [&str; 4] = ["contract", "core", "features", "http"];

/// Which module imports which: module paths like `core::app` (the crate
/// root is `crate`).
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The module a file under `src` holds: `core/app.rs` → `core::app`,
/// `core/mod.rs` → `core`, `lib.rs` → `crate`.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).expect("a file under src").with_extension("");
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    if parts == ["lib"] { "crate".to_owned() } else { parts.join("::") }
}

/// The source without comments (`//…` to the line's end), so that doc
/// links are not taken for imports.
fn without_comments(source: &str) -> String {
    source.lines().map(|line| line.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// Expands a `use` tree (after `crate::`) into its paths: `a::{b, c::d}`
/// → `a::b`, `a::c::d`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap_or_default().trim().to_owned()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter(|item| !item.trim().is_empty())
        .flat_map(expand)
        .map(|path| {
            if path == "self" { prefix.trim_end_matches("::").to_owned() } else { format!("{prefix}{path}") }
        })
        .collect()
}

/// Every `crate::…` path a source names: in `use crate::…;` statements
/// (groups expanded) and inline.
fn crate_paths(source: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("crate::") {
        let preceded = rest[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[at + "crate::".len()..];
        if !preceded {
            paths.extend(expand(&rest[..path_end(rest)]));
        }
    }
    paths
}

/// Where the path at the start of `text` ends: after its name parts, or
/// after the `{…}` group they lead to.
fn path_end(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => return i + 1,
            '}' => depth -= 1,
            c if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':') => return i,
            _ => {}
        }
    }
    text.len()
}

/// The module a path names: the longest of its prefixes that is a module.
fn target(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").map(str::trim).filter(|p| !p.is_empty()).collect();
    (1..=parts.len()).rev().map(|n| parts[..n].join("::")).find(|candidate| modules.contains(candidate))
}

/// The import graph of the sources `(module, text)`.
fn graph_of(sources: &[(String, String)]) -> Graph {
    let modules: BTreeSet<String> = sources.iter().map(|(module, _)| module.clone()).collect();
    let mut graph = Graph::new();
    for (module, text) in sources {
        let imports = graph.entry(module.clone()).or_default();
        for path in crate_paths(&without_comments(text)) {
            if let Some(target) = target(&path, &modules)
                && target != *module
                && !module.starts_with(&format!("{target}::"))
                && target != "crate"
            {
                imports.insert(target);
            }
        }
    }
    graph
}

/// The server's own sources.
fn server_sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .iter()
        .map(|file| (module_of(&src, file), std::fs::read_to_string(file).expect("a readable source")))
        .collect()
}

/// What only the core may name of the store crate: the store, its reads,
/// what it shares between instances and its errors. The layers above it
/// reach the store through the core (`core::storage`: `App::read`,
/// `App::write`, `App::commit`) and name only its rows and ops.
const STORE_ITSELF: [&str; 8] =
    ["Store", "Reads", "Shared", "Claims", "Database", "StoreError", "ErrorKind", "BackendError"];

/// Every path after `store::` that a source names (`use crate::store::…`,
/// `::store::…` or inline), `use` groups expanded: `store::{Op, Store}` →
/// `Op`, `Store`.
fn store_paths(source: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("store::") {
        let preceded = rest[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[at + "store::".len()..];
        if !preceded {
            paths.extend(expand(&rest[..path_end(rest)]));
        }
    }
    paths
}

/// What a module above the core names of the store itself (see
/// [`STORE_ITSELF`]), as `module → store::Item`.
fn store_reached(sources: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (module, text) in sources {
        if layer_of(module).is_some_and(|layer| layer >= 2) {
            for path in store_paths(&without_comments(text)) {
                let item = path.split("::").next().unwrap_or_default().trim();
                if STORE_ITSELF.contains(&item) {
                    found.push(format!("{module} → store::{item}"));
                }
            }
        }
    }
    found
}

/// The layer of a module (its index in [`LAYERS`]); `None` outside them.
fn layer_of(module: &str) -> Option<usize> {
    let top = module.split("::").next()?;
    LAYERS.iter().position(|layer| *layer == top)
}

/// The circles of the graph: its strongly connected parts of more than
/// one module (Tarjan's algorithm), each sorted.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut part = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    part.push(top.to_owned());
                    if top == node {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}

/// The imports from a lower layer to a higher one, as `from → to`.
fn upward(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (from, imports) in graph {
        for to in imports {
            if let (Some(low), Some(high)) = (layer_of(from), layer_of(to))
                && low < high
            {
                found.push(format!("{from} → {to}"));
            }
        }
    }
    found
}

#[test]
fn the_server_has_no_import_circle_and_imports_only_downwards() {
    let graph = graph_of(&server_sources());
    assert!(graph.len() > 30, "the sources were read: {:?}", graph.keys());
    assert!(graph["core::app"].contains("core::table"), "imports were found: {:?}", graph["core::app"]);
    let circles = circles(&graph);
    assert!(circles.is_empty(), "import circles among the server's modules: {circles:#?}");
    let upward = upward(&graph);
    assert!(upward.is_empty(), "imports from a lower layer to a higher one: {upward:#?}");
}

#[test]
fn only_the_http_layer_names_an_http_crate() {
    for (module, text) in server_sources() {
        if layer_of(&module).is_some_and(|layer| layer <= 2) {
            let code = without_comments(&text);
            for http in ["axum", "hyper", "tower", "StatusCode"] {
                assert!(!code.contains(http), "{module} names {http}");
            }
        }
    }
}

#[test]
fn only_the_core_reaches_the_store() {
    let sources = server_sources();
    let named: Vec<String> = sources
        .iter()
        .filter(|(module, _)| module.starts_with("features::"))
        .flat_map(|(_, text)| store_paths(&without_comments(text)))
        .collect();
    assert!(named.iter().any(|path| path == "Op"), "the features' store paths were read: {named:?}");
    let reached = store_reached(&sources);
    assert!(
        reached.is_empty(),
        "modules above the core that reach the store itself (go through core::storage): {reached:#?}"
    );
}

#[test]
fn a_feature_that_names_the_store_itself_is_found() {
    let source = |module: &str, text: &str| (module.to_owned(), text.to_owned());
    let sources = [
        source("core::storage", "use crate::store::{Op, Reads, Store, StoreError};"),
        source("features::mutes", "use crate::store::Op; // a crate::store::Store in a comment"),
        source("features::seeks", "use crate::store::{Op, SeekRow, StoreError};"),
        source("features::pools", "fn f(s: &::store::Store) {}"),
        source("http::api", "use crate::{core::app::App, store::{self, ErrorKind}};"),
        source("crate", "let store = store::Store::open(db);"),
    ];
    assert_eq!(
        store_reached(&sources),
        [
            "features::seeks → store::StoreError",
            "features::pools → store::Store",
            "http::api → store::ErrorKind"
        ]
    );
}

#[test]
fn circles_and_upward_imports_are_found_in_a_small_graph() {
    let source = |module: &str, text: &str| (module.to_owned(), text.to_owned());
    let sources = [
        source("crate", "mod core; mod features; mod http;"),
        source("core::app", "use crate::core::table::Table; use crate::features::{chat, lobby::Lobby};"),
        source("core::table", "// use crate::core::app; (a comment)\nfn f() { crate::core::cache::get() }"),
        source("core::cache", "use crate::{core::{app::App, table}, http::api as routes};"),
        source("features::chat", "use crate::core::app::App;"),
        source("features::lobby", "use crate::core::table::Table;"),
        source("http::api", "use crate::features::chat;"),
    ];
    let graph = graph_of(&sources);
    assert_eq!(
        graph["core::cache"],
        BTreeSet::from(["core::app".into(), "core::table".into(), "http::api".into()])
    );
    // app → lobby → table → cache → app, and cache → api → chat → app.
    let circle =
        ["core::app", "core::cache", "core::table", "features::chat", "features::lobby", "http::api"];
    assert_eq!(circles(&graph), vec![circle.map(str::to_owned).to_vec()]);
    assert_eq!(
        upward(&graph),
        ["core::app → features::chat", "core::app → features::lobby", "core::cache → http::api"]
    );
    let clean = [
        source("core::table", ""),
        source("core::app", "use crate::core::table::Table;"),
        source("features::chat", "use crate::core::{app::App, table};"),
        source("http::api", "use crate::{core::app, features::chat};"),
    ];
    let clean = graph_of(&clean);
    assert_eq!(clean["http::api"].len(), 2);
    assert!(circles(&clean).is_empty() && upward(&clean).is_empty(), "{clean:?}");
}

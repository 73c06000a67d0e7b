#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian machine, installing what it
# needs first (PostgreSQL's binaries, Node; the browser tests install
# Chromium and their npm packages themselves) or saying in one line what is
# missing. Then: formatting, clippy and rustdoc without warnings, every Rust
# test of the workspace, the store's and the server's API tests again on
# PostgreSQL, the game crates' tests once more without their engines, the
# web UI's checks (types, unit tests, the committed bundle) and the browser
# end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")"
# A one-off CI build gains nothing from incremental caches, which would
# take gigabytes of its disk.
if [ "${CI:-}" = true ]; then
  export CARGO_INCREMENTAL=0
fi

missing() {
  echo "test.sh: $1" >&2
  exit 1
}

# Installs Debian packages when we may (root with apt-get), else says what is missing.
apt_install() {
  local what="$1"
  shift
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test.sh: installing $what (Debian: $*)"
    (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "$@") >/dev/null ||
      missing "installing $what failed: apt-get install $*"
  else
    missing "$what is missing: install Debian's $* (as root), then run ./test.sh again"
  fi
}

command -v cargo >/dev/null || missing "cargo is missing: install Rust 1.95 with rustup"
cargo fmt --version >/dev/null 2>&1 || missing "rustfmt is missing: rustup component add rustfmt"
cargo clippy --version >/dev/null 2>&1 || missing "clippy is missing: rustup component add clippy"

# PostgreSQL's binaries for the server's throw-away test clusters:
# SPIELWERK_PG_BIN, Debian's /usr/lib/postgresql/<version>/bin, or initdb on PATH.
if [ -z "${SPIELWERK_PG_BIN:-}" ] && ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  if command -v initdb >/dev/null; then
    SPIELWERK_PG_BIN="$(dirname "$(command -v initdb)")"
    export SPIELWERK_PG_BIN
  else
    apt_install "PostgreSQL" postgresql
  fi
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt_install "Node.js" nodejs npm
fi

# Says which stage starts, with the time since the start, so that a slow
# run shows where its minutes went.
stage() {
  echo "test.sh: [$((SECONDS / 60))m$((SECONDS % 60))s] $*"
}

# Code quality: formatted, no clippy warnings, documentation builds clean.
stage "formatting, clippy, rustdoc"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet

stage "the workspace's tests"
cargo test --workspace --locked
# The test programs just built, listed without building anything again:
# running them directly below (rather than `cargo test -p …`, whose narrower
# feature set would rebuild shared dependencies) saves minutes in CI.
built=$(cargo test --workspace --locked --no-run --message-format=json 2>/dev/null |
  node -e '
    let out = "";
    require("readline").createInterface({ input: process.stdin }).on("line", (line) => {
      const m = JSON.parse(line);
      if (m.reason !== "compiler-artifact" || !m.executable) return;
      const dir = m.manifest_path.replace(/\/Cargo\.toml$/, "");
      // A binary built to be run ("bin") or its own unit tests ("bin-tests").
      const kind = m.target.kind[0] + (m.target.kind[0] === "bin" && m.profile.test ? "-tests" : "");
      out += `${kind} ${m.target.name} ${dir} ${m.executable}\n`;
    }).on("close", () => process.stdout.write(out));')
# Runs on PostgreSQL the built test programs of the package in folder DIR
# (relative to here): all of them (lib and tests) but the NAMEd ones, each in
# its package's folder as cargo does; the arguments after `--` go to every
# program (e.g. `--skip MODULE::` to leave out one module's tests). Names
# are looked up in DIR only, since test names repeat across packages.
run_built_on_postgres() {
  local dir="$PWD/$1" lines name
  shift
  lines=$(awk -v dir="$dir" '$3 == dir && ($1 == "lib" || $1 == "test")' <<<"$built")
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    name="$1"
    shift
    grep -q "^test $name " <<<"$lines" || missing "no built test $name in $dir"
    lines=$(awk -v name="$name" '!($1 == "test" && $2 == name)' <<<"$lines")
  done
  [ $# -gt 0 ] && shift
  [ -n "$lines" ] || missing "no built tests in $dir"
  while read -r kind name _ exe; do
    echo "test.sh: $name ($kind) on PostgreSQL"
    (cd "$dir" && SPIELWERK_TEST_DB=postgres "$exe" -q "$@")
  done <<<"$lines"
}
# The store's tests and the server's once more on PostgreSQL (a
# throw-away cluster the tests start, crates/pgtest). The server's all but:
# the program `kill` (its own server process on SQLite), and in the program
# `suite` the modules instances (on PostgreSQL already, two instances on
# one), layering (reads the source) and attacks (a measurement, ignored
# unless asked for).
stage "the store's and the server's tests on PostgreSQL"
run_built_on_postgres crates/store
run_built_on_postgres crates/server kill -- --skip instances:: --skip layering:: --skip attacks::
# Every game's rules alone (the game crates' default features `engine` and
# `presentation` off): neither the search crate nor serde_json is among
# their dependencies, and their tests pass.
games=(-p spielwerk-ataxx -p spielwerk-abalone -p spielwerk-formation -p spielwerk-amakta)
rules_only=$(cargo tree --locked --no-default-features -e normal --prefix none "${games[@]}")
if grep -q '^spielwerk-search ' <<<"$rules_only"; then
  echo "a game crate needs the search crate without its engine feature" >&2
  exit 1
fi
if grep -q '^serde_json ' <<<"$rules_only"; then
  echo "a game crate needs serde_json without its presentation feature" >&2
  exit 1
fi
stage "the game crates without their engines"
cargo test --locked --no-default-features "${games[@]}"
stage "the web UI's checks"
# The web UI (web/): its types, its lint and formatting (Biome, web/biome.jsonc),
# its unit tests, and the committed bundle is exactly what a fresh build of its
# sources gives.
(cd web && npm ci --no-audit --no-fund --loglevel=error && npx tsc --noEmit && npx biome ci src test && npm test && node build.mjs --verify)
# The browser tests drive the `spielwerk` program the tests above built
# (optimised by [profile.test]), so no release build is needed here.
stage "the browser tests"
SPIELWERK_BINARY=$(grep -m1 '^bin spielwerk ' <<<"$built" | cut -d' ' -f4) bash e2e/run.sh
stage "done"

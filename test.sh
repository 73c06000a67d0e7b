#!/usr/bin/env bash
# Runs the whole test suite: every Rust test of the workspace (the server's
# need PostgreSQL's binaries, Debian's postgresql package), the server's API
# tests again on PostgreSQL, the game
# crates' tests once more without their engines, the web UI's checks (web/),
# then the browser end-to-end
# tests (which install Chromium and the npm packages they need on first use).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --locked
# The server's API tests once more on PostgreSQL (a throw-away cluster the
# tests start; tests/instances.rs above runs two instances on one).
SPIELWERK_TEST_DB=postgres cargo test --locked -p spielwerk-server --test api --test updates --test large_states \
  --test loadtest --test analysis --test analysis_board --test accounts --test gamepage
# Every game's rules without its engines (the game crates' default feature
# `engine` off): the search crate is not among their dependencies, and their
# tests pass.
games=(-p spielwerk-ataxx -p spielwerk-abalone -p spielwerk-formation -p spielwerk-amakta)
rules_only=$(cargo tree --locked --no-default-features -e normal --prefix none "${games[@]}")
if grep -q '^spielwerk-search ' <<<"$rules_only"; then
  echo "a game crate needs the search crate without its engine feature" >&2
  exit 1
fi
cargo test --locked --no-default-features "${games[@]}"
# The web UI (web/): its types, its unit tests, and the committed bundle is
# exactly what a fresh build of its sources gives.
(cd web && npm ci --no-audit --no-fund --loglevel=error && npx tsc --noEmit && npm test && node build.mjs --verify)
if [ -x e2e/run.sh ]; then
  bash e2e/run.sh
fi

#!/usr/bin/env bash
# Runs the whole test suite: every Rust test of the workspace, then the
# browser end-to-end tests (which install Chromium and the npm packages they
# need on first use).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --locked
if [ -x e2e/run.sh ]; then
  bash e2e/run.sh
fi

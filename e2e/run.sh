#!/usr/bin/env bash
# End-to-end tests of the web UI: builds spielwerk (release, unless
# SPIELWERK_BINARY names one), serves it on a
# free loopback port with a temporary database, drives it with headless
# Chromium (playwright-core) and stops it. Exits non-zero on failure; the
# last line is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
root="$(cd .. && pwd)"

fail() {
  echo "e2e: $1" >&2
  echo "0 passed, 1 failed"
  exit 1
}

if [ ! -x /usr/bin/chromium ]; then
  (apt-get update && apt-get install -y chromium) >/dev/null || fail "cannot install chromium"
fi
# Installs the pinned packages unless they are there already (several runs at once must not
# delete each other's node_modules).
npm ls --depth=0 >/dev/null 2>&1 || npm ci --no-audit --no-fund --loglevel=error || fail "npm ci failed"
# SPIELWERK_BINARY names a built `spielwerk` to test (test.sh passes the one
# its tests built); without it, a release build is made here.
if [ -n "${SPIELWERK_BINARY:-}" ]; then
  binary="$SPIELWERK_BINARY"
  [ -x "$binary" ] || fail "SPIELWERK_BINARY is not a program: $binary"
else
  (cd "$root" && cargo build --release -p spielwerk) || fail "cargo build failed"
  target="${CARGO_TARGET_DIR:-$root/target}"
  case "$target" in /*) ;; *) target="$root/$target" ;; esac
  binary="$target/release/spielwerk"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
  fi
  # A server a test restarted (see "Stopping the server" in tests.mjs).
  if [ -s "$work/restarted.pid" ]; then
    kill "$(cat "$work/restarted.pid")" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# A short absence before the win can be claimed, for the tests of suites/people.mjs; arenas of a
# minute, for suites/arena-bots.mjs.
"$binary" serve --addr 127.0.0.1:0 --db "$work/e2e.db" --absence-secs 3 --league-signup-minutes 1 \
  --shortest-arena-minutes 1 >"$work/server.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 100); do
  url="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/server.log" | head -1)"
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  cat "$work/server.log" >&2
  fail "the server did not start"
fi
echo "e2e: server at $url"
# A debug build compresses each asset slowly on its first request (then keeps it): fetch them
# once here, so that the first test's page load does not run into its timeout.
for asset in $(curl -s "$url/" | grep -o '/assets/[^"]*' | sort -u); do
  curl -s -o /dev/null -H "Accept-Encoding: gzip, deflate, br, zstd" "$url$asset"
done

# Tests may stop this server and start it again on the same address and database.
E2E_SERVER_PID="$server_pid" E2E_BINARY="$binary" E2E_DB="$work/e2e.db" E2E_WORK="$work" \
  node tests.mjs "$url" | tee "$work/e2e.out"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "--- server log ---"
  tail -50 "$work/server.log"
  grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/e2e.out" || echo "0 passed, 1 failed"
fi
exit "$status"

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

# E2E_WORKERS (default 2) lanes run the tests side by side, each against a server of its own with
# its own database, so that nothing one lane does (pools, seeks, a restart) reaches the other.
# Each lane takes the next test nobody has taken yet (tests.mjs, E2E_QUEUE).
workers="${E2E_WORKERS:-2}"
case "$workers" in '' | *[!0-9]* | 0) fail "E2E_WORKERS is not a positive number: $workers" ;; esac
work="$(mktemp -d)"
mkdir "$work/queue"
server_pids=()
cleanup() {
  local pid lane
  for pid in "${server_pids[@]}"; do
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  # A server a test restarted (see "Stopping the server" in tests.mjs).
  for lane in "$work"/lane*; do
    if [ -s "$lane/restarted.pid" ]; then
      kill "$(cat "$lane/restarted.pid")" 2>/dev/null
    fi
  done
  rm -rf "$work"
}
trap cleanup EXIT

# Starts lane N's server and prints its address. A short absence before the win can be claimed,
# for the tests of suites/people.mjs; arenas of a minute, for suites/arena-bots.mjs; no house
# arenas (a test of suites/tournaments.mjs turns them on).
start_server() {
  local lane="$work/lane$1" url=""
  mkdir "$lane"
  "$binary" serve --addr 127.0.0.1:0 --db "$lane/e2e.db" --absence-secs 3 --league-signup-minutes 0.1 \
    --shortest-arena-minutes 1 --house-arena-minutes 0 >"$lane/server.log" 2>&1 &
  echo $! >"$lane/server.pid"
  for _ in $(seq 100); do
    url="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$lane/server.log" | head -1)"
    [ -n "$url" ] && break
    kill -0 "$(cat "$lane/server.pid")" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$url" ]; then
    cat "$lane/server.log" >&2
    return 1
  fi
  # A debug build compresses each asset slowly on its first request (then keeps it): fetch them
  # once here, so that the first test's page load does not run into its timeout.
  for asset in $(curl -s "$url/" | grep -o '/assets/[^"]*' | sort -u); do
    curl -s -o /dev/null -H "Accept-Encoding: gzip, deflate, br, zstd" "$url$asset"
  done
  echo "$url"
}

urls=()
for lane in $(seq "$workers"); do
  url="$(start_server "$lane")" || fail "the server of lane $lane did not start"
  server_pids+=("$(cat "$work/lane$lane/server.pid")")
  urls+=("$url")
  echo "e2e: lane $lane's server at $url"
done

# Tests may stop their lane's server and start it again on the same address and database. The
# lanes' lines are shown as they come (each whole), but for each lane's own summary.
lane_pids=()
for lane in $(seq "$workers"); do
  dir="$work/lane$lane"
  E2E_SERVER_PID="$(cat "$dir/server.pid")" E2E_BINARY="$binary" E2E_DB="$dir/e2e.db" E2E_WORK="$dir" \
    E2E_QUEUE="$work/queue" node tests.mjs "${urls[$((lane - 1))]}" 2>&1 | tee "$dir/e2e.out" |
    grep --line-buffered -vE '^[0-9]+ passed, [0-9]+ failed$' &
  lane_pids+=($!)
done
for pid in "${lane_pids[@]}"; do
  wait "$pid"
done
status=0
passed=0
failed=0
for lane in $(seq "$workers"); do
  dir="$work/lane$lane"
  summary="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$dir/e2e.out" | tail -1)"
  if [ -z "$summary" ]; then
    echo "e2e: lane $lane ended without its summary"
    tail -20 "$dir/e2e.out"
    failed=$((failed + 1))
    status=1
    continue
  fi
  passed=$((passed + ${summary%% passed*}))
  lane_failed=${summary#* passed, }
  failed=$((failed + ${lane_failed%% failed}))
  if ! grep -qE '^0 failed' <<<"$lane_failed"; then
    echo "--- lane $lane's server log ---"
    tail -50 "$dir/server.log"
  fi
done
[ "$failed" -eq 0 ] || status=1
echo "$passed passed, $failed failed"
exit "$status"

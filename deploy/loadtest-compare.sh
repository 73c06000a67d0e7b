#!/usr/bin/env bash
# The load test side by side, in one run: GAMES (500) concurrent games of
# GAME (ataxx), MOVES (40) moves per pair, first against two instances that
# share a PostgreSQL database (each game's two players on different
# instances), then against one instance on SQLite. Makes a throw-away
# PostgreSQL cluster (Debian's postgresql package; as `nobody` when run as
# root) with PostgreSQL's default durability; needs a release build
# (cargo build --release).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SPIELWERK_BIN:-$PWD/target/release/spielwerk}
games=${GAMES:-500}
moves=${MOVES:-40}
game=${GAME:-ataxx}
tmp=$(mktemp -d)
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
as=()
if [ "$(id -u)" = 0 ]; then as=(runuser -u nobody --); chown nobody "$tmp"; fi
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "${as[@]}" "$pgbin/pg_ctl" -D "$tmp/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
"${as[@]}" "$pgbin/initdb" -D "$tmp/pg" -U spielwerk --auth=trust -E UTF8 >/dev/null
"${as[@]}" "$pgbin/pg_ctl" -D "$tmp/pg" -l "$tmp/pg.log" -w \
  -o "-p 5440 -k $tmp -c listen_addresses=127.0.0.1" start >/dev/null
"$pgbin/psql" -h 127.0.0.1 -p 5440 -U spielwerk -d postgres -qc "CREATE DATABASE spielwerk"
url=postgres://spielwerk@127.0.0.1:5440/spielwerk
"$bin" migrate --db "$url"

serve() { # port db
  "$bin" serve --addr "127.0.0.1:$1" --db "$2" --games-per-minute 0 --connections-per-address 0 >/dev/null &
  pids+=($!)
  until curl -fs "http://127.0.0.1:$1/healthz" >/dev/null; do sleep 0.2; done
}

serve 18081 "$url"
serve 18082 "$url"
echo "== two instances on PostgreSQL =="
"$bin" loadtest --addr 127.0.0.1:18081 --addr 127.0.0.1:18082 --games "$games" --moves "$moves" --game "$game" || true
kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null || true; pids=()

serve 18083 "$tmp/sqlite.db"
echo "== one instance on SQLite =="
"$bin" loadtest --addr 127.0.0.1:18083 --games "$games" --moves "$moves" --game "$game" || true

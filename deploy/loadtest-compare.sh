#!/usr/bin/env bash
# The load test side by side, in one run: GAMES (500) concurrent games of
# GAME (ataxx), MOVES (40) moves per pair, first against two instances that
# share a PostgreSQL database (each game's two players on different
# instances), then against one instance on SQLite. Makes a throw-away
# PostgreSQL cluster (Debian's postgresql package; as `nobody` when run as
# root) with PostgreSQL's default durability; needs a release build
# (cargo build --release), or SPIELWERK_BIN. With PG_STATS=1 PostgreSQL
# loads pg_stat_statements and the statements that took the database's
# time in the PostgreSQL run are printed (calls, total and mean ms).
# `uptime` is printed before each run: the figures mean little on a busy
# machine.
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
preload=
if [ "${PG_STATS:-0}" = 1 ]; then preload="-c shared_preload_libraries=pg_stat_statements"; fi
"${as[@]}" "$pgbin/pg_ctl" -D "$tmp/pg" -l "$tmp/pg.log" -w \
  -o "-p 5440 -k $tmp -c listen_addresses=127.0.0.1 $preload" start >/dev/null
"$pgbin/psql" -h 127.0.0.1 -p 5440 -U spielwerk -d postgres -qc "CREATE DATABASE spielwerk"
if [ -n "$preload" ]; then
  "$pgbin/psql" -h 127.0.0.1 -p 5440 -U spielwerk -d spielwerk -qc "CREATE EXTENSION pg_stat_statements"
fi
url=postgres://spielwerk@127.0.0.1:5440/spielwerk
"$bin" migrate --db "$url"

# Request logging off (RUST_LOG=warn unless set): 20,000 log lines per
# run would be measured too. A player's connection idles while the
# opponent's move travels through the other instance, which on a busy
# machine can take longer than the default 10 s header timeout, and the
# load test does not reconnect: HEADER_TIMEOUT (60 s) keeps them open.
serve() { # port db
  RUST_LOG=${RUST_LOG:-warn} "$bin" serve --addr "127.0.0.1:$1" --db "$2" --games-per-minute 0 \
    --connections-per-address 0 --header-timeout "${HEADER_TIMEOUT:-60}" >/dev/null &
  pids+=($!)
  until curl -fs "http://127.0.0.1:$1/healthz" >/dev/null; do sleep 0.2; done
}

serve 18081 "$url"
serve 18082 "$url"
echo "== two instances on PostgreSQL == ($(uptime))"
"$bin" loadtest --addr 127.0.0.1:18081 --addr 127.0.0.1:18082 --games "$games" --moves "$moves" --game "$game" || true
if [ -n "$preload" ]; then
  "$pgbin/psql" -h 127.0.0.1 -p 5440 -U spielwerk -d spielwerk -c "SELECT calls, round(total_exec_time) AS total_ms,
    round(mean_exec_time::numeric, 3) AS mean_ms, left(regexp_replace(query, '\s+', ' ', 'g'), 70) AS statement
    FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 12"
fi
kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null || true; pids=()

serve 18083 "$tmp/sqlite.db"
echo "== one instance on SQLite == ($(uptime))"
"$bin" loadtest --addr 127.0.0.1:18083 --games "$games" --moves "$moves" --game "$game" || true

#!/usr/bin/env bash
# Two `spielwerk serve` instances on one PostgreSQL database behind nginx,
# in the foreground until Ctrl-C:
#
#   http://127.0.0.1:8080  nginx, round-robin to both instances
#   http://127.0.0.1:8081  instance A
#   http://127.0.0.1:8082  instance B
#
# The database is $SPIELWERK_DB (a postgres:// URL) if set; else the script
# makes a throw-away PostgreSQL cluster in ./two-instances/pg (Debian's
# postgresql package; run as `nobody` when the script runs as root) on port
# 5439. Needs nginx (Debian's nginx package) and a release build
# (cargo build --release).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/two-instances
bin=${SPIELWERK_BIN:-$root/target/release/spielwerk}
mkdir -p "$work/run/tmp"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ -n "${pg_stop:-}" ]; then eval "$pg_stop" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT INT TERM

if [ -z "${SPIELWERK_DB:-}" ]; then
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
  as=()
  if [ "$(id -u)" = 0 ]; then as=(runuser -u nobody --); chown nobody "$work"; fi
  if [ ! -d "$work/pg" ]; then
    "${as[@]}" "$pgbin/initdb" -D "$work/pg" -U spielwerk --auth=trust -E UTF8 >/dev/null
  fi
  "${as[@]}" "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
    -o "-p 5439 -k $work -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
  pg_stop="${as[*]} $pgbin/pg_ctl -D $work/pg -m fast stop"
  "$pgbin/psql" -h 127.0.0.1 -p 5439 -U spielwerk -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'spielwerk'" | grep -q 1 ||
    "$pgbin/psql" -h 127.0.0.1 -p 5439 -U spielwerk -d postgres -qc "CREATE DATABASE spielwerk"
  SPIELWERK_DB=postgres://spielwerk@127.0.0.1:5439/spielwerk
fi

"$bin" migrate --db "$SPIELWERK_DB"
for port in 8081 8082; do
  "$bin" serve --addr "127.0.0.1:$port" --db "$SPIELWERK_DB" --trusted-proxy 127.0.0.1 --public-url http://127.0.0.1:8080 "$@" &
  pids+=($!)
done
for port in 8081 8082; do
  until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.2; done
done
nginx -p "$work/run" -c "$root/deploy/nginx-two-instances.conf" &
pids+=($!)
until curl -fs http://127.0.0.1:8080/healthz >/dev/null; do sleep 0.2; done
echo "two instances on $SPIELWERK_DB behind nginx: http://127.0.0.1:8080/ (A :8081, B :8082); Ctrl-C stops"
wait -n "${pids[@]}"

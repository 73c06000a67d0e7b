#!/usr/bin/env bash
# The memory 40 concurrent log-ins add to a server (issue 23: under 150 MB).
# Usage: deploy/login-memory.sh [BINARY] [LOGINS]
# Starts BINARY (default target/debug/spielwerk) on a fresh SQLite file,
# signs one account up, then sends LOGINS (default 40) log-ins at once from
# as many client addresses (X-Forwarded-For through --trusted-proxy
# 127.0.0.1, so that the per-address limit does not refuse them), half of
# them with a wrong password, and samples the server's resident memory.
# SERVE_ARGS adds options to `serve` (e.g. "--password-hashes 8").
set -euo pipefail
binary=${1:-target/debug/spielwerk}
logins=${2:-40}
dir=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
"$binary" serve --addr "127.0.0.1:$port" --db "$dir/db" --trusted-proxy 127.0.0.1 ${SERVE_ARGS:-} >"$dir/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$dir"' EXIT
url="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.2; done
json=(-H 'Content-Type: application/json')
curl -sf "${json[@]}" -d '{"name":"memtest","password":"correct horse"}' "$url/api/account/signup" >/dev/null
curl -sf "${json[@]}" -d '{"name":"memtest","password":"correct horse"}' "$url/api/account/login" >/dev/null
rss() { awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$server/status"; }
before=$(rss)
peak=$before
for i in $(seq "$logins"); do
  password=$([ $((i % 2)) = 0 ] && echo "correct horse" || echo "wrong password")
  curl -s -o /dev/null -w '%{http_code}\n' "${json[@]}" -H "X-Forwarded-For: 10.0.$((i / 250)).$((i % 250 + 1))" \
    -d "{\"name\":\"memtest\",\"password\":\"$password\"}" "$url/api/account/login" >>"$dir/codes" &
done
while [ "$(jobs -rp | grep -vc "^$server$")" -gt 0 ]; do
  now=$(rss); [ "$now" -gt "$peak" ] && peak=$now
  sleep 0.05
done
wait_codes=$(sort "$dir/codes" | uniq -c | tr -s ' ' | tr '\n' ';')
sleep 1
after=$(rss)
echo "logins: $logins (replies: $wait_codes) rss before: ${before} MB, peak: ${peak} MB, after: ${after} MB, extra at peak: $((peak - before)) MB"

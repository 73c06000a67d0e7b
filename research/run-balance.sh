#!/bin/sh
# The balance runs of docs/amakta-research.md (resumable: rerun to continue).
set -e
BIN=${BIN:-target/release/spielwerk}
for board in hex4 hex5 hex6; do
  nice -n 10 "$BIN" amakta balance --board $board --sets "default;beginner;long-range;doubles" \
    --random 24 --stones 7 --max-arrows 3 --seed 1 --games 40 --nodes 2000 --draw-after 200 \
    --threads 1 --out research/balance/$board
done

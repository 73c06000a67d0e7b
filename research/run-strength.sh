#!/bin/sh
# Stage 4 of docs/amakta-research.md: the recommended sets with a stronger
# engine (8,000 nodes a move, 4 times stage 2's), 100 games each (seed 4).
set -e
BIN=${BIN:-target/release/spielwerk}
for board in hex4 hex5 hex6; do
  nice -n 10 "$BIN" amakta balance --board $board --sets "fair-$board;default" --seed 4 --games 100 \
    --nodes 8000 --draw-after 200 --threads 1 --out research/strength/$board
done

#!/bin/sh
# Stage 3 of docs/amakta-research.md: the circles that make an unfair set
# fair. The set long-range scored 0.65 for the first player on hex5 in the
# screen; the handicap ladder gives White damage, or reinforcement, on its
# first 1 to 3 stones. 100 games each (seed 3). Resumable.
set -e
BIN=${BIN:-target/release/spielwerk}
nice -n 10 "$BIN" amakta balance --board hex5 --sets long-range --handicaps 3 --seed 3 --games 100 \
  --nodes 2000 --draw-after 200 --threads 1 --out research/handicap/hex5

#!/bin/sh
# The bunker runs of docs/amakta-research.md; the outputs go to research/bunker/.
set -e
BIN=${BIN:-target/release/spielwerk}
OUT=research/bunker
mkdir -p $OUT
B="nice -n 10 $BIN amakta-infinit bunker"
SEARCH="--radius 3 --max-stones 37 --beam 48"
# The original rules: the threshold, the bunker drawn, the engine attacking it (White passes).
$B $SEARCH --attack-games 10 --attacker-points 200 --nodes 2000 --draw-after 200 > $OUT/original.txt
# The arrow cap.
for cap in 6 5 4; do $B $SEARCH --arrow-cap $cap > $OUT/arrow-cap-$cap.txt; done
# The ply limit: the same bunker, the engine attacking it under the tie-break.
$B --radius 2 --attack-games 10 --attacker-points 200 --nodes 2000 --draw-after 200 --ply-limit 120 > $OUT/ply-limit-120.txt
# Self-play, engine against engine, from White's 50 and 600 points: is the game still a game?
for points in 50 600; do
  for rules in "" "--arrow-cap 5" "--ply-limit 120" "--arrow-cap 5 --ply-limit 120"; do
    name=$(echo "selfplay-$points $rules" | tr -d '-' | tr ' ' '-' | sed 's/-$//')
    $B --radius 1 --max-stones 7 --beam 4 --selfplay 100 --selfplay-points $points --nodes 2000 --draw-after 200 $rules \
      | sed -n '/^self-play/,$p' > $OUT/$name.txt
  done
done

#!/bin/sh
# Renders the pictures of the battle-grid rulings in docs/rulings/p2v.md with
# the sandbox: run from the repository root,
#   sh docs/rulings/grid/render.sh
set -e
d=docs/rulings/grid
a="cargo run -q --release -p arbiter -- grid"
$a $d/pillar.toml >/dev/null <<END
place a medium b2
place b medium f2 2
place c medium f3 2
sight a c
caption P2V-G6: a sees c past the pillar's top; to b (same rank) every line only grazes the pillar: no sight.
svg $d/g6-sight.svg
END
$a $d/open.toml >/dev/null <<END
area burst 2 at f6
caption P2V-G10: burst 2 from the corner below-left of f6 — Pathfinder's 10-foot burst, 12 squares.
svg $d/g10-burst-2.svg
area burst 4 at f6
caption P2V-G10: burst 4 from the same corner.
svg $d/g10-burst-4.svg
place L large e5
area emanation 2 from L
caption P2V-G11: emanation 2 round a Large creature — counted from the sides of its space, which it includes.
svg $d/g11-emanation.svg
remove L
place a medium f2
cone 6 from a toward n
caption P2V-G12: cone 6 aimed straight, from a's north edge: one square wide, then widening a square each side.
svg $d/g12-cone-straight.svg
cone 6 from a toward ne
caption P2V-G12: cone 6 aimed diagonally from a's north-east corner: a quarter of a burst 6.
svg $d/g12-cone-diagonal.svg
line 8 from a toward j9
caption P2V-G13: line 8 from a's nearest corner towards j9 — the squares its middle line runs through.
svg $d/g13-line.svg
END
$a $d/wall.toml >/dev/null <<END
area burst 4 at d4
caption P2V-G15: burst 4 blocked by the wall — a square counts if the line from the corner to its centre passes no solid terrain.
svg $d/g15-burst-wall.svg
END
$a $d/open.toml >/dev/null <<END
place T medium f5
place 1 medium f6 2
flanking 1 T
caption P2V-G16: with 1 north of T, a second flanker may stand on any marked square (the rulebook's first diagram).
svg $d/g16-flanking-north.svg
remove 1
place 1 medium e6 2
flanking 1 T
caption P2V-G16: with 1 diagonally north-west of T (the rulebook's second diagram, as reconstructed).
svg $d/g16-flanking-diagonal.svg
remove 1
remove T
place T large e5
place 1 medium e7 2
flanking 1 T
caption P2V-G16: a Large target T and a Medium flanker 1: the line between centres must pass through T's space.
svg $d/g16-flanking-large.svg
END

//! Helpers for the battle-grid tests: battlefields from small ASCII maps.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use arbiter_geometry::battle::{BattleMap, Battlefield, Figure, FigureId, Size, Square};

/// The legend every test map may use.
pub const LEGEND: &str = r##"
[legend]
"#" = { name = "wall", traits = ["solid"] }
"+" = { name = "door", traits = ["door"], door = "closed" }
"'" = { name = "open door", traits = ["door"], door = "open" }
":" = { name = "rubble", traits = ["difficult"] }
"Y" = { name = "brambles", traits = ["difficult", "plant"] }
"%" = { name = "darkness", traits = ["opaque"] }
"&" = { name = "undergrowth", traits = ["obstructing", "difficult"] }
"~" = { name = "deep water", traits = ["deep water", "water"] }
"w" = { name = "shallows", traits = ["difficult", "water"] }
"c" = { name = "fog", traits = ["concealing"] }
"O" = { name = "objective", traits = ["objective"] }
"@" = { name = "circle", traits = ["teleportation circle"], group = "each" }
"^" = { name = "hill", elevation = 1 }
"/" = { name = "slope", traits = ["incline"], elevation = 1 }
"T" = { name = "tower", elevation = 3 }
"L" = { name = "ladder", traits = ["incline"] }
">" = { name = "current", traits = ["directional"], direction = "e" }
"*" = { name = "fire", traits = ["hazardous"], damage = "fire" }
"x" = { name = "cottage", traits = ["solid"], height = 3 }
"N" = { name = "narrow ledge", traits = ["narrow"], elevation = 2 }
"h" = { name = "tall hedge", traits = ["obstructing"], height = 2 }
"##;

/// A battlefield from map rows (top rank first) and extra TOML (pieces).
pub fn field(rows: &str, extra: &str) -> Battlefield {
    let text = format!("name = \"test\"\nmap = \"\"\"\n{rows}\n\"\"\"\n{LEGEND}\n{extra}\n");
    BattleMap::from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}")).battlefield()
}

/// The square with a name.
pub fn sq(f: &Battlefield, name: &str) -> Square {
    f.board().parse(name).unwrap_or_else(|| panic!("no square {name}"))
}

/// Places a figure; panics if it cannot stand there.
pub fn put(f: &mut Battlefield, name: &str, size: Size, at: &str, team: u8) -> FigureId {
    let s = sq(f, at);
    f.place(Figure::new(name, size, s, team)).unwrap_or_else(|e| panic!("{name} at {at}: {e}"))
}

/// Names of squares in a set, in order.
pub fn names(f: &Battlefield, set: &arbiter_geometry::battle::SquareSet) -> Vec<String> {
    set.iter().map(|s| f.board().name(s)).collect()
}

/// An independent check that the segment from `p` to `q` (half squares)
/// passes blocking terrain: a point strictly inside a blocking square, a
/// crossing of a blocking edge, a run along a blocking edge or between two
/// blocking squares, or a corner passed with blocking terrain on both sides.
/// Squares inside `own` blocks never block.
pub fn segment_blocked(
    squares: &arbiter_geometry::battle::SquareSet,
    north: &arbiter_geometry::battle::SquareSet,
    east: &arbiter_geometry::battle::SquareSet,
    own: &[(i32, i32, i32, i32)],
    p: (i64, i64),
    q: (i64, i64),
) -> bool {
    let blk = |f: i32, r: i32| {
        squares.has(f, r) && !own.iter().any(|&(f0, r0, f1, r1)| f >= f0 && f < f1 && r >= r0 && r < r1)
    };
    if p == q {
        return false;
    }
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    // Samples at (k + ½)/K along, exactly: x = p + (2k+1)·d / (2K), in half squares.
    const K: i64 = 211;
    for k in 0..K {
        let (x, y) = (p.0 * 2 * K + (2 * k + 1) * dx, p.1 * 2 * K + (2 * k + 1) * dy);
        let unit = 4 * K; // one square
        let (f, r) = (x.div_euclid(unit) as i32, y.div_euclid(unit) as i32);
        let (on_x, on_y) = (x.rem_euclid(unit) == 0, y.rem_euclid(unit) == 0);
        if !on_x && !on_y && blk(f, r) {
            return true;
        }
        if on_x && !on_y && (east.has(f - 1, r) || (blk(f - 1, r) && blk(f, r))) {
            return true;
        }
        if on_y && !on_x && (north.has(f, r - 1) || (blk(f, r - 1) && blk(f, r))) {
            return true;
        }
    }
    // Edges crossed properly (exactly, in half squares).
    let o = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
    for f in -1..65 {
        for r in -1..65 {
            let (x, y) = (2 * i64::from(f), 2 * i64::from(r));
            for (on, a, b) in
                [(north.has(f, r), (x, y + 2), (x + 2, y + 2)), (east.has(f, r), (x + 2, y), (x + 2, y + 2))]
            {
                if on && o(a, b, p) * o(a, b, q) < 0 && o(p, q, a) * o(p, q, b) < 0 {
                    return true;
                }
                // Starting or ending on the inside of a blocking edge and
                // leaving its line crosses it too.
                let inside =
                    |e: (i64, i64)| o(a, b, e) == 0 && (e.0 - a.0) * (e.0 - b.0) + (e.1 - a.1) * (e.1 - b.1) < 0;
                if on && ((inside(p) && o(a, b, q) != 0) || (inside(q) && o(a, b, p) != 0)) {
                    return true;
                }
            }
        }
    }
    // Corners passed strictly between the ends.
    for i in -1..66 {
        for j in -1..66 {
            let c = (2 * i64::from(i), 2 * i64::from(j));
            if o(p, q, c) != 0 {
                continue;
            }
            let along = (c.0 - p.0) * dx + (c.1 - p.1) * dy;
            if along <= 0 || along >= dx * dx + dy * dy {
                continue;
            }
            let side = |ox: i64, oy: i64| (dx * oy - dy * ox).signum();
            let (mut left, mut right) = (false, false);
            let mut mark = |s: i64, b: bool| {
                left |= b && s > 0;
                right |= b && s < 0;
            };
            for (ox, oy, f, r) in [(1, 1, i, j), (-1, 1, i - 1, j), (-1, -1, i - 1, j - 1), (1, -1, i, j - 1)] {
                let through = (ox == dx.signum() && oy == dy.signum()) || (ox == -dx.signum() && oy == -dy.signum());
                if !through {
                    mark(side(ox, oy), blk(f, r));
                }
            }
            mark(side(1, 0), north.has(i, j - 1));
            mark(side(0, 1), east.has(i - 1, j));
            mark(side(-1, 0), north.has(i - 1, j - 1));
            mark(side(0, -1), east.has(i - 1, j - 1));
            if left && right {
                return true;
            }
        }
    }
    false
}

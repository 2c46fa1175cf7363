//! Straight lines across the board, walked exactly.
//!
//! A line is `p + t·d` with integer `p` and `d` in half squares, and `t` a
//! rational number ([`Ratio`]); nothing is rounded. [`walk`] follows a part
//! of a line in order and reports to a [`Visitor`] everything it meets: the
//! inside of a square, an edge crossed, an edge run along, and a corner where
//! squares meet passed through. Sight, effect, cover, flanking and the line
//! areas are all visitors.
//!
//! What blocks, by [`Blockers`], follows one rule: a line is blocked where it
//! passes through a blocking square's inside, crosses or runs along a
//! blocking edge, or passes a corner or runs along an edge where blocking
//! terrain closes the way on both sides ([`squeezed`]). Touching blocking
//! terrain — grazing a corner, running along a wall's face — does not block.

use super::board::Point;
use super::square::SquareSet;
use std::cmp::Ordering;

/// A rational number `n / d` with `d > 0`.
#[derive(Clone, Copy, Debug)]
pub struct Ratio {
    /// Numerator.
    pub n: i64,
    /// Denominator, positive.
    pub d: i64,
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { n: 0, d: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { n: 1, d: 1 };

    /// `n / d`, normalised so that `d > 0` (`d` must not be 0).
    pub fn new(n: i64, d: i64) -> Ratio {
        if d < 0 { Ratio { n: -n, d: -d } } else { Ratio { n, d } }
    }
    /// Its value as a float.
    pub fn value(self) -> f64 {
        self.n as f64 / self.d as f64
    }
}

impl PartialEq for Ratio {
    fn eq(&self, o: &Ratio) -> bool {
        i128::from(self.n) * i128::from(o.d) == i128::from(o.n) * i128::from(self.d)
    }
}
impl Eq for Ratio {}
impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        (i128::from(self.n) * i128::from(o.d)).cmp(&(i128::from(o.n) * i128::from(self.d)))
    }
}

/// A line `p + t·d` in half squares (`d` not zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// A point on it.
    pub p: Point,
    /// Its direction.
    pub d: Point,
}

impl Line {
    /// The line through two different points, directed from `a` to `b`.
    pub fn through(a: Point, b: Point) -> Line {
        Line { p: a, d: Point::new(b.x - a.x, b.y - a.y) }
    }
    /// The point at `t`, as floats in half squares.
    pub fn at(&self, t: Ratio) -> (f64, f64) {
        let v = t.value();
        (f64::from(self.p.x) + v * f64::from(self.d.x), f64::from(self.p.y) + v * f64::from(self.d.y))
    }
    /// The range of `t` over which the line lies in the closed box from
    /// `lo` to `hi` (half squares), if it meets the box.
    pub fn clip(&self, lo: Point, hi: Point) -> Option<(Ratio, Ratio)> {
        let mut t0: Option<Ratio> = None;
        let mut t1: Option<Ratio> = None;
        for (p, d, l, h) in [(self.p.x, self.d.x, lo.x, hi.x), (self.p.y, self.d.y, lo.y, hi.y)] {
            if d == 0 {
                if p < l || p > h {
                    return None;
                }
                continue;
            }
            let (a, b) = (Ratio::new(i64::from(l - p), i64::from(d)), Ratio::new(i64::from(h - p), i64::from(d)));
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            t0 = Some(t0.map_or(a, |t| t.max(a)));
            t1 = Some(t1.map_or(b, |t| t.min(b)));
        }
        match (t0, t1) {
            (Some(a), Some(b)) if a <= b => Some((a, b)),
            _ => None,
        }
    }
}

/// How a line passes a corner where four squares meet, seen along the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// From the south-west square to the north-east one, or back.
    Rising,
    /// From the north-west square to the south-east one, or back.
    Falling,
    /// Along the edges running east–west.
    Across,
    /// Along the edges running north–south.
    Upright,
}

impl Pass {
    /// How a line with this direction passes corners.
    pub fn of(d: Point) -> Pass {
        match (d.x.signum() * d.y.signum(), d.x) {
            (1, _) => Pass::Rising,
            (-1, _) => Pass::Falling,
            (_, 0) => Pass::Upright,
            _ => Pass::Across,
        }
    }
}

/// What a walked line meets, in order. Each method may stop the walk by
/// returning `false`. Squares are (file, rank); `t` is where along the line.
pub trait Visitor {
    /// The line runs through the inside of a square from `t` on.
    fn inside(&mut self, t: Ratio, file: i32, rank: i32) -> bool;
    /// The line crosses the east side of square (file, rank) at `t`, away
    /// from its ends.
    fn cross_east(&mut self, t: Ratio, file: i32, rank: i32) -> bool;
    /// The line crosses the north side of square (file, rank) at `t`, away
    /// from its ends.
    fn cross_north(&mut self, t: Ratio, file: i32, rank: i32) -> bool;
    /// The line runs along the east side of square (file, rank) from `t` on.
    fn along_east(&mut self, t: Ratio, file: i32, rank: i32) -> bool;
    /// The line runs along the north side of square (file, rank) from `t` on.
    fn along_north(&mut self, t: Ratio, file: i32, rank: i32) -> bool;
    /// The line passes the corner below and left of square (file, rank).
    fn corner(&mut self, t: Ratio, file: i32, rank: i32, pass: Pass) -> bool;
}

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) { q - 1 } else { q }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -floor_div(-a, b)
}

/// One axis of the walk: where the line is across it and its next crossing
/// of a line between squares. Times are whole numbers: `t` times the walk's
/// scale `|d.x|·|d.y|` (each factor 1 when that component is 0).
#[derive(Clone, Copy)]
struct Axis {
    /// Direction along this axis (−1, 0, 1).
    step: i64,
    /// The square index the line is in (when not on a line between squares).
    cell: i64,
    /// True when the line runs exactly along a line between squares
    /// (`cell` is then that line's index).
    on_line: bool,
    /// The index of the next line between squares to cross.
    next: i64,
    /// The scaled time of that crossing, and between crossings.
    at: i64,
    every: i64,
}

impl Axis {
    fn new(p: i32, d: i32, other: i32, t: Ratio) -> Axis {
        let (p, d) = (i64::from(p), i64::from(d));
        // Position at t, as num / t.d, in half squares.
        let num = p * t.d + t.n * d;
        let den2 = 2 * t.d;
        if d == 0 {
            let on_line = p % 2 == 0;
            let cell = if on_line { p / 2 } else { floor_div(p, 2) };
            return Axis { step: 0, cell, on_line, next: 0, at: i64::MAX, every: 0 };
        }
        // Scaled time of crossing line i: (2i − p)/d · |d|·|other| = (2i − p)·sign(d)·|other|.
        let m = i64::from(other.unsigned_abs().max(1)) * d.signum();
        let (step, cell, next) = if d > 0 {
            (1, ceil_div(num, den2) - 1, ceil_div(num, den2))
        } else {
            (-1, floor_div(num, den2), floor_div(num, den2))
        };
        Axis { step, cell, on_line: false, next, at: (2 * next - p) * m, every: 2 * m.abs() }
    }
    /// Crosses the next line.
    fn advance(&mut self) {
        self.cell = if self.step > 0 { self.next } else { self.next - 1 };
        self.next += self.step;
        self.at += self.every;
    }
}

/// Tells the visitor what the line runs through between two crossings.
fn span(v: &mut impl Visitor, t: Ratio, x: &Axis, y: &Axis) -> bool {
    match (x.on_line, y.on_line) {
        (false, false) => v.inside(t, x.cell as i32, y.cell as i32),
        (true, false) => v.along_east(t, x.cell as i32 - 1, y.cell as i32),
        (false, true) => v.along_north(t, x.cell as i32, y.cell as i32 - 1),
        (true, true) => true,
    }
}

/// Walks the line from `t0` to `t1` (`t0 ≤ t1`), telling the visitor what it
/// meets in order, crossings at `t0` and `t1` included. Returns false if the
/// visitor stopped it.
pub fn walk(line: &Line, t0: Ratio, t1: Ratio, v: &mut impl Visitor) -> bool {
    walk_skipping(line, t0, t1, v, None)
}

/// As [`walk`], but where `gaps` (see [`gaps`]) says the line is in open
/// ground, it jumps to where it leaves the open block of squares, telling
/// the visitor nothing in between: for visitors that care only about
/// blocking terrain.
pub fn walk_skipping(line: &Line, t0: Ratio, t1: Ratio, v: &mut impl Visitor, gaps: Option<&[u8]>) -> bool {
    if line.d.x == 0 && line.d.y == 0 {
        return true;
    }
    let pass = Pass::of(line.d);
    let scale = i64::from(line.d.x.unsigned_abs().max(1)) * i64::from(line.d.y.unsigned_abs().max(1));
    let mut x = Axis::new(line.p.x, line.d.x, line.d.y, t0);
    let mut y = Axis::new(line.p.y, line.d.y, line.d.x, t0);
    // A scaled time `at` is past t1 when at/scale > t1, that is when it is
    // past the whole part of t1·scale.
    let end_at = if t1.d == 1 {
        t1.n.saturating_mul(scale)
    } else {
        let e = (i128::from(t1.n) * i128::from(scale)).div_euclid(i128::from(t1.d));
        i64::try_from(e).unwrap_or(if e > 0 { i64::MAX - 1 } else { i64::MIN })
    };
    let past_end = |at: i64| at > end_at;
    let mut t = t0;
    let mut first = true;
    loop {
        let next_at = x.at.min(y.at);
        let within = next_at != i64::MAX && !past_end(next_at);
        let next = Ratio { n: next_at, d: scale };
        // The open stretch from t to the next crossing (or to t1); after the
        // first crossing, t is a scaled time too.
        let started = match (first, within) {
            (true, true) => next > t,
            (true, false) => t1 > t,
            (false, true) => next_at > t.n,
            (false, false) => t1 > t,
        };
        if started && !span(v, t, &x, &y) {
            return false;
        }
        first = false;
        // In open ground, jump to where the line leaves the open block.
        if let Some(g) = gaps
            && started
            && !x.on_line
            && !y.on_line
            && (0..64).contains(&x.cell)
            && (0..64).contains(&y.cell)
        {
            let k = i64::from(g[(y.cell * 64 + x.cell) as usize]);
            if k >= 3 {
                let leave = |c: i64, a: &Axis, p: i32| {
                    if a.step == 0 {
                        i64::MAX
                    } else {
                        let edge = if a.step > 0 { c + k } else { c - k + 1 };
                        let m = a.every / 2 * a.step;
                        (2 * edge - i64::from(p)) * m
                    }
                };
                let exit = leave(x.cell, &x, line.p.x).min(leave(y.cell, &y, line.p.y));
                if exit > next_at || next_at == i64::MAX {
                    if exit == i64::MAX || past_end(exit) {
                        return true;
                    }
                    let te = Ratio { n: exit, d: scale };
                    x = Axis::new(line.p.x, line.d.x, line.d.y, te);
                    y = Axis::new(line.p.y, line.d.y, line.d.x, te);
                    t = te;
                    continue;
                }
            }
        }
        if !within {
            return true;
        }
        t = next;
        let cx = x.at == next_at;
        let cy = y.at == next_at;
        let ok = match (cx, cy) {
            (true, true) => v.corner(t, x.next as i32, y.next as i32, pass),
            (true, false) if y.on_line => v.corner(t, x.next as i32, y.cell as i32, pass),
            (true, false) => v.cross_east(t, x.next as i32 - 1, y.cell as i32),
            (false, true) if x.on_line => v.corner(t, x.cell as i32, y.next as i32, pass),
            (false, true) => v.cross_north(t, x.cell as i32, y.next as i32 - 1),
            (false, false) => true,
        };
        if !ok {
            return false;
        }
        if cx {
            x.advance();
        }
        if cy {
            y.advance();
        }
    }
}

/// What blocks a line: squares, and the north and east edges of squares.
#[derive(Clone, Copy, Debug)]
pub struct Blockers<'a> {
    /// Blocking squares.
    pub squares: &'a SquareSet,
    /// Squares whose north edge blocks.
    pub north: &'a SquareSet,
    /// Squares whose east edge blocks.
    pub east: &'a SquareSet,
    /// Up to two blocks of squares that never block (the spaces of the two
    /// ends, where a creature ignores the opaque terrain it stands in):
    /// (file, rank, file end, rank end).
    pub own: [(i32, i32, i32, i32); 2],
    /// Optionally, for each square (`rank * 64 + file`), how far it lies
    /// from blocking terrain (see [`gaps`]): walks skip the open ground.
    pub gaps: Option<&'a [u8]>,
}

/// For each square (`rank * 64 + file`), the number of king steps to the
/// nearest square that blocks or has a blocking edge on a side (0 for such
/// a square itself), at most 63. Within that many steps less one, a line
/// meets nothing that blocks.
pub fn gaps(squares: &SquareSet, north: &SquareSet, east: &SquareSet) -> Vec<u8> {
    let mut d = vec![63u8; 4096];
    for r in 0..64i32 {
        let hot = squares.row(r) | north.row(r) | north.row(r - 1) | east.row(r) | east.row(r) << 1;
        for f in 0..64 {
            if hot >> f & 1 != 0 {
                d[(r * 64 + f) as usize] = 0;
            }
        }
    }
    let at = |f: i32, r: i32| (r * 64 + f) as usize;
    for r in 0..64i32 {
        for f in 0..64i32 {
            let mut v = d[at(f, r)];
            for (df, dr) in [(-1, 0), (-1, -1), (0, -1), (1, -1)] {
                let (g, s) = (f + df, r + dr);
                if (0..64).contains(&g) && (0..64).contains(&s) {
                    v = v.min(d[at(g, s)].saturating_add(1));
                }
            }
            d[at(f, r)] = v;
        }
    }
    for r in (0..64i32).rev() {
        for f in (0..64i32).rev() {
            let mut v = d[at(f, r)];
            for (df, dr) in [(1, 0), (1, 1), (0, 1), (-1, 1)] {
                let (g, s) = (f + df, r + dr);
                if (0..64).contains(&g) && (0..64).contains(&s) {
                    v = v.min(d[at(g, s)].saturating_add(1));
                }
            }
            d[at(f, r)] = v;
        }
    }
    d
}

impl Blockers<'_> {
    /// True if square (file, rank) blocks.
    #[inline]
    pub fn square(&self, f: i32, r: i32) -> bool {
        self.squares.has(f, r) && !self.own.iter().any(|&(f0, r0, f1, r1)| f >= f0 && f < f1 && r >= r0 && r < r1)
    }
    /// True if the north edge of square (file, rank) blocks (edges inside
    /// an end's space never do).
    #[inline]
    pub fn north(&self, f: i32, r: i32) -> bool {
        self.north.has(f, r) && !self.inside_own(f, r, f, r + 1)
    }
    /// True if the east edge of square (file, rank) blocks.
    #[inline]
    pub fn east(&self, f: i32, r: i32) -> bool {
        self.east.has(f, r) && !self.inside_own(f, r, f + 1, r)
    }
    fn inside_own(&self, f: i32, r: i32, f2: i32, r2: i32) -> bool {
        self.own.iter().any(|&(f0, r0, f1, r1)| {
            f >= f0 && f < f1 && r >= r0 && r < r1 && f2 >= f0 && f2 < f1 && r2 >= r0 && r2 < r1
        })
    }
}

/// True if a line passing the corner below and left of square (i, j) in
/// the given way is shut in on both sides: it squeezes between blocking
/// terrain that touches there, which blocks it.
pub fn squeezed(b: &Blockers<'_>, i: i32, j: i32, pass: Pass) -> bool {
    let (ne, nw, sw, se) = (b.square(i, j), b.square(i - 1, j), b.square(i - 1, j - 1), b.square(i, j - 1));
    // Half-edges from the corner: east, north, west, south.
    let (he, hn, hw, hs) = (b.north(i, j - 1), b.east(i - 1, j), b.north(i - 1, j - 1), b.east(i - 1, j - 1));
    match pass {
        Pass::Rising => (nw || hw || hn) && (se || hs || he),
        Pass::Falling => (ne || hn || he) && (sw || hs || hw),
        Pass::Across => (nw || ne || hn) && (sw || se || hs),
        Pass::Upright => (ne || se || he) && (nw || sw || hw),
    }
}

/// A visitor that stops at the first thing blocking the line. A corner at
/// either end of the part walked is not passed through, so it cannot
/// squeeze the line (an area spreading from a corner goes out between
/// the walls that meet there).
pub struct Clear<'a> {
    /// What blocks.
    pub blockers: Blockers<'a>,
    /// The two ends of the part walked.
    pub ends: [Ratio; 2],
}

impl Visitor for Clear<'_> {
    fn inside(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        !self.blockers.square(f, r)
    }
    fn cross_east(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        !self.blockers.east(f, r)
    }
    fn cross_north(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        !self.blockers.north(f, r)
    }
    fn along_east(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        !(self.blockers.east(f, r) || (self.blockers.square(f, r) && self.blockers.square(f + 1, r)))
    }
    fn along_north(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        !(self.blockers.north(f, r) || (self.blockers.square(f, r) && self.blockers.square(f, r + 1)))
    }
    fn corner(&mut self, t: Ratio, i: i32, j: i32, pass: Pass) -> bool {
        self.ends.contains(&t) || !squeezed(&self.blockers, i, j, pass)
    }
}

/// True if the part of the line from `t0` to `t1` is not blocked.
pub fn clear(line: &Line, t0: Ratio, t1: Ratio, blockers: Blockers<'_>) -> bool {
    walk_skipping(line, t0, t1, &mut Clear { blockers, ends: [t0, t1] }, blockers.gaps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Log(Vec<String>);

    impl Visitor for Log {
        fn inside(&mut self, _: Ratio, f: i32, r: i32) -> bool {
            self.0.push(format!("in {f},{r}"));
            true
        }
        fn cross_east(&mut self, _: Ratio, f: i32, r: i32) -> bool {
            self.0.push(format!("E {f},{r}"));
            true
        }
        fn cross_north(&mut self, _: Ratio, f: i32, r: i32) -> bool {
            self.0.push(format!("N {f},{r}"));
            true
        }
        fn along_east(&mut self, _: Ratio, f: i32, r: i32) -> bool {
            self.0.push(format!("|E {f},{r}"));
            true
        }
        fn along_north(&mut self, _: Ratio, f: i32, r: i32) -> bool {
            self.0.push(format!("|N {f},{r}"));
            true
        }
        fn corner(&mut self, _: Ratio, f: i32, r: i32, p: Pass) -> bool {
            self.0.push(format!("+ {f},{r} {p:?}"));
            true
        }
    }

    fn log(a: (i32, i32), b: (i32, i32)) -> Vec<String> {
        let line = Line::through(Point::new(a.0, a.1), Point::new(b.0, b.1));
        let mut l = Log::default();
        walk(&line, Ratio::ZERO, Ratio::ONE, &mut l);
        l.0
    }

    #[test]
    fn a_walk_reports_squares_edges_and_corners_in_order() {
        // Centre of a1 to centre of c2: a shallow line.
        assert_eq!(log((1, 1), (5, 3)), ["in 0,0", "E 0,0", "in 1,0", "N 1,0", "in 1,1", "E 1,1", "in 2,1"]);
        // Centre of a1 to centre of c3: the diagonal through two corners.
        assert_eq!(log((1, 1), (5, 5)), ["in 0,0", "+ 1,1 Rising", "in 1,1", "+ 2,2 Rising", "in 2,2"]);
        // Backwards along a line between squares: corner to corner.
        assert_eq!(log((4, 2), (0, 2)), ["+ 2,1 Across", "|N 1,0", "+ 1,1 Across", "|N 0,0", "+ 0,1 Across"]);
        // Straight up through the middle of a file.
        assert_eq!(log((1, 1), (1, 5)), ["in 0,0", "N 0,0", "in 0,1", "N 0,1", "in 0,2"]);
        // Falling from the corner of c3 down to the centre of a1.
        assert_eq!(log((4, 4), (1, 1)), ["+ 2,2 Rising", "in 1,1", "+ 1,1 Rising", "in 0,0"]);
        assert_eq!(log((1, 3), (3, 1)), ["in 0,1", "+ 1,1 Falling", "in 1,0"]);
    }

    #[test]
    fn clipping_gives_the_part_inside_a_box() {
        let line = Line::through(Point::new(1, 1), Point::new(9, 5));
        let (a, b) = line.clip(Point::new(4, 0), Point::new(6, 8)).unwrap();
        assert_eq!((a, b), (Ratio::new(3, 8), Ratio::new(5, 8)));
        assert!(line.clip(Point::new(0, 6), Point::new(2, 8)).is_none());
        let flat = Line::through(Point::new(0, 2), Point::new(8, 2));
        assert_eq!(flat.clip(Point::new(2, 2), Point::new(4, 4)), Some((Ratio::new(1, 4), Ratio::new(1, 2))));
    }
}

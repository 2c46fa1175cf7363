//! Line of sight and line of effect.
//!
//! *Line of sight*: a straight line from any point of the attacker's space
//! to any point of the target's that touches no blocking terrain (ruling
//! P2V-G6: a line that only grazes a wall's face or corner, or threads the
//! exact point between two blocks, is not enough; a line that passes them
//! with room to spare is). [`sight`] answers exactly. The line it returns
//! may graze: it is the limit of clear lines, with room on the sides it
//! touches.
//! It tries, in order: the line between the centres; a proof that no line
//! exists (the squares any such line could cross do not connect the two
//! spaces); and then every *critical line*, a line through two corners of
//! the spaces or of the blocking terrain between them. If any clear line
//! exists, one of the critical lines is clear: a clear line can be slid and
//! turned, staying clear, until it rests on two such corners.
//!
//! *Line of effect*: the line between the centres (or to an area's point of
//! origin) passes no solid terrain.

use super::board::Point;
use super::line::{Blockers, Line, Pass, Ratio, Visitor, clear, squeezed};
use super::square::SquareSet;
use arrayvec::ArrayVec;

/// A box in half squares: a creature's space, or a single point when both
/// corners are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    /// Lower-left corner.
    pub lo: Point,
    /// Upper-right corner.
    pub hi: Point,
}

impl Extent {
    /// A single point.
    pub const fn point(p: Point) -> Extent {
        Extent { lo: p, hi: p }
    }
    /// Its centre, in half squares (whole for spaces and points).
    pub const fn centre(&self) -> Point {
        Point { x: (self.lo.x + self.hi.x) / 2, y: (self.lo.y + self.hi.y) / 2 }
    }
    fn corners(&self) -> [Point; 4] {
        [self.lo, Point::new(self.hi.x, self.lo.y), self.hi, Point::new(self.lo.x, self.hi.y)]
    }
    /// The squares it covers as (file, rank, file end, rank end); empty for
    /// a point.
    pub fn own(&self) -> (i32, i32, i32, i32) {
        (self.lo.x.div_euclid(2), self.lo.y.div_euclid(2), self.hi.x.div_euclid(2), self.hi.y.div_euclid(2))
    }
}

/// A clear straight line from one extent to another: the part of
/// `line` from `t0` to `t1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sightline {
    /// The line it lies on.
    pub line: Line,
    /// Where it leaves the first extent.
    pub t0: Ratio,
    /// Where it reaches the second.
    pub t1: Ratio,
}

impl Sightline {
    /// Where it starts, in squares from the board's lower-left corner.
    pub fn from(&self) -> (f64, f64) {
        let (x, y) = self.line.at(self.t0);
        (x / 2.0, y / 2.0)
    }
    /// Where it ends, in squares.
    pub fn to(&self) -> (f64, f64) {
        let (x, y) = self.line.at(self.t1);
        (x / 2.0, y / 2.0)
    }
}

/// The part of `line` between the two extents: from where it leaves `a` to
/// where it reaches `b`, ordered along the line; `None` if it misses one.
pub fn between(line: &Line, a: &Extent, b: &Extent) -> Option<(Ratio, Ratio)> {
    Some(between_clips(line.clip(a.lo, a.hi)?, line.clip(b.lo, b.hi)?))
}

/// [`between`] from the parts of the line inside each extent.
pub(crate) fn between_clips(ia: (Ratio, Ratio), ib: (Ratio, Ratio)) -> (Ratio, Ratio) {
    if ia.1 <= ib.0 {
        (ia.1, ib.0)
    } else if ib.1 <= ia.0 {
        (ib.1, ia.0)
    } else {
        (ia.0.max(ib.0), ia.1.min(ib.1))
    }
}

/// Collects what a line touches: `hard` if it passes through blocking
/// terrain; otherwise the places where it touches blocking terrain on one
/// side, with the side a clear line nearby must pass (+1 left of the line's
/// direction, −1 right).
struct Touches<'a> {
    blockers: Blockers<'a>,
    d: Point,
    hard: bool,
    sides: ArrayVec<(Ratio, i8), 96>,
    overflow: bool,
    /// Corners at the two ends not to judge as passed (the line only
    /// touches an end there: see [`clear_between`]).
    skip: [Option<Ratio>; 2],
    /// A side owed until the end of the edge being run along (a blocking
    /// square on one side of it).
    pending: Option<i8>,
    /// The items round a corner (as in [`Touches::corner`]) left and right
    /// of the line.
    sides_mask: (u8, u8),
}

/// Which of the eight items round a corner (four squares NE, NW, SW, SE,
/// then four half-edges E, N, W, S) lie left and right of a line with
/// direction signs (sx, sy); the two squares it runs through lie on neither
/// side. Only the signs matter: the squares beside a line through a corner
/// are the two it does not run through, whatever its slope.
const fn sides_for(sx: i32, sy: i32) -> (u8, u8) {
    let items: [(i32, i32); 8] = [(1, 1), (-1, 1), (-1, -1), (1, -1), (2, 0), (0, 2), (-2, 0), (0, -2)];
    let (mut l, mut r) = (0u8, 0u8);
    let mut k = 0;
    while k < 8 {
        let (ox, oy) = items[k];
        let quadrant = ox == 1 || ox == -1;
        let through = quadrant && ((ox == sx && oy == sy) || (ox == -sx && oy == -sy));
        // The cross product's sign for the quadrants beside the line and the
        // half-edges is the same for any direction with these signs.
        let c = sx * oy - sy * ox;
        if !through {
            if c > 0 {
                l |= 1 << k;
            } else if c < 0 {
                r |= 1 << k;
            }
        }
        k += 1;
    }
    (l, r)
}

/// [`sides_for`] by `(sx + 1) * 3 + (sy + 1)`.
const SIDES: [(u8, u8); 9] = {
    let mut t = [(0u8, 0u8); 9];
    let mut k = 0;
    while k < 9 {
        t[k] = sides_for(k as i32 / 3 - 1, k as i32 % 3 - 1);
        k += 1;
    }
    t
};

fn sides_mask(d: Point) -> (u8, u8) {
    SIDES[((d.x.signum() + 1) * 3 + d.y.signum() + 1) as usize]
}

impl Touches<'_> {
    fn need(&mut self, t: Ratio, side: i8) {
        if self.sides.try_push((t, side)).is_err() {
            self.overflow = true;
        }
    }
    /// Running along an edge from `t` with blocking squares on its low
    /// (west or south) side `lo` or its high side `hi`; (ox, oy) points to
    /// the low side. The line must stay off the blocking side all along.
    fn run(&mut self, t: Ratio, lo: bool, hi: bool, ox: i32, oy: i32) -> bool {
        if self.hard {
            return false;
        }
        if lo != hi {
            let blocked = if lo { self.side_of(ox, oy) } else { self.side_of(-ox, -oy) };
            self.need(t, -blocked);
            self.pending = Some(-blocked);
        }
        true
    }
    /// The side of the line a direction from a point on it lies (0: along).
    fn side_of(&self, ox: i32, oy: i32) -> i8 {
        (i64::from(self.d.x) * i64::from(oy) - i64::from(self.d.y) * i64::from(ox)).signum() as i8
    }
}

impl Visitor for Touches<'_> {
    fn inside(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.hard = self.blockers.square(f, r);
        !self.hard
    }
    fn cross_east(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.hard = self.blockers.east(f, r);
        !self.hard
    }
    fn cross_north(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.hard = self.blockers.north(f, r);
        !self.hard
    }
    fn along_east(&mut self, t: Ratio, f: i32, r: i32) -> bool {
        let (w, e) = (self.blockers.square(f, r), self.blockers.square(f + 1, r));
        self.hard = self.blockers.east(f, r) || (w && e);
        self.run(t, w, e, -1, 0)
    }
    fn along_north(&mut self, t: Ratio, f: i32, r: i32) -> bool {
        let (s, n) = (self.blockers.square(f, r), self.blockers.square(f, r + 1));
        self.hard = self.blockers.north(f, r) || (s && n);
        self.run(t, s, n, 0, -1)
    }
    fn corner(&mut self, t: Ratio, i: i32, j: i32, _: Pass) -> bool {
        if let Some(side) = self.pending.take() {
            self.need(t, side);
        }
        if self.skip.contains(&Some(t)) {
            return true;
        }
        let b = self.blockers;
        // Squares round the corner, then the four half-edges from it, as
        // bits; which of them lie left and right of the line depends only on
        // the signs of its direction (`sides`).
        let blocked = u8::from(b.square(i, j))
            | u8::from(b.square(i - 1, j)) << 1
            | u8::from(b.square(i - 1, j - 1)) << 2
            | u8::from(b.square(i, j - 1)) << 3
            | u8::from(b.north(i, j - 1)) << 4
            | u8::from(b.east(i - 1, j)) << 5
            | u8::from(b.north(i - 1, j - 1)) << 6
            | u8::from(b.east(i - 1, j - 1)) << 7;
        let (left, right) = (blocked & self.sides_mask.0 != 0, blocked & self.sides_mask.1 != 0);
        if left && right {
            self.hard = true;
            return false;
        }
        if left {
            self.need(t, -1);
        } else if right {
            self.need(t, 1);
        }
        true
    }
}

/// True if a linear function of `t` can take each required sign at its
/// place: the required sides change at most once along the line, and never
/// at one place.
fn feasible(sides: &mut [(Ratio, i8)]) -> bool {
    sides.sort_unstable_by_key(|s| s.0);
    let mut changes = 0;
    for w in sides.windows(2) {
        if w[0].1 != w[1].1 {
            if w[0].0 == w[1].0 {
                return false;
            }
            changes += 1;
        }
    }
    changes <= 1
}

/// If the line only touches an extent (at a corner, or along a side), the
/// side a nearby line must move to, to meet its inside where the line
/// leaves it for the other extent (`near`, the end of the part between the
/// two): none if the line runs through its inside or the extent is a point.
/// (Moving off a side anywhere else could cross terrain on that side, which
/// the walk between the two extents does not see.)
fn contact(line: &Line, e: &Extent, span: (Ratio, Ratio), near: Ratio) -> Option<(Ratio, i8)> {
    if e.lo == e.hi {
        return None;
    }
    let c = e.centre();
    let (t0, t1) = span;
    // Inside if the middle of the chord is strictly inside the box.
    let mx = 2 * i128::from(line.p.x) * i128::from(t0.d) * i128::from(t1.d)
        + (i128::from(t0.n) * i128::from(t1.d) + i128::from(t1.n) * i128::from(t0.d)) * i128::from(line.d.x);
    let my = 2 * i128::from(line.p.y) * i128::from(t0.d) * i128::from(t1.d)
        + (i128::from(t0.n) * i128::from(t1.d) + i128::from(t1.n) * i128::from(t0.d)) * i128::from(line.d.y);
    let den = 2 * i128::from(t0.d) * i128::from(t1.d);
    let within = |v: i128, lo: i32, hi: i32| v > i128::from(lo) * den && v < i128::from(hi) * den;
    if t0 < t1 && within(mx, e.lo.x, e.hi.x) && within(my, e.lo.y, e.hi.y) {
        return None;
    }
    // The side of the line the extent's centre lies on.
    let (x, y) = line.at(near);
    let v = f64::from(line.d.x) * (f64::from(c.y) - y) - f64::from(line.d.y) * (f64::from(c.x) - x);
    Some((near, if v > 0.0 { 1 } else { -1 }))
}

/// The whole part of a number (rounded down), without a call to `floor`
/// (which is not an instruction on the base x86-64).
fn floor(v: f64) -> i32 {
    let t = v as i32;
    if f64::from(t) > v { t - 1 } else { t }
}

/// True if no blocking square or edge lies within a square of the part of
/// the line from `t0` to `t1`: rank by rank, the files the line crosses
/// there and one more on each side, checked on that rank and the two next
/// to it.
fn nothing_near(line: &Line, t0: Ratio, t1: Ratio, b: &Blockers<'_>) -> bool {
    clear_band(line.at(t0), line.at(t1), b)
}

/// True if no blocking square or edge lies within a square of the segment
/// from `p` to `q` (half squares).
pub(crate) fn clear_band(p: (f64, f64), q: (f64, f64), b: &Blockers<'_>) -> bool {
    let ((x0, y0), (x1, y1)) = if p.1 <= q.1 { (p, q) } else { (q, p) };
    let (r0, r1) = (floor(y0 / 2.0), floor(y1 / 2.0));
    let blocking = |k: i32| b.squares.row(k) | b.east.row(k) | b.north.row(k);
    // Rank r's files are checked on ranks r − 1, r and r + 1. So each rank
    // is read once, against the files of the ranks next to it and its own:
    // when rank r − 1 is read, `before` and `last` hold the files of ranks
    // r − 2 and r − 1, and `mask` those of rank r.
    let (mut before, mut last) = (0u64, 0u64);
    for r in r0..=r1 {
        let (xa, xb) = if y1 - y0 < 1e-9 {
            (x0, x1)
        } else {
            let at = |y: f64| x0 + (x1 - x0) * ((y - y0) / (y1 - y0)).clamp(0.0, 1.0);
            (at(f64::from(2 * r).max(y0)), at(f64::from(2 * r + 2).min(y1)))
        };
        let (lo, hi) = (floor(xa.min(xb) / 2.0) - 1, floor(xa.max(xb) / 2.0) + 1);
        let mask = super::square::row_mask(lo.clamp(0, 64) as u32, (hi + 1).clamp(0, 64) as u32);
        let near = before | last;
        if blocking(r - 1) & (near | mask) != 0 {
            return false;
        }
        (before, last) = (last, mask);
    }
    blocking(r1) & (before | last) == 0 && blocking(r1 + 1) & last == 0
}

/// True if the edge from the corner at `x` (half squares, even) one half
/// step in direction (dx, dy) (one of them 0) blocks.
fn half_edge(b: &Blockers<'_>, x: Point, dx: i32, dy: i32) -> bool {
    let (i, j) = (x.x / 2, x.y / 2);
    match (dx.signum(), dy.signum()) {
        (1, 0) => b.north(i, j - 1),
        (-1, 0) => b.north(i - 1, j - 1),
        (0, 1) => b.east(i - 1, j),
        (0, -1) => b.east(i - 1, j - 1),
        _ => false,
    }
}

/// The part of `line` between `a` and `b`, if lines arbitrarily close to it
/// run clear from `a` to `b`: it passes through no blocking terrain, and the
/// sides on which it touches blocking terrain (or only touches `a` or `b`)
/// leave room to move it off them all at once.
///
/// Where the line only touches an end (at its corner, or along its side up
/// to a corner), a line moved towards that end starts inside it and leaves
/// it across the end's edge at that corner that faces the other end: that
/// edge must not block, and nothing else at that corner matters (it lies
/// behind the start, or on the side the line moves away from).
fn clear_between(line: &Line, a: &Extent, b: &Extent, blockers: Blockers<'_>) -> Option<Sightline> {
    let ia = line.clip(a.lo, a.hi)?;
    let ib = line.clip(b.lo, b.hi)?;
    let (t0, t1) = if ia.1 <= ib.0 {
        (ia.1, ib.0)
    } else if ib.1 <= ia.0 {
        (ib.1, ia.0)
    } else {
        (ia.0.max(ib.0), ia.1.min(ib.1))
    };
    // The end of each extent's chord at the part between them, and the
    // direction from each end towards the other.
    // Nothing blocking anywhere near the part between: clear, and nothing
    // to touch either (when the line runs through both ends' insides).
    let through = |e: &Extent| {
        e.lo != e.hi && cross(line.p, Point::new(line.p.x + line.d.x, line.p.y + line.d.y), e.centre()) == 0
    };
    if through(a) && through(b) && nothing_near(line, t0, t1, &blockers) {
        return Some(Sightline { line: *line, t0, t1 });
    }
    let forward = ia.1 <= ib.0 || (ib.1 > ia.0 && ia.0 <= ib.0);
    let (na, nb) = if ia.1 <= ib.0 {
        (ia.1, ib.0)
    } else if ib.1 <= ia.0 {
        (ia.0, ib.1)
    } else {
        (t0, t1)
    };
    let dir = if forward { line.d } else { Point::new(-line.d.x, -line.d.y) };
    let mut v = Touches {
        blockers,
        d: line.d,
        hard: false,
        sides: ArrayVec::new(),
        overflow: false,
        skip: [None, None],
        pending: None,
        sides_mask: sides_mask(line.d),
    };
    let mut touching = [None, None];
    for (k, (e, span, near, towards)) in
        [(a, ia, na, dir), (b, ib, nb, Point::new(-dir.x, -dir.y))].into_iter().enumerate()
    {
        let Some(c) = contact(line, e, span, near) else { continue };
        let (x, y) = line.at(near);
        let at = Point::new(x.round() as i32, y.round() as i32);
        if at.is_corner() && f64::from(at.x) == x && f64::from(at.y) == y {
            // The end's edges at this corner: the one facing the other end.
            let centre = e.centre();
            let (qx, qy) = ((centre.x - at.x).signum(), (centre.y - at.y).signum());
            let (hx, vy) = (i64::from(qx) * i64::from(towards.x), i64::from(qy) * i64::from(towards.y));
            let ahead = if hx >= vy { (qx, 0) } else { (0, qy) };
            if half_edge(&blockers, at, ahead.0, ahead.1) {
                return None;
            }
            v.skip[k] = Some(near);
        }
        touching[k] = Some(c);
    }
    if !super::line::walk_skipping(line, t0, t1, &mut v, blockers.gaps) || v.hard || v.overflow {
        return None;
    }
    if let Some(side) = v.pending.take() {
        v.need(t1, side);
    }
    for c in touching.into_iter().flatten() {
        v.need(c.0, c.1);
    }
    (!v.overflow && feasible(&mut v.sides)).then_some(Sightline { line: *line, t0, t1 })
}

/// A clear line from a point of `a` to a point of `b`, if there is one.
/// `blockers.own` should name the squares of the two ends.
pub fn sight(a: &Extent, b: &Extent, blockers: Blockers<'_>) -> Option<Sightline> {
    let (ca, cb) = (a.centre(), b.centre());
    if ca != cb
        && let Some(s) = clear_between(&Line::through(ca, cb), a, b, blockers)
    {
        return Some(s);
    }
    let hull = Hull::of(a, b);
    let corridor = corridor(a, b, &hull, blockers)?;
    critical(a, b, &hull, &corridor, blockers)
}

/// True if the segment between the two points is clear (line of effect).
pub fn effect(a: Point, b: Point, blockers: Blockers<'_>) -> bool {
    a == b || clear(&Line::through(a, b), Ratio::ZERO, Ratio::ONE, blockers)
}

/// The convex hull of the corners of two extents.
struct Hull {
    points: ArrayVec<Point, 8>,
}

fn cross(o: Point, a: Point, b: Point) -> i64 {
    i64::from(a.x - o.x) * i64::from(b.y - o.y) - i64::from(a.y - o.y) * i64::from(b.x - o.x)
}

impl Hull {
    fn of(a: &Extent, b: &Extent) -> Hull {
        let mut pts: ArrayVec<Point, 8> = a.corners().into_iter().chain(b.corners()).collect();
        pts.sort_unstable_by_key(|p| (p.x, p.y));
        let mut hull: ArrayVec<Point, 17> = ArrayVec::new();
        // Andrew's monotone chain: lower then upper hull, dropping collinear points.
        for pass in 0..2 {
            let start = hull.len();
            for k in 0..pts.len() {
                let p = if pass == 0 { pts[k] } else { pts[pts.len() - 1 - k] };
                while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0 {
                    hull.pop();
                }
                hull.push(p);
            }
            hull.pop();
        }
        let mut points: ArrayVec<Point, 8> = hull.iter().take(8).copied().collect();
        if points.is_empty() {
            points.push(pts[0]);
        }
        Hull { points }
    }

    /// True if the point lies in the closed hull.
    fn contains(&self, p: Point) -> bool {
        let n = self.points.len();
        match n {
            1 => self.points[0] == p,
            2 => {
                let (a, b) = (self.points[0], self.points[1]);
                cross(a, b, p) == 0
                    && p.x >= a.x.min(b.x)
                    && p.x <= a.x.max(b.x)
                    && p.y >= a.y.min(b.y)
                    && p.y <= a.y.max(b.y)
            }
            _ => (0..n).all(|i| cross(self.points[i], self.points[(i + 1) % n], p) >= 0),
        }
    }

    /// The span of x (half squares) of the hull in each band of heights
    /// from `2 * (r0 + k)` to `2 * (r0 + k) + 2`, for `k` below `n`,
    /// widened to whole half squares (`None` where the hull has no point).
    ///
    /// One pass over the edges: each vertex counts in the bands it lies in,
    /// and each edge where it strictly crosses a band's boundary, for both
    /// bands that meet there. (Asking band by band walked every edge twice
    /// per band; the candidates, and so the answer, are the same.)
    fn spans(&self, r0: i32, n: usize, out: &mut [Option<(i32, i32)>; 64]) {
        let mut lo = [f64::INFINITY; 64];
        let mut hi = [f64::NEG_INFINITY; 64];
        let n = n.min(64);
        let mut take = |k: i32, x: f64| {
            if (0..n as i32).contains(&k) {
                let k = k as usize;
                lo[k] = lo[k].min(x);
                hi[k] = hi[k].max(x);
            }
        };
        let m = self.points.len();
        for i in 0..m {
            let (p, q) = (self.points[i], self.points[(i + 1) % m]);
            // The bands holding the vertex: one, or two when it lies on the
            // boundary between them.
            let band = p.y.div_euclid(2) - r0;
            take(band, f64::from(p.x));
            if p.y.rem_euclid(2) == 0 {
                take(band - 1, f64::from(p.x));
            }
            // The even heights strictly between the ends of the edge.
            let (ya, yb) = (p.y.min(q.y), p.y.max(q.y));
            let mut y = (ya + 2).div_euclid(2) * 2;
            while y < yb {
                let t = f64::from(y - p.y) / f64::from(q.y - p.y);
                let x = f64::from(p.x) + t * f64::from(q.x - p.x);
                let k = y / 2 - r0;
                take(k, x);
                take(k - 1, x);
                y += 2;
            }
        }
        for k in 0..n {
            out[k] = (lo[k] <= hi[k]).then(|| (floor(lo[k] - 1e-9), -floor(-(hi[k] + 1e-9))));
        }
    }

    fn bounds(&self) -> (Point, Point) {
        let mut lo = Point::new(i32::MAX, i32::MAX);
        let mut hi = Point::new(i32::MIN, i32::MIN);
        for p in &self.points {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
        (lo, hi)
    }
}

/// Fills from the seeds through the squares of `pass` in a rank, towards
/// higher files (`pass` holds the squares that may be entered from the west).
fn fill_east(mut g: u64, mut p: u64) -> u64 {
    g |= p & (g << 1);
    p &= p << 1;
    g |= p & (g << 2);
    p &= p << 2;
    g |= p & (g << 4);
    p &= p << 4;
    g |= p & (g << 8);
    p &= p << 8;
    g |= p & (g << 16);
    p &= p << 16;
    g | (p & (g << 32))
}

/// The same towards lower files (`pass` holds the squares that may be
/// entered from the east).
fn fill_west(mut g: u64, mut p: u64) -> u64 {
    g |= p & (g >> 1);
    p &= p >> 1;
    g |= p & (g >> 2);
    p &= p >> 2;
    g |= p & (g >> 4);
    p &= p >> 4;
    g |= p & (g >> 8);
    p &= p >> 8;
    g |= p & (g >> 16);
    p &= p >> 16;
    g | (p & (g >> 32))
}

/// The squares some clear line from `a` to `b` could pass through, rank by
/// rank (bit `f` of `rows[k]` is square (f, r0 + k)).
struct Corridor {
    r0: i32,
    n: usize,
    rows: [u64; 64],
}

/// The corridor of squares a clear line from `a` to `b` could run through,
/// or `None` if there is none — a proof that no line is clear.
///
/// A clear line can be moved off every corner where squares meet, so it
/// runs through squares inside the hull of the two ends, from each to the
/// next across an edge; and it moves steadily one way along each axis. So
/// unless a chain of free squares joins the ends moving only east or only
/// west, and only north or only south, without crossing a blocking edge,
/// no line is clear. Each such chain is found in one sweep of the ranks.
fn corridor(a: &Extent, b: &Extent, hull: &Hull, blockers: Blockers<'_>) -> Option<Corridor> {
    let (lo, hi) = hull.bounds();
    let (r0, r1) = (lo.y.div_euclid(2).max(0), (hi.y - 1).div_euclid(2).min(63));
    let mut out = Corridor { r0, n: 0, rows: [0; 64] };
    if r1 < r0 {
        return Some(out);
    }
    let n = (r1 - r0 + 1) as usize;
    out.n = n;
    let mut free = [0u64; 64];
    let mut start = [0u64; 64];
    let mut goal = [0u64; 64];
    let (af0, ar0, af1, ar1) = a.own();
    let (bf0, br0, bf1, br1) = b.own();
    let span_mask = |f0: i32, f1: i32| super::square::row_mask(f0.clamp(0, 64) as u32, f1.clamp(0, 64) as u32);
    let mut spans = [None; 64];
    hull.spans(r0, n, &mut spans);
    for k in 0..n {
        let r = r0 + k as i32;
        if let Some((x0, x1)) = spans[k] {
            free[k] = span_mask(x0.div_euclid(2), (x1 + 1).div_euclid(2)) & !blockers.squares.row(r);
        }
        if r >= ar0 && r < ar1 {
            free[k] |= span_mask(af0, af1);
            start[k] = span_mask(af0, af1);
        }
        if r >= br0 && r < br1 {
            free[k] |= span_mask(bf0, bf1);
            goal[k] = span_mask(bf0, bf1);
        }
    }
    // A point end starts from the squares round it.
    for (e, target) in [(a, &mut start), (b, &mut goal)] {
        if e.lo == e.hi {
            for dy in [-1, 1] {
                for dx in [-1, 1] {
                    let (f, r) = ((e.lo.x + dx).div_euclid(2), (e.lo.y + dy).div_euclid(2));
                    if r >= r0 && r <= r1 && (0..64).contains(&f) {
                        target[(r - r0) as usize] |= 1u64 << f;
                    }
                }
            }
        }
    }
    for k in 0..n {
        start[k] &= free[k];
        goal[k] &= free[k];
    }
    let north = |k: usize| blockers.north.row(r0 + k as i32);
    let east = |k: usize| blockers.east.row(r0 + k as i32);
    // One sweep: moving only `sx` along files and `sy` along ranks.
    let sweep = |seeds: &[u64; 64], sx: i32, sy: i32| -> [u64; 64] {
        let mut reach = [0u64; 64];
        for i in 0..n {
            let k = if sy >= 0 { i } else { n - 1 - i };
            let mut g = seeds[k];
            if sy > 0 && k > 0 {
                g |= reach[k - 1] & !north(k - 1);
            }
            if sy < 0 && k + 1 < n {
                g |= reach[k + 1] & !north(k);
            }
            g &= free[k];
            let e = east(k);
            reach[k] = if sx > 0 { fill_east(g, free[k] & !(e << 1)) } else { fill_west(g, free[k] & !e) };
        }
        reach
    };
    let xs: &[i32] = if a.hi.x <= b.lo.x {
        &[1]
    } else if b.hi.x <= a.lo.x {
        &[-1]
    } else {
        &[1, -1]
    };
    let ys: &[i32] = if a.hi.y <= b.lo.y {
        &[1]
    } else if b.hi.y <= a.lo.y {
        &[-1]
    } else {
        &[1, -1]
    };
    let mut found = false;
    for &sx in xs {
        for &sy in ys {
            let forth = sweep(&start, sx, sy);
            if !(0..n).any(|k| forth[k] & goal[k] != 0) {
                continue;
            }
            found = true;
            let back = sweep(&goal, -sx, -sy);
            for k in 0..n {
                out.rows[k] |= forth[k] & back[k];
            }
        }
    }
    found.then_some(out)
}

/// A corner the critical lines pivot on, with the ways a line may pass it.
#[derive(Clone, Copy)]
struct Feature {
    at: Point,
    /// Bit per [`Pass`] (`Rising`, `Falling`, `Across`, `Upright`).
    passes: u8,
}

fn pass_bit(p: Pass) -> u8 {
    match p {
        Pass::Rising => 1,
        Pass::Falling => 2,
        Pass::Across => 4,
        Pass::Upright => 8,
    }
}

/// The ways a line may pass the corner below and left of square (i, j)
/// touching blocking terrain without being blocked there.
fn tangent_passes(b: &Blockers<'_>, i: i32, j: i32) -> u8 {
    let (ne, nw, sw, se) = (b.square(i, j), b.square(i - 1, j), b.square(i - 1, j - 1), b.square(i, j - 1));
    let (he, hn, hw, hs) = (b.north(i, j - 1), b.east(i - 1, j), b.north(i - 1, j - 1), b.east(i - 1, j - 1));
    let touches = ne || nw || sw || se || he || hn || hw || hs;
    if !touches {
        return 0;
    }
    let mut out = 0;
    for p in [Pass::Rising, Pass::Falling, Pass::Across, Pass::Upright] {
        let through_free = match p {
            Pass::Rising => !sw && !ne,
            Pass::Falling => !nw && !se,
            Pass::Across => !(he || hw || (ne && se) || (nw && sw)),
            Pass::Upright => !(hn || hs || (ne && nw) || (se && sw)),
        };
        if through_free && !squeezed(b, i, j, p) {
            out |= pass_bit(p);
        }
    }
    out
}

/// Searches every line through two corners (of the extents, or of blocking
/// terrain inside their hull) for a clear one.
fn critical(a: &Extent, b: &Extent, hull: &Hull, corridor: &Corridor, blockers: Blockers<'_>) -> Option<Sightline> {
    let mut feats: Vec<Feature> = Vec::with_capacity(64);
    for e in [a, b] {
        if e.lo == e.hi {
            feats.push(Feature { at: e.lo, passes: 15 });
        } else {
            for c in e.corners() {
                feats.push(Feature { at: c, passes: 15 });
            }
        }
    }
    // The corners of the corridor's squares that touch blocking terrain
    // (corner (i, j) is bit i of row j), each once.
    let wide = |x: u64| u128::from(x) | u128::from(x) << 1;
    let touching = |j: i32| {
        // Squares round corner (i, j) are files i − 1 and i of ranks j − 1
        // and j; its half-edges the north edges of (i − 1, j − 1) and
        // (i, j − 1), the east edges of (i − 1, j − 1) and (i − 1, j).
        wide(blockers.squares.row(j))
            | wide(blockers.squares.row(j - 1))
            | wide(blockers.north.row(j - 1))
            | u128::from(blockers.east.row(j - 1)) << 1
            | u128::from(blockers.east.row(j)) << 1
    };
    let mut rows: [u128; 66] = [0; 66];
    for k in 0..corridor.n {
        let r = corridor.r0 + k as i32;
        let c = wide(corridor.rows[k]);
        for j in [r, r + 1] {
            if (0..=64).contains(&j) {
                rows[j as usize] |= c;
            }
        }
    }
    for (j, row) in rows.iter().enumerate().take(65) {
        let mut bits = row & touching(j as i32);
        while bits != 0 {
            let i = bits.trailing_zeros() as i32;
            bits &= bits - 1;
            let passes = tangent_passes(&blockers, i, j as i32);
            let at = Point::corner(i, j as i32);
            if passes != 0 && hull.contains(at) {
                feats.push(Feature { at, passes });
            }
        }
    }
    // The ends' corners come first (8 or fewer): pairs of two of them, then
    // one of them with a corner of the terrain, then two of the terrain.
    let ends = feats.len().min(if a.lo == a.hi { 1 } else { 4 } + if b.lo == b.hi { 1 } else { 4 });
    let n = feats.len();
    let (ac, bc) = (a.corners(), b.corners());
    let try_pair = |i: usize, j: usize| -> Option<Sightline> {
        let (p, q) = (feats[i], feats[j]);
        if p.at == q.at {
            return None;
        }
        let line = Line::through(p.at, q.at);
        let bit = pass_bit(Pass::of(line.d));
        if p.passes & bit == 0 || q.passes & bit == 0 {
            return None;
        }
        // The line must meet both ends: not every corner of either strictly
        // on one side of it.
        let side = |c: Point| cross(p.at, q.at, c).signum();
        let meets = |cs: &[Point; 4]| {
            let s: [i64; 4] = std::array::from_fn(|k| side(cs[k]));
            !(s.iter().all(|x| *x > 0) || s.iter().all(|x| *x < 0))
        };
        if !meets(&ac) || !meets(&bc) {
            return None;
        }
        clear_between(&line, a, b, blockers)
    };
    for i in 0..ends {
        for j in i + 1..ends {
            if let Some(s) = try_pair(i, j) {
                return Some(s);
            }
        }
    }
    for i in 0..ends {
        for j in ends..n {
            if let Some(s) = try_pair(i, j) {
                return Some(s);
            }
        }
    }
    for i in ends..n {
        for j in i + 1..n {
            if let Some(s) = try_pair(i, j) {
                return Some(s);
            }
        }
    }
    None
}

/// The blockers for a query, with the squares of the two ends as their own.
pub fn blockers<'a>(
    squares: &'a SquareSet,
    north: &'a SquareSet,
    east: &'a SquareSet,
    a: &Extent,
    b: &Extent,
) -> Blockers<'a> {
    Blockers { squares, north, east, own: [a.own(), b.own()], gaps: None }
}

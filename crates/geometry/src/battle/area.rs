//! Areas of effect: emanations, bursts, cones and lines.
//!
//! Areas are measured as movement is measured, diagonals alternating 1 and
//! 2, and terrain never shortens them; solid terrain blocks them: a square is
//! in an area only if the line from the area's point of origin to the
//! square's centre passes no solid terrain. A figure is in an area if any
//! square of its space is. The shapes are Pathfinder Second Edition's
//! templates (rulings P2V-G10 to G13; blocking, P2V-G15):
//!
//! - an **emanation** counts from the sides of the origin space (emanation 1
//!   is every square next to it) and holds the space itself;
//! - a **burst** counts from a corner where squares meet: a burst 1 is the
//!   four squares round the corner;
//! - a **cone** is a quarter circle from a corner of the origin space
//!   (aimed diagonally: the quarter of a burst) or from one square's edge of
//!   it (aimed straight: one square wide at first, widening one square on
//!   each side per square out);
//! - a **line** runs straight from a corner of the origin space in any
//!   direction, one square wide: the squares its centre line passes through.

use super::board::{Dir, Point, Space, count};
use super::field::{Battlefield, FigureId};
use super::line::{Line, Pass, Ratio, Visitor, walk};
use super::square::{SquareSet, row_mask};
use std::fmt;

/// An area of effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// Every square within `radius` of the sides of `origin`, and `origin`.
    Emanation {
        /// The origin space (usually the user's).
        origin: Space,
        /// Its radius in squares.
        radius: u32,
    },
    /// Every square within `radius` of a corner where squares meet.
    Burst {
        /// The corner (even coordinates, half squares).
        at: Point,
        /// Its radius in squares.
        radius: u32,
    },
    /// A quarter circle from a corner (aimed diagonally) or from the middle
    /// of one square's edge (aimed straight) of the origin space.
    Cone {
        /// The corner or edge middle, in half squares.
        apex: Point,
        /// Where it points.
        toward: Dir,
        /// Its length in squares.
        radius: u32,
    },
    /// A straight line from a corner towards a point.
    Line {
        /// The corner it starts at.
        from: Point,
        /// A point it passes through (not `from`).
        toward: Point,
        /// Its length in squares.
        length: u32,
    },
}

/// The largest radius or length of an area, in squares.
pub const MAX_SIZE: u32 = 128;

/// Why an area is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaError(pub String);

impl fmt::Display for AreaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AreaError {}

/// The squares of an area and the figures in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaHit {
    /// The squares in the area.
    pub squares: SquareSet,
    /// The figures any square of whose space is in the area, by id.
    pub figures: Vec<FigureId>,
}

/// The cones a space may aim: from each corner diagonally outward, and from
/// each square's edge along its sides straight outward.
pub fn cone_origins(space: &Space) -> Vec<(Point, Dir)> {
    let (lo, hi) = space.bounds();
    let mut out = vec![(Point::new(hi.x, hi.y), Dir::NE), (Point::new(hi.x, lo.y), Dir::SE)];
    out.push((Point::new(lo.x, lo.y), Dir::SW));
    out.push((Point::new(lo.x, hi.y), Dir::NW));
    for k in 0..i32::from(space.side) {
        out.push((Point::new(lo.x + 2 * k + 1, hi.y), Dir::N));
        out.push((Point::new(hi.x, lo.y + 2 * k + 1), Dir::E));
        out.push((Point::new(lo.x + 2 * k + 1, lo.y), Dir::S));
        out.push((Point::new(lo.x, lo.y + 2 * k + 1), Dir::W));
    }
    out
}

/// The squares counted from a corner to square (f, r): the first square
/// touching the corner counts 1.
fn from_corner(at: Point, f: i32, r: i32) -> (u32, u32) {
    let (i, j) = (at.x / 2, at.y / 2);
    let dx = if f >= i { f - i + 1 } else { i - f };
    let dy = if r >= j { r - j + 1 } else { j - r };
    (dx as u32, dy as u32)
}

impl Area {
    /// Checks the area's shape (corners on corners, cones aimed from a
    /// corner diagonally or from an edge's middle straight).
    pub fn check(&self) -> Result<(), AreaError> {
        let (size, points): (u32, [Point; 2]) = match *self {
            Area::Emanation { origin, radius } => (radius, [origin.centre(); 2]),
            Area::Burst { at, radius } => (radius, [at; 2]),
            Area::Cone { apex, radius, .. } => (radius, [apex; 2]),
            Area::Line { from, toward, length } => (length, [from, toward]),
        };
        if size > MAX_SIZE {
            return Err(AreaError(format!("an area is at most {MAX_SIZE} squares across")));
        }
        let (start, aim) = (points[0], points[1]);
        if !(0..=2 * 64).contains(&start.x) || !(0..=2 * 64).contains(&start.y) {
            return Err(AreaError("an area starts on the board".into()));
        }
        if !(-256..=384).contains(&aim.x) || !(-256..=384).contains(&aim.y) {
            return Err(AreaError("a line is aimed at a point near the board".into()));
        }
        if let Area::Emanation { origin, .. } = *self
            && !(1..=4).contains(&origin.side)
        {
            return Err(AreaError("an emanation's origin is a space of 1 to 4 squares a side".into()));
        }
        match *self {
            Area::Burst { at, .. } if !at.is_corner() => {
                Err(AreaError("a burst starts at a corner where squares meet".into()))
            }
            Area::Line { from, toward, .. } if !from.is_corner() || from == toward => {
                Err(AreaError("a line starts at a corner and runs towards another point".into()))
            }
            Area::Cone { apex, toward, .. } => {
                let edge_middle = |along_x: bool| {
                    if along_x { apex.x % 2 != 0 && apex.y % 2 == 0 } else { apex.y % 2 != 0 && apex.x % 2 == 0 }
                };
                let ok = match toward {
                    Dir::N | Dir::S => edge_middle(true),
                    Dir::E | Dir::W => edge_middle(false),
                    _ => apex.is_corner(),
                };
                if ok {
                    Ok(())
                } else {
                    Err(AreaError(
                        "a cone aimed diagonally starts at a corner, one aimed straight at the middle of an edge"
                            .into(),
                    ))
                }
            }
            _ => Ok(()),
        }
    }

    /// Where the area's line of effect is drawn from.
    pub fn origin(&self) -> Point {
        match *self {
            Area::Emanation { origin, .. } => origin.centre(),
            Area::Burst { at, .. } => at,
            Area::Cone { apex, .. } => apex,
            Area::Line { from, .. } => from,
        }
    }

    /// True if square (f, r) is in the area's shape, before any blocking:
    /// the direct definition.
    pub fn shape_has(&self, f: i32, r: i32) -> bool {
        match *self {
            Area::Emanation { origin, radius } => {
                let gx = (f - origin.file_end() + 1).max(i32::from(origin.file) - f).max(0);
                let gy = (r - origin.rank_end() + 1).max(i32::from(origin.rank) - r).max(0);
                count(gx as u32, gy as u32) <= radius
            }
            Area::Burst { at, radius } => {
                let (dx, dy) = from_corner(at, f, r);
                count(dx, dy) <= radius
            }
            Area::Cone { apex, toward, radius } => {
                let (dfx, dfy) = toward.delta();
                if toward.is_diagonal() {
                    let (i, j) = (apex.x / 2, apex.y / 2);
                    let right_side = if dfx > 0 { f >= i } else { f < i };
                    let right_rank = if dfy > 0 { r >= j } else { r < j };
                    let (dx, dy) = from_corner(apex, f, r);
                    right_side && right_rank && count(dx, dy) <= radius
                } else {
                    // Forward and sideways counts from the edge's square.
                    let (cx, cy) = (2 * f + 1, 2 * r + 1);
                    let (fwd, side) = if dfx != 0 {
                        ((cx - apex.x) * i32::from(dfx), (cy - apex.y).abs())
                    } else {
                        ((cy - apex.y) * i32::from(dfy), (cx - apex.x).abs())
                    };
                    if fwd <= 0 {
                        return false;
                    }
                    let (fwd, side) = ((fwd + 1) / 2, side / 2);
                    side < fwd && count(fwd as u32, side as u32) <= radius
                }
            }
            Area::Line { from, toward, length } => {
                let (dx, dy) = from_corner(from, f, r);
                if count(dx, dy) > length {
                    return false;
                }
                // The open square meets the ray.
                let line = Line::through(from, toward);
                line.clip(Point::corner(f, r), Point::corner(f + 1, r + 1))
                    .is_some_and(|(a, b)| b > Ratio::ZERO && a < b && interior(&line, a, b, f, r))
            }
        }
    }

    /// The box of ranks and files the shape may cover: (file, rank, file
    /// end, rank end).
    fn bounds(&self) -> (i32, i32, i32, i32) {
        let grow = |x0: i32, y0: i32, x1: i32, y1: i32, r: u32| {
            let r = r as i32;
            (x0 - r, y0 - r, x1 + r, y1 + r)
        };
        match *self {
            Area::Emanation { origin, radius } => {
                grow(i32::from(origin.file), i32::from(origin.rank), origin.file_end(), origin.rank_end(), radius)
            }
            Area::Burst { at, radius } | Area::Cone { apex: at, radius, .. } => {
                grow(at.x / 2, at.y / 2, (at.x + 1) / 2, (at.y + 1) / 2, radius)
            }
            Area::Line { from, length, .. } => grow(from.x / 2, from.y / 2, from.x / 2, from.y / 2, length),
        }
    }
}

/// True if the part of the line from `a` to `b` inside square (f, r)'s box
/// runs through its inside, not along a side.
fn interior(line: &Line, a: Ratio, b: Ratio, f: i32, r: i32) -> bool {
    // The midpoint, times 2·a.d·b.d, compared with the box.
    let m_num = a.n * b.d + b.n * a.d;
    let m_den = 2 * a.d * b.d;
    let x = i64::from(line.p.x) * m_den + m_num * i64::from(line.d.x);
    let y = i64::from(line.p.y) * m_den + m_num * i64::from(line.d.y);
    let inside = |v: i64, lo: i64| v > 2 * lo * m_den && v < 2 * (lo + 1) * m_den;
    inside(x, i64::from(f)) && inside(y, i64::from(r))
}

/// Collects the squares a ray passes through, up to its length.
struct RayCells {
    from: Point,
    length: u32,
    squares: SquareSet,
}

impl Visitor for RayCells {
    fn inside(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        let (dx, dy) = from_corner(self.from, f, r);
        if count(dx, dy) > self.length || !(0..64).contains(&f) || !(0..64).contains(&r) {
            return false;
        }
        self.squares.insert(super::square::Square::at(f as u8, r as u8));
        true
    }
    fn cross_east(&mut self, _: Ratio, _: i32, _: i32) -> bool {
        true
    }
    fn cross_north(&mut self, _: Ratio, _: i32, _: i32) -> bool {
        true
    }
    fn along_east(&mut self, _: Ratio, _: i32, _: i32) -> bool {
        true
    }
    fn along_north(&mut self, _: Ratio, _: i32, _: i32) -> bool {
        true
    }
    fn corner(&mut self, _: Ratio, _: i32, _: i32, _: Pass) -> bool {
        true
    }
}

impl Battlefield {
    /// The squares of an area's shape on the board, before blocking.
    pub fn area_shape(&self, area: &Area) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        if area.check().is_err() {
            return set;
        }
        if let Area::Line { from, toward, length } = *area {
            let line = Line::through(from, toward);
            // Far enough to leave any board: the direction scaled past 256 half squares.
            let span = i64::from(line.d.x.abs().max(line.d.y.abs()));
            let mut v = RayCells { from, length, squares: SquareSet::EMPTY };
            walk(&line, Ratio::ZERO, Ratio::new(260, span.max(1)), &mut v);
            set = v.squares;
            set.intersect_with(self.board().all());
            return set;
        }
        let (f0, r0, f1, r1) = area.bounds();
        let (f0, f1) = (f0.max(0), f1.min(self.board().width()));
        if f0 >= f1 {
            return set;
        }
        for r in r0.max(0)..r1.min(self.board().height()) {
            let row = match *area {
                // Bursts and emanations are one run of squares on each rank:
                // widen it from the middle while the count allows.
                Area::Burst { at, radius } => {
                    let (i, j) = (at.x / 2, at.y / 2);
                    let dy = if r >= j { r - j + 1 } else { j - r } as u32;
                    let mut dx = 0;
                    while dx <= radius && count(dx + 1, dy) <= radius {
                        dx += 1;
                    }
                    row_mask((i - dx as i32).clamp(f0, f1) as u32, (i + dx as i32).clamp(f0, f1) as u32)
                }
                Area::Emanation { origin, radius } => {
                    let gy = (r - origin.rank_end() + 1).max(i32::from(origin.rank) - r).max(0) as u32;
                    if count(0, gy) > radius {
                        0
                    } else {
                        let mut gx = 0;
                        while gx < radius && count(gx + 1, gy) <= radius {
                            gx += 1;
                        }
                        let lo = i32::from(origin.file) - gx as i32;
                        let hi = origin.file_end() + gx as i32;
                        row_mask(lo.clamp(f0, f1) as u32, hi.clamp(f0, f1) as u32)
                    }
                }
                Area::Cone { apex, toward, radius } => {
                    let (dx, dy) = toward.delta();
                    let mask = |lo: i32, hi: i32| row_mask(lo.clamp(f0, f1) as u32, hi.clamp(f0, f1) as u32);
                    if toward.is_diagonal() {
                        // A quarter of a burst.
                        let (i, j) = (apex.x / 2, apex.y / 2);
                        let d = if dy > 0 { r - j + 1 } else { j - r };
                        if d < 1 {
                            0
                        } else {
                            let mut m = 0;
                            while m <= radius && count(m + 1, d as u32) <= radius {
                                m += 1;
                            }
                            if dx > 0 { mask(i, i + m as i32) } else { mask(i - m as i32, i) }
                        }
                    } else if dx == 0 {
                        // Straight north or south from the middle of square i's edge.
                        let (i, j) = ((apex.x - 1) / 2, apex.y / 2);
                        let fwd = if dy > 0 { r - j + 1 } else { j - r };
                        if fwd < 1 || count(fwd as u32, 0) > radius {
                            0
                        } else {
                            let mut side = 0;
                            while side + 1 < fwd && count(fwd as u32, side as u32 + 1) <= radius {
                                side += 1;
                            }
                            mask(i - side, i + side + 1)
                        }
                    } else {
                        // Straight east or west from the middle of rank j's edge.
                        let (i, j) = (apex.x / 2, (apex.y - 1) / 2);
                        let side = (r - j).unsigned_abs();
                        let mut far = side;
                        while far <= radius && count(far + 1, side) <= radius {
                            far += 1;
                        }
                        let (side, far) = (side as i32, far as i32);
                        if far < side + 1 {
                            0
                        } else if dx > 0 {
                            mask(i + side, i + far)
                        } else {
                            mask(i - far, i - side)
                        }
                    }
                }
                _ => {
                    let mut row = 0u64;
                    for f in f0..f1 {
                        if area.shape_has(f, r) {
                            row |= 1 << f;
                        }
                    }
                    row
                }
            };
            set.set_row(r, row);
        }
        set
    }

    /// The squares in an area, with solid terrain blocking, and the figures
    /// in it.
    pub fn area(&self, area: &Area) -> Result<AreaHit, AreaError> {
        area.check()?;
        let shape = self.area_shape(area);
        let origin = area.origin();
        let squares = match *area {
            Area::Line { from, length, .. } => {
                let r = length as i32 + 1;
                self.unblocked(&shape, origin, (from.x / 2 - r, from.y / 2 - r, from.x / 2 + r, from.y / 2 + r))
            }
            _ => self.unblocked(&shape, origin, area.bounds()),
        };
        // Figures outside the area's box are not in it (a line's box is
        // not computed: every figure is checked).
        let (bf0, br0, bf1, br1) = if matches!(area, Area::Line { .. }) { (0, 0, 64, 64) } else { area.bounds() };
        let mut figures = Vec::new();
        for (id, f) in self.figures() {
            let sp = &f.space;
            let (f0, r0, f1, r1) = (i32::from(sp.file), i32::from(sp.rank), sp.file_end(), sp.rank_end());
            if f1 <= bf0 || f0 >= bf1 || r1 <= br0 || r0 >= br1 {
                continue;
            }
            let mask = row_mask(f0 as u32, f1.min(64) as u32);
            if (r0..r1).any(|r| squares.row(r) & mask != 0) {
                figures.push(id);
            }
        }
        Ok(AreaHit { squares, figures })
    }

    /// The squares of `shape` with line of effect from `origin` to their
    /// centres: solid terrain at least a square above the origin's ground
    /// blocks.
    fn unblocked(&self, shape: &SquareSet, origin: Point, bounds: (i32, i32, i32, i32)) -> SquareSet {
        let level = self.terrain().level(self.ground_at(origin).plus_one_square());
        let (f0, r0, f1, r1) = bounds;
        let mask = row_mask((f0 - 1).clamp(0, 64) as u32, (f1 + 1).clamp(0, 64) as u32);
        let near = (r0 - 1..=r1)
            .any(|r| (level.solid.row(r) | level.solid_north.row(r) | level.solid_east.row(r)) & mask != 0);
        if !near {
            return shape.clone();
        }
        let blockers = super::line::Blockers {
            squares: &level.solid,
            north: &level.solid_north,
            east: &level.solid_east,
            own: [(0, 0, 0, 0); 2],
            gaps: None,
        };
        let mut out = SquareSet::EMPTY;
        for s in shape.iter() {
            // Only a line whose box of squares holds solid terrain can be blocked.
            let c = Point::centre(s);
            let (x0, x1) = (origin.x.min(c.x), origin.x.max(c.x));
            let (y0, y1) = (origin.y.min(c.y), origin.y.max(c.y));
            let m =
                row_mask(((x0 - 1).div_euclid(2)).clamp(0, 64) as u32, ((x1 + 2).div_euclid(2)).clamp(0, 64) as u32);
            let clear = !((y0 - 1).div_euclid(2)..=(y1 + 1).div_euclid(2))
                .any(|r| (level.solid.row(r) | level.solid_north.row(r) | level.solid_east.row(r)) & m != 0);
            if clear || super::sight::effect(origin, c, blockers) {
                out.insert(s);
            }
        }
        out
    }
}

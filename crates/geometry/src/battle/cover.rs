//! Cover and concealment: what a line from the attacker to the defender
//! crosses, in order from the attacker, for the dice the rules roll.
//!
//! The defending player draws the line, from the square of its space the
//! attacker chose to any point of the defender's space; it must be a line of
//! sight. Along it, a cover check is owed for each piece of obstructing,
//! solid or opaque terrain it passes through and for each figure no taller
//! than both ends; a concealment check for each piece of concealing terrain.
//! Terrain in a square of either end's space is ignored, as is cover less
//! than a square wide (terrain on an edge) touching the attacker's space,
//! and terrain that the attacker or the target stands higher than. When
//! terrain and a figure are met at the same place, the terrain comes first.

use super::board::{Edge, Point, Side, Space};
use super::field::{Battlefield, FigureId};
use super::line::{Blockers, Clear, Line, Pass, Ratio, Visitor, walk};
use super::sight::{Extent, Sightline, between_clips};
use super::size::Height;
use super::square::{Square, SquareSet};
use super::targeting::extent;
use super::terrain::{PieceId, Traits};
use std::fmt;

/// Something a cover check is rolled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obstacle {
    /// A piece of terrain.
    Terrain(PieceId),
    /// Another figure.
    Figure(FigureId),
}

/// The checks owed along one line, each list in order from the attacker.
#[derive(Clone, Debug, PartialEq)]
pub struct Cover {
    /// The line.
    pub line: Sightline,
    /// Cover checks: obstructing, solid and opaque terrain, and figures.
    pub cover: Vec<Obstacle>,
    /// Concealment checks: concealing terrain.
    pub concealment: Vec<PieceId>,
}

/// Why a line cannot be used for cover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoverError {
    /// A figure is missing.
    NoFigure,
    /// The attacker's chosen square is not in its space.
    NotItsSquare,
    /// The line does not run from the attacker's square to the defender's space.
    Misses,
    /// The line is not a line of sight.
    Blocked,
}

impl fmt::Display for CoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CoverError::NoFigure => "there is no such figure",
            CoverError::NotItsSquare => "the attacker does not stand on that square",
            CoverError::Misses => "the line does not run from the attacker's square to the defender's space",
            CoverError::Blocked => "that line is not a line of sight",
        })
    }
}

impl std::error::Error for CoverError {}

struct Collect<'a> {
    field: &'a Battlefield,
    a_space: Space,
    d_space: Space,
    a_top: Height,
    d_top: Height,
    /// The figures that would give cover on a square of a line.
    shelter: &'a Shelter,
    cover: Vec<Obstacle>,
    concealment: Vec<PieceId>,
}

/// What lines between two figures can meet, worked out once for all of
/// them: the figures that give cover where a line passes one of their
/// squares (every other figure no taller than both ends), the squares and
/// edges whose terrain gives cover or concealment, and whether anything
/// near could block sight at all.
struct Shelter {
    /// Every square of those figures, to skip the rest at one bit test.
    squares: SquareSet,
    /// The figures, in id order.
    figures: Vec<(FigureId, Space)>,
    /// Squares with terrain that gives cover or concealment.
    terrain: SquareSet,
    /// Squares whose north edge carries such terrain.
    north: SquareSet,
    /// Squares whose east edge carries such terrain.
    east: SquareSet,
    /// True if nothing tall enough to block sight lies on the rectangle
    /// around both spaces or a square beyond it: every line is clear.
    open: bool,
    /// Whether the sets above are used to skip squares and edges (else
    /// every one is looked at piece by piece).
    shortcuts: bool,
    /// How tall the attacker and the defender stand.
    tops: (Height, Height),
    /// With the shortcuts: every square around the two spaces that a line
    /// must touch to meet anything (terrain that gives cover or concealment
    /// or blocks sight, on the square or its north or east edge, or another
    /// figure); a walk passes the rest without a look ([`Sighted`]).
    near: SquareSet,
}

impl Shelter {
    /// Worked out for two figures; without `shortcuts`, every square and
    /// edge is looked at and every line checked for sight (what the property
    /// tests hold the shortcuts to).
    fn new(field: &Battlefield, attacker: FigureId, defender: FigureId, shortcuts: bool) -> Shelter {
        let (a_top, d_top) = (field.top(attacker), field.top(defender));
        let mut squares = SquareSet::EMPTY;
        let mut figures = Vec::new();
        for (id, fig) in field.figures() {
            if id != attacker && id != defender && field.top(id) <= a_top && field.top(id) <= d_top {
                squares.union_with(&fig.space.squares());
                figures.push((id, fig.space));
            }
        }
        let t = field.terrain();
        let (mut terrain, mut north, mut east) = (SquareSet::EMPTY, SquareSet::EMPTY, SquareSet::EMPTY);
        for kind in [Traits::OBSTRUCTING, Traits::SOLID, Traits::OPAQUE, Traits::CONCEALING] {
            terrain.union_with(t.squares_with(kind));
            north.union_with(t.north_edges_with(kind));
            east.union_with(t.east_edges_with(kind));
        }
        let open = match (field.figure(attacker), field.figure(defender)) {
            (Some(a), Some(d)) => {
                let (one, two) = (a.space, d.space);
                let around = SquareSet::rect(
                    i32::from(one.file).min(i32::from(two.file)) - 2,
                    i32::from(one.rank).min(i32::from(two.rank)) - 2,
                    one.file_end().max(two.file_end()) + 2,
                    one.rank_end().max(two.rank_end()) + 2,
                );
                let level = t.level(a_top.max(d_top).plus_one_square());
                !level.squares.intersects(&around)
                    && !level.north.intersects(&around)
                    && !level.east.intersects(&around)
            }
            _ => false,
        };
        let near = match (field.figure(attacker), field.figure(defender)) {
            (Some(a), Some(d)) if shortcuts => {
                let level = t.level(a_top.max(d_top).plus_one_square());
                near_squares(
                    a.space,
                    d.space,
                    [&terrain, &squares, &level.squares],
                    [&north, &east, &level.north, &level.east],
                )
            }
            _ => SquareSet::EMPTY,
        };
        Shelter {
            squares,
            figures,
            terrain,
            north,
            east,
            open: open && shortcuts,
            shortcuts,
            tops: (a_top, d_top),
            near,
        }
    }
}

/// The squares around two spaces (the rectangle around both and a square
/// beyond it on every side, which holds every line between them and every
/// square such a line can touch) that hold something of `squares` outside
/// both spaces (what lies in an end's space is ignored), or whose north or
/// east edge is in `edges` (an edge lies on its square's border).
fn near_squares(one: Space, two: Space, squares: [&SquareSet; 3], edges: [&SquareSet; 4]) -> SquareSet {
    let f0 = i32::from(one.file).min(i32::from(two.file)) - 1;
    let r0 = i32::from(one.rank).min(i32::from(two.rank)) - 1;
    let f1 = one.file_end().max(two.file_end()) + 1;
    let r1 = one.rank_end().max(two.rank_end()) + 1;
    let mask = SquareSet::rect(f0, 0, f1, 1).row(0);
    let mut out = SquareSet::EMPTY;
    for r in r0.max(0)..r1.min(64) {
        let mut row = 0u64;
        for set in squares {
            row |= set.row(r);
        }
        // Drop the squares of the two spaces on this rank.
        for sp in [one, two] {
            if r >= i32::from(sp.rank) && r < sp.rank_end() {
                row &= !super::square::row_mask(u32::from(sp.file).min(64), sp.file_end().clamp(0, 64) as u32);
            }
        }
        for set in edges {
            row |= set.row(r);
        }
        out.set_row(r, row & mask);
    }
    out
}

impl Collect<'_> {
    fn in_ends(&self, f: i32, r: i32) -> bool {
        self.a_space.holds(f, r) || self.d_space.holds(f, r)
    }
    fn terrain(&mut self, pieces: &[PieceId], edge_touches_attacker: bool) {
        for &id in pieces {
            let Some(p) = self.field.terrain().piece(id) else { continue };
            let t = p.active();
            if t.any(Traits::OBSTRUCTING.with(Traits::SOLID).with(Traits::OPAQUE))
                && !edge_touches_attacker
                && self.a_top <= p.height()
                && self.d_top <= p.height()
                && !self.cover.contains(&Obstacle::Terrain(id))
            {
                self.cover.push(Obstacle::Terrain(id));
            }
            if t.contains(Traits::CONCEALING) && !self.concealment.contains(&id) {
                self.concealment.push(id);
            }
        }
    }
    /// True if square (f, r) holds a piece that owes cover or concealment.
    fn has_cover(&self, f: i32, r: i32) -> bool {
        if self.shelter.shortcuts {
            return self.shelter.terrain.has(f, r) && !self.in_ends(f, r);
        }
        let t = self.field.terrain();
        !self.in_ends(f, r)
            && self.field.board().square(f, r).is_some_and(|s| {
                t.pieces_on(s).iter().filter_map(|p| t.piece(*p)).any(|p| {
                    p.active()
                        .any(Traits::OBSTRUCTING.with(Traits::SOLID).with(Traits::OPAQUE).with(Traits::CONCEALING))
                })
            })
    }
    /// The terrain of square (f, r), for a line running between two such
    /// squares (through the mass they make together).
    fn square_terrain(&mut self, f: i32, r: i32) {
        let field = self.field;
        if let Some(s) = field.board().square(f, r) {
            self.terrain(field.terrain().pieces_on(s), false);
        }
    }
    fn square(&mut self, f: i32, r: i32) {
        if self.in_ends(f, r) {
            return;
        }
        let field = self.field;
        let Some(s) = field.board().square(f, r) else { return };
        if !self.shelter.shortcuts || self.shelter.terrain.contains(s) {
            self.terrain(field.terrain().pieces_on(s), false);
        }
        if !self.shelter.squares.contains(s) {
            return;
        }
        for &(id, space) in &self.shelter.figures {
            if space.contains(s) && !self.cover.contains(&Obstacle::Figure(id)) {
                self.cover.push(Obstacle::Figure(id));
            }
        }
    }
    /// The edge on the north (or east) side of square (f, r).
    fn edge(&mut self, f: i32, r: i32, north: bool) {
        if self.shelter.shortcuts && !(if north { &self.shelter.north } else { &self.shelter.east }).has(f, r) {
            return;
        }
        let (f2, r2) = if north { (f, r + 1) } else { (f + 1, r) };
        // An edge inside either end's space is in that space.
        if (self.a_space.holds(f, r) && self.a_space.holds(f2, r2))
            || (self.d_space.holds(f, r) && self.d_space.holds(f2, r2))
        {
            return;
        }
        let Some(s) = self.field.board().square(f, r) else { return };
        let Some(e) = self.field.board().square(f2, r2).and_then(|o| self.field.board().edge_between(s, o)) else {
            return;
        };
        // The edge's ends, in half squares.
        let (x0, y0) = (2 * (f + i32::from(!north)), 2 * (r + i32::from(north)));
        let (x1, y1) = if north { (x0 + 2, y0) } else { (x0, y0 + 2) };
        let (lo, hi) = self.a_space.bounds();
        let touches = |x: i32, y: i32| x >= lo.x && x <= hi.x && y >= lo.y && y <= hi.y;
        let near_attacker = touches(x0, y0) || touches(x1, y1);
        let field = self.field;
        self.terrain(field.terrain().pieces_along(e), near_attacker);
    }
}

impl Visitor for Collect<'_> {
    fn inside(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.square(f, r);
        true
    }
    fn cross_east(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.edge(f, r, false);
        true
    }
    fn cross_north(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.edge(f, r, true);
        true
    }
    fn along_east(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.edge(f, r, false);
        if self.has_cover(f, r) && self.has_cover(f + 1, r) {
            self.square_terrain(f, r);
            self.square_terrain(f + 1, r);
        }
        true
    }
    fn along_north(&mut self, _: Ratio, f: i32, r: i32) -> bool {
        self.edge(f, r, true);
        if self.has_cover(f, r) && self.has_cover(f, r + 1) {
            self.square_terrain(f, r);
            self.square_terrain(f, r + 1);
        }
        true
    }
    fn corner(&mut self, _: Ratio, i: i32, j: i32, pass: Pass) -> bool {
        // Passing exactly between two squares of cover that meet at the
        // corner goes through them both.
        let (a, b) = match pass {
            Pass::Rising => ((i - 1, j), (i, j - 1)),
            Pass::Falling => ((i, j), (i - 1, j - 1)),
            Pass::Across | Pass::Upright => return true,
        };
        if self.has_cover(a.0, a.1) && self.has_cover(b.0, b.1) {
            self.square_terrain(a.0, a.1);
            self.square_terrain(b.0, b.1);
        }
        true
    }
}

/// A line's cover checks collected while its sight is checked in the same
/// walk: the walk stops at the first thing that blocks. Squares, edges and
/// corners with nothing of [`Shelter::near`] on or beside them are passed
/// without a look (neither visitor does anything there).
struct Sighted<'a> {
    clear: Clear<'a>,
    collect: Collect<'a>,
    near: &'a SquareSet,
}

impl Visitor for Sighted<'_> {
    fn inside(&mut self, t: Ratio, f: i32, r: i32) -> bool {
        !self.near.has(f, r) || (self.clear.inside(t, f, r) && self.collect.inside(t, f, r))
    }
    fn cross_east(&mut self, t: Ratio, f: i32, r: i32) -> bool {
        !self.near.has(f, r) || (self.clear.cross_east(t, f, r) && self.collect.cross_east(t, f, r))
    }
    fn cross_north(&mut self, t: Ratio, f: i32, r: i32) -> bool {
        !self.near.has(f, r) || (self.clear.cross_north(t, f, r) && self.collect.cross_north(t, f, r))
    }
    fn along_east(&mut self, t: Ratio, f: i32, r: i32) -> bool {
        !(self.near.has(f, r) || self.near.has(f + 1, r))
            || (self.clear.along_east(t, f, r) && self.collect.along_east(t, f, r))
    }
    fn along_north(&mut self, t: Ratio, f: i32, r: i32) -> bool {
        !(self.near.has(f, r) || self.near.has(f, r + 1))
            || (self.clear.along_north(t, f, r) && self.collect.along_north(t, f, r))
    }
    fn corner(&mut self, t: Ratio, i: i32, j: i32, pass: Pass) -> bool {
        let n = self.near;
        !(n.has(i, j) || n.has(i - 1, j) || n.has(i - 1, j - 1) || n.has(i, j - 1))
            || (self.clear.corner(t, i, j, pass) && self.collect.corner(t, i, j, pass))
    }
}

impl Battlefield {
    /// True if nothing can give cover or concealment to a line between two
    /// spaces: no terrain that gives either or blocks sight on the squares
    /// of the rectangle around them and a square beyond it on every side,
    /// nor on any edge of those squares, and no creature but the two in
    /// the rectangle.
    fn bare_between(&self, a: FigureId, d: FigureId, one: Space, two: Space) -> bool {
        let f0 = i32::from(one.file).min(i32::from(two.file)) - 1;
        let r0 = i32::from(one.rank).min(i32::from(two.rank)) - 1;
        let f1 = one.file_end().max(two.file_end()) + 1;
        let r1 = one.rank_end().max(two.rank_end()) + 1;
        let t = self.terrain();
        let board = self.board();
        // What a line can meet: terrain that gives cover or concealment, or
        // blocks sight (raised ground too); flat difficult ground does not.
        let sees = Traits::OBSTRUCTING.with(Traits::SOLID).with(Traits::OPAQUE).with(Traits::CONCEALING);
        let meets = |ids: &[PieceId]| {
            ids.iter().filter_map(|&id| t.piece(id)).any(|p| p.active().any(sees) || p.sight_height().is_some())
        };
        // The squares of the ring, and one more row and file below and to
        // the left for the edges along its rim.
        for r in r0 - 1..r1 {
            for f in f0 - 1..f1 {
                let Some(q) = board.square(f, r) else { continue };
                if f >= f0 && r >= r0 && meets(t.pieces_on(q)) {
                    return false;
                }
                for side in [Side::North, Side::East] {
                    if meets(t.pieces_along(Edge { square: q, side })) {
                        return false;
                    }
                }
            }
        }
        // A creature gives cover only on a square a line passes through,
        // and every such square lies inside the rectangle (not the ring).
        !self.figures().any(|(id, fig)| {
            id != a
                && id != d
                && i32::from(fig.space.file) < f1 - 1
                && fig.space.file_end() > f0 + 1
                && i32::from(fig.space.rank) < r1 - 1
                && fig.space.rank_end() > r0 + 1
        })
    }

    /// The cover and concealment checks along the line from `from` (a point
    /// of the attacker's chosen square) to `to` (a point of the defender's
    /// space), in half squares. The line must be a line of sight.
    pub fn cover_along(
        &self,
        attacker: FigureId,
        square: Square,
        defender: FigureId,
        from: Point,
        to: Point,
    ) -> Result<Cover, CoverError> {
        self.cover_along_with(attacker, square, defender, from, to, &Shelter::new(self, attacker, defender, true))
    }

    /// [`Battlefield::cover_along`] with the figures that give cover worked out.
    fn cover_along_with(
        &self,
        attacker: FigureId,
        square: Square,
        defender: FigureId,
        from: Point,
        to: Point,
        shelter: &Shelter,
    ) -> Result<Cover, CoverError> {
        let (a, d) =
            (self.figure(attacker).ok_or(CoverError::NoFigure)?, self.figure(defender).ok_or(CoverError::NoFigure)?);
        if !a.space.contains(square) {
            return Err(CoverError::NotItsSquare);
        }
        let sq = extent(&Space::new(square, 1));
        let de = extent(&d.space);
        let inside = |e: &Extent, p: Point| p.x >= e.lo.x && p.x <= e.hi.x && p.y >= e.lo.y && p.y <= e.hi.y;
        if !inside(&sq, from) || !inside(&de, to) || from == to {
            return Err(CoverError::Misses);
        }
        let line = Line::through(from, to);
        // The part inside the attacker's square, kept to tell which way to walk.
        let ia = line.clip(sq.lo, sq.hi).ok_or(CoverError::Misses)?;
        let (t0, t1) = between_clips(ia, line.clip(de.lo, de.hi).ok_or(CoverError::Misses)?);
        let (a_top, d_top) = shelter.tops;
        let level = self.terrain().level(a_top.max(d_top).plus_one_square());
        let ae = extent(&a.space);
        let blockers = Blockers {
            squares: &level.squares,
            north: &level.north,
            east: &level.east,
            own: [ae.own(), de.own()],
            // The walk that checks sight also collects: it skips nothing.
            gaps: None,
        };
        // Without the shortcuts, sight is checked by a walk of its own (what
        // the property tests hold the one walk below to).
        if !shelter.shortcuts && !super::line::clear(&line, t0, t1, blockers) {
            return Err(CoverError::Blocked);
        }
        let mut c = Collect {
            field: self,
            a_space: a.space,
            d_space: d.space,
            a_top,
            d_top,
            shelter,
            cover: Vec::new(),
            concealment: Vec::new(),
        };
        // Walk from the attacker's end: reverse the line if it runs the other way.
        let (line, t0, t1) = if ia.0 <= t0 {
            (line, t0, t1)
        } else {
            let back = Line { p: line.p, d: Point::new(-line.d.x, -line.d.y) };
            (back, Ratio::new(-t1.n, t1.d), Ratio::new(-t0.n, t0.d))
        };
        if shelter.shortcuts && !shelter.open {
            // One walk checks sight and collects the checks together.
            let mut both = Sighted { clear: Clear { blockers, ends: [t0, t1] }, collect: c, near: &shelter.near };
            if !walk(&line, t0, t1, &mut both) {
                return Err(CoverError::Blocked);
            }
            c = both.collect;
        } else {
            walk(&line, t0, t1, &mut c);
        }
        Ok(Cover { line: Sightline { line, t0, t1 }, cover: c.cover, concealment: c.concealment })
    }

    /// The different lists of checks the defender can choose between: one
    /// [`Cover`] per distinct outcome over the lines of sight between the
    /// corners, edge midpoints and centres of the attacker's chosen square
    /// and of the defender's squares.
    pub fn cover_options(&self, attacker: FigureId, square: Square, defender: FigureId) -> Vec<Cover> {
        self.cover_options_with(attacker, square, defender, true)
    }

    /// [`Battlefield::cover_options`] worked out over every line even where
    /// nothing lies between the two, every square and edge of each line
    /// looked at and every line checked for sight: what the property tests
    /// hold the shortcuts to.
    #[doc(hidden)]
    pub fn cover_options_by_every_line(&self, attacker: FigureId, square: Square, defender: FigureId) -> Vec<Cover> {
        self.cover_options_with(attacker, square, defender, false)
    }

    fn cover_options_with(&self, attacker: FigureId, square: Square, defender: FigureId, shortcut: bool) -> Vec<Cover> {
        let Some(d) = self.figure(defender) else { return Vec::new() };
        let from: Vec<Point> = (0..3)
            .flat_map(|i| (0..3).map(move |j| Point::new(2 * square.file() + i, 2 * square.rank() + j)))
            .collect();
        let (lo, hi) = d.space.bounds();
        let to: Vec<Point> = (lo.x..=hi.x).flat_map(|x| (lo.y..=hi.y).map(move |y| Point::new(x, y))).collect();
        let mut out: Vec<Cover> = Vec::new();
        // Every line lies within the rectangle around the two ends: with no
        // terrain on or beside it and no other creature in it, every line
        // finds nothing, so the first line that runs is the only option.
        let clear = shortcut && self.bare_between(attacker, defender, Space::new(square, 1), d.space);
        let shelter = Shelter::new(self, attacker, defender, shortcut);
        for &p in &from {
            for &q in &to {
                if let Ok(c) = self.cover_along_with(attacker, square, defender, p, q, &shelter)
                    && !out.iter().any(|o| o.cover == c.cover && o.concealment == c.concealment)
                {
                    out.push(c);
                    if clear {
                        return out;
                    }
                }
            }
        }
        out.sort_by_key(|c| std::cmp::Reverse(c.cover.len() + c.concealment.len()));
        out
    }
}

//! The gridless twin: Path 2 Victory played without a grid (rulebook
//! appendix "Gridless and 3D play"), on the continuous table of
//! [`crate::table`], measured in inches.
//!
//! "For the most part, you can play Path 2 Victory without a grid by
//! substituting 'inches' any time the game refers to 'squares'. Measure
//! diagonal movement normally instead of imposing an extra cost for it."
//!
//! - range: from any point of the attacker's base edge to any point of the
//!   target's, so the gap between the bases;
//! - adjacency: less than 1" between the bases (and a reach of N: less than
//!   N", ruling P2V-G20);
//! - sight: a straight line from base to base clear of solid and opaque
//!   footprints (with the grid's height rule: terrain one inch or more
//!   higher than both ends blocks); effect: the line between the centres
//!   clear of solid footprints;
//! - cover: every piece of obstructing, solid or opaque terrain and every
//!   figure no taller than both that lies between the two bases ("If any
//!   part of the target figure is obscured, it has cover"), nearest first;
//! - areas: emanations and bursts are circles (from the base's edge, from
//!   a point), cones quarter circles, lines 1" wide; a figure is in an area
//!   if its base reaches into it and the line from the area's origin to its
//!   centre passes no solid footprint;
//! - flanking: the line between the flankers' centres passes through the
//!   target's base, both within reach;
//! - movement: the length of the path, each inch through difficult terrain
//!   counting double, never across solid terrain.
//!
//! Internally lengths are centimetres (the table's unit, so its one contact
//! tolerance keeps its meaning); every input and output here is in inches.

use super::field::FigureId;
use super::size::{Height, Size};
use super::terrain::Traits;
use crate::table::{Blockers, Disc, Solid, Vec2};

/// Centimetres in an inch.
pub const CM_PER_INCH: f32 = 2.54;

fn cm(inches: f32) -> f32 {
    inches * CM_PER_INCH
}

fn inches(cm: f32) -> f32 {
    cm / CM_PER_INCH
}

/// A piece of terrain on the table.
#[derive(Clone, Debug)]
pub struct TablePiece {
    /// What it is called.
    pub name: String,
    /// Its footprint, in inches.
    pub footprint: Solid,
    /// Its traits.
    pub traits: Traits,
    /// How tall it stands, in half inches (as [`Height`] counts half squares).
    pub height: Height,
}

/// A figure on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFigure {
    /// Its name.
    pub name: String,
    /// Its size (for its height).
    pub size: Size,
    /// Its base: centre and radius in inches.
    pub base: Disc,
    /// Its team.
    pub team: u8,
    /// Helpless figures do not flank.
    pub helpless: bool,
}

/// The gridless battlefield: a table in inches, its terrain and figures.
#[derive(Clone, Debug)]
pub struct Tabletop {
    /// Width and depth of the table, in inches.
    pub size: (f32, f32),
    pieces: Vec<TablePiece>,
    /// The footprints in centimetres, by piece.
    solids: Vec<Solid>,
    figures: Vec<Option<TableFigure>>,
}

fn to_cm(d: &Disc) -> Disc {
    Disc::new(d.centre * CM_PER_INCH, cm(d.radius))
}

/// A footprint from its corners in inches (convex), or a circle.
pub fn footprint_cm(s: &Solid) -> Option<Solid> {
    match s.as_circle() {
        Some(c) => Solid::circle(c.centre * CM_PER_INCH, cm(c.radius)).ok(),
        None => {
            let pts: Vec<Vec2> = s.corners()?.iter().map(|p| *p * CM_PER_INCH).collect();
            Solid::polygon(&pts).ok()
        }
    }
}

/// An area of effect on the table, in inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TableArea {
    /// A circle of `radius` round the edge of a figure's base.
    Emanation {
        /// The figure it comes from.
        origin: FigureId,
        /// Radius in inches.
        radius: f32,
    },
    /// A circle of `radius` round a point.
    Burst {
        /// The point, in inches.
        at: Vec2,
        /// Radius in inches.
        radius: f32,
    },
    /// A quarter circle of `radius` from a point on a base's edge.
    Cone {
        /// The apex, in inches.
        apex: Vec2,
        /// The direction of its middle.
        toward: Vec2,
        /// Radius in inches.
        radius: f32,
    },
    /// A strip 1" wide and `length` long from a point.
    Line {
        /// Its start, in inches.
        from: Vec2,
        /// The direction it runs.
        toward: Vec2,
        /// Length in inches.
        length: f32,
    },
}

impl Tabletop {
    /// An empty table of `width` × `depth` inches.
    pub fn new(width: f32, depth: f32) -> Tabletop {
        Tabletop { size: (width, depth), pieces: Vec::new(), solids: Vec::new(), figures: Vec::new() }
    }

    /// Lays a piece of terrain (footprint in inches); false if the
    /// footprint cannot be scaled.
    pub fn add_piece(&mut self, piece: TablePiece) -> bool {
        match footprint_cm(&piece.footprint) {
            Some(s) => {
                self.solids.push(s);
                self.pieces.push(piece);
                true
            }
            None => false,
        }
    }

    /// The pieces.
    pub fn pieces(&self) -> &[TablePiece] {
        &self.pieces
    }

    /// Places a figure; returns its id.
    pub fn place(&mut self, f: TableFigure) -> FigureId {
        self.figures.push(Some(f));
        FigureId((self.figures.len() - 1) as u16)
    }

    /// A figure.
    pub fn figure(&self, id: FigureId) -> Option<&TableFigure> {
        self.figures.get(usize::from(id.0)).and_then(Option::as_ref)
    }

    /// Every figure with its id.
    pub fn figures(&self) -> impl Iterator<Item = (FigureId, &TableFigure)> {
        self.figures.iter().enumerate().filter_map(|(i, f)| f.as_ref().map(|f| (FigureId(i as u16), f)))
    }

    /// Moves a figure's base to a new centre (inches).
    pub fn move_to(&mut self, id: FigureId, centre: Vec2) {
        if let Some(Some(f)) = self.figures.get_mut(usize::from(id.0)) {
            f.base.centre = centre;
        }
    }

    /// The top of a figure: its height (the table has no ground heights;
    /// 3D play is left to the players, as the appendix says).
    pub fn top(&self, id: FigureId) -> Height {
        self.figure(id).map_or(Height::ZERO, |f| f.size.height())
    }

    /// The gap between two bases, in inches: the range between them.
    pub fn range(&self, a: FigureId, b: FigureId) -> Option<f32> {
        Some(inches(to_cm(&self.figure(a)?.base).gap(&to_cm(&self.figure(b)?.base))).max(0.0))
    }

    /// True if `b` is within `range` inches of `a`.
    pub fn in_range(&self, a: FigureId, b: FigureId, range: f32) -> bool {
        self.range(a, b).is_some_and(|d| d <= range + 0.01)
    }

    /// True if less than an inch lies between the two bases.
    pub fn adjacent(&self, a: FigureId, b: FigureId) -> bool {
        a != b && self.range(a, b).is_some_and(|d| d < 1.0)
    }

    /// True if `b` is within a reach of `reach` inches of `a` (Melee 1 is
    /// adjacent: less than 1").
    pub fn in_reach(&self, a: FigureId, b: FigureId, reach: f32) -> bool {
        a != b && self.range(a, b).is_some_and(|d| d < reach)
    }

    fn blockers_for(&self, tallest: Height, traits: Traits, skip: u64) -> Vec<Solid> {
        self.pieces
            .iter()
            .zip(&self.solids)
            .enumerate()
            .filter(|(i, _)| *i >= 64 || skip & (1 << i) == 0)
            .filter(|(_, (p, _))| p.traits.any(traits) && p.height >= tallest.plus_one_square())
            .map(|(_, (_, s))| s.clone())
            .collect()
    }

    /// The pieces a base stands in (which it ignores for sight and cover).
    fn under(&self, d: &Disc) -> u64 {
        let d = to_cm(d);
        let mut m = 0u64;
        for (i, s) in self.solids.iter().enumerate().take(64) {
            if s.gap_to_disc(&d) < 0.0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// True if `a` sees any part of `b`: a straight line between the bases
    /// clear of solid and opaque terrain (other than what either stands in)
    /// one inch or more higher than both.
    pub fn sees(&self, a: FigureId, b: FigureId) -> bool {
        let (Some(x), Some(y)) = (self.figure(a), self.figure(b)) else { return false };
        let skip = self.under(&x.base) | self.under(&y.base);
        let solids = self.blockers_for(self.top(a).max(self.top(b)), Traits::SOLID.with(Traits::OPAQUE), skip);
        crate::table::sight(&to_cm(&x.base), &to_cm(&y.base), &Blockers::new(&solids, &[])).is_some()
    }

    /// True if the line between the centres passes no solid footprint.
    pub fn effect(&self, a: FigureId, b: FigureId) -> bool {
        let (Some(x), Some(y)) = (self.figure(a), self.figure(b)) else { return false };
        self.effect_between(x.base.centre, y.base.centre, self.top(a).max(self.top(b)))
    }

    fn effect_between(&self, p: Vec2, q: Vec2, tallest: Height) -> bool {
        let (p, q) = (p * CM_PER_INCH, q * CM_PER_INCH);
        !self.blockers_for(tallest, Traits::SOLID, 0).iter().any(|s| s.blocks_segment(p, q))
    }

    /// The pieces and figures that obscure part of `b` from `a`, nearest
    /// to `a` first: obstructing, solid or opaque terrain and figures no
    /// taller than both, touching the region between the two bases.
    pub fn cover(&self, a: FigureId, b: FigureId) -> Vec<super::cover::Obstacle> {
        use super::cover::Obstacle;
        use super::terrain::PieceId;
        let (Some(x), Some(y)) = (self.figure(a), self.figure(b)) else { return Vec::new() };
        let (ta, tb) = (self.top(a), self.top(b));
        let (pa, pb) = (x.base.centre * CM_PER_INCH, y.base.centre * CM_PER_INCH);
        // The region between the bases: the capsule swept by a disc the
        // size of the smaller base along the centre line, between the edges.
        let r = cm(x.base.radius.min(y.base.radius));
        let skip = self.under(&x.base) | self.under(&y.base);
        let mut found: Vec<(f32, u8, Obstacle)> = Vec::new();
        let along = |c: Vec2| (c - pa).dot(pb - pa) / (pb - pa).length_squared().max(1e-6);
        for (i, (p, s)) in self.pieces.iter().zip(&self.solids).enumerate() {
            let ignored = i < 64 && skip & (1 << i) != 0;
            let cover = p.traits.any(Traits::OBSTRUCTING.with(Traits::SOLID).with(Traits::OPAQUE));
            if ignored || !cover || ta > p.height || tb > p.height {
                continue;
            }
            if s.gap_to_capsule(pa, pb, r) < 0.0 {
                let (lo, hi) = s.bounds();
                found.push((along((lo + hi) * 0.5), 0, Obstacle::Terrain(PieceId(i as u16))));
            }
        }
        for (id, f) in self.figures() {
            if id == a || id == b || self.top(id) > ta || self.top(id) > tb {
                continue;
            }
            let d = to_cm(&f.base);
            if d.gap_to_capsule(pa, pb, r) < 0.0 {
                found.push((along(d.centre), 1, Obstacle::Figure(id)));
            }
        }
        found.sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.cmp(&q.1)));
        found.into_iter().map(|(_, _, o)| o).collect()
    }

    /// The figures in an area, with solid terrain blocking.
    pub fn affected(&self, area: &TableArea) -> Vec<FigureId> {
        let origin: Vec2 = match *area {
            TableArea::Emanation { origin, .. } => self.figure(origin).map_or(Vec2::ZERO, |f| f.base.centre),
            TableArea::Burst { at, .. } => at,
            TableArea::Cone { apex, .. } => apex,
            TableArea::Line { from, .. } => from,
        };
        self.figures()
            .filter(|(id, f)| {
                let d = &f.base;
                let inside = match *area {
                    TableArea::Emanation { origin, radius } => self
                        .figure(origin)
                        .is_some_and(|o| *id == origin || inches(to_cm(&o.base).gap(&to_cm(d))) <= radius + 0.01),
                    TableArea::Burst { at, radius } => d.gap_to_point(at) <= radius + 0.01,
                    TableArea::Cone { apex, toward, radius } => disc_in_sector(d, apex, toward, radius),
                    TableArea::Line { from, toward, length } => {
                        strip(from, toward, length).is_some_and(|s| s.gap_to_disc(d) < 0.0)
                    }
                };
                inside
                    && (self.effect_between(origin, d.centre, Height::ZERO)
                        || matches!(area, TableArea::Emanation { origin, .. } if *id == *origin))
            })
            .map(|(id, _)| id)
            .collect()
    }

    /// True if `a` and `b` flank `target`: enemies of it, not helpless,
    /// each within its reach (inches), and the line between their centres
    /// passes through the target's base.
    pub fn flanks(&self, a: FigureId, b: FigureId, target: FigureId, reach_a: f32, reach_b: f32) -> bool {
        let (Some(x), Some(y), Some(t)) = (self.figure(a), self.figure(b), self.figure(target)) else { return false };
        a != b
            && x.team != t.team
            && y.team != t.team
            && !x.helpless
            && !y.helpless
            && self.in_reach(a, target, reach_a)
            && self.in_reach(b, target, reach_b)
            && to_cm(&t.base).gap_to_capsule(x.base.centre * CM_PER_INCH, y.base.centre * CM_PER_INCH, 0.0)
                < -crate::table::TOLERANCE
    }

    /// What moving along a path (inches) costs: its length, each inch inside
    /// difficult terrain counting double; `None` if it crosses solid terrain.
    pub fn path_cost(&self, path: &[Vec2]) -> Option<f32> {
        let mut total = 0.0;
        for w in path.windows(2) {
            let (p, q) = (w[0] * CM_PER_INCH, w[1] * CM_PER_INCH);
            for (piece, s) in self.pieces.iter().zip(&self.solids) {
                if piece.traits.contains(Traits::SOLID) && s.blocks_segment(p, q) {
                    return None;
                }
            }
            let len = p.distance(q);
            // The part of the leg inside difficult footprints, by sampling.
            const N: usize = 200;
            let mut inside = 0;
            for k in 0..N {
                let m = p + (q - p) * ((k as f32 + 0.5) / N as f32);
                if self
                    .pieces
                    .iter()
                    .zip(&self.solids)
                    .any(|(piece, s)| piece.traits.contains(Traits::DIFFICULT) && s.contains(m))
                {
                    inside += 1;
                }
            }
            total += len * (1.0 + inside as f32 / N as f32);
        }
        Some(inches(total))
    }
}

/// The 1"-wide strip of a line area, in inches.
fn strip(from: Vec2, toward: Vec2, length: f32) -> Option<Solid> {
    let dir = (toward - from).normalize_or_zero();
    if dir == Vec2::ZERO || length <= 0.0 {
        return None;
    }
    let side = Vec2::new(-dir.y, dir.x) * 0.5;
    let end = from + dir * length;
    Solid::polygon(&[from - side, end - side, end + side, from + side]).ok()
}

/// True if a disc reaches into the quarter circle of `radius` at `apex`
/// centred on the direction `toward`.
fn disc_in_sector(d: &Disc, apex: Vec2, toward: Vec2, radius: f32) -> bool {
    let dir = toward.normalize_or_zero();
    if dir == Vec2::ZERO || d.gap_to_point(apex) > radius + 0.01 {
        return false;
    }
    if d.gap_to_point(apex) <= 0.0 {
        return true;
    }
    let v = d.centre - apex;
    // The angle off the middle, less what the disc's width allows.
    let dist = v.length();
    let off = v.normalize_or_zero().dot(dir).clamp(-1.0, 1.0).acos();
    let spread = (d.radius / dist).clamp(-1.0, 1.0).asin();
    off - spread <= std::f32::consts::FRAC_PI_4 + 1e-4
}

//! Room on the table for the gate, a terrain piece or a figure's base:
//! a legal place whenever one exists.
//!
//! Setup and deployment ask for a position among what is already down, and
//! a few square millimetres of room are still room. Each search first tries
//! a handful of fixed spots (almost always enough), then the exact search of
//! [`arbiter_geometry::table::room`]: the region where the thing's centre may
//! go is the table less keep-outs, the Minkowski sums of what is down and
//! the thing, widened or narrowed by the contact tolerance as the rules
//! judge contact; one point in every part of that region is tried. Every
//! position returned has passed the rules' own check, written to 0.01 cm as
//! the notation prints it where that is still legal.
//!
//! The searches decide rulings P45 (room for the gate, pieces that fit
//! nowhere) and P46 (figures that fit nowhere along the edge), and back the
//! candidate list and the random draw, so that neither misses a legal
//! placement.

use crate::Edition;
use crate::kit::GATE_DIAMETER;
use crate::rules::{Ephemeral, GATE_CLEARANCE, PLACE_CLEARANCE};
use crate::state::{Pos, State};
use crate::table::{AREA, v};
use arbiter_core::Game;
use arbiter_geometry::table::room::{Grown, KeepOut, find_room};
use arbiter_geometry::table::{Solid, TOLERANCE, Vec2};

/// How far every position tried keeps from a keep-out's boundary, cm: a
/// region narrower than this (a hundredth of the contact tolerance) counts
/// as no room.
const MARGIN: f32 = 0.0005;

/// The position as the notation writes it (0.01 cm), if that is legal too,
/// else as found.
fn written(p: Vec2, legal: impl Fn(Pos) -> bool) -> Option<Pos> {
    let rounded = Pos::new((p.x * 100.0).round() / 100.0, (p.y * 100.0).round() / 100.0);
    let exact = Pos::new(p.x, p.y);
    [rounded, exact].into_iter().find(|at| legal(*at))
}

/// The corners of a footprint, or its circle as a centre and radius.
enum Outline<'a> {
    Corners(&'a [Vec2]),
    Circle(Vec2, f32),
}

fn outline(solid: &Solid) -> Outline<'_> {
    match (solid.corners(), solid.as_circle()) {
        (Some(c), _) => Outline::Corners(c),
        (None, Some(d)) => Outline::Circle(d.centre, d.radius),
        (None, None) => Outline::Circle(Vec2::ZERO, 0.0),
    }
}

/// Where a shape's centre may not go without meeting `other` by more than
/// the rules allow (`slack`: the largest gap that still counts as meeting,
/// +tolerance for "no contact", −tolerance for "no overlap"). `shape` is
/// the placed shape around its own centre.
fn keep_out(other: &Solid, shape: &Outline<'_>, slack: f32) -> Option<KeepOut> {
    let set = match (outline(other), shape) {
        (Outline::Circle(c, r), Outline::Circle(_, s)) => Grown::disc(c, (r + s + slack).max(0.0)),
        (Outline::Circle(c, r), Outline::Corners(p)) => {
            let reflected: Vec<Vec2> = p.iter().map(|q| c - *q).collect();
            Grown::hull(&reflected, (r + slack).max(0.0))
        }
        (Outline::Corners(q), Outline::Circle(_, s)) => Grown::hull(q, (s + slack).max(0.0)),
        (Outline::Corners(q), Outline::Corners(p)) => {
            let m = Grown::differences(q, p);
            if slack >= 0.0 { Grown::hull(&m, slack) } else { Grown::shrunk(&m, -slack) }
        }
    }?;
    Some(KeepOut::solid(set))
}

impl Ephemeral {
    /// The largest gap between two footprints that the edition counts as
    /// meeting: v0.26 forbids contact, v0.20 only overlap (P14).
    fn terrain_slack(&self) -> f32 {
        match self.edition() {
            Edition::V026 => TOLERANCE,
            Edition::V020 => -TOLERANCE,
        }
    }

    /// A legal place for the gate on the table as it stands, if any.
    pub fn gate_room(&self, state: &State) -> Option<Pos> {
        if state.gate.is_some() {
            return None;
        }
        self.gate_room_among(&self.terrain_solids(state))
    }

    /// A legal place for the gate among the footprints `solids`, if any.
    pub(crate) fn gate_room_among(&self, solids: &[Solid]) -> Option<Pos> {
        let legal = |at: Pos| self.check_gate_among(solids, at).is_ok();
        let inner = GATE_DIAMETER / 2.0 + GATE_CLEARANCE;
        // The middle, then a 5 × 5 grid over where the centre may go.
        let step = (AREA.size - 2.0 * inner) / 4.0;
        let quick = std::iter::once(Pos::new(AREA.size / 2.0, AREA.size / 2.0))
            .chain((0..25).map(|k| Pos::new(inner + step * (k % 5) as f32, inner + step * (k / 5) as f32)));
        for at in quick {
            if legal(at) {
                return Some(at);
            }
        }
        let gate = Outline::Circle(Vec2::ZERO, GATE_DIAMETER / 2.0);
        let keepouts: Vec<KeepOut> = solids.iter().filter_map(|s| keep_out(s, &gate, self.terrain_slack())).collect();
        let (lo, hi) = (inner - TOLERANCE, AREA.size - inner + TOLERANCE);
        let mut found = None;
        find_room(Vec2::splat(lo), Vec2::splat(hi), &keepouts, MARGIN, |p| {
            found = written(p, legal);
            found.is_some()
        })?;
        found
    }

    /// A legal place and turn for kit piece `piece` on the table as it
    /// stands, if any. Once the gate is down the search is exact. While the
    /// gate is still to place, a place counts only if it leaves room for the
    /// gate (P45), which no keep-out expresses: only a scan over the table
    /// is made, and a player who finds no place for a piece may always place
    /// the gate.
    pub fn piece_room(&self, state: &State, piece: u8) -> Option<(Pos, u16)> {
        let kit_piece = self.variant().kit.pieces.get(piece as usize)?;
        if state.terrain.iter().any(|t| t.piece == piece) {
            return None;
        }
        let legal = |at: Pos, turn: u16| self.check_terrain(state, Some(piece), at, turn).is_ok();
        // A 5 × 5 grid over the table at four turns.
        for turn in [0u16, 90, 45, 135] {
            for k in 0..25 {
                let at = Pos::new(4.0 + 8.0 * (k % 5) as f32, 4.0 + 8.0 * (k / 5) as f32);
                if legal(at, turn) {
                    return Some((at, turn));
                }
            }
        }
        // The gate still to place: only the scan above (see above).
        state.gate?;
        let others = self.terrain_solids(state);
        for turn in 0..360u16 {
            let Ok(shape) = kit_piece.footprint(Vec2::ZERO, f32::from(turn)) else { continue };
            let (min, max) = shape.bounds();
            let placed = outline(&shape);
            let keepouts: Vec<KeepOut> =
                others.iter().filter_map(|s| keep_out(s, &placed, self.terrain_slack())).collect();
            let lo = Vec2::splat(-TOLERANCE) - min;
            let hi = Vec2::splat(AREA.size + TOLERANCE) - max;
            let mut found = None;
            if find_room(lo, hi, &keepouts, MARGIN, |p| {
                found = written(p, |at| legal(at, turn));
                found.is_some()
            })
            .is_some()
            {
                return found.map(|at| (at, turn));
            }
        }
        None
    }

    /// A legal place for `figure`'s base touching an edge of the table
    /// (while foraging or deploying), if any.
    pub fn edge_room(&self, state: &State, figure: u8) -> Option<Pos> {
        let stats = self.stats().get(figure as usize)?;
        let f = state.figures.get(figure as usize)?;
        if f.at.is_some() || f.defeated {
            return None;
        }
        let legal = |at: Pos| self.check_placement(state, figure, at).is_ok();
        let r = stats.radius;
        let size = AREA.size;
        // Every 2 cm along each edge.
        let mut t = r;
        while t <= size - r + 1e-3 {
            for at in [Pos::new(t, r), Pos::new(t, size - r), Pos::new(r, t), Pos::new(size - r, t)] {
                if legal(at) {
                    return Some(at);
                }
            }
            t += 2.0;
        }
        // The exact search, in the band along each edge where the base
        // touches it.
        let mut keepouts = Vec::new();
        let disc = |centre: Vec2, radius: f32| Grown::disc(centre, radius.max(0.0)).map(KeepOut::solid);
        if let Some(g) = state.gate {
            keepouts.extend(disc(v(g), GATE_DIAMETER / 2.0 + r + TOLERANCE));
        }
        for e in self.enemy_discs(state, stats.owner, None) {
            keepouts.extend(disc(e.centre, e.radius + r + PLACE_CLEARANCE - TOLERANCE));
        }
        for o in self.other_discs(state, figure) {
            keepouts.extend(disc(o.centre, o.radius + r - TOLERANCE));
        }
        // Overlapping a piece by more than the tolerance is refused unless
        // the base stands on it (its centre over it).
        for solid in &self.scene(state).solids {
            let (set, hole) = match outline(solid) {
                Outline::Corners(c) => (Grown::hull(c, (r - TOLERANCE).max(0.0)), Grown::hull(c, 0.0)),
                Outline::Circle(c, s) => (Grown::disc(c, (s + r - TOLERANCE).max(0.0)), Grown::disc(c, s)),
            };
            if let Some(set) = set {
                keepouts.push(KeepOut { set, hole });
            }
        }
        let (near, far) = (r - TOLERANCE, r + TOLERANCE);
        let (along_lo, along_hi) = (r - TOLERANCE, size - r + TOLERANCE);
        let transposed: Vec<KeepOut> = keepouts.iter().map(KeepOut::transposed).collect();
        // Left and right edges sweep lines parallel to the edge; the bottom
        // and top edges do the same with x and y swapped.
        let bands = [
            (false, Vec2::new(near, along_lo), Vec2::new(far, along_hi)),
            (false, Vec2::new(size - far, along_lo), Vec2::new(size - near, along_hi)),
            (true, Vec2::new(near, along_lo), Vec2::new(far, along_hi)),
            (true, Vec2::new(size - far, along_lo), Vec2::new(size - near, along_hi)),
        ];
        for (swap, lo, hi) in bands {
            let mut found = None;
            let set = if swap { &transposed } else { &keepouts };
            let hit = find_room(lo, hi, set, MARGIN, |p| {
                let p = if swap { Vec2::new(p.y, p.x) } else { p };
                found = written(p, legal);
                found.is_some()
            });
            if hit.is_some() {
                return found;
            }
        }
        None
    }
}

//! The targeting questions between figures: range, reach, adjacency, line
//! of sight and line of effect, with the height rules.
//!
//! Heights: terrain blocks sight (and effect) only if it stands at least one
//! square higher than the taller of the two ends, each end's height being
//! the ground it stands on plus its own height ([`Battlefield::top`]).
//! Terrain without a stated height that is solid or opaque reaches the sky.

use super::board::{Point, Space, count};
use super::field::{Battlefield, FigureId};
use super::line::Blockers;
use super::sight::{Extent, Sightline, effect, sight};
use super::size::Height;
use super::terrain::Traits;

/// True if a point lies within the largest board (0 to 128 half squares).
fn on_board(p: Point) -> bool {
    (0..=128).contains(&p.x) && (0..=128).contains(&p.y)
}

/// The extent of a space in half squares.
pub fn extent(space: &Space) -> Extent {
    let (lo, hi) = space.bounds();
    Extent { lo, hi }
}

/// The squares from one space to another as range is counted: from the first
/// square next to `a` to the square of `b`, diagonals alternating 1 and 2.
/// Adjacent spaces are 1 apart; overlapping ones 0.
pub fn distance(a: &Space, b: &Space) -> u32 {
    let (gx, gy) = a.gaps(b);
    count(gx, gy)
}

/// True if a reach of `reach` squares (Melee 1 is adjacent, Melee 2 …)
/// reaches from `a` to `b`. Reach counts like range, except that a reach of
/// 2 also reaches two squares diagonally (Pathfinder's rule for 10-foot
/// reach; ruling P2V-G4).
pub fn reaches(a: &Space, b: &Space, reach: u32) -> bool {
    let (gx, gy) = a.gaps(b);
    count(gx, gy) <= reach || (reach == 2 && gx <= 2 && gy <= 2)
}

impl Battlefield {
    /// The range from one figure to another, in squares.
    pub fn range(&self, a: FigureId, b: FigureId) -> Option<u32> {
        Some(distance(&self.figure(a)?.space, &self.figure(b)?.space))
    }

    /// True if `b` is within `range` squares of `a`.
    pub fn in_range(&self, a: FigureId, b: FigureId, range: u32) -> bool {
        self.range(a, b).is_some_and(|d| d <= range)
    }

    /// True if `b` is within `a`'s reach of `reach` squares.
    pub fn in_reach(&self, a: FigureId, b: FigureId, reach: u32) -> bool {
        match (self.figure(a), self.figure(b)) {
            (Some(x), Some(y)) => a != b && reaches(&x.space, &y.space, reach),
            _ => false,
        }
    }

    /// True if the figures are adjacent: in the next square over
    /// (orthogonally or diagonally), or each on a different teleportation
    /// circle.
    pub fn adjacent(&self, a: FigureId, b: FigureId) -> bool {
        let (Some(x), Some(y)) = (self.figure(a), self.figure(b)) else { return false };
        if a == b {
            return false;
        }
        if distance(&x.space, &y.space) == 1 {
            return true;
        }
        let t = self.terrain();
        let circles = t.squares_with(Traits::TELEPORTATION);
        let on = |s: &Space| {
            s.squares().intersection(circles).iter().flat_map(|q| t.pieces_on(q).to_vec()).collect::<Vec<_>>()
        };
        let (pa, pb) = (on(&x.space), on(&y.space));
        pa.iter().any(|p| {
            pb.iter().any(|q| {
                p != q
                    && t.piece(*p).is_some_and(|x| x.active().contains(Traits::TELEPORTATION))
                    && t.piece(*q).is_some_and(|x| x.active().contains(Traits::TELEPORTATION))
            })
        })
    }

    /// The ground height at a point: the highest of the squares it touches.
    pub fn ground_at(&self, p: Point) -> Height {
        let mut h = Height::ZERO;
        for dx in [-1, 1] {
            for dy in [-1, 1] {
                if let Some(s) = self.board().square((p.x + dx).div_euclid(2), (p.y + dy).div_euclid(2)) {
                    h = h.max(self.terrain().elevation(s));
                }
            }
        }
        h
    }

    fn sight_between(&self, a: &Extent, b: &Extent, tallest: Height) -> Option<Sightline> {
        let level = self.terrain().level(tallest.plus_one_square());
        sight(
            a,
            b,
            Blockers {
                squares: &level.squares,
                north: &level.north,
                east: &level.east,
                own: [a.own(), b.own()],
                gaps: Some(&*level.gaps),
            },
        )
    }

    /// A clear line of sight from any point of `a`'s space to any point of
    /// `b`'s, if there is one: not through solid or opaque terrain (other
    /// than the opaque squares either stands in), nor through terrain at
    /// least one square higher than the taller of the two.
    pub fn line_of_sight(&self, a: FigureId, b: FigureId) -> Option<Sightline> {
        let (x, y) = (self.figure(a)?, self.figure(b)?);
        self.sight_between(&extent(&x.space), &extent(&y.space), self.top(a).max(self.top(b)))
    }

    /// A clear line of sight from `a`'s space to a point (an area's point
    /// of origin, or the centre of its first square).
    pub fn sight_to(&self, a: FigureId, p: Point) -> Option<Sightline> {
        let x = self.figure(a)?;
        if !on_board(p) {
            return None;
        }
        self.sight_between(&extent(&x.space), &Extent::point(p), self.top(a).max(self.ground_at(p)))
    }

    fn effect_between(&self, p: Point, q: Point, own: [(i32, i32, i32, i32); 2], tallest: Height) -> bool {
        let level = self.terrain().level(tallest.plus_one_square());
        let gaps = Some(&*level.solid_gaps);
        effect(p, q, Blockers { squares: &level.solid, north: &level.solid_north, east: &level.solid_east, own, gaps })
    }

    /// Line of effect: the line between the centres of the two spaces does
    /// not pass through solid terrain (solid terrain one square or more
    /// lower than the taller of the two is looked over, as for sight).
    pub fn line_of_effect(&self, a: FigureId, b: FigureId) -> bool {
        let (Some(x), Some(y)) = (self.figure(a), self.figure(b)) else { return false };
        let own = [extent(&x.space).own(), extent(&y.space).own()];
        self.effect_between(x.space.centre(), y.space.centre(), own, self.top(a).max(self.top(b)))
    }

    /// Line of effect from `a`'s centre to a point (an area's origin).
    pub fn effect_to(&self, a: FigureId, p: Point) -> bool {
        let Some(x) = self.figure(a) else { return false };
        if !on_board(p) {
            return false;
        }
        let own = [extent(&x.space).own(), Extent::point(p).own()];
        self.effect_between(x.space.centre(), p, own, self.top(a).max(self.ground_at(p)))
    }

    /// Line of effect between two points at ground level (areas).
    pub fn effect_between_points(&self, p: Point, q: Point) -> bool {
        if !on_board(p) || !on_board(q) {
            return false;
        }
        let tallest = self.ground_at(p).max(self.ground_at(q));
        self.effect_between(p, q, [(0, 0, 0, 0); 2], tallest)
    }
}

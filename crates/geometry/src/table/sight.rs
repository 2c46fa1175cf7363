//! Line of sight and range between two bases.
//!
//! Two bases see each other if some straight segment from a point of one to
//! a point of the other crosses no blocker. Such a segment exists exactly
//! when one exists on a *critical line*: a line tangent to two of the
//! features involved (the two bases, the blockers' corners, the blockers'
//! circles). A clear line can always be slid until it touches one feature
//! and then turned about that contact until it touches a second, without
//! ever crossing a blocker on the way, because it must touch a blocker
//! before it crosses one. So [`sight`] first tries the cheap cases (nothing
//! in the way, the line between the centres) and then every critical line.
//!
//! [`shortest_sight`] measures range: the shortest clear segment. It is the
//! segment between the centres when that is clear; otherwise it lies on a
//! line tangent to a blocker, and is found among the critical lines and by
//! a refined search along each family of tangent lines.

use super::solid::Solid;
use super::tangent::{Line, common_tangents, tangent_at};
use super::{Disc, TOLERANCE, Vec2};
use arrayvec::ArrayVec;
use parry2d::query::PointQuery;
use parry2d::shape::Segment;

/// Most blockers one query considers after the broad phase.
const MAX_BLOCKERS: usize = 48;
/// Most features (corners and circles) one query pivots on.
const MAX_FEATURES: usize = 192;
/// Lines nearly tangent to a base still count as reaching it.
const STAB_SLACK: f32 = 1e-4;

/// What can block a sight line: terrain footprints and bases.
#[derive(Clone, Copy, Debug)]
pub struct Blockers<'a> {
    /// Terrain footprints.
    pub solids: &'a [Solid],
    /// Footprints to ignore, by index bit (those a figure stands on).
    pub skip: u64,
    /// Bases that block (enemy bases).
    pub discs: &'a [Disc],
}

impl<'a> Blockers<'a> {
    /// Footprints and blocking bases, ignoring none.
    pub fn new(solids: &'a [Solid], discs: &'a [Disc]) -> Blockers<'a> {
        Blockers { solids, skip: 0, discs }
    }
}

/// A clear segment from the edge of one base to the edge of the other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sightline {
    /// Where it leaves the first base.
    pub from: Vec2,
    /// Where it reaches the second base.
    pub to: Vec2,
}

impl Sightline {
    /// Its length on the table.
    pub fn length(&self) -> f32 {
        self.from.distance(self.to)
    }

    /// Its length when the ends are `rise` apart in height.
    pub fn length_3d(&self, rise: f32) -> f32 {
        self.length().hypot(rise)
    }
}

#[derive(Clone, Copy)]
enum Blocker<'a> {
    Solid(&'a Solid),
    Disc(Disc),
}

impl Blocker<'_> {
    fn blocks(&self, a: Vec2, b: Vec2) -> bool {
        match self {
            Blocker::Solid(s) => s.blocks_segment(a, b),
            Blocker::Disc(d) => Segment::new(a, b).distance_to_local_point(d.centre, true) < d.radius - TOLERANCE,
        }
    }

    fn for_each_feature(&self, mut f: impl FnMut(Vec2, f32)) {
        match self {
            Blocker::Solid(s) => s.for_each_feature(f),
            Blocker::Disc(d) => f(d.centre, d.radius),
        }
    }
}

/// The blockers that can meet a segment between the two bases: those whose
/// bounding box and bounding circle reach into the capsule around the
/// centres with the larger radius, which holds every such segment. (A few
/// more than strictly needed is harmless: they are tested and pass.)
fn relevant<'a>(a: &Disc, b: &Disc, blockers: &Blockers<'a>) -> Result<ArrayVec<Blocker<'a>, MAX_BLOCKERS>, ()> {
    let r = a.radius.max(b.radius);
    let lo = a.centre.min(b.centre) - Vec2::splat(r);
    let hi = a.centre.max(b.centre) + Vec2::splat(r);
    let mut out = ArrayVec::new();
    for (i, s) in blockers.solids.iter().enumerate() {
        if i < 64 && blockers.skip & (1u64 << i) != 0 {
            continue;
        }
        let (smin, smax) = s.bounds();
        if smax.x < lo.x || smax.y < lo.y || smin.x > hi.x || smin.y > hi.y {
            continue;
        }
        let (mid, reach) = ((smin + smax) * 0.5, (smax - smin).length() * 0.5);
        let bounding = Disc::new(mid, reach);
        if bounding.gap_to_capsule(a.centre, b.centre, r) >= -TOLERANCE {
            continue;
        }
        out.try_push(Blocker::Solid(s)).map_err(|_| ())?;
    }
    for d in blockers.discs {
        if d.gap_to_capsule(a.centre, b.centre, r) < -TOLERANCE {
            out.try_push(Blocker::Disc(*d)).map_err(|_| ())?;
        }
    }
    Ok(out)
}

/// The part of `line` between the two bases, if the line reaches both.
fn gap_segment(line: &Line, a: &Disc, b: &Disc) -> Option<Sightline> {
    let (sa, sb) = (line.distance(a.centre), line.distance(b.centre));
    if sa.abs() > a.radius + STAB_SLACK || sb.abs() > b.radius + STAB_SLACK {
        return None;
    }
    let ha = (a.radius * a.radius - sa * sa).max(0.0).sqrt();
    let hb = (b.radius * b.radius - sb * sb).max(0.0).sqrt();
    let mut u = Vec2::new(-line.normal.y, line.normal.x);
    let (mut ta, mut tb) = (u.dot(a.centre), u.dot(b.centre));
    if ta > tb {
        u = -u;
        ta = -ta;
        tb = -tb;
    }
    let base = line.normal * line.offset;
    let (start, end) = (ta + ha, tb - hb);
    if end <= start {
        let p = base + u * (0.5 * (start + end));
        return Some(Sightline { from: p, to: p });
    }
    Some(Sightline { from: base + u * start, to: base + u * end })
}

fn clear(s: &Sightline, blockers: &[Blocker<'_>]) -> bool {
    s.from == s.to || !blockers.iter().any(|b| b.blocks(s.from, s.to))
}

/// The segment along the line between the centres, from edge to edge.
fn centre_segment(a: &Disc, b: &Disc) -> Sightline {
    let d = b.centre - a.centre;
    let len = d.length();
    if len <= a.radius + b.radius || len == 0.0 {
        let p = a.centre + d * 0.5;
        return Sightline { from: p, to: p };
    }
    let u = d / len;
    Sightline { from: a.centre + u * a.radius, to: b.centre - u * b.radius }
}

/// The parts between the bases of the two outer common tangents.
fn outer_tangents(a: &Disc, b: &Disc) -> [Option<Sightline>; 2] {
    let lines = common_tangents(a.centre, a.radius, b.centre, b.radius);
    let mut out = [None, None];
    for (slot, line) in out.iter_mut().zip(lines.iter()) {
        *slot = gap_segment(line, a, b);
    }
    out
}

fn features(a: &Disc, b: &Disc, blockers: &[Blocker<'_>]) -> ArrayVec<(Vec2, f32), MAX_FEATURES> {
    let mut out = ArrayVec::new();
    out.push((a.centre, a.radius));
    out.push((b.centre, b.radius));
    for bl in blockers {
        bl.for_each_feature(|c, r| {
            let _ = out.try_push((c, r));
        });
    }
    out
}

/// Calls `f` with the part between the bases of every critical line; stops
/// when `f` returns true, and says whether it did.
fn any_critical(a: &Disc, b: &Disc, feats: &[(Vec2, f32)], mut f: impl FnMut(&Sightline) -> bool) -> bool {
    for i in 0..feats.len() {
        for j in i + 1..feats.len() {
            let ((c1, r1), (c2, r2)) = (feats[i], feats[j]);
            for line in common_tangents(c1, r1, c2, r2) {
                if let Some(s) = gap_segment(&line, a, b)
                    && f(&s)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// A clear sight line between bases `a` and `b`, if there is one.
///
/// The blockers are terrain footprints (except those in `skip`) and the
/// listed bases; the two bases themselves must not be listed. Sight is
/// judged at table level: heights play no part.
pub fn sight(a: &Disc, b: &Disc, blockers: &Blockers<'_>) -> Option<Sightline> {
    let centre = centre_segment(a, b);
    let Ok(near) = relevant(a, b, blockers) else {
        return None;
    };
    if clear(&centre, &near) {
        return Some(centre);
    }
    // The outer tangents bound every segment between the bases: one that
    // is clear is a sight line, and one blocker crossing both (a convex
    // footprint, so the chord between the crossings lies in it) cuts every
    // segment from one base to the other.
    let outer = outer_tangents(a, b);
    if let Some(s) = outer.iter().flatten().find(|s| clear(s, &near)) {
        return Some(*s);
    }
    if let [Some(s1), Some(s2)] = outer
        && near.iter().any(|bl| bl.blocks(s1.from, s1.to) && bl.blocks(s2.from, s2.to))
    {
        return None;
    }
    let feats = features(a, b, &near);
    let mut found = None;
    any_critical(a, b, &feats, |s| {
        if clear(s, &near) {
            found = Some(*s);
            true
        } else {
            false
        }
    });
    found
}

/// The shortest clear sight line between bases `a` and `b`, if any: the
/// range between them on the table.
pub fn shortest_sight(a: &Disc, b: &Disc, blockers: &Blockers<'_>) -> Option<Sightline> {
    let centre = centre_segment(a, b);
    let Ok(near) = relevant(a, b, blockers) else {
        return None;
    };
    if clear(&centre, &near) {
        return Some(centre);
    }
    let feats = features(a, b, &near);
    let mut best: Option<Sightline> = None;
    let consider = |s: &Sightline, best: &mut Option<Sightline>| {
        let better = best.is_none_or(|b| s.length() < b.length());
        if better && clear(s, &near) {
            *best = Some(*s);
        }
    };
    any_critical(a, b, &feats, |s| {
        consider(s, &mut best);
        false
    });
    // Along the family of lines tangent to one feature, the critical lines
    // split the family into arcs; within an arc no line starts or stops
    // reaching a base or crossing a blocker, so on a clear arc the length
    // varies smoothly and its minimum is found by a golden-section search.
    // The arcs' ends are critical lines, already considered.
    for (i, &(c, r)) in feats.iter().enumerate() {
        let mut cuts: ArrayVec<f32, { 4 * MAX_FEATURES }> = ArrayVec::new();
        for (j, &(c2, r2)) in feats.iter().enumerate() {
            if i == j {
                continue;
            }
            for line in common_tangents(c, r, c2, r2) {
                let n = if line.distance(c) >= 0.0 { line.normal } else { -line.normal };
                let _ = cuts.try_push(n.y.atan2(n.x).rem_euclid(std::f32::consts::TAU));
            }
        }
        if cuts.is_empty() {
            continue;
        }
        cuts.sort_unstable_by(f32::total_cmp);
        let raw = |theta: f32| gap_segment(&tangent_at(c, r, theta), a, b);
        for k in 0..cuts.len() {
            let lo = cuts[k];
            let hi = if k + 1 < cuts.len() { cuts[k + 1] } else { cuts[0] + std::f32::consts::TAU };
            if hi - lo < 1e-6 {
                continue;
            }
            let Some(mid) = raw(0.5 * (lo + hi)) else { continue };
            if !clear(&mid, &near) {
                continue;
            }
            let eval = |t: f32| raw(t).map_or(f32::INFINITY, |s| s.length());
            let (mut lo, mut hi) = (lo, hi);
            let g = 0.618_034_f32;
            let (mut x1, mut x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
            let (mut f1, mut f2) = (eval(x1), eval(x2));
            for _ in 0..32 {
                if f1 <= f2 {
                    hi = x2;
                    x2 = x1;
                    f2 = f1;
                    x1 = hi - g * (hi - lo);
                    f1 = eval(x1);
                } else {
                    lo = x1;
                    x1 = x2;
                    f1 = f2;
                    x2 = lo + g * (hi - lo);
                    f2 = eval(x2);
                }
            }
            if let Some(s) = raw(0.5 * (lo + hi)) {
                consider(&s, &mut best);
            }
        }
    }
    best
}

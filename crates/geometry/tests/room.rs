//! The search for room on the table against brute force: on random boxes
//! with random keep-outs (discs, grown polygons, rings with a hole), a dense
//! grid of points that finds room clear of the boundaries means the search
//! must find room too, and every point the search returns is free.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_geometry::table::Vec2;
use arbiter_geometry::table::room::{Grown, KeepOut, find_room};
use proptest::prelude::*;

/// A random keep-out: a disc, a grown polygon, or a ring round a polygon.
fn keepout() -> impl Strategy<Value = (KeepOut, Vec<Vec2>, f32, bool)> {
    (0u8..3, prop::collection::vec((0.0f32..12.0, 0.0f32..12.0), 1..6), 0.0f32..3.0, (0.0f32..12.0, 0.0f32..12.0))
        .prop_map(|(kind, points, radius, centre)| {
            let c = Vec2::new(centre.0, centre.1);
            match kind {
                0 => (KeepOut::solid(Grown::disc(c, radius + 0.5).unwrap()), vec![c], radius + 0.5, false),
                1 => {
                    let pts: Vec<Vec2> = points.iter().map(|p| c + Vec2::new(p.0 - 6.0, p.1 - 6.0) * 0.4).collect();
                    (KeepOut::solid(Grown::hull(&pts, radius).unwrap()), pts, radius, false)
                }
                _ => {
                    let sq = [
                        c + Vec2::new(-1.5, -1.0),
                        c + Vec2::new(1.5, -1.0),
                        c + Vec2::new(1.5, 1.0),
                        c + Vec2::new(-1.5, 1.0),
                    ];
                    let ring = KeepOut { set: Grown::hull(&sq, radius + 0.5).unwrap(), hole: Grown::hull(&sq, 0.0) };
                    (ring, sq.to_vec(), radius + 0.5, true)
                }
            }
        })
}

/// The distance from `p` to the convex hull of `pts` (zero inside), and
/// whether `p` is inside, by brute force.
fn hull_distance(pts: &[Vec2], p: Vec2) -> (f32, bool) {
    let g = Grown::hull(pts, 0.0).unwrap();
    if g.contains(p) {
        return (0.0, true);
    }
    // Outside, the nearest point lies on a hull edge, a segment between two
    // of the points; every such segment lies within the hull.
    let seg = |a: Vec2, b: Vec2| {
        let d = b - a;
        let t = if d.length_squared() > 0.0 { ((p - a).dot(d) / d.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
        (a + d * t).distance(p)
    };
    let d = pts.iter().flat_map(|a| pts.iter().map(move |b| (*a, *b))).map(|(a, b)| seg(a, b)).fold(f32::MAX, f32::min);
    (d, false)
}

/// The depth of `p` inside the rectangle `sq` (negative outside).
fn depth(sq: &[Vec2], p: Vec2) -> f32 {
    let (lo, hi) = (sq[0], sq[2]);
    (p.x - lo.x).min(hi.x - p.x).min(p.y - lo.y).min(hi.y - p.y)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_search_finds_room_whenever_a_dense_grid_does(
        keep in prop::collection::vec(keepout(), 0..7),
        lo in (0.0f32..4.0, 0.0f32..4.0),
        size in (0.2f32..9.0, 0.2f32..9.0),
    ) {
        let lo = Vec2::new(lo.0, lo.1);
        let hi = lo + Vec2::new(size.0, size.1);
        let keepouts: Vec<KeepOut> = keep.iter().map(|k| k.0.clone()).collect();
        let free = |p: Vec2| !keepouts.iter().any(|k| k.blocks(p));
        // A grid point clear of every keep-out by `clear`.
        let clear = 0.01f32;
        let clearly_free = |p: Vec2| {
            keep.iter().all(|(_, pts, r, ring)| {
                let (d, _) = hull_distance(pts, p);
                d > r + clear || (*ring && depth(pts, p) > clear)
            })
        };
        let mut grid_room = None;
        'grid: for i in 0..=60 {
            for j in 0..=60 {
                let p = lo + Vec2::new(size.0 * i as f32 / 60.0, size.1 * j as f32 / 60.0);
                if clearly_free(p) {
                    grid_room = Some(p);
                    break 'grid;
                }
            }
        }
        let found = find_room(lo, hi, &keepouts, 0.001, free);
        if let Some(p) = found {
            prop_assert!(free(p), "{p:?} is blocked");
            prop_assert!(p.x >= lo.x - 1e-4 && p.x <= hi.x + 1e-4 && p.y >= lo.y - 1e-4 && p.y <= hi.y + 1e-4);
        }
        if let Some(g) = grid_room {
            prop_assert!(found.is_some(), "the grid found room at {g:?}; the search found none");
        }
    }
}

//! Property tests: the bitboard flood fill agrees with a plain breadth-first
//! search over `neighbour` and `crosses_wall`, and walls block both ways.
#![allow(clippy::unwrap_used)]

use arbiter_geometry::{Cell, CellSet, Grid, Walls};
use proptest::prelude::*;

fn naive_flood(g: &Grid, walls: &Walls, open: CellSet, from: Cell, steps: u32) -> CellSet {
    let dist = g.distances(from, steps.min(254) as u8, |c, d| {
        if d.is_diagonal() || g.crosses_wall(walls, c, d) {
            return None;
        }
        g.neighbour(c, d).filter(|n| open.contains(*n))
    });
    CellSet(g.all().iter().filter(|c| dist[c.index()] != u8::MAX).fold(0, |a, c| a | 1u128 << c.0))
}

fn arb_case() -> impl Strategy<Value = (u8, u8, Vec<u16>, u128, u16, u32)> {
    (1u8..=16, 1u8..=8).prop_flat_map(|(w, h)| {
        (Just(w), Just(h), prop::collection::vec(any::<u16>(), 0..40), any::<u128>(), any::<u16>(), 0u32..12)
    })
}

proptest! {
    #[test]
    fn flood_agrees_with_breadth_first_search((w, h, wall_picks, open_bits, start, steps) in arb_case()) {
        let g = Grid::new(w, h).unwrap();
        let edges = g.interior_edges();
        let mut walls = Walls::NONE;
        if !edges.is_empty() {
            for p in wall_picks {
                walls.insert(edges[usize::from(p) % edges.len()]);
            }
        }
        let from = Cell((start % u16::from(w * h)) as u8);
        let open = CellSet(open_bits) & g.all() | CellSet::single(from);
        let fast = g.flood(CellSet::single(from), &walls, open, steps);
        prop_assert_eq!(fast, naive_flood(&g, &walls, open, from, steps));
        // Every wall blocks in both directions.
        for e in walls.iter() {
            let (a, b) = g.edge_cells(e).unwrap();
            prop_assert!(!g.step_orthogonal(CellSet::single(a), &walls).contains(b));
            prop_assert!(!g.step_orthogonal(CellSet::single(b), &walls).contains(a));
        }
        // Connectivity is symmetric: if the open squares are connected, a flood
        // from any open square reaches them all.
        if g.connected(&walls, open) {
            for c in open.iter().take(5) {
                prop_assert_eq!(g.flood(CellSet::single(c), &walls, open, u32::MAX), open);
            }
        }
    }
}

mod table {
    use arbiter_geometry::table::{Blockers, Disc, Solid, TOLERANCE, Vec2, shortest_sight, sight};
    use proptest::prelude::*;

    /// A random layout: up to five footprints and up to three blocking bases.
    fn layout() -> impl Strategy<Value = (Vec<Solid>, Vec<Disc>)> {
        let solid = (2.0f32..38.0, 2.0f32..38.0, 0.3f32..6.0, 0.3f32..6.0, 0.0f32..180.0, any::<bool>()).prop_map(
            |(x, y, w, h, turn, round)| {
                if round {
                    Solid::circle(Vec2::new(x, y), w.max(0.5)).unwrap()
                } else {
                    let half = [Vec2::new(-w, -h), Vec2::new(w, -h), Vec2::new(w, h), Vec2::new(-w, h)];
                    Solid::polygon_at(&half, Vec2::new(x, y), turn).unwrap()
                }
            },
        );
        let disc = (2.0f32..38.0, 2.0f32..38.0, 0.95f32..3.35).prop_map(|(x, y, r)| Disc::new(Vec2::new(x, y), r));
        (proptest::collection::vec(solid, 0..=5), proptest::collection::vec(disc, 0..=3))
    }

    fn base() -> impl Strategy<Value = Disc> {
        (2.0f32..38.0, 2.0f32..38.0, 0.95f32..3.35).prop_map(|(x, y, r)| Disc::new(Vec2::new(x, y), r))
    }

    /// Clear by a margin: the segment stays the tolerance away from every
    /// outline (sight itself lets a line graze an outline by the tolerance).
    fn surely_clear(solids: &[Solid], discs: &[Disc], p: Vec2, q: Vec2) -> bool {
        solids.iter().all(|s| s.gap_to_capsule(p, q, 0.0) > TOLERANCE)
            && discs.iter().all(|d| d.gap_to_capsule(p, q, 0.0) > TOLERANCE)
    }

    fn blocked(solids: &[Solid], discs: &[Disc], p: Vec2, q: Vec2) -> bool {
        solids.iter().any(|s| s.blocks_segment(p, q))
            || discs.iter().any(|d| Solid::circle(d.centre, d.radius).unwrap().blocks_segment(p, q))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, max_global_rejects: 1_000_000, ..ProptestConfig::default() })]

        /// Sight is found whenever brute force finds a segment between
        /// sampled points of the two bases that is clear by a margin; what
        /// it returns is clear, runs from edge to edge, and range is never
        /// shorter than the gap between the bases nor longer than any such
        /// sample.
        #[test]
        fn sight_agrees_with_brute_force((solids, discs) in layout(), a in base(), b in base()) {
            let touching_a = |d: &Disc| solids.iter().any(|s| s.gap_to_disc(d) < 0.0) || discs.iter().any(|e| e.gap(d) < 0.0);
            prop_assume!(!touching_a(&a) && !touching_a(&b) && a.gap(&b) > 0.1);
            let blockers = Blockers::new(&solids, &discs);
            let found = sight(&a, &b, &blockers);
            let range = shortest_sight(&a, &b, &blockers);
            prop_assert_eq!(found.is_some(), range.is_some());
            let mut best_sample = f32::INFINITY;
            const N: usize = 24;
            for i in 0..N {
                for j in 0..N {
                    let (ti, tj) = (i as f32 / N as f32 * std::f32::consts::TAU, j as f32 / N as f32 * std::f32::consts::TAU);
                    let p = a.centre + Vec2::new(ti.cos(), ti.sin()) * a.radius;
                    let q = b.centre + Vec2::new(tj.cos(), tj.sin()) * b.radius;
                    if surely_clear(&solids, &discs, p, q) {
                        best_sample = best_sample.min(p.distance(q));
                    }
                }
            }
            if best_sample.is_finite() {
                prop_assert!(found.is_some(), "a sampled segment is clear but no sight was found");
            }
            if let (Some(s), Some(r)) = (found, range) {
                for line in [s, r] {
                    prop_assert!(!blocked(&solids, &discs, line.from, line.to), "{:?}", line);
                    prop_assert!((a.gap_to_point(line.from)).abs() < 0.01 || line.from == line.to);
                    prop_assert!((b.gap_to_point(line.to)).abs() < 0.01 || line.from == line.to);
                }
                prop_assert!(r.length() >= a.gap(&b) - 1e-3);
                prop_assert!(
                    r.length() <= best_sample + 0.02,
                    "range {} but a sample is {}: a {:?} b {:?} solids {:?} discs {:?}",
                    r.length(),
                    best_sample,
                    a,
                    b,
                    solids.iter().map(|s| (s.corners().map(<[Vec2]>::to_vec), s.as_circle())).collect::<Vec<_>>(),
                    discs
                );
                prop_assert!(r.length() <= s.length() + 1e-3);
            }
        }
    }
}

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

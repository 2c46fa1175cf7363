//! Fixed layouts, our own design because the rulebook's images are missing:
//! the fixed wall layout (ruling E4) and the standard unit placement for
//! first-time players (ruling E7). Both are mirror-symmetric between the ends.

use crate::state::End;
use arbiter_geometry::{Cell, Edge, Grid};

/// The fixed wall layout of one 8×8 board, for the board at the south end.
const FIXED_WALLS: [&str; 5] = ["d4|d5", "b3|b4", "b5|b6", "f3|g3", "f6|g6"];

/// Mirrors a square's rank end for end.
fn mirror(grid: &Grid, c: Cell) -> Option<Cell> {
    grid.cell(grid.file(c), i32::from(grid.height()) - 1 - grid.rank(c))
}

fn mirror_edge(grid: &Grid, e: Edge) -> Option<Edge> {
    let (a, b) = grid.edge_cells(e)?;
    grid.edge_between(mirror(grid, a)?, mirror(grid, b)?)
}

/// The fixed walls: the layout on each 8×8 board (Battle's far board mirrored).
pub fn fixed_walls(grid: &Grid) -> Vec<Edge> {
    let board = Grid::new(8, 8).ok();
    let mut out = Vec::new();
    for name in FIXED_WALLS {
        let Some(e) = board.and_then(|b| b.parse_edge(name)).and_then(|e| {
            let b = board?;
            let (x, y) = b.edge_cells(e)?;
            grid.edge_between(grid.cell(b.file(x), b.rank(x))?, grid.cell(b.file(y), b.rank(y))?)
        }) else {
            continue;
        };
        out.push(e);
        if grid.height() > 8
            && let Some(m) = mirror_edge(grid, e)
        {
            out.push(m);
        }
    }
    out
}

/// The standard placement of one army at the south end, as (leader, squad)
/// square names, for its size and its place in a team of one or two.
fn south_placement(ranks: u8, squad: u8, slot: Option<u8>) -> (&'static str, Vec<&'static str>) {
    match (ranks, squad, slot) {
        (8, 10, None) => ("d1", vec!["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "c1", "f1"]),
        (16, 20, None) => (
            "d1",
            vec![
                "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "b2",
                "c2", "f2", "g2",
            ],
        ),
        (8, _, Some(0)) => ("c1", vec!["a2", "b2", "c2", "d2", "b1"]),
        (8, _, _) => ("f1", vec!["e2", "f2", "g2", "h2", "g1"]),
        (_, _, Some(0)) => ("c1", vec!["a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4", "b2", "c2"]),
        (_, _, _) => ("f1", vec!["e3", "f3", "g3", "h3", "e4", "f4", "g4", "h4", "f2", "g2"]),
    }
}

/// The standard placement of an army: its leader's square and its squad's.
/// `slot` is the army's place in its team (`None` for one army a side): the
/// first army takes the files on its side's left.
pub fn standard_placement(grid: &Grid, end: End, squad: u8, slot: Option<u8>) -> (Cell, Vec<Cell>) {
    // Seen from the north end, "left" is the east: mirror files too.
    let (leader, units) = south_placement(grid.height(), squad, slot);
    let place = |name: &str| -> Option<Cell> {
        let c = grid.parse(name)?;
        match end {
            End::South => Some(c),
            End::North => {
                grid.cell(i32::from(grid.width()) - 1 - grid.file(c), i32::from(grid.height()) - 1 - grid.rank(c))
            }
        }
    };
    let leader = place(leader).unwrap_or(Cell(0));
    let squad: Vec<Cell> = units.iter().filter_map(|n| place(n)).collect();
    (leader, squad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_geometry::{CellSet, Walls};

    #[test]
    fn fixed_walls_are_legal_and_symmetric() {
        for ranks in [8, 16] {
            let g = Grid::new(8, ranks).unwrap();
            let edges = fixed_walls(&g);
            assert_eq!(edges.len(), if ranks == 8 { 5 } else { 10 });
            let mut w = Walls::NONE;
            for e in &edges {
                assert!(w.insert(*e));
            }
            assert!(g.connected(&w, g.all()));
            assert!(g.all().iter().all(|c| g.open_neighbours(&w, c, g.all()).len() >= 2));
            for e in &edges {
                assert!(w.contains(mirror_edge(&g, *e).unwrap()), "{}", g.edge_name(*e));
            }
        }
    }

    #[test]
    fn standard_placements_fill_the_back_ranks_without_overlap() {
        for (ranks, squad, slots) in [
            (8, 10, vec![None]),
            (16, 20, vec![None]),
            (8, 5, vec![Some(0), Some(1)]),
            (16, 10, vec![Some(0), Some(1)]),
        ] {
            let g = Grid::new(8, ranks).unwrap();
            let back = if ranks == 8 { 2 } else { 4 };
            let mut seen = CellSet::EMPTY;
            for end in [End::South, End::North] {
                for &slot in &slots {
                    let (leader, units) = standard_placement(&g, end, squad, slot);
                    assert_eq!(units.len(), usize::from(squad));
                    for c in std::iter::once(leader).chain(units) {
                        assert!(!seen.contains(c), "{} twice", g.name(c));
                        seen.insert(c);
                        let rank = g.rank(c);
                        let from_end = if end == End::South { rank } else { i32::from(ranks) - 1 - rank };
                        assert!(from_end < back, "{} outside the back ranks", g.name(c));
                    }
                }
            }
        }
    }
}

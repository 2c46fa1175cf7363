//! The gridless twin, one test per sentence of the rulebook's appendix
//! "Gridless and 3D play", and the one interface the rules of play use for
//! both the grid and the table.
#![allow(clippy::unwrap_used, clippy::panic)]

mod battle_common;

use arbiter_geometry::battle::cover::Obstacle;
use arbiter_geometry::battle::{Battleground, FigureId, Size, TableArea, TableFigure, TablePiece, Tabletop, Traits};
use arbiter_geometry::table::{Disc, Solid, Vec2};
use battle_common::{field, put};

fn fig(t: &mut Tabletop, name: &str, x: f32, y: f32, team: u8) -> FigureId {
    t.place(TableFigure {
        name: name.into(),
        size: Size::Medium,
        base: Disc::new(Vec2::new(x, y), 0.5),
        team,
        helpless: false,
    })
}

fn wall(t: &mut Tabletop, x0: f32, y0: f32, x1: f32, y1: f32, traits: Traits) {
    let corners = [Vec2::new(x0, y0), Vec2::new(x1, y0), Vec2::new(x1, y1), Vec2::new(x0, y1)];
    assert!(t.add_piece(TablePiece {
        name: "wall".into(),
        footprint: Solid::polygon(&corners).unwrap(),
        traits,
        height: arbiter_geometry::battle::Height::UNBOUNDED,
    }));
}

#[test]
fn range_runs_from_base_edge_to_base_edge() {
    // "Something is within range if the distance between any point on the
    // edge of the base of the attacker and any point on the edge of the base
    // of the target is less than or equal to the range."
    let mut t = Tabletop::new(24.0, 18.0);
    let a = fig(&mut t, "a", 2.0, 2.0, 0);
    let b = fig(&mut t, "b", 8.0, 2.0, 1);
    assert!((t.range(a, b).unwrap() - 5.0).abs() < 1e-4);
    assert!(t.in_range(a, b, 5.0) && !t.in_range(a, b, 4.9));
}

#[test]
fn adjacent_means_less_than_an_inch_between_bases() {
    // "A creature is adjacent to another if there is less than 1 inch
    // between both creatures' bases."
    let mut t = Tabletop::new(24.0, 18.0);
    let a = fig(&mut t, "a", 2.0, 2.0, 0);
    let b = fig(&mut t, "b", 3.9, 2.0, 1);
    let c = fig(&mut t, "c", 2.0, 4.0, 1);
    assert!(t.adjacent(a, b));
    assert!(!t.adjacent(a, c), "exactly an inch apart is not less than an inch");
}

#[test]
fn diagonal_movement_is_measured_normally() {
    // "Measure diagonal movement normally instead of imposing an extra cost
    // for it."
    let t = Tabletop::new(24.0, 18.0);
    let cost = t.path_cost(&[Vec2::new(1.0, 1.0), Vec2::new(4.0, 5.0)]).unwrap();
    assert!((cost - 5.0).abs() < 1e-3);
    let mut m = Tabletop::new(24.0, 18.0);
    wall(&mut m, 2.0, 0.0, 3.0, 10.0, Traits::DIFFICULT);
    let through = m.path_cost(&[Vec2::new(1.0, 1.0), Vec2::new(4.0, 1.0)]).unwrap();
    assert!((through - 4.0).abs() < 0.05, "an inch of difficult terrain counts double: {through}");
    wall(&mut m, 5.0, 0.0, 6.0, 10.0, Traits::SOLID);
    assert!(m.path_cost(&[Vec2::new(1.0, 1.0), Vec2::new(8.0, 1.0)]).is_none());
}

#[test]
fn any_visible_part_gives_sight_and_any_obscured_part_cover() {
    // "Look from the attacking figure's perspective. If any part of the
    // target figure is visible, the attacking figure has line of sight. If
    // any part of the target figure is obscured, it has cover or
    // concealment (as applicable)."
    let mut t = Tabletop::new(24.0, 18.0);
    let a = fig(&mut t, "a", 2.0, 5.0, 0);
    let b = fig(&mut t, "b", 10.0, 5.3, 1);
    wall(&mut t, 5.0, 0.0, 6.0, 5.0, Traits::SOLID);
    assert!(t.sees(a, b), "the top of b's base shows over the wall's end");
    assert_eq!(t.cover(a, b), [Obstacle::Terrain(arbiter_geometry::battle::PieceId(0))]);
    assert!(t.effect(a, b), "the line between the centres passes above the wall");
    wall(&mut t, 5.0, 4.5, 6.0, 18.0, Traits::OPAQUE);
    assert!(!t.sees(a, b), "now hidden entirely");
}

#[test]
fn emanations_and_bursts_are_circles_cones_quarter_circles_lines_an_inch_wide() {
    // "Measure emanations and bursts as circles of the radius specified
    // (bursts are measured from a point, emanations from the edge of the
    // base of the creature causing the emanation). Measure cones as
    // quarter-circles of the radius specified. Measure lines as 1-inch wide
    // lines of the length specified."
    let mut t = Tabletop::new(24.0, 18.0);
    let a = fig(&mut t, "a", 5.0, 5.0, 0);
    let near = fig(&mut t, "n", 7.4, 5.0, 1); // base edge 1.4" from a's
    let far = fig(&mut t, "f", 8.6, 5.0, 1); // 2.6"
    let up = fig(&mut t, "u", 5.0, 8.0, 1);
    let hit = t.affected(&TableArea::Emanation { origin: a, radius: 2.0 });
    assert!(hit.contains(&near) && !hit.contains(&far) && hit.contains(&a));
    let burst = t.affected(&TableArea::Burst { at: Vec2::new(8.0, 5.0), radius: 0.2 });
    assert!(burst.contains(&near) && burst.contains(&far) && !burst.contains(&a));
    let cone = t.affected(&TableArea::Cone { apex: Vec2::new(5.5, 5.0), toward: Vec2::new(1.0, 0.0), radius: 4.0 });
    assert!(cone.contains(&near) && cone.contains(&far) && !cone.contains(&up));
    let line = t.affected(&TableArea::Line { from: Vec2::new(5.0, 5.5), toward: Vec2::new(5.0, 20.0), length: 3.0 });
    assert_eq!(line, [up]);
}

#[test]
fn the_rules_ask_the_grid_and_the_table_the_same_questions() {
    // One setting: a Medium figure per square on the grid, a 1" base per
    // square's centre on the table.
    let mut g = field(&". . . . . .\n".repeat(6), "");
    let ga = put(&mut g, "a", Size::Medium, "b2", 0);
    let gb = put(&mut g, "b", Size::Medium, "c3", 1);
    let gc = put(&mut g, "c", Size::Medium, "d4", 0);
    let mut t = Tabletop::new(6.0, 6.0);
    let centre = |s: &str| {
        let sq = g.board().parse(s).unwrap();
        (sq.file() as f32 + 0.5, sq.rank() as f32 + 0.5)
    };
    let ta = fig(&mut t, "a", centre("b2").0, centre("b2").1, 0);
    let tb = fig(&mut t, "b", centre("c3").0, centre("c3").1, 1);
    let tc = fig(&mut t, "c", centre("d4").0, centre("d4").1, 0);
    let fields: [(&dyn Battleground, [FigureId; 3]); 2] = [(&g, [ga, gb, gc]), (&t, [ta, tb, tc])];
    for (f, [a, b, c]) in fields {
        assert!(f.next_to(a, b) && f.reaches(a, b, 1) && !f.next_to(a, c));
        assert!(f.sees(a, c) && f.affects(a, c));
        assert!(f.flank(a, c, b, 1, 1));
        assert!(f.within(a, c, 3));
    }
    // Where they differ: diagonals. Two diagonal squares count 3 on the
    // grid; on the table the bases are 2.83 − 1 = 1.83" apart.
    assert_eq!(g.distance(ga, gc), Some(3.0));
    assert!((t.distance(ta, tc).unwrap() - (8f32.sqrt() - 1.0)).abs() < 1e-3);
}

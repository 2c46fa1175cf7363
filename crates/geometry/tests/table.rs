//! Hand-worked cases for the continuous table: contact with the tolerance,
//! footprints, line of sight, range and swept bases, including the
//! rulebooks' movement example 2.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_geometry::table::{
    Blockers, Disc, PlayArea, STANDARD_SIZE, Solid, TOLERANCE, Vec2, path_length, shortest_sight, sight, within,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Solid {
    Solid::polygon(&[v(x0, y0), v(x1, y0), v(x1, y1), v(x0, y1)]).unwrap()
}

fn close(a: f32, b: f32, eps: f32) -> bool {
    (a - b).abs() <= eps
}

#[test]
fn discs_overlap_touch_and_contact_with_one_tolerance() {
    let a = Disc::new(v(10.0, 10.0), 1.0);
    assert!(a.in_contact(&Disc::new(v(12.0, 10.0), 1.0)));
    assert!(a.in_contact(&Disc::new(v(12.0 + TOLERANCE * 0.9, 10.0), 1.0)));
    assert!(!a.touches(&Disc::new(v(12.0 + TOLERANCE * 1.1, 10.0), 1.0)));
    assert!(!a.overlaps(&Disc::new(v(12.0 - TOLERANCE * 0.9, 10.0), 1.0)));
    assert!(a.overlaps(&Disc::new(v(12.0 - TOLERANCE * 1.1, 10.0), 1.0)));
    assert!(close(a.gap(&Disc::new(v(13.0, 14.0), 2.0)), 2.0, 1e-5), "edge to edge: 5 − 1 − 2");
    assert!(close(a.centre_distance(&Disc::new(v(13.0, 14.0), 2.0)), 5.0, 1e-5));
    assert!(close(Disc::from_mm(v(0.0, 0.0), 32.0).radius, 1.6, 1e-6));
}

#[test]
fn the_play_area_holds_bases_and_knows_its_edges() {
    let table = PlayArea::STANDARD;
    assert_eq!(table.size, STANDARD_SIZE);
    let at_edge = Disc::new(v(1.5, 20.0), 1.5);
    assert!(table.holds(&at_edge) && table.touches_edge(&at_edge));
    let corner = Disc::new(v(38.5, 38.5), 1.5);
    assert!(table.touches_edge(&corner));
    assert!(!table.touches_edge(&Disc::new(v(1.6, 20.0), 1.5)) || TOLERANCE >= 0.1);
    assert!(!table.holds(&Disc::new(v(1.0, 20.0), 1.5)), "sticks 0.5 cm out");
    assert!(table.holds_box(v(0.0, 0.0), v(40.0, 40.0)));
    assert!(!table.holds_box(v(-1.0, 0.0), v(10.0, 10.0)));
}

#[test]
fn footprints_must_be_convex_finite_and_not_too_thin() {
    assert!(Solid::polygon(&[v(0.0, 0.0), v(4.0, 0.0), v(1.0, 1.0), v(4.0, 4.0), v(0.0, 4.0)]).is_err(), "a notch");
    assert!(Solid::polygon(&[v(0.0, 0.0), v(4.0, 0.0)]).is_err());
    assert!(Solid::polygon(&[v(0.0, 0.0), v(f32::NAN, 0.0), v(0.0, 1.0)]).is_err());
    assert!(Solid::polygon(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 0.01), v(0.0, 0.01)]).is_err(), "0.1 mm thick");
    assert!(Solid::circle(v(5.0, 5.0), 0.0).is_err());
    // Clockwise corners are accepted and a bow-tie is not.
    assert!(Solid::polygon(&[v(0.0, 0.0), v(0.0, 4.0), v(4.0, 4.0), v(4.0, 0.0)]).is_ok());
    assert!(Solid::polygon(&[v(0.0, 0.0), v(4.0, 4.0), v(4.0, 0.0), v(0.0, 4.0)]).is_err());
}

#[test]
fn a_footprint_measures_its_gap_to_bases_and_other_footprints() {
    let wall = rect(10.0, 10.0, 20.0, 12.0);
    // A base 1 cm away from the long side, and one standing on the wall.
    assert!(close(wall.gap_to_disc(&Disc::new(v(15.0, 14.0), 1.0)), 1.0, 1e-5));
    assert!(wall.gap_to_disc(&Disc::new(v(15.0, 11.0), 1.0)) < 0.0);
    assert!(wall.contains(v(15.0, 11.0)) && !wall.contains(v(15.0, 12.5)));
    // Corner distance: from (20, 12) to (23, 16) is 5.
    assert!(close(wall.gap_to_disc(&Disc::new(v(23.0, 16.0), 2.0)), 3.0, 1e-5));
    // Footprints: apart, touching, overlapping.
    assert!(close(wall.gap(&rect(22.0, 10.0, 25.0, 12.0)), 2.0, 1e-4));
    assert!(wall.gap(&rect(20.0, 10.0, 25.0, 12.0)).abs() <= TOLERANCE);
    assert!(wall.gap(&rect(19.0, 10.0, 25.0, 12.0)) < -TOLERANCE);
    let round = Solid::circle(v(15.0, 16.0), 2.0).unwrap();
    assert!(close(wall.gap(&round), 2.0, 1e-4) && close(round.gap(&wall), 2.0, 1e-4));
    // A rotated square: a 4 cm square turned 45° reaches 2√2 from its centre.
    let diamond =
        Solid::polygon_at(&[v(-2.0, -2.0), v(2.0, -2.0), v(2.0, 2.0), v(-2.0, 2.0)], v(30.0, 30.0), 45.0).unwrap();
    let (lo, hi) = diamond.bounds();
    assert!(close(hi.x - lo.x, 4.0 * 2f32.sqrt(), 1e-4));
}

#[test]
fn movement_example_2_a_base_too_wide_for_the_gap_cannot_pass() {
    // "Mira's base diameter is too large to fit between a piece of terrain
    // and an enemy figure's base thus the move cannot be completed this way
    // because enemy bases are treated as terrain." (v0.26 Movement example 2)
    //
    // Terrain up to y = 10, an enemy base whose edge is at y = 12.75: a gap
    // of 2.75 cm. Mira's 30 mm base sweeps along y = 11.4 and must overlap
    // one or the other anywhere in the gap; a 25 mm base fits.
    let terrain = rect(10.0, 4.0, 20.0, 10.0);
    let enemy = Disc::new(v(15.0, 14.0), 1.25);
    let blocked = |y: f32, radius: f32| {
        let (a, b) = (v(4.0, y), v(26.0, y));
        terrain.gap_to_capsule(a, b, radius) < -TOLERANCE || enemy.gap_to_capsule(a, b, radius) < -TOLERANCE
    };
    for k in 0..=60 {
        let y = 10.0 + k as f32 * 0.05;
        assert!(blocked(y, 1.5), "a 30 mm base passes at y = {y}");
    }
    assert!(!blocked(11.375, 1.25), "a 25 mm base fits through the middle of the gap");
    // Going round the enemy base on the far side is clear.
    assert!(!blocked(17.0, 1.5));
}

#[test]
fn a_polyline_measures_its_centre_path() {
    // "Mira has a movement spec of 8 and can thus move 16 cm" — e.g. 6 cm
    // east then 10 cm north.
    let path = [v(5.0, 5.0), v(11.0, 5.0), v(11.0, 15.0)];
    assert!(close(path_length(&path), 16.0, 1e-5));
    assert_eq!(path_length(&path[..1]), 0.0);
}

#[test]
fn points_within_a_radius_are_measured_to_the_base_edge() {
    let base = Disc::new(v(10.0, 10.0), 1.5);
    assert!(within(v(16.5, 10.0), 5.0, &base), "5 cm from the edge");
    assert!(!within(v(16.7, 10.0), 5.0, &base));
}

#[test]
fn an_open_table_gives_the_line_between_centres() {
    let (a, b) = (Disc::new(v(5.0, 5.0), 1.0), Disc::new(v(20.0, 5.0), 2.0));
    let s = sight(&a, &b, &Blockers::new(&[], &[])).unwrap();
    assert!(close(s.length(), 12.0, 1e-4));
    let r = shortest_sight(&a, &b, &Blockers::new(&[], &[])).unwrap();
    assert!(close(r.length(), 12.0, 1e-4));
    // Elevated by 5 cm: range in three dimensions.
    assert!(close(r.length_3d(5.0), 13.0, 1e-4));
}

#[test]
fn a_wall_across_the_table_blocks_sight_and_a_small_pillar_does_not() {
    let (a, b) = (Disc::new(v(5.0, 20.0), 1.0), Disc::new(v(35.0, 20.0), 1.0));
    let wall = [rect(19.0, 0.0, 21.0, 40.0)];
    assert!(sight(&a, &b, &Blockers::new(&wall, &[])).is_none());
    assert!(shortest_sight(&a, &b, &Blockers::new(&wall, &[])).is_none());
    // A pillar of radius 0.5 on the line between the centres: the sight line
    // passes beside it. Shortest: tangent to the pillar, parallel to the
    // centres, 0.5 cm off the axis: 30 − 2·√(1 − 0.25) = 28.268 cm.
    let pillar = [Solid::circle(v(20.0, 20.0), 0.5).unwrap()];
    let s = sight(&a, &b, &Blockers::new(&pillar, &[])).unwrap();
    assert!(!pillar[0].blocks_segment(s.from, s.to));
    let r = shortest_sight(&a, &b, &Blockers::new(&pillar, &[])).unwrap();
    assert!(close(r.length(), 30.0 - 2.0 * 0.75f32.sqrt(), 0.01), "{}", r.length());
}

#[test]
fn enemy_bases_block_sight_and_the_caller_decides_which_bases_are_enemies() {
    let (a, b) = (Disc::new(v(5.0, 20.0), 1.0), Disc::new(v(15.0, 20.0), 1.0));
    let screen = [Disc::new(v(10.0, 20.0), 3.0)];
    assert!(sight(&a, &b, &Blockers::new(&[], &screen)).is_none(), "a 6 cm base hides a 2 cm one");
    assert!(sight(&a, &b, &Blockers::new(&[], &[])).is_some(), "a friendly base is not listed");
    let small = [Disc::new(v(10.0, 20.0), 0.9)];
    assert!(sight(&a, &b, &Blockers::new(&[], &small)).is_some(), "round a smaller base");
}

#[test]
fn terrain_a_figure_stands_on_does_not_block_its_sight() {
    let hill = [rect(2.0, 16.0, 9.0, 24.0)];
    let (on_hill, other) = (Disc::new(v(5.0, 20.0), 1.0), Disc::new(v(30.0, 20.0), 1.0));
    assert!(sight(&on_hill, &other, &Blockers::new(&hill, &[])).is_none());
    let skip = Blockers { solids: &hill, skip: 1, discs: &[] };
    let s = shortest_sight(&on_hill, &other, &skip).unwrap();
    assert!(close(s.length(), 23.0, 1e-4));
}

#[test]
fn sight_through_a_slit_is_found_on_a_critical_line() {
    // Two 2 cm thick walls leave a 0.6 cm slit at y 24.9–25.5. The line
    // between the centres meets the wall at y = 23.7, but lines leaving the
    // top of A at (5, 21.5) with slopes 0.243–0.25 thread the slit and reach
    // B, whose top edge is at y = 29.5 (at x = 35 they are at 28.8–29.0).
    let walls = [rect(19.0, 0.0, 21.0, 24.9), rect(19.0, 25.5, 21.0, 40.0)];
    let (a, b) = (Disc::new(v(5.0, 20.0), 1.5), Disc::new(v(35.0, 28.0), 1.5));
    assert!(walls[0].blocks_segment(a.centre, b.centre));
    let s = sight(&a, &b, &Blockers::new(&walls, &[])).unwrap();
    assert!(walls.iter().all(|w| !w.blocks_segment(s.from, s.to)));
    // One cm lower, B is out of reach of every line through the slit.
    let low = Disc::new(v(35.0, 27.0), 1.5);
    assert!(sight(&a, &low, &Blockers::new(&walls, &[])).is_none());
    // Level bases cannot see through a slit above both of them.
    let (c, d) = (Disc::new(v(5.0, 20.0), 1.0), Disc::new(v(35.0, 20.0), 1.0));
    assert!(sight(&c, &d, &Blockers::new(&walls, &[])).is_none());
}

#[test]
fn a_line_grazing_a_corner_is_clear() {
    // The top edge of both bases runs along y = 21, exactly the wall's top.
    let wall = [rect(18.0, 10.0, 22.0, 21.0)];
    let (a, b) = (Disc::new(v(5.0, 20.0), 1.0), Disc::new(v(35.0, 20.0), 1.0));
    let s = sight(&a, &b, &Blockers::new(&wall, &[])).unwrap();
    assert!(s.from.y >= 20.9 && s.to.y >= 20.9, "{s:?}");
}

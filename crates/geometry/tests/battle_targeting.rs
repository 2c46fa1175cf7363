//! Targeting on the battle grid, one test per rule sentence of "TARGETING",
//! "AREAS OF EFFECT", "Adjacency", the cover and sight traits of "TERRAIN
//! TRAITS" and "Flanked", each quoting its sentence.
#![allow(clippy::unwrap_used, clippy::panic)]

mod battle_common;

use arbiter_geometry::battle::area::cone_origins;
use arbiter_geometry::battle::{Area, Dir, Obstacle, Point, Size};
use battle_common::{field, names, put, sq};

#[test]
fn range_counts_from_the_next_square_with_diagonals_alternating() {
    // "When measuring distances in squares, count the squares from the first
    // square adjacent to the attacker to the square that includes the target
    // (with diagonals alternating between costing 1 square and 2 squares).
    // If the total is less than or equal to the range, the target is within
    // range."
    let mut f = field(&". . . . . . . .\n".repeat(8), "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let b = put(&mut f, "b", Size::Medium, "b1", 1);
    let c = put(&mut f, "c", Size::Medium, "e5", 1);
    let d = put(&mut f, "d", Size::Medium, "h2", 1);
    assert_eq!(f.range(a, b), Some(1));
    assert_eq!(f.range(a, c), Some(6), "four diagonals: 1 + 2 + 1 + 2");
    assert_eq!(f.range(a, d), Some(7));
    assert!(f.in_range(a, c, 6) && !f.in_range(a, c, 5));
    // A Large target counts from its nearest square.
    let l = put(&mut f, "L", Size::Large, "c7", 1);
    assert_eq!(f.range(a, l), Some(7), "c7 is 2 across and 6 up: 6 + 1");
}

#[test]
fn adjacent_means_the_next_square_over_and_reach_counts_from_it() {
    // "A creature is adjacent to another creature … if it is in the next
    // square over (orthogonally or diagonally)."
    // "By default, a Melee attack can target adjacent creatures. If there is
    // a number after Melee, like Melee 2, it is a reach attack and can be
    // used against creatures that many squares away (with adjacent squares
    // counting as “square 1”)."
    let mut f = field(&". . . . .\n".repeat(5), "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let b = put(&mut f, "b", Size::Medium, "b2", 1);
    let c = put(&mut f, "c", Size::Medium, "c3", 1);
    let d = put(&mut f, "d", Size::Medium, "a3", 1);
    assert!(f.adjacent(a, b) && !f.adjacent(a, c) && !f.adjacent(a, d));
    assert!(f.in_reach(a, b, 1) && !f.in_reach(a, d, 1));
    assert!(f.in_reach(a, d, 2), "two squares straight");
    // Ruling P2V-G4: a reach of 2 reaches two squares diagonally too.
    assert!(f.in_reach(a, c, 2));
}

#[test]
fn line_of_sight_from_any_point_to_any_point_of_the_spaces() {
    // "If you can draw a line between any point on the space your attacking
    // figure occupies and any point on the space the target occupies,
    // without it passing through solid or opaque terrain, the attacker has
    // line of sight."
    let mut f = field(". . . . .\n. . # . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let b = put(&mut f, "b", Size::Medium, "e2", 1);
    // The centre line runs into the wall at c1; a line from near a1's top
    // to e2 passes above it.
    assert!(!f.line_of_effect(a, b));
    assert!(f.line_of_sight(a, b).is_some());
    let mut g = field(". . # . .\n. . # . .\n. . # . .\n. . # . .", "");
    let a = put(&mut g, "a", Size::Medium, "a2", 0);
    let b = put(&mut g, "b", Size::Medium, "e3", 1);
    assert!(g.line_of_sight(a, b).is_none(), "a wall across the board");
}

#[test]
fn opaque_terrain_blocks_sight_except_the_squares_one_stands_in() {
    // "Opaque: Blocks line of sight. A creature ignores the square(s) of
    // opaque terrain it is standing on when determining line of sight
    // (whether as the attacker or defender)."
    let mut f = field("% % % % % %", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let b = put(&mut f, "b", Size::Medium, "b1", 1);
    let c = put(&mut f, "c", Size::Medium, "d1", 1);
    assert!(f.line_of_sight(a, b).is_some(), "both stand in the darkness they ignore");
    assert!(f.line_of_sight(a, c).is_none(), "c1 is darkness neither stands in");
    // Opaque terrain does not block line of effect.
    assert!(f.line_of_effect(a, c));
}

#[test]
fn solid_terrain_blocks_sight_effect_and_areas() {
    // "Solid: Solid terrain blocks movement, line of sight and areas of
    // effect."
    let mut f = field(". . . . .\n. . # . .\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a2", 0);
    let b = put(&mut f, "b", Size::Medium, "e2", 1);
    let c = put(&mut f, "c", Size::Medium, "e3", 1);
    assert!(!f.line_of_effect(a, b), "the centre line runs into the wall");
    // Ruling P2V-G6: the only lines from a2 to e2 graze the wall's faces;
    // grazing is not seeing.
    assert!(f.line_of_sight(a, b).is_none());
    assert!(f.line_of_sight(a, c).is_some(), "e3 is seen over the wall's top");
    let stop = || {
        f.step(
            f.mover(a, arbiter_geometry::battle::Mode::Walk).unwrap(),
            arbiter_geometry::battle::Position::at(sq(&f, "b2")),
            sq(&f, "c2"),
        )
    };
    assert!(stop().is_err(), "nor can anything walk into it");
    let hit = f.area(&Area::Burst { at: Point::corner(1, 1), radius: 4 }).unwrap();
    assert!(!hit.squares.contains(sq(&f, "d2")), "d2 is behind the wall from b1's corner");
    assert!(hit.squares.contains(sq(&f, "d1")));
}

#[test]
fn line_of_effect_runs_centre_to_centre() {
    // "Draw a line between the middle of the base of the attacking creature
    // (or the point of origin of an area of effect) and the middle of the
    // base of the target creature. If the line passes through solid
    // terrain, the attack does not have line of effect."
    let mut f = field(". . .\n. # .\n. . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let b = put(&mut f, "b", Size::Medium, "c3", 1);
    let c = put(&mut f, "c", Size::Medium, "c1", 1);
    assert!(!f.line_of_effect(a, b));
    assert!(f.line_of_effect(a, c));
    assert!(f.effect_to(a, Point::corner(1, 1)), "to the wall's corner, touching it");
    assert!(!f.effect_to(a, Point::corner(2, 2)), "through it");
}

#[test]
fn the_height_example_elf_goblin_ogre_and_cottage() {
    // "For example, a Medium elf (1 square tall) is facing two enemies
    // standing on a low hill (1 square tall), for a total height of 1) and a
    // Large ogre (2 square tall, for a total height of 3). Between the elf
    // and her targets is a cottage (3 squares tall). The cottage is higher
    // than the goblin but not higher than the ogre, so the elf can only
    // target the ogre (and the ogre has cover)."
    let rows = ". . . x . ^ ^ ^\n. . . x . ^ ^ ^\n. . . x . ^ ^ ^\n. . . x . ^ ^ ^";
    let mut f = field(rows, "");
    let elf = put(&mut f, "e", Size::Medium, "a2", 0);
    let goblin = put(&mut f, "g", Size::Small, "g1", 1);
    let ogre = put(&mut f, "o", Size::Large, "g3", 1);
    assert!(f.line_of_sight(elf, goblin).is_none());
    assert!(f.line_of_effect(elf, ogre));
    let seen = f.line_of_sight(elf, ogre).unwrap();
    let cottage = f.terrain().find("cottage").unwrap();
    let options = f.cover_options(elf, sq(&f, "a2"), ogre);
    assert!(!options.is_empty());
    assert!(
        options.iter().all(|c| c.cover.contains(&Obstacle::Terrain(cottage))),
        "every line over the cottage gives the ogre cover: {options:?} {seen:?}"
    );
}

#[test]
fn elevated_terrain_blocks_sight_only_one_square_higher_than_both() {
    // "If there is elevated terrain between the attacker and the target, the
    // attacker's line of sight is blocked if the elevated terrain between
    // them is at least one square higher than either attacker or target."
    let mut f = field(". . ^ . .\n. . ^ . .\n. . ^ . .", "");
    let a = put(&mut f, "a", Size::Small, "a2", 0);
    let b = put(&mut f, "b", Size::Small, "e2", 1);
    assert!(f.line_of_sight(a, b).is_some(), "a 1-square hill is not a square higher than half a square");
    let mut g = field(". . T . .\n. . T . .\n. . T . .", "");
    let a = put(&mut g, "a", Size::Medium, "a2", 0);
    let b = put(&mut g, "b", Size::Large, "d1", 1);
    assert!(g.line_of_sight(a, b).is_none(), "3 squares is one higher than the Large target's 2");
}

#[test]
fn cover_is_owed_for_obstructing_terrain_and_figures_in_order() {
    // "Make a cover check for: Each piece of obstructing, solid or opaque
    // terrain that the line passes through. Each figure of the same height
    // or shorter than both attacker and defender that the line passes
    // through. In order from closest to the attacker to farthest from the
    // attacker. If terrain is in the same square as a figure, roll for the
    // terrain first."
    let mut f = field(". . & & . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let x = put(&mut f, "x", Size::Medium, "d1", 0);
    let y = put(&mut f, "y", Size::Medium, "f1", 1);
    let t = put(&mut f, "t", Size::Medium, "g1", 1);
    let c = f.cover_along(a, sq(&f, "a1"), t, Point::new(1, 1), Point::new(13, 1)).unwrap();
    let wood = f.terrain().find("undergrowth").unwrap();
    assert_eq!(c.cover, [Obstacle::Terrain(wood), Obstacle::Figure(x), Obstacle::Figure(y)]);
    // Terrain and a figure in one square: the terrain first.
    let mut g = field(". . & . .", "");
    let a = put(&mut g, "a", Size::Medium, "a1", 0);
    let x = put(&mut g, "x", Size::Medium, "c1", 0);
    let t = put(&mut g, "t", Size::Medium, "e1", 1);
    let c = g.cover_along(a, sq(&g, "a1"), t, Point::new(1, 1), Point::new(9, 1)).unwrap();
    let wood = g.terrain().find("undergrowth").unwrap();
    assert_eq!(c.cover, [Obstacle::Terrain(wood), Obstacle::Figure(x)]);
}

#[test]
fn a_figure_taller_than_either_end_gives_no_cover() {
    // "Each figure of the same height or shorter than both attacker and
    // defender that the line passes through."
    let mut f = field(". . . . .\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let o = put(&mut f, "o", Size::Large, "b1", 1);
    let s = put(&mut f, "s", Size::Small, "d1", 0);
    let t = put(&mut f, "t", Size::Medium, "e1", 1);
    let c = f.cover_along(a, sq(&f, "a1"), t, Point::new(1, 1), Point::new(9, 1)).unwrap();
    assert_eq!(c.cover, [Obstacle::Figure(s)], "the ogre is taller than both; the Small figure is shorter");
    let _ = o;
}

#[test]
fn no_cover_from_ones_own_space_or_from_thin_cover_next_to_the_attacker() {
    // "Adjacent cover: Defenders do not benefit from and attackers do not
    // suffer from cover in their space. Attackers do not suffer from cover
    // of less than one square in width that they are adjacent to (for
    // example, archers can shoot out of arrow slits and duelists can swing
    // swords over fences and low walls without penalty)."
    let fence =
        "[[piece]]\nname = \"fence\"\ntraits = [\"obstructing\", \"difficult\"]\nedges = [\"a1|b1\", \"d1|e1\"]";
    let mut f = field("& . . . &", fence);
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let t = put(&mut f, "t", Size::Medium, "e1", 1);
    let c = f.cover_along(a, sq(&f, "a1"), t, Point::new(1, 1), Point::new(9, 1)).unwrap();
    let fence = f.terrain().find("fence").unwrap();
    assert_eq!(c.cover, [Obstacle::Terrain(fence)], "only the fence at the defender's side counts, once");
    // The same fence next to the attacker is ignored when it is the only one.
    let mut g = field(". . . . .", "[[piece]]\nname = \"fence\"\ntraits = [\"obstructing\"]\nedges = [\"a1|b1\"]");
    let a = put(&mut g, "a", Size::Medium, "a1", 0);
    let t = put(&mut g, "t", Size::Medium, "e1", 1);
    assert!(g.cover_along(a, sq(&g, "a1"), t, Point::new(1, 1), Point::new(9, 1)).unwrap().cover.is_empty());
}

#[test]
fn attackers_ignore_cover_they_or_the_target_stand_higher_than() {
    // "Attackers ignore cover if they or the target are higher than the
    // cover is tall."
    let mut g = field(". . . & . .\n. . . & . .", "");
    let big = put(&mut g, "g", Size::Large, "a1", 0);
    let t = put(&mut g, "t", Size::Medium, "f1", 1);
    let c = g.cover_along(big, sq(&g, "b1"), t, Point::new(3, 1), Point::new(11, 1)).unwrap();
    assert!(c.cover.is_empty(), "a Large attacker stands higher than undergrowth one square tall");
    // A Medium attacker in the same place gets the undergrowth in the way.
    let mut h = field(". . . & . .\n. . . & . .", "");
    let m = put(&mut h, "m", Size::Medium, "b1", 0);
    let t = put(&mut h, "t", Size::Medium, "f1", 1);
    let c = h.cover_along(m, sq(&h, "b1"), t, Point::new(3, 1), Point::new(11, 1)).unwrap();
    assert_eq!(c.cover.len(), 1);
    // On a hill one square up, the Medium attacker stands higher than it.
    let mut k = field(". ^ . & . .\n. . . & . .", "");
    let m = put(&mut k, "m", Size::Medium, "b2", 0);
    let t = put(&mut k, "t", Size::Medium, "f2", 1);
    let c = k.cover_along(m, sq(&k, "b2"), t, Point::new(3, 3), Point::new(11, 3)).unwrap();
    assert!(c.cover.is_empty());
}

#[test]
fn concealing_terrain_owes_concealment_except_where_one_stands() {
    // "Concealing: Grants concealment to creatures within it. A creature
    // ignores the square(s) of concealing terrain it is standing on when
    // determining concealment (whether as the attacker or defender)."
    let mut f = field("c c c . c", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let t = put(&mut f, "t", Size::Medium, "e1", 1);
    let c = f.cover_along(a, sq(&f, "a1"), t, Point::new(1, 1), Point::new(9, 1)).unwrap();
    assert_eq!(c.concealment.len(), 1, "b1 and c1 of the fog the attacker stands in count; e1's fog does not");
    let u = put(&mut f, "u", Size::Medium, "c1", 1);
    let c = f.cover_along(a, sq(&f, "a1"), u, Point::new(1, 1), Point::new(5, 1)).unwrap();
    assert_eq!(c.concealment.len(), 1, "b1 still counts");
}

#[test]
fn a_large_attacker_draws_from_the_square_it_chooses() {
    // "Larger creatures: In the case of creatures that occupy multiple
    // squares, the player who controls the attacking figure chooses which
    // square to draw from of those the attacking figure occupies."
    let mut f = field(". . . . .\n. . h . .", "");
    let l = put(&mut f, "L", Size::Large, "a1", 0);
    let t = put(&mut f, "t", Size::Medium, "e1", 1);
    let low = f.cover_options(l, sq(&f, "b1"), t);
    let high = f.cover_options(l, sq(&f, "b2"), t);
    assert!(low.iter().any(|c| !c.cover.is_empty()));
    assert!(high.iter().any(|c| c.cover.is_empty()), "from b2 a line passes above the hedge");
    // Centre to centre: from b1 through the hedge, from b2 over it.
    let hedge = f.terrain().find("tall hedge").unwrap();
    let from_low = f.cover_along(l, sq(&f, "b1"), t, Point::new(3, 1), Point::new(9, 1)).unwrap();
    let from_high = f.cover_along(l, sq(&f, "b2"), t, Point::new(3, 3), Point::new(9, 1)).unwrap();
    assert_eq!(from_low.cover, [Obstacle::Terrain(hedge)]);
    assert!(from_high.cover.is_empty());
    assert!(f.cover_along(l, sq(&f, "c1"), t, Point::new(5, 1), Point::new(9, 1)).is_err());
}

#[test]
fn an_emanation_1_affects_every_adjacent_square() {
    // "Emanations: An emanation power is measured from the sides of the
    // origin space, usually the user's own space. An emanation 1 power thus
    // affects all adjacent squares to the user."
    let mut f = field(&". . . . . .\n".repeat(6), "");
    let l = put(&mut f, "L", Size::Large, "b2", 0);
    let origin = f.figure(l).unwrap().space;
    let hit = f.area(&Area::Emanation { origin, radius: 1 }).unwrap();
    assert_eq!(hit.squares.len(), 16, "the Large space and the 12 squares round it");
    let two = f.area(&Area::Emanation { origin, radius: 2 }).unwrap();
    assert!(!two.squares.contains(sq(&f, "e5")), "two diagonals count 1 + 2 = 3");
    assert!(two.squares.contains(sq(&f, "e4")));
}

#[test]
fn a_burst_spreads_from_a_corner() {
    // "Bursts: A burst power is measured from a single corner of a square
    // within the range of the effect, spreading in all directions to a
    // specified radius."
    let f = field(&". . . . . . . .\n".repeat(8), "");
    let one = f.area(&Area::Burst { at: Point::corner(4, 4), radius: 1 }).unwrap();
    assert_eq!(names(&f, &one.squares), ["d4", "e4", "d5", "e5"]);
    let two = f.area(&Area::Burst { at: Point::corner(4, 4), radius: 2 }).unwrap();
    assert_eq!(two.squares.len(), 12, "Pathfinder's 10-foot burst");
    assert!(f.area(&Area::Burst { at: Point::new(3, 4), radius: 1 }).is_err(), "not a corner");
}

#[test]
fn a_cone_is_a_quarter_circle_from_an_edge_or_a_corner() {
    // "Cones: A cone power is measured from a single edge or single corner
    // of the origin space, usually the user's own space. It covers a
    // quarter-circle of space."
    let mut f = field(&". . . . . . . . .\n".repeat(9), "");
    let a = put(&mut f, "a", Size::Medium, "e1", 0);
    let space = f.figure(a).unwrap().space;
    let north = cone_origins(&space).into_iter().find(|(_, d)| *d == Dir::N).unwrap();
    let cone = f.area(&Area::Cone { apex: north.0, toward: Dir::N, radius: 3 }).unwrap();
    // One square wide at first, then three, then three (the corners of the
    // third row are 4 away): Pathfinder's 15-foot cone.
    assert_eq!(names(&f, &cone.squares), ["e2", "d3", "e3", "f3", "d4", "e4", "f4"]);
    let ne = f.area(&Area::Cone { apex: Point::corner(5, 1), toward: Dir::NE, radius: 3 }).unwrap();
    assert_eq!(names(&f, &ne.squares), ["f2", "g2", "h2", "f3", "g3", "f4"]);
    assert!(!cone.figures.contains(&a), "a cone never holds its user's space");
}

#[test]
fn a_line_runs_straight_from_a_corner_one_square_wide() {
    // "Lines: A line power is measured in a straight line from a single
    // corner of the origin space."
    let f = field(&". . . . . . . .\n".repeat(8), "");
    let diag = f.area(&Area::Line { from: Point::corner(1, 1), toward: Point::corner(2, 2), length: 4 }).unwrap();
    assert_eq!(names(&f, &diag.squares), ["b2", "c3", "d4"], "three diagonals count 1 + 2 + 1 = 4");
    // Towards (2.5, 1.5): a shallow line, one square wide.
    let flat = f.area(&Area::Line { from: Point::corner(1, 1), toward: Point::new(5, 3), length: 5 }).unwrap();
    assert_eq!(names(&f, &flat.squares), ["b2", "c2", "d2", "e3"], "e3 is 4 across and 2 up: 5");
}

#[test]
fn areas_affect_a_creature_any_of_whose_squares_is_in_them() {
    // "If any of a creature’s space is within the area of effect, the
    // creature is affected (even if other parts of their space are outside
    // of the area of effect)."
    let mut f = field(&". . . . . .\n".repeat(6), "");
    let l = put(&mut f, "L", Size::Large, "c3", 1);
    let m = put(&mut f, "m", Size::Medium, "e5", 1);
    let hit = f.area(&Area::Burst { at: Point::corner(2, 2), radius: 1 }).unwrap();
    assert_eq!(hit.figures, [l]);
    let _ = m;
}

#[test]
fn areas_are_not_shortened_by_difficult_terrain() {
    // "Areas are measured in the same way as movement, but areas' distances
    // are never reduced or affected by difficult terrain. They are blocked
    // by solid terrain."
    let f = field(": : : : : :\n: : : : : :", "");
    let hit = f.area(&Area::Burst { at: Point::corner(0, 0), radius: 4 }).unwrap();
    // d1 is 4 across and 1 up (4), c2 3 across and 2 up (3 + 1): both in,
    // over the rubble.
    assert!(hit.squares.contains(sq(&f, "d1")) && hit.squares.contains(sq(&f, "c2")));
}

#[test]
fn flanking_needs_the_centre_line_through_the_target_and_both_in_reach() {
    // "When a creature has enemy creatures on opposite sides of it, and
    // those creatures are not helpless, the creature is flanked. … The
    // target must be in reach of both flankers, and a line drawn from the
    // center of one flanker's space to the center of the other must pass
    // through the target's space."
    let mut f = field(&". . . . .\n".repeat(5), "");
    let t = put(&mut f, "t", Size::Medium, "c3", 0);
    let one = put(&mut f, "1", Size::Medium, "c4", 1);
    // The rulebook's first diagram: with 1 north of T, 2 may stand on any
    // of the three squares south of T.
    for (at, flanks) in [("b2", true), ("c2", true), ("d2", true), ("d3", false), ("b4", false)] {
        let two = put(&mut f, "2", Size::Medium, at, 1);
        assert_eq!(f.flanks(one, two, t, 1, 1), flanks, "2 at {at}");
        assert_eq!(f.flanks(two, one, t, 1, 1), flanks, "symmetric at {at}");
        f.remove(two);
    }
    // Not helpless, and in reach.
    let two = put(&mut f, "2", Size::Medium, "c2", 1);
    f.set_helpless(two, true);
    assert!(!f.flanks(one, two, t, 1, 1));
    f.set_helpless(two, false);
    f.remove(two);
    let far = put(&mut f, "f", Size::Medium, "c1", 1);
    assert!(!f.flanks(one, far, t, 1, 1) && f.flanks(one, far, t, 1, 2));
    assert_eq!(f.flankers(t, |_| 2), [(one, far)]);
}

#[test]
fn flanking_a_large_target_and_with_a_large_flanker() {
    // "… a line drawn from the center of one flanker's space to the center
    // of the other must pass through the target's space." — for every size.
    let mut f = field(&". . . . . .\n".repeat(6), "");
    let t = put(&mut f, "t", Size::Large, "c3", 0);
    let one = put(&mut f, "1", Size::Medium, "b5", 1);
    let two = put(&mut f, "2", Size::Large, "e1", 1);
    assert!(f.flanks(one, two, t, 1, 1));
    let three = put(&mut f, "3", Size::Medium, "e5", 1);
    assert!(!f.flanks(one, three, t, 1, 1), "the line between b5 and e5 passes above the target");
}

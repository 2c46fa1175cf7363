//! Movement on the battle grid, one test per rule sentence of the rulebook's
//! "Movement and positioning", "Diagonal movement", "Unwilling movement",
//! "Movement modes", "Vertical movement", "Narrow spaces and tight gaps" and
//! the movement traits of "TERRAIN TRAITS", each quoting its sentence.
#![allow(clippy::unwrap_used, clippy::panic)]

mod battle_common;

use arbiter_geometry::battle::{Battlefield, Forced, Mode, MoveError, Mover, Position, Size, Source, Traits};
use battle_common::{field, names, put, sq};

fn walker(f: &Battlefield, id: arbiter_geometry::battle::FigureId) -> Mover {
    f.mover(id, Mode::Walk).unwrap()
}

fn start(f: &Battlefield, id: arbiter_geometry::battle::FigureId) -> Position {
    Position::at(f.figure(id).unwrap().space.anchor())
}

fn cost(f: &Battlefield, id: arbiter_geometry::battle::FigureId, mode: Mode, to: &str, budget: u32) -> Option<u32> {
    let m = f.mover(id, mode).unwrap();
    f.reachable(m, start(f, id), budget).cost(sq(f, to))
}

#[test]
fn a_stride_goes_no_further_than_its_speed() {
    // "They cannot move more than their Speed (if Striding) or more than 1
    // square (if Stepping). They can move fewer squares than they are
    // entitled to."
    let mut f = field(". . . . . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let r = f.reachable(walker(&f, a), start(&f, a), 5);
    assert_eq!(names(&f, r.ends()), ["a1", "b1", "c1", "d1", "e1", "f1"]);
    let step = f.reachable(walker(&f, a), start(&f, a), 1);
    assert_eq!(names(&f, step.ends()), ["a1", "b1"]);
}

#[test]
fn speed_5_striding_twice_crosses_five_difficult_squares_once_only_two() {
    // "For example, a creature with Speed 5 who Strides twice can cross five
    // squares of difficult terrain if they Stride twice. A creature with
    // Speed 5 who Strides once can only cross two squares of difficult
    // terrain, and the extra square of movement goes to waste unless there
    // is open ground they can move on."
    let mut f = field(". : : : : : . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&f, a, Mode::Walk, "c1", 5), Some(4));
    assert_eq!(cost(&f, a, Mode::Walk, "d1", 5), None, "a third difficult square costs 6");
    assert_eq!(cost(&f, a, Mode::Walk, "f1", 10), Some(10), "two Strides pooled: five difficult squares");
    // The square left over goes to waste: no open ground next to c1.
    let once = f.reachable(walker(&f, a), start(&f, a), 5);
    assert_eq!(names(&f, once.ends()), ["a1", "b1", "c1"]);
}

#[test]
fn four_diagonal_squares_count_1_2_1_2() {
    // "For example, as a creature moves across 4 squares diagonally, count 1,
    // then 2, then 1, and then 2, for a total of 6."
    let mut f = field(". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let path = f.path(walker(&f, a), start(&f, a), 6, sq(&f, "e5")).unwrap();
    let costs: Vec<u32> = path.iter().map(|s| s.cost).collect();
    assert_eq!(costs, [1, 2, 1, 2]);
    assert_eq!(cost(&f, a, Mode::Walk, "e5", 6), Some(6));
    assert_eq!(cost(&f, a, Mode::Walk, "e5", 5), None);
}

#[test]
fn the_diagonal_count_carries_over_the_whole_turn() {
    // "A creature's total diagonal movement is tracked across all of their
    // movement during their turn, but resets at the end of their turn."
    let mut f = field(". . . .\n. . . .\n. . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let m = walker(&f, a);
    let (first, after) = f.step(m, start(&f, a), sq(&f, "b2")).unwrap();
    assert_eq!(first.cost, 1);
    // A second Stride in the same turn: its first diagonal counts 2.
    let (second, _) = f.step(m, after, sq(&f, "c3")).unwrap();
    assert_eq!(second.cost, 2);
    // A new turn starts afresh.
    let (fresh, _) = f.step(m, Position::at(sq(&f, "b2")), sq(&f, "c3")).unwrap();
    assert_eq!(fresh.cost, 1);
}

#[test]
fn moving_diagonally_past_enemies_and_difficult_terrain_is_allowed() {
    // "A creature can move diagonally past an enemy creature's space – this
    // does not count as passing through their space – and past difficult
    // terrain."
    let mut f = field(". :\n. .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    put(&mut f, "e", Size::Medium, "b1", 1);
    assert!(f.step(walker(&f, a), start(&f, a), sq(&f, "b2")).is_ok());
}

#[test]
fn a_diagonal_step_past_difficult_terrain_costs_nothing_extra() {
    // "… and past difficult terrain."
    let mut f = field(". .\n. :", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let (step, _) = f.step(walker(&f, a), start(&f, a), sq(&f, "b2")).unwrap();
    assert_eq!(step.cost, 1);
}

#[test]
fn no_diagonal_past_a_solid_corner() {
    // "A creature cannot move diagonally past solid terrain, since it
    // represents a hard corner. They must move around it."
    let mut f = field(". .\n. #", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(f.step(walker(&f, a), start(&f, a), sq(&f, "b2")).unwrap_err(), MoveError::Solid);
    assert_eq!(cost(&f, a, Mode::Walk, "b2", 5), Some(2), "round the corner: a2 then b2");
    // A wall on an edge touching the corner is a hard corner too.
    let mut g = field(". .\n. .", "[[piece]]\nname = \"wall\"\ntraits = [\"solid\"]\nedges = [\"b1|b2\"]");
    let a = put(&mut g, "a", Size::Medium, "a1", 0);
    assert_eq!(g.step(walker(&g, a), start(&g, a), sq(&g, "b2")).unwrap_err(), MoveError::Solid);
}

#[test]
fn no_moving_through_solid_terrain_or_enemies_and_no_ending_on_allies() {
    // "Creatures cannot move through solid terrain (described below) or
    // through the spaces of enemy creatures, and they cannot end their
    // movement on spaces occupied by allied creatures."
    let mut f = field(". . . . .\n# # . # #\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&f, a, Mode::Walk, "a3", 10), Some(6), "round through the gap at c2");
    let ally = put(&mut f, "b", Size::Medium, "c2", 0);
    let r = f.reachable(walker(&f, a), start(&f, a), 10);
    assert!(!r.ends().contains(sq(&f, "c2")), "cannot end on the ally");
    assert!(r.ends().contains(sq(&f, "a3")), "but passes through it");
    f.remove(ally);
    put(&mut f, "e", Size::Medium, "c2", 1);
    let r = f.reachable(walker(&f, a), start(&f, a), 10);
    assert!(!r.ends().contains(sq(&f, "a3")), "an enemy in the gap blocks it");
}

#[test]
fn helpless_enemies_can_be_moved_through() {
    // "The creature does not count as a creature for the purposes of
    // affecting opponents (they can move through the helpless creature's
    // space, are not flanked by the helpless creature, etc)."
    let mut f = field(". . . . .\n# # . # #\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let e = put(&mut f, "e", Size::Medium, "c2", 1);
    f.set_helpless(e, true);
    let r = f.reachable(walker(&f, a), start(&f, a), 10);
    assert!(r.ends().contains(sq(&f, "a3")) && !r.ends().contains(sq(&f, "c2")));
}

#[test]
fn difficult_terrain_costs_one_more_per_square_and_per_edge_crossed() {
    // "Difficult: It costs one extra square to enter each square of
    // difficult terrain, or to cross difficult terrain between squares."
    let mut f =
        field(". : . .", "[[piece]]\nname = \"fence\"\ntraits = [\"difficult\", \"obstructing\"]\nedges = [\"c1|d1\"]");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&f, a, Mode::Walk, "b1", 9), Some(2));
    assert_eq!(cost(&f, a, Mode::Walk, "c1", 9), Some(3));
    assert_eq!(cost(&f, a, Mode::Walk, "d1", 9), Some(5), "the fence between c1 and d1 costs one more");
    // Ruling P2V-G12: a difficult square entered across a difficult edge
    // costs both extras.
    let mut g = field(". :", "[[piece]]\nname = \"fence\"\ntraits = [\"difficult\"]\nedges = [\"a1|b1\"]");
    let b = put(&mut g, "b", Size::Medium, "a1", 0);
    assert_eq!(cost(&g, b, Mode::Walk, "b1", 9), Some(3));
    // A Large creature entering two squares of rubble at once pays one more,
    // not two.
    let mut h = field(". . :\n. . :", "");
    let l = put(&mut h, "L", Size::Large, "a1", 0);
    let (step, _) = h.step(walker(&h, l), start(&h, l), sq(&h, "b1")).unwrap();
    assert_eq!(step.cost, 2);
}

#[test]
fn deep_water_halves_speed_and_aquatic_creatures_ignore_water() {
    // "Deep water can be traversed using movement, but at half speed."
    // "Aquatic: The creature ignores the negative effects of water terrain
    // (shallow and deep)."
    let mut f = field(". ~ ~ w .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&f, a, Mode::Walk, "c1", 9), Some(4));
    assert_eq!(cost(&f, a, Mode::Walk, "d1", 9), Some(6), "shallow water is difficult");
    assert_eq!(cost(&f, a, Mode::Aquatic, "d1", 9), Some(3));
}

#[test]
fn directional_terrain_is_difficult_against_its_direction() {
    // "Directional: The terrain pushes creatures in a particular direction.
    // Moving in any other direction is difficult terrain."
    let mut f = field(". . .\n> > >\n. . .", "");
    let a = put(&mut f, "a", Size::Medium, "a2", 0);
    let m = walker(&f, a);
    let (with, _) = f.step(m, start(&f, a), sq(&f, "b2")).unwrap();
    assert_eq!(with.cost, 1, "moving east with the current");
    let b = put(&mut f, "b", Size::Medium, "c1", 0);
    let (against, _) = f.step(walker(&f, b), start(&f, b), sq(&f, "c2")).unwrap();
    assert_eq!(against.cost, 2, "moving north into it");
}

#[test]
fn closed_doors_are_solid_and_open_doors_are_not() {
    // "Door: An adjacent creature can open or close a door by Interacting.
    // While closed, doors are solid terrain."
    let mut f = field(". + .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&f, a, Mode::Walk, "c1", 9), None);
    let door = f.terrain().find("door").unwrap();
    assert!(f.set_door(door, true));
    assert_eq!(cost(&f, a, Mode::Walk, "c1", 9), Some(2));
}

#[test]
fn teleportation_circles_are_adjacent_to_each_other() {
    // "Teleportation circle: All Teleportation Circles are adjacent to all
    // other Teleportation Circles on the map."
    let mut f = field("@ . . . . . . @", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&f, a, Mode::Walk, "h1", 5), Some(1));
    let b = put(&mut f, "b", Size::Medium, "h1", 1);
    assert!(f.adjacent(a, b));
}

#[test]
fn objectives_are_difficult_and_cannot_be_ended_on() {
    // "Unless otherwise specified, objectives are difficult and obstructing
    // terrain (see the Terrain chapter for more details), and a creature
    // cannot end its move standing on the objective."
    let mut f = field(". O .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    let r = f.reachable(walker(&f, a), start(&f, a), 9);
    assert!(!r.ends().contains(sq(&f, "b1")));
    assert_eq!(r.cost(sq(&f, "c1")), Some(3));
}

#[test]
fn climbing_a_three_square_ladder_and_stepping_off_costs_four() {
    // "Ascending: To ascend a vertical distant costs 1 square per square of
    // height gained. For example, climbing a 3-square tall ladder and then
    // stepping off it costs 4 squares of movement (three for the vertical
    // movement and one for the horizontal movement)."
    let mut f = field(". L T", "");
    let a = put(&mut f, "a", Size::Medium, "b1", 0);
    let (step, _) = f.step(walker(&f, a), start(&f, a), sq(&f, "c1")).unwrap();
    assert_eq!((step.cost, step.climb), (4, 3));
}

#[test]
fn descending_costs_nothing_extra_and_a_drop_without_an_incline_is_a_fall() {
    // "Descending: Descending costs no extra movement beyond the horizontal
    // movement involved."
    let mut f = field(". L T", "");
    let a = put(&mut f, "a", Size::Medium, "c1", 0);
    let m = walker(&f, a);
    let (down, _) = f.step(m, start(&f, a), sq(&f, "b1")).unwrap();
    assert_eq!((down.cost, down.fall), (1, 0), "down the ladder");
    // "A creature falls if there is no rope, ladder or the like by which to
    // descend a steep or sheer drop"; "A creature that falls 2 squares or
    // more takes 5 damage per 2 squares it falls. If it takes damage, it
    // falls prone at the bottom."
    let mut g = field(". T", "");
    let b = put(&mut g, "b", Size::Medium, "b1", 0);
    let (jump, after) = g.step(walker(&g, b), start(&g, b), sq(&g, "a1")).unwrap();
    assert_eq!((jump.cost, jump.fall), (1, 3));
    assert!(after.down, "prone at the bottom: the movement ends");
    assert_eq!(g.step(walker(&g, b), after, sq(&g, "a1")).unwrap_err(), MoveError::Down);
}

#[test]
fn a_sheer_rise_needs_an_incline_or_wall_climb_and_fliers_do_not_fall() {
    // "If an incline is too steep, creatures cannot traverse it at all
    // without the aid of ropes, ladders or the like, or the Wall Climb
    // movement mode."
    let mut f = field(". T", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(f.step(walker(&f, a), start(&f, a), sq(&f, "b1")).unwrap_err(), MoveError::Sheer);
    let climber = f.mover(a, Mode::WallClimb).unwrap();
    assert_eq!(f.step(climber, start(&f, a), sq(&f, "b1")).unwrap().0.cost, 4);
    // "Creatures with Flight do not fall, and creatures with Wall Climb only
    // fall until they become adjacent to solid terrain."
    let mut g = field(". T", "");
    let b = put(&mut g, "b", Size::Medium, "b1", 0);
    let flier = g.mover(b, Mode::Fly).unwrap();
    assert_eq!(g.step(flier, start(&g, b), sq(&g, "a1")).unwrap().0.fall, 0);
    let mut h = field("# . T", "");
    let c = put(&mut h, "c", Size::Medium, "c1", 0);
    let climber = h.mover(c, Mode::WallClimb).unwrap();
    assert_eq!(h.step(climber, start(&h, c), sq(&h, "b1")).unwrap().0.fall, 0, "b1 is next to the wall");
}

#[test]
fn a_creature_squeezes_through_half_its_width_treating_every_square_as_difficult() {
    // "A creature can squeeze through a space half its base width or wider,
    // but treats every square as difficult terrain."
    let rows = ". . . . . . . .\n. . . . . . . .\n# # # . # # # #\n# # # . # # # #\n. . . . . . . .\n. . . . . . . .";
    let mut f = field(rows, "");
    let large = put(&mut f, "L", Size::Large, "c1", 0);
    let r = f.reachable(walker(&f, large), start(&f, large), 20);
    let (steps, end) = (f.path(walker(&f, large), start(&f, large), 20, sq(&f, "c5")).unwrap(), r.cost(sq(&f, "c5")));
    assert!(steps.iter().any(|s| s.squeezed), "{steps:?}");
    // Every step from c1 to c5 squeezes, into or out of the corridor (half
    // of the space in the walls): four steps of 2.
    assert_eq!(end, Some(8));
    // A Huge creature is 3 wide: a 1-square gap is less than half of it.
    let open = ". . . . . . . .\n";
    let mut g = field(&format!("{}# # # . # # # #\n{}", open.repeat(3), open.repeat(3)), "");
    let huge = put(&mut g, "H", Size::Huge, "a1", 0);
    let r = g.reachable(walker(&g, huge), start(&g, huge), 30);
    assert!(r.ends().iter().any(|s| s.rank() == 1), "it squeezes up to the wall: {:?}", names(&g, r.ends()));
    assert!(!r.ends().iter().any(|s| s.rank() >= 2), "but not through the gap: {:?}", names(&g, r.ends()));
    // The rules of play put a figure where its steps ended, squeezed or not.
    let end = sq(&f, "c4");
    assert!(f.reachable(walker(&f, large), start(&f, large), 20).ends().contains(end));
    f.relocate(large, end).unwrap();
    assert_eq!(f.figure(large).unwrap().space.anchor(), end);
    assert!(f.relocate(large, sq(&f, "a3")).is_err(), "no block of one free square there");
}

#[test]
fn flight_ignores_terrain_except_solid_and_passes_enemies() {
    // "Flight: The creature can choose to ignore the effects of terrain
    // (except solid terrain), and move through spaces occupied by enemy
    // creatures."
    let mut f = field(". : : # .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    put(&mut f, "e", Size::Medium, "b1", 1);
    assert_eq!(cost(&f, a, Mode::Fly, "c1", 9), Some(2));
    assert_eq!(cost(&f, a, Mode::Fly, "e1", 9), None, "solid terrain still blocks");
    assert_eq!(cost(&f, a, Mode::Walk, "c1", 9), None, "the enemy blocks a walker");
}

#[test]
fn burrowers_and_teleporters_ignore_terrain_and_enemies_but_end_on_free_squares() {
    // "Burrowing: The creature can choose to ignore the effects of terrain,
    // auras and enemy creatures during its movement."
    // "Teleportation: The creature ignores the effects of terrain, auras and
    // enemy creatures during its movement … The creature must still end its
    // turn in an unoccupied space."
    let mut f = field(". # : . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    put(&mut f, "x", Size::Medium, "d1", 1);
    for mode in [Mode::Burrow, Mode::Teleport] {
        let m = f.mover(a, mode).unwrap();
        let r = f.reachable(m, start(&f, a), 4);
        assert_eq!(names(&f, r.ends()), ["a1", "c1", "e1"], "{mode:?}");
    }
}

#[test]
fn wall_climbers_next_to_solid_terrain_ignore_other_terrain_and_enemies() {
    // "While adjacent to solid terrain, the creature can (a) ignore the
    // effects of terrain (except solid terrain) and (b) move through spaces
    // occupied by enemy creatures."
    let mut f = field("# # # # #\n. : : : .\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a2", 0);
    put(&mut f, "e", Size::Medium, "c2", 1);
    assert_eq!(cost(&f, a, Mode::WallClimb, "e2", 9), Some(4));
    assert_eq!(cost(&f, a, Mode::Walk, "e2", 9), Some(5), "round the enemy and the rubble: b1 c1 d1 e2");
}

#[test]
fn forced_movement_never_enters_occupied_squares_and_goes_the_right_way() {
    // "They cannot enter squares occupied by other creatures (allies or
    // enemies). A push must move the creature further away from the attacker
    // or point of origin with each square moved; a pull must move the
    // creature closer to the attacker or point of origin with each square
    // moved. A shunt can move them closer or farther, or no closer or
    // farther."
    let mut f = field(". . . . .\n. . . . .\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a2", 0);
    let t = put(&mut f, "t", Size::Medium, "b2", 1);
    put(&mut f, "x", Size::Medium, "c2", 1);
    let src = Source::Space(f.figure(a).unwrap().space);
    let push = f.forced_steps(t, Forced::Push, src, Position::at(sq(&f, "b2")));
    let to: Vec<String> = push.iter().map(|(s, _)| f.board().name(s.to)).collect();
    assert_eq!(to, ["c3", "c1"], "c2 is occupied; b1 and b3 are no farther");
    let pull = f.forced_steps(t, Forced::Pull, src, Position::at(sq(&f, "b2")));
    assert!(pull.is_empty(), "nowhere closer that is free: a1 and a3 are as close as b2");
    let shunt = f.forced_steps(t, Forced::Shunt, src, Position::at(sq(&f, "b2")));
    assert_eq!(shunt.len(), 6);
    let reach = f.forced_reach(t, Forced::Push, src, 2);
    assert_eq!(names(&f, &reach), ["c1", "d1", "b2", "c3", "d3"]);
}

#[test]
fn a_figure_forced_off_a_drop_falls() {
    // "A creature falls if … they are forced off a steep or sheer drop by
    // unwilling movement."
    let mut f = field(". T T", "");
    let a = put(&mut f, "a", Size::Medium, "c1", 0);
    let t = put(&mut f, "t", Size::Medium, "b1", 1);
    let push = f.forced_steps(t, Forced::Push, Source::Space(f.figure(a).unwrap().space), Position::at(sq(&f, "b1")));
    assert_eq!(push.len(), 1);
    assert_eq!(push[0].0.fall, 3);
}

#[test]
fn large_creatures_move_their_whole_space() {
    // "Creatures of every size occupy their space" (BATTLE GRID): a Large
    // creature cannot step where its 2 × 2 space would overlap a wall.
    let mut f = field(". . . .\n. . # #\n. . . .", "");
    let l = put(&mut f, "L", Size::Large, "a1", 0);
    let m = walker(&f, l);
    let (step, _) = f.step(m, start(&f, l), sq(&f, "b1")).unwrap();
    assert!(step.squeezed && step.cost == 2, "past one solid square it squeezes: {step:?}");
    assert!(f.step(m, start(&f, l), sq(&f, "a2")).is_ok());
    assert_eq!(f.figure(l).unwrap().space.squares().len(), 4);
}

#[test]
fn a_leap_passes_over_anything_but_solid_terrain_and_lands_where_it_may_end() {
    // P2V "Leap • The creature jumps over one square or over a one-square wide
    // gap." The grid's part: the landing `squares` steps away in each of the
    // eight directions, over what a flier passes over.
    let mut f = field(". . . . .\n. . # . .\n. . . . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    put(&mut f, "b", Size::Medium, "b1", 1); // an enemy in the way
    let leaps = f.leaps(walker(&f, a), sq(&f, "a1"), 2);
    let landed: Vec<String> = leaps.iter().flatten().map(|q| f.board().name(*q)).collect();
    // East over the enemy to c1; north over a2 to a3; not north-east to c3,
    // which passes the wall's corner on c2 ("a creature cannot move
    // diagonally past solid terrain").
    assert_eq!(landed, ["a3", "c1"]);
    // From a2 east over b2: the landing c2 is the wall.
    let c = put(&mut f, "c", Size::Medium, "a2", 0);
    let leaps = f.leaps(walker(&f, c), sq(&f, "a2"), 2);
    assert!(!leaps.iter().flatten().any(|q| f.board().name(*q) == "c2"));
    // Nor over it: from d2 west over c2.
    let d = put(&mut f, "d", Size::Medium, "d2", 0);
    let leaps = f.leaps(walker(&f, d), sq(&f, "d2"), 2);
    assert!(!leaps.iter().flatten().any(|q| f.board().name(*q) == "b2"), "the wall on c2 is in the way");
}

#[test]
fn difficult_terrain_made_by_plants_does_not_slow_a_creature_unhindered_by_plants() {
    // Chetamog: "Forest Stride: Difficult terrain made by plants does not slow it."
    // The `plant` trait marks such terrain; `Terrain::unhindered_by` is the terrain
    // as that creature moves over it. Rubble stays difficult.
    let mut f = field(". Y Y : . .", "");
    let a = put(&mut f, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&f, a, Mode::Walk, "c1", 10), Some(4), "brambles: 2 each");
    let mut g = Battlefield::shared(std::sync::Arc::new(f.terrain().unhindered_by(Traits::PLANT)));
    let b = put(&mut g, "a", Size::Medium, "a1", 0);
    assert_eq!(cost(&g, b, Mode::Walk, "c1", 10), Some(2), "plants: open ground to it");
    assert_eq!(cost(&g, b, Mode::Walk, "d1", 10), Some(4), "rubble is no plant");
    assert!(g.terrain().pieces().iter().any(|p| p.traits.contains(Traits::PLANT)), "still plants");
}

//! The rules of play, one test per rule, each citing the rulebook's
//! sentence (`../shared/rulebooks/path-2-victory-v1.3.txt`), and one per
//! ruling P2V-R of `docs/rulings/p2v.md`.
//!
//! Each test builds a scene: two small warbands on an open board (or a
//! board drawn for the test), the creatures put where the test needs them,
//! then plays decisions and rolls through the `Game` API as the terminal
//! and the server do.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

mod common;

use arbiter_core::{Decision, Game, Seat, ToMove};
use arbiter_p2v::play::event::{Degree, Event};
use arbiter_p2v::play::objective::{Kind, Objective};
use arbiter_p2v::play::state::{Frame, Life, Phase};
use arbiter_p2v::play::{Action, P2v, Variant};
use common::scene::{Scene, entry, map, warband};

// Kobold Warrior: level −1, Fight +5, Armor 16, HP 7, Speed 5, Spear (melee, 5 piercing).
// Basilisk: Fight +10, Armor 17, HP 75, Jaws (melee, 15 piercing).
// Eagle Knight: Reactive Strike; Rapier (melee, 15 piercing), Crossbow (ranged 24/48).

#[test]
fn a_strike_hits_on_equal_armor_and_a_natural_20_or_10_over_is_a_critical_hit() {
    // "If the Fight roll equals or exceeds the Armor, the strike hits."
    // "If the Fight roll is a natural 20 … or the result exceeds the Armor by 10
    // or more …, it is a critical hit. It hits and does double damage."
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[12]);
    assert_eq!(sc.fight(), (17, 17, Degree::Success));
    assert_eq!(sc.hp("A"), 70);
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[11]);
    assert_eq!(sc.fight().2, Degree::Failure);
    assert_eq!(sc.hp("A"), 75);
    sc.act("strike 1 A").roll(&[20]);
    assert_eq!(sc.fight().2, Degree::CriticalSuccess, "a natural 20, even at −5");
    assert_eq!(sc.hp("A"), 65, "double damage: 10");
}

#[test]
fn the_multiple_attack_penalty_is_minus_5_then_minus_10() {
    // "After a creature concludes an action that included a Fight roll, their
    // subsequent Fight rolls that turn suffer a -5 penalty. After … a second
    // action …, -10."
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.s.creatures[0].hp = 75;
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[2]);
    assert_eq!(sc.fight().0, 12);
    sc.act("strike 1 A").roll(&[2]);
    assert_eq!(sc.fight().0, 7, "2 + 10 − 5");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "two AP spent: the turn ended and P2 activates");
}

#[test]
fn a_ranged_strike_within_an_enemys_reach_or_beyond_short_range_takes_minus_2() {
    // "A creature that is within an enemy's reach suffers a -2 penalty to their
    // Fight roll with ranged strikes." "The second is the long range; attacks at
    // this range suffer a -2 penalty."
    let mut sc = Scene::new(&["Satyr"], &["Basilisk"]);
    // Shortbow: Ranged 12/24, Fight +10.
    sc.put("a", "b2").put("A", "b3").turn("a");
    sc.act("strike shortbow A").roll(&[5]);
    assert_eq!(sc.fight().0, 13, "5 + 10 − 2 in reach");
    let mut sc = Scene::new(&["Satyr"], &["Basilisk"]);
    sc.put("a", "a1").put("A", "a12").turn("a");
    sc.act("strike shortbow A").roll(&[5]);
    assert_eq!(sc.fight().0, 15, "11 squares: within short range 12");
    let mut sc = Scene::on(&["Satyr"], &["Basilisk"], map(20, 20, &[], ""));
    sc.put("a", "a1").put("A", "a16").turn("a");
    sc.act("strike shortbow A").roll(&[5]);
    assert_eq!(sc.fight().0, 13, "15 squares: long range, −2");
    let mut sc = Scene::on(&["Eagle Knight"], &["Basilisk"], map(20, 20, &[], ""));
    sc.put("a", "a1").put("A", "a16").turn("a");
    sc.act("strike crossbow A").roll(&[5]);
    assert_eq!(sc.fight().0, 16, "the Crossbow's card: no penalty at long range");
    assert_eq!(sc.refused("strike crossbow A"), "p2v.strike.once", "●○: once per turn");
}

#[test]
fn a_target_needs_range_sight_and_an_enemy() {
    // "To target a creature, an attacker needs (a) the target to be within range
    // of the attack, (b) line of sight to the target and (c) line of effect."
    let m = map(
        12,
        12,
        &[". . . . . . . . . . . .", ". . . # # # . . . . . ."],
        "\"#\" = { name = \"wall\", traits = [\"solid\"] }",
    );
    let mut sc = Scene::on(&["Satyr", "Kobold Warrior"], &["Basilisk"], m);
    sc.put("a", "e8").put("b", "f8").put("A", "e12").turn("a");
    assert_eq!(sc.refused("strike dagger A"), "p2v.strike.reach");
    // The wall on d11–f11 stands between e8 and e12.
    assert_eq!(sc.refused("strike shortbow A"), "p2v.strike.sight");
    sc.put("A", "e10");
    sc.act("strike shortbow A");
}

#[test]
fn immunity_resistance_and_weakness_in_the_rulebooks_order() {
    // "Resist: … roll the specified number of d6s. For each 4+ result, reduce the
    // damage it takes by 5." "If a creature both resists and is weak to a source
    // of damage, roll resistance first. If it still takes damage, add the extra
    // damage from its weakness."
    // Wraithvine: resist piercing and slashing 2d6, weak fire 5, immune poison.
    let mut sc = Scene::new(&["Basilisk"], &["Wraithvine"]);
    sc.put("a", "e5").put("A", "f6").turn("a");
    sc.act("strike 1 A").roll(&[15]);
    assert_eq!(sc.g.dice(&sc.s).len(), 2, "2d6 of resistance against 15 piercing");
    sc.roll(&[4, 3]);
    assert_eq!(sc.hp("A"), 110, "15 − 5");
    // Caldera Oni's Katana: 30 slashing and fire; a Sprigjack is weak 5 fire.
    let mut sc = Scene::new(&["Caldera Oni"], &["Sprigjack"]);
    sc.s.creatures[1].hp = 100;
    sc.put("a", "e5").put("A", "g5").turn("a");
    sc.act("strike 1 A").roll(&[2]);
    assert_eq!(sc.fight().2, Degree::Success);
    assert_eq!(sc.hp("A"), 100 - 35, "30 and its weakness to fire, 5");
}

#[test]
fn a_creature_at_0_hp_is_dying_and_makes_recovery_checks() {
    // "When a creature is reduced to 0 HP or lower, it gains the helpless status
    // and falls prone." "Each time a dying creature's turn ends, and each time it
    // is hit by a strike that damages it, it makes a recovery check: it rolls
    // 1d6. On a 1–3, it is eliminated."
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").put("B", "a1").turn("a");
    sc.act("strike 1 A").roll(&[10]);
    assert_eq!(sc.life("A"), Life::Dying);
    assert!(sc.s.creatures[1].prone);
    sc.act("strike 1 A").roll(&[19]);
    // Hit while dying: a recovery check.
    assert!(matches!(sc.s.pending.top(), Some(Frame::Recovery { .. })));
    sc.roll(&[4]);
    assert_eq!(sc.life("A"), Life::Dying);
    // P2 activates the dying kobold: its turn ends at once, with a check.
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    sc.act("activate A");
    assert!(matches!(sc.s.pending.top(), Some(Frame::Recovery { .. })), "its turn ended at once");
    sc.roll(&[3]);
    assert_eq!(sc.life("A"), Life::Eliminated);
    assert_eq!(sc.s.creatures[1].fell_at, Some(sc.sq("e6")), "where it fell is kept, for looting");
}

#[test]
fn claiming_an_objective_is_a_skill_check_at_or_over_its_power() {
    // "If a creature adjacent to the objective interacts with it, they make a
    // skill check. On a success, they claim the objective." Ruling P2V-R2:
    // "equal to or greater than the Power". Untrained: −5.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    let at = sc.sq("e6");
    sc.s.objectives.push(Objective { kind: Kind::GolemsEye, square: at, skills: 0b1111, power: 15, holder: None });
    sc.put("a", "e5").put("A", "l12").turn("a");
    // Acrobatics uses Reflex (+7), trained: 8 + 7 = 15.
    sc.act("claim 1 acrobatics").roll(&[8]);
    assert_eq!(sc.s.objectives[0].holder, Some(0));
    assert_eq!(sc.refused("claim 1 thievery"), "p2v.claim.own");
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.s.objectives.push(Objective { kind: Kind::GolemsEye, square: at, skills: 0b1111, power: 15, holder: None });
    sc.put("a", "e5").put("A", "l12").turn("a");
    // Thievery, untrained: Reflex 7 − 5; 12 + 2 = 14 < 15.
    sc.act("claim 1 thievery").roll(&[12]);
    assert_eq!(sc.s.objectives[0].holder, None);
}

#[test]
fn animals_may_use_only_skills_they_are_trained_in() {
    // "The same is true for animals and beasts unless they are also humanoids,
    // can cast spells or strike with a weapon."
    let mut sc = Scene::new(&["Boar"], &["Basilisk"]);
    let at = sc.sq("e6");
    sc.s.objectives.push(Objective { kind: Kind::Notable, square: at, skills: 0b1111, power: 15, holder: None });
    sc.put("a", "e5").put("A", "l12").turn("a");
    assert_eq!(sc.refused("claim 1 diplomacy"), "p2v.claim.untrained");
}

#[test]
fn objectives_score_at_the_end_of_each_round() {
    // "At the end of each round, each warband scores 1 Victory Point for each
    // objective they currently have claimed."
    let mut sc = Scene::new(&["Kobold Warrior"], &["Kobold Warrior"]);
    let at = sc.sq("f6");
    sc.s.objectives.push(Objective { kind: Kind::Book, square: at, skills: 0b1111, power: 15, holder: Some(1) });
    sc.put("a", "a1").put("A", "l12").turn("a");
    sc.act("end");
    sc.act("activate A").act("end");
    assert_eq!(sc.s.vp, [0, 1]);
    assert_eq!(sc.s.round, 2);
}

#[test]
fn the_player_who_activated_last_goes_first_next_round() {
    // Ruling P2V-R1: "whichever player activated a creature last in the earlier
    // round goes first in subsequent rounds".
    let mut sc = Scene::new(&["Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "a1").put("A", "l12").put("B", "k12").turn("a");
    sc.act("end").act("activate A").act("end");
    // P1 has no creature left to act: P2 activates again.
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    sc.act("activate B").act("end");
    assert_eq!(sc.s.round, 2);
    assert_eq!(sc.s.first, 1);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
}

#[test]
fn the_round_limit_ends_the_game_on_d6_plus_rounds_of_12() {
    // "at the end of round 6 and every round after, roll 1d6 and add the number
    // of rounds that have occurred. If the result equals or exceeds 12, the game
    // ends immediately."
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "a1").put("A", "l12");
    sc.s.round = 6;
    sc.turn("a").act("end").act("activate A").act("end");
    sc.roll(&[5]);
    assert_eq!(sc.s.round, 7, "5 + 6 = 11: the game goes on");
    // P2 activated last, so P2 goes first (ruling P2V-R1).
    sc.act("activate A").act("end").act("activate a").act("end");
    sc.roll(&[5]);
    assert_eq!(sc.asks(), ToMove::Over);
    // "+2 points … most points worth of creatures still in play": the basilisk.
    assert_eq!(sc.s.vp, [0, 2]);
    assert_eq!(sc.g.outcome(&sc.s).unwrap().kind, arbiter_core::OutcomeKind::Win(vec![Seat(1)]));
}

#[test]
fn a_warband_with_nothing_in_play_ends_the_game_with_plus_4() {
    // Ruling P2V-R3; "or +4 points if their opponent or opponents have no
    // creatures still in play".
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[10]);
    sc.act("strike 1 A").roll(&[19]).roll(&[1]);
    assert_eq!(sc.life("A"), Life::Eliminated);
    assert_eq!(sc.asks(), ToMove::Over);
    assert_eq!(sc.s.vp, [4, 0]);
}

#[test]
fn a_stride_moves_up_to_speed_with_diagonals_counting_1_then_2() {
    // "The first square of diagonal movement … counts as 1 square, but the second
    // counts as 2 squares, alternating." Kobold: Speed 5.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "a1").put("A", "l12").turn("a");
    sc.act("stride d4");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("d4")), "3 diagonals: 1 + 2 + 1 = 4");
    // The next diagonal counts 2, and 1 square is left over: 5 + 1 = 6 this Stride.
    assert_eq!(sc.refused("stride i9"), "p2v.move.stride", "5 diagonals: 2+1+2+1+2 = 8 > 6");
    sc.act("stride h8");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("h8")), "4 diagonals: 2+1+2+1 = 6");
}

#[test]
fn movement_left_over_from_a_stride_carries_into_the_next() {
    // "If a creature Strides or Steps two or more times consecutively, they add up
    // all the available movement." Ruling P2V-R9. Difficult terrain costs one more.
    let rows = [". . . . . . . . . . . .", ". . . . . . . . . . . ."];
    let mut rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    rows.extend(std::iter::repeat_n(". . . . . . . . . . . .".to_string(), 9));
    rows.push(": : : : : : : : : : : .".into());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let m = map(12, 12, &rows, "\":\" = { name = \"mud\", traits = [\"difficult\"] }");
    let mut sc = Scene::on(&["Kobold Warrior"], &["Basilisk"], m);
    sc.put("a", "a1").put("A", "l12").turn("a");
    // Rank 1 is mud. Speed 5: two squares of mud cost 4, one left over.
    sc.act("stride c1");
    assert_eq!(sc.turn_state().carry, 1);
    // 5 + 1 = 6: three more squares of mud.
    sc.act("stride f1");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("f1")));
}

#[test]
fn a_step_moves_one_square_and_not_into_difficult_terrain() {
    // "Step • The creature moves 1 square. This movement does not trigger
    // reactions." Ruling P2V-R10 (Feather Step: "You can Step into difficult terrain").
    let mut rows: Vec<String> = std::iter::repeat_n(". . . . . . . . . . . .".to_string(), 11).collect();
    rows.push(". : . . . . . . . . . .".into());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let m = map(12, 12, &rows, "\":\" = { name = \"mud\", traits = [\"difficult\"] }");
    let mut sc = Scene::on(&["Kobold Warrior"], &["Basilisk"], m);
    sc.put("a", "a1").put("A", "l12").turn("a");
    assert_eq!(sc.refused("step b1"), "p2v.move.step-difficult");
    assert_eq!(sc.refused("step c1"), "p2v.move.step");
    sc.act("step a2");
}

#[test]
fn leaving_an_enemys_reach_opens_a_reactive_strike_asked_of_its_owner() {
    // "Attack of Opportunity ⚡ If a creature within your reach … moves out of
    // reach of your attacks …: Make a melee Strike against the triggering
    // creature." "A creature can take at most one reaction until it next activates."
    // Ruling P2V-R11: it strikes before the step that leaves its reach.
    let mut sc = Scene::new(&["Basilisk"], &["Eagle Knight"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("stride e2");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "P2, the knight's owner, is asked");
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    assert_eq!(legal, [Action::React, Action::Pass]);
    sc.act("react");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e5")), "still in reach when struck");
    sc.roll(&[15]);
    assert_eq!(sc.hp("a"), 60, "Rapier, 15");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e2")), "then the stride goes on");
    assert!(sc.s.creatures[1].reacted);
    // A Step does not trigger reactions; and the knight has reacted already.
    let mut sc = Scene::new(&["Basilisk"], &["Eagle Knight"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("step e4");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "no reaction to a Step");
}

#[test]
fn nobody_is_asked_when_nobody_can_react() {
    // A window nobody can use is never opened: a Basilisk has no Reactive Strike.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("stride e1");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)));
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e1")));
}

#[test]
fn prone_creatures_take_minus_2_to_fight_are_off_guard_and_only_crawl() {
    // "Prone: The creature is off-guard and takes a -2 penalty to Fight. The only
    // movement a creature can take while prone is to Crawl." "Off-guard: The
    // creature takes a -2 penalty to Armor."
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("prone");
    assert_eq!(sc.refused("stride e1"), "p2v.move.prone");
    sc.act("strike 1 A").roll(&[5]);
    assert_eq!(sc.fight().0, 13, "5 + 10 − 2");
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6");
    sc.s.creatures[1].prone = true;
    sc.turn("a").act("strike 1 A").roll(&[10]);
    assert_eq!(sc.fight().1, 15, "Armor 17 − 2 off-guard");
}

#[test]
fn flanked_creatures_are_off_guard() {
    // "When a creature has enemy creatures on opposite sides of it, and those
    // creatures are not helpless, the creature is flanked … off-guard."
    let mut sc = Scene::new(&["Kobold Warrior", "Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("b", "e7").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[10]);
    assert_eq!(sc.fight().1, 15);
}

#[test]
fn cover_checks_roll_a_d6_per_obstacle_and_a_1_retargets_the_strike() {
    // "Make a cover check for … Each figure of the same height or shorter than
    // both attacker and defender that the line passes through." "The first time
    // the attacker rolls a 1, the attack targets the terrain or figure instead."
    let mut sc = Scene::new(&["Satyr"], &["Basilisk", "Kobold Warrior"]);
    sc.put("a", "a1").put("B", "a5").put("A", "a9").turn("a");
    sc.act("strike shortbow A");
    // The defender may be asked for a line; take the first.
    if let ToMove::Seat(Seat(1)) = sc.asks() {
        sc.act("line 1");
    }
    let req = sc.g.dice(&sc.s);
    assert!(!req.is_empty(), "{req}");
    let ones: Vec<u8> = (0..req.len()).map(|k| if k == 0 { 1 } else { 6 }).collect();
    sc.roll(&ones);
    assert!(sc.events.iter().any(|e| matches!(e, Event::CoverChecks { instead: Some(_), .. })));
    sc.roll(&[19]);
    assert_eq!(sc.life("B"), Life::Dying, "the kobold in the way took the arrow");
    assert_eq!(sc.hp("A"), 75);
}

#[test]
fn every_refusal_names_a_rule_and_leaves_the_state_unchanged() {
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "l12");
    assert_eq!(sc.refused("activate A"), "p2v.activate.whose");
    sc.turn("a");
    assert_eq!(sc.refused("stand"), "p2v.stand.not-prone");
    assert_eq!(sc.refused("strike 1 A"), "p2v.strike.reach");
    assert_eq!(sc.refused("strike 9 A"), "p2v.strike.weapon");
    sc.act("end");
    assert_eq!(sc.refused("activate a"), "p2v.activate.whose");
}

#[test]
fn a_move_struck_down_inside_an_allys_space_ends_on_its_last_free_square() {
    // "they cannot end their movement on spaces occupied by allied creatures."
    // Ruling P2V-R14: the kobold passing through its ally is struck down by a
    // Reactive Strike there, and lies on the last square it could have ended on.
    let mut sc = Scene::new(&["Kobold Warrior", "Kobold Warrior"], &["Eagle Knight"]);
    sc.put("a", "e5").put("b", "e4").put("A", "f5").turn("a");
    sc.act("stride e2");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e4")), "inside its ally's space when the knight strikes");
    sc.act("react").roll(&[15]);
    assert_eq!(sc.life("a"), Life::Dying);
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e5")));
    assert_eq!(sc.s.creatures[1].at, Some(sc.sq("e4")));
}

#[test]
fn trip_shove_and_grapple_pit_a_fight_roll_against_a_save() {
    // "Trip • Choose an adjacent target. Make a Fight roll. They make a Reflex
    // save (Power equal to the Fight roll result). … On a failure, it falls prone."
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("trip A").roll(&[5]);
    assert!(sc.events.iter().any(|e| matches!(e, Event::ManeuverRoll { total: 15, .. })));
    sc.roll(&[7]); // Reflex +7: 14 < 15
    assert!(sc.s.creatures[1].prone);
    // "Shove … On a failure, it is pushed 1 square." The attacker chose e7.
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    assert_eq!(sc.refused("shove A e5"), "p2v.shove.square", "a push moves it farther away");
    sc.act("shove A e7").roll(&[5]).roll(&[2]);
    assert_eq!(sc.s.creatures[1].at, Some(sc.sq("e7")));
    // A save that reaches the Power succeeds: nothing happens.
    sc.turn("A");
    sc.act("end");
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("grapple A").roll(&[5]).roll(&[12]); // Fortitude +3: 15 = 15
    assert!(!sc.s.creatures[1].conditions.has(arbiter_p2v::play::state::Conditions::GRABBED));
}

#[test]
fn a_grabbed_creature_cannot_move_is_off_guard_and_is_freed_out_of_reach() {
    // "Grabbed: The creature is immobilized and off-guard. This condition ends
    // immediately if the creature is beyond the reach of all enemy creatures."
    // "Escape • Remove one condition currently affecting the creature."
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Basilisk", "Kobold Warrior"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("b", "a1").put("A", "e6").turn("a");
    sc.act("grapple A").roll(&[15]).roll(&[2]);
    assert!(sc.s.creatures[2].conditions.has(Conditions::GRABBED));
    sc.act("end");
    // The kobold cannot stride, and is off-guard against the other kobold.
    sc.act("activate A").pass_turn_start();
    assert_eq!(sc.refused("stride e9"), "p2v.move.immobilized");
    assert_eq!(sc.g.armor(&sc.s, 2, 1), 14, "Armor 16, off-guard");
    sc.act("escape grabbed");
    assert!(!sc.s.creatures[2].conditions.has(Conditions::GRABBED));
    sc.act("stride e9");
    // Grabbed again, then the basilisk walks away: the grab ends at once.
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("grapple A").roll(&[15]).roll(&[2]);
    assert!(sc.s.creatures[1].conditions.has(Conditions::GRABBED));
    sc.act("stride e1");
    assert!(!sc.s.creatures[1].conditions.has(Conditions::GRABBED));
    assert!(sc.events.iter().any(|e| matches!(e, Event::Condition { on: false, .. })));
}

#[test]
fn a_maneuver_targets_an_adjacent_creature_at_most_one_size_larger() {
    // "The target can't be more than one size larger than the creature."
    let mut sc = Scene::new(&["Basilisk"], &["Wraithvine"]);
    sc.put("a", "e5").put("A", "f6").turn("a");
    assert_eq!(sc.refused("trip A"), "p2v.maneuver.size", "Medium against Huge");
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e8").turn("a");
    assert_eq!(sc.refused("grapple A"), "p2v.maneuver.adjacent");
}

#[test]
fn a_natural_1_on_a_save_is_a_critical_failure_and_a_natural_20_alone_is_no_critical_success() {
    // "If the saving throw is a natural 1 … or it is below the Power by 10 or
    // more …, it is a critical failure." Ruling P2V-R15: only "10 or more above"
    // makes a critical success.
    use arbiter_p2v::play::event::Degree as D;
    assert_eq!(P2v::save_degree(1, 30, 15), D::CriticalFailure);
    assert_eq!(P2v::save_degree(8, 5, 15), D::CriticalFailure);
    assert_eq!(P2v::save_degree(20, 24, 15), D::Success);
    assert_eq!(P2v::save_degree(15, 25, 15), D::CriticalSuccess);
    assert_eq!(P2v::save_degree(10, 15, 15), D::Success);
}

#[test]
fn a_state_from_outside_that_could_not_be_reached_is_refused() {
    // No input panics: a state file whose phase contradicts itself is refused
    // with a reason instead of being played.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "l12");
    sc.s.phase = Phase::Over;
    assert!(sc.g.validate_state(&sc.s).is_err(), "over without an ending");
    sc.s.phase = Phase::Busy;
    assert!(sc.g.validate_state(&sc.s).is_err(), "busy with nothing pending");
    sc.s.phase = Phase::Activate { seat: 0 };
    sc.put("A", "e5");
    assert!(sc.g.validate_state(&sc.s).is_err(), "two creatures on one square");
}

// Cards that act: the effects of `crates/p2v/data/bestiary.toml` (crate::program).

fn has(sc: &Scene, label: &str, c: arbiter_p2v::play::state::Conditions) -> bool {
    sc.s.creatures[sc.id(label)].conditions.has(c)
}

#[test]
fn sneak_attack_adds_its_damage_against_off_guard_targets_only() {
    // Kobold Warrior: "Sneak Attack: Its strikes deal 3 extra damage to off-guard targets."
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[12]);
    assert_eq!(sc.hp("A"), 70, "5 piercing, not off-guard");
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    let a = sc.id("A");
    sc.s.creatures[a].prone = true;
    sc.act("strike 1 A").roll(&[12]);
    assert_eq!(sc.hp("A"), 67, "5 + 3 against a prone (off-guard) target");
    // Extra damage is part of the strike's damage and doubles on a critical hit (ruling P2V-R17).
    sc.act("strike 1 A").roll(&[20]);
    assert_eq!(sc.hp("A"), 51, "(5 + 3) × 2");
}

#[test]
fn a_hit_that_may_grab_asks_the_attacker_and_costs_1_ap() {
    // Cave Bear: "Jaws: 15 piercing damage. On a hit it may spend 1 AP to grab
    // the target." "Mauler: +5 damage against grabbed creatures."
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Cave Bear"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.act("strike jaws A").roll(&[10]);
    assert_eq!(sc.hp("A"), 60);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the attacker's seat decides whether to grab");
    assert_eq!(sc.refused("stride a1"), "p2v.grab.answer");
    sc.act("pass");
    assert!(!has(&sc, "A", Conditions::GRABBED));
    assert_eq!(sc.turn_state().ap, 1, "passing costs nothing");
    let mut sc = Scene::new(&["Cave Bear"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.act("strike jaws A").roll(&[10]).act("react");
    assert!(has(&sc, "A", Conditions::GRABBED));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the grab spent the last AP: the turn ended");
    // Mauler: the next bite on the grabbed basilisk deals 15 + 5.
    let mut sc = Scene::new(&["Cave Bear"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    let a = sc.id("A");
    sc.s.creatures[a].conditions = Conditions::GRABBED;
    sc.act("strike jaws A").roll(&[10]);
    assert_eq!(sc.hp("A"), 55);
}

#[test]
fn a_power_affects_every_creature_in_its_area_each_saving_against_the_users_power() {
    // "each target rolls a saving throw … and compares the result to the
    // caster's Power. If the saving throw equals or exceeds the Power, the
    // power is negated". Harpy (Power 16): "Stench ○ Emanation 4, 2 per
    // encounter: Creatures in the area are sickened (Fortitude negates)."
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Harpy", "Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "e4").put("A", "e8").put("B", "h5").turn("a");
    sc.act("use stench");
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::Uses { targets, .. } if targets.len() == 3)),
        "{:?}",
        sc.events
    );
    assert_eq!(sc.turn_state().ap, 2, "a free action costs no AP");
    assert!(sc.g.dice(&sc.s).purpose().unwrap_or("").contains("Fortitude"), "{:?}", sc.g.dice(&sc.s).purpose());
    // The ally b saves first (roster order), then A and B. Fortitude +3 against 16.
    sc.roll(&[13]).roll(&[12]).roll(&[1]);
    assert!(!has(&sc, "b", Conditions::SICKENED), "16 reaches the Power: negated");
    assert!(has(&sc, "A", Conditions::SICKENED), "15 fails");
    assert!(has(&sc, "B", Conditions::SICKENED));
    // "Unless otherwise specified, a creature can take a particular free action only once per turn."
    assert_eq!(sc.refused("use stench"), "p2v.power.once");
    assert_eq!(sc.s.creatures[0].power_uses[0], 1, "one of two uses left");
}

#[test]
fn a_half_save_halves_damage_a_critical_success_negates_and_a_critical_failure_doubles() {
    // "[Saving throw] half: … on a successful saving throw the power does half
    // damage, and on a critical success … it does no damage." "If the saving
    // throw is a natural 1 … it is a critical failure. The target takes double
    // damage from the power." Twigjack (Power 20): "Splinter Spray ●● Cone 3:
    // 15 piercing damage (Reflex half)."
    let mut sc = Scene::new(&["Twigjack"], &["Basilisk (v1.3)", "Basilisk (v1.3)", "Bee-Man"]);
    sc.put("a", "e5").put("A", "e6").put("B", "d7").put("C", "f7").turn("a");
    sc.act("use splinter-spray n");
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::Uses { targets, .. } if targets.len() == 3)),
        "{:?}",
        sc.events
    );
    assert_eq!(sc.turn_state().ap, 0);
    sc.roll(&[17]); // A: Reflex +3 → 20: success, half of 15 is 7
    assert_eq!(sc.hp("A"), 68);
    sc.roll(&[1]); // B: a natural 1: double, 30
    assert_eq!(sc.hp("B"), 45);
    sc.roll(&[18]); // C (Bee-Man): Reflex +12 → 30: critical success, nothing
    assert_eq!(sc.hp("C"), 155);
}

#[test]
fn a_strike_whose_damage_a_save_halves_rolls_the_save_after_the_hit() {
    // Giant Ant: "Stinger: 15 piercing and poison damage; a Fortitude save halves it."
    let mut sc = Scene::new(&["Giant Ant"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike stinger A").roll(&[15]);
    assert_eq!(sc.asks(), ToMove::Chance, "the target's Fortitude save");
    sc.roll(&[10]); // Fortitude +9 → 19 ≥ 16: half
    assert_eq!(sc.hp("A"), 68);
}

#[test]
fn a_venomous_hit_gives_persistent_damage_and_a_condition_unless_saved() {
    // Compsognathus: "Jaws: 5 piercing damage. … on a hit the target also takes
    // 5 persistent poison damage and is rattled (Fortitude negates both)."
    // Caligni Skulker's dagger dazzles: "Dazzled: Use rattled instead."
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Compsognathus"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike jaws A").roll(&[15]).roll(&[2]);
    assert_eq!(sc.hp("A"), 70);
    assert!(has(&sc, "A", Conditions::RATTLED));
    use arbiter_p2v::play::damage::DamageType;
    let poison = DamageType::ALL.iter().position(|t| *t == DamageType::Poison).unwrap() as u8;
    assert_eq!(sc.s.creatures[1].persistent, [(poison, 5)], "5 poison");
    let mut sc = Scene::new(&["Caligni Skulker"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[15]);
    assert_eq!(sc.hp("A"), 70, "5 piercing");
    sc.roll(&[3]); // Fortitude +9 → 12 < Power
    assert!(has(&sc, "A", Conditions::RATTLED), "dazzled, played as rattled");
    assert_eq!(sc.hp("A"), 65, "and 5 poison");
}

#[test]
fn petrifying_gaze_slows_and_stuns_a_creature_already_slowed() {
    // Basilisk: "Petrifying Gaze ●● Ranged 6: The target is slowed; if it was
    // slowed already, it is stunned instead (Fortitude negates)."
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Basilisk (v1.3)"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e9").turn("a");
    sc.act("use petrifying-gaze A").roll(&[2]);
    assert!(has(&sc, "A", Conditions::SLOWED) && !has(&sc, "A", Conditions::STUNNED));
    let mut sc = Scene::new(&["Basilisk (v1.3)"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e9").turn("a");
    let a = sc.id("A");
    sc.s.creatures[a].conditions = Conditions::SLOWED;
    sc.act("use petrifying-gaze A").roll(&[2]);
    assert!(has(&sc, "A", Conditions::STUNNED));
    // Out of range, or at an ally: refused with the rule.
    let mut sc = Scene::new(&["Basilisk (v1.3)", "Kobold Warrior"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("b", "b1").put("A", "l12").turn("a");
    assert_eq!(sc.refused("use petrifying-gaze A"), "p2v.power.range");
    assert_eq!(sc.refused("use petrifying-gaze b"), "p2v.power.target");
    assert_eq!(sc.refused("use petrifying-glance A"), "p2v.power.triggered", "a reaction, not an action");
}

#[test]
fn a_creature_immune_to_a_condition_does_not_get_it() {
    // Wasp Swarm: "immune grabbed, prone, restrained". Spring-Heeled Leaper:
    // "Haze of Dreams ●● Emanation 4: Creatures in the area are stunned and
    // knocked prone (Fortitude negates both)."
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Spring-Heeled Leaper"], &["Wasp Swarm"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.act("use haze-of-dreams").roll(&[2]);
    assert!(has(&sc, "A", Conditions::STUNNED));
    assert!(!sc.s.creatures[1].prone, "immune to prone");
}

#[test]
fn a_compound_action_asks_each_step_with_its_bonus_and_no_more_ap() {
    // Cave Bear (Speed 7): "Rush ●●: A Stride with +2 Speed, then a melee strike at the end of it."
    let mut sc = Scene::new(&["Cave Bear"], &["Basilisk (v1.3)"]);
    sc.put("a", "a1").put("A", "a12").turn("a");
    assert_eq!(sc.refused("stride a10"), "p2v.move.stride", "9 squares: beyond Speed 7");
    sc.act("use rush");
    assert_eq!(sc.turn_state().ap, 0, "Rush costs ●●");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the bear's seat decides the steps");
    assert_eq!(sc.refused("strike jaws A"), "p2v.activity.step", "first the Stride");
    sc.act("stride a10");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("a10")), "Speed 7 + 2");
    sc.act("strike jaws A").roll(&[10]);
    assert_eq!(sc.hp("A"), 60, "the strike at the end of it");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "no AP left to grab, and the turn ended");
}

#[test]
fn boar_charge_strikes_at_plus_2_after_moving_4_squares_or_more() {
    // Boar (Fight +8, Speed 8): "Boar Charge ●●: Two Strides, then a tusk
    // strike, with +2 to hit if it moved 4 squares or more." Ruling P2V-R31:
    // the squares its Strides entered.
    let mut sc = Scene::new(&["Boar"], &["Basilisk (v1.3)"]);
    sc.put("a", "a1").put("A", "a8").turn("a");
    sc.act("use boar-charge").act("stride a4").act("stride a7");
    sc.act("strike tusk A");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Strikes { penalty: 2, .. })), "shown with the strike");
    sc.roll(&[5]);
    assert_eq!(sc.fight().0, 15, "5 + 8 + 2: it moved 6 squares");
    let mut sc = Scene::new(&["Boar"], &["Basilisk (v1.3)"]);
    sc.put("a", "a1").put("A", "a5").turn("a");
    sc.act("use boar-charge").act("stride a2").act("stride a4");
    sc.act("strike tusk A").roll(&[5]);
    assert_eq!(sc.fight().0, 13, "3 squares: no bonus");
}

#[test]
fn a_step_of_a_compound_action_may_be_passed_and_its_strikes_share_one_penalty() {
    // Ruling P2V-R22. Ohancanu: "Sudden Charge ●●: Two Strides, then a melee strike."
    let mut sc = Scene::new(&["Ohancanu"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.act("use sudden-charge").act("pass").act("pass");
    assert_eq!(sc.refused("strike rock A"), "p2v.activity.melee", "a melee strike");
    sc.act("strike greataxe A").roll(&[5]);
    assert_eq!(sc.fight().0, 15, "no penalty: the first Fight roll of the turn");
    // Forest Troll: "Chase Prey ●●: A Stride, then two melee strikes." Both strikes
    // belong to one action: "After a creature concludes an action that included a
    // Fight roll, their subsequent Fight rolls that turn suffer a -5 penalty."
    let mut sc = Scene::new(&["Forest Troll"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.act("use chase-prey").act("pass");
    sc.act("strike claw A").roll(&[3]);
    assert_eq!(sc.fight().0, 12);
    sc.act("strike claw A").roll(&[3]);
    assert_eq!(sc.fight().0, 12, "the same action: no multiple attack penalty yet");
}

#[test]
fn a_free_action_left_keeps_the_turn_open_at_0_ap() {
    // "Some actions require zero action points – these are called free actions …
    // These can only be performed on the creature's turn". Ruling P2V-R22.
    let mut sc = Scene::new(&["Harpy"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike jaws A").roll(&[1]).act("strike jaws A").roll(&[1]);
    assert_eq!(sc.turn_state().ap, 0);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "Stench may still be used");
    sc.act("use stench").roll(&[20]);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "nothing left: the turn ended");
}

#[test]
fn ferocity_is_asked_of_its_owner_and_on_4_to_6_sets_hp_to_1() {
    // "Ferocity ⚡ If you would be reduced to 0 HP or below: Roll 1d6. On 4–6,
    // set HP to 1 instead." Boar: "on 1 to 3 it is eliminated at once" (ruling P2V-R23).
    let mut sc = Scene::new(&["Cave Bear"], &["Boar"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    let b = sc.id("A");
    sc.s.creatures[b].hp = 10;
    sc.act("strike jaws A").roll(&[15]);
    assert_eq!(sc.life("A"), Life::Dying);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the boar's owner decides");
    sc.act("react").roll(&[5]);
    assert_eq!((sc.life("A"), sc.hp("A")), (Life::Up, 1));
    assert!(!sc.s.creatures[b].prone, "it never fell");
    let mut sc = Scene::new(&["Cave Bear"], &["Boar"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.s.creatures[1].hp = 10;
    sc.act("strike jaws A").roll(&[15]).act("react").roll(&[2]);
    assert_eq!(sc.life("A"), Life::Eliminated);
    // Passing leaves it dying; and "Between each of its turns, a creature can only take one reaction".
    let mut sc = Scene::new(&["Cave Bear"], &["Boar"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.s.creatures[1].hp = 10;
    sc.act("strike jaws A").roll(&[15]).act("pass");
    assert_eq!(sc.life("A"), Life::Dying);
    let mut sc = Scene::new(&["Cave Bear"], &["Boar"]);
    sc.put("a", "e5").put("A", "e7").turn("a");
    sc.s.creatures[1].hp = 10;
    sc.s.creatures[1].reacted = true;
    sc.act("strike jaws A").roll(&[15]);
    assert_ne!(sc.asks(), ToMove::Seat(Seat(1)), "no reaction left: nobody is asked");
}

#[test]
fn shield_block_takes_its_amount_of_a_hit_once_per_battle() {
    // "Shield Block ⚡ If you take slashing, piercing or bludgeoning damage: Reduce
    // damage by the specified amount." Arboreal Warden: "When a hit damages it, its
    // shield takes 20 of the damage." (1 per encounter)
    let mut sc = Scene::new(&["Cave Bear", "Cave Bear"], &["Arboreal Warden"]);
    sc.put("a", "e5").put("b", "i5").put("A", "g5").turn("a");
    sc.act("strike jaws A").roll(&[12]);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the warden's owner decides, before the damage");
    let hp = sc.hp("A");
    sc.act("react");
    assert_eq!(sc.hp("A"), hp, "15 piercing, all taken by the shield");
    assert_eq!(sc.s.creatures[2].blocks, 1);
    sc.act("pass"); // no grab
    sc.act("end");
    sc.act("activate A").act("end");
    sc.act("activate b").act("strike jaws A").roll(&[12]);
    assert_ne!(sc.asks(), ToMove::Seat(Seat(1)), "its one use is spent: nobody is asked");
}

#[test]
fn cover_checks_guard_against_a_power_that_targets_reflex() {
    // "Cover applies against strikes (attacks that target Armor) and against other
    // attacks that target Reflex." Ruling P2V-R24: a 1 spares the target.
    let mut rows: Vec<String> = std::iter::repeat_n(". . . . . . . . . . . .".to_string(), 12).collect();
    rows[5] = ". . . . o . . . . . . .".into(); // e7
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let m = map(12, 12, &rows, "\"o\" = { name = \"bush\", traits = [\"obstructing\"] }");
    for (die, spared) in [(1, true), (4, false)] {
        let mut sc = Scene::on(&["Twigjack"], &["Basilisk (v1.3)"], m.clone());
        sc.put("a", "e5").put("A", "e8").turn("a");
        sc.act("use splinter-spray n");
        // "the defending player can draw a line": the basilisk's seat picks one through the bush.
        assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the defender draws the line");
        let Some(Frame::PowerLine { options, .. }) = sc.s.pending.top() else { panic!("{:?}", sc.s.pending) };
        let line = options.iter().position(|o| !o.is_empty()).expect("a line through the bush") + 1;
        sc.act(&format!("line {line}"));
        assert_eq!(sc.asks(), ToMove::Chance, "the cover check");
        assert_eq!(sc.g.dice(&sc.s).len(), 1, "one obstacle: {}", sc.g.dice(&sc.s));
        sc.roll(&[die]);
        if spared {
            assert_ne!(sc.asks(), ToMove::Chance, "a 1: the bush takes the splinters, no save");
            assert_eq!(sc.hp("A"), 75);
        } else {
            sc.roll(&[2]); // Reflex +3: 5, a critical failure against 20
            assert_eq!(sc.hp("A"), 45);
        }
    }
}

#[test]
fn petrifying_glance_answers_an_enemys_turn_start_before_its_action_points_are_set() {
    // "the basilisk's petrifying glance can only be used if and when a creature
    // within 6 squares and within line of sight begins its turn." "Slowed: The
    // creature … has one fewer action points on their next turn." Ruling P2V-R25.
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e9");
    sc.s.phase = Phase::Activate { seat: 0 };
    sc.act("activate a");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the basilisk's owner may react");
    sc.act("react").roll(&[2]); // Fortitude +3: 5 < 16
    assert!(has(&sc, "a", Conditions::SLOWED));
    assert_eq!(sc.turn_state().ap, 1, "slowed as its turn starts: one action point this turn");
    // Out of range, nobody is asked.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk (v1.3)"]);
    sc.put("a", "a1").put("A", "l12");
    sc.s.phase = Phase::Activate { seat: 0 };
    sc.act("activate a");
    assert_eq!(sc.turn_state().ap, 2);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)));
}

#[test]
fn a_creature_that_falls_can_set_off_its_last_effect_around_the_square_it_fell_on() {
    // Caligni Hunter: "Final Fate: When it is eliminated, creatures in emanation 3
    // take 20 spirit damage (Reflex half)." Ruling P2V-R25.
    let mut sc = Scene::new(&["Basilisk (v1.3)", "Kobold Warrior"], &["Caligni Hunter"]);
    sc.put("a", "e5").put("b", "e3").put("A", "e6").turn("a");
    let h = sc.id("A");
    sc.s.creatures[h].hp = 1;
    sc.act("strike jaws A").roll(&[15]);
    assert_eq!(sc.life("A"), Life::Dying);
    sc.act("strike jaws A").roll(&[15]).roll(&[1]); // hit while dying: recovery check 1
    assert_eq!(sc.life("A"), Life::Eliminated);
    // The basilisk (next to it) and the kobold (3 squares away) save against Power 17.
    assert!(sc.g.dice(&sc.s).purpose().unwrap_or("").contains("Final Fate"), "{:?}", sc.g.dice(&sc.s).purpose());
    sc.roll(&[20]); // Reflex +3: 23, a success: half of 20
    assert_eq!(sc.hp("a"), 65);
    sc.roll(&[1]); // a natural 1: double, 40
    assert_eq!(sc.life("b"), Life::Dying);
    // A creature 4 squares away is not in the emanation.
    let mut sc = Scene::new(&["Basilisk (v1.3)", "Kobold Warrior"], &["Caligni Hunter"]);
    sc.put("a", "e5").put("b", "e2").put("A", "e6").turn("a");
    sc.s.creatures[2].hp = 1;
    sc.act("strike jaws A").roll(&[15]).act("strike jaws A").roll(&[15]).roll(&[1]).roll(&[20]);
    assert_ne!(sc.asks(), ToMove::Chance, "one save only");
}

#[test]
fn at_a_real_table_each_roll_is_asked_of_the_seat_whose_roll_it_is() {
    // Ruling P2V-R26: "the first time the attacker rolls a 1"; "each target rolls a
    // saving throw".
    let mut sc = Scene::new(&["Twigjack"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike claw A");
    assert_eq!(sc.g.roller(&sc.s), Some(Seat(0)), "the attacker's Fight roll");
    let mut sc = Scene::new(&["Twigjack"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("use splinter-spray n");
    assert_eq!(sc.g.roller(&sc.s), Some(Seat(1)), "the target's save");
    let sc = Scene::new(&["Twigjack"], &["Basilisk (v1.3)"]);
    let mut s = sc.g.initial_state();
    s.phase = Phase::ObjectiveCount;
    assert_eq!(sc.g.roller(&s), None, "the set-up's dice are no one seat's");
    // A roll-off: each player's own die.
    s.phase = Phase::DeployRoll;
    let parts = sc.g.roll_parts(&s);
    assert_eq!(parts.len(), 2);
    assert_eq!((parts[0].seat, parts[0].dice.clone()), (Some(Seat(0)), 0..1));
    assert_eq!((parts[1].seat, parts[1].dice.clone()), (Some(Seat(1)), 1..2));
    s.phase = Phase::ObjectiveCount;
    assert_eq!(sc.g.roll_parts(&s).len(), 1, "the objective count is one roll");
}

#[test]
fn regeneration_heals_at_the_turns_start_unless_sickened_and_fire_sickens() {
    // Forest Troll: "Regeneration: Heals 20 HP at the start of its turn. If it is
    // sickened, it heals nothing and loses the sickened condition instead."
    // "Electricity and Fire Vulnerability: Taking fire or electricity damage makes
    // it sickened." "Healing a dying creature sets HP to the amount healed."
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Forest Troll"], &["Caldera Oni"]);
    sc.put("a", "e5").put("A", "e8");
    sc.s.creatures[0].hp = 50;
    sc.turn("a");
    assert_eq!(sc.hp("a"), 70);
    sc.act("end");
    // The oni's katana (slashing and fire) sickens it; its next turn heals nothing.
    sc.turn("A");
    sc.act("strike katana a").roll(&[12]);
    assert!(has(&sc, "a", Conditions::SICKENED));
    let hp = sc.hp("a");
    sc.s.creatures[0].conditions = Conditions::SICKENED; // as if it lasted to its turn
    sc.s.creatures[0].done = false;
    sc.turn("a");
    assert_eq!(sc.hp("a"), hp, "sickened: no healing");
    assert!(!has(&sc, "a", Conditions::SICKENED), "and the sickness is gone");
    // A dying troll comes back with the 20 HP healed, and takes its turn.
    let mut sc = Scene::new(&["Forest Troll"], &["Caldera Oni"]);
    sc.put("a", "e5").put("A", "e9");
    sc.s.creatures[0].hp = -5;
    sc.s.creatures[0].life = Life::Dying;
    sc.s.creatures[0].prone = true;
    sc.turn("a");
    assert_eq!((sc.life("a"), sc.hp("a"), sc.turn_state().ap), (Life::Up, 20, 2));
}

// Hero points ("HERO POINTS"): "A creature can spend a hero point to reroll a
// Fight roll, saving throw or check that they have made, or to make a creature
// targeting them with an attack reroll their Fight roll. Either way, use the
// second result."

fn heroes(sc: &mut Scene, label: &str, n: u8) {
    let i = sc.id(label);
    sc.s.creatures[i].hero_points = n;
}

fn hero_window(sc: &Scene) -> Option<arbiter_p2v::play::state::Trigger> {
    match sc.s.pending.top() {
        Some(Frame::Window(w)) => Some(w.trigger),
        _ => None,
    }
}

#[test]
fn a_hero_point_rerolls_a_missed_fight_roll_and_the_second_result_stands() {
    use arbiter_p2v::play::state::Trigger;
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    heroes(&mut sc, "a", 1);
    sc.act("strike 1 A").roll(&[3]);
    // The miss is held: the kobold's seat is asked, and nothing is dealt yet.
    assert_eq!(hero_window(&sc), Some(Trigger::Reroll { who: 0, roller: 0, die: 3 }));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)));
    assert!(sc.g.asks(&sc.s).contains("hero point"), "{}", sc.g.asks(&sc.s));
    sc.act("react");
    assert!(sc.events.iter().any(|e| matches!(e, Event::HeroPoint { who: 0, reroll: Some(0), die: 3, left: 0 })));
    assert_eq!(sc.s.creatures[0].hero_points, 0);
    assert_eq!(sc.asks(), ToMove::Chance, "the Fight roll is made again");
    assert!(sc.g.dice(&sc.s).purpose().is_some_and(|p| p.starts_with("Hero point reroll")));
    assert_eq!(sc.g.roller(&sc.s), Some(Seat(0)), "the attacker rolls it again");
    // A miss again: "use the second result" — no other offer, even with a
    // hero point left.
    sc.s.creatures[0].hero_points = 1;
    sc.roll(&[2]);
    assert_eq!(sc.fight().2, Degree::Failure);
    assert!(hero_window(&sc).is_none());
    assert_eq!(sc.hp("A"), 75);
}

#[test]
fn the_target_of_a_strike_may_make_the_attacker_reroll_a_hit() {
    use arbiter_p2v::play::state::Trigger;
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    heroes(&mut sc, "A", 2);
    sc.act("strike 1 A").roll(&[12]);
    // A hit: the basilisk's seat (P2) is asked, not the kobold's (it has none).
    assert_eq!(hero_window(&sc), Some(Trigger::Reroll { who: 1, roller: 0, die: 12 }));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    assert_eq!(sc.hp("A"), 75, "the hit waits");
    sc.act("react");
    assert_eq!(sc.s.creatures[1].hero_points, 1);
    assert_eq!(sc.g.roller(&sc.s), Some(Seat(0)), "the attacker rolls again");
    sc.roll(&[4]);
    assert_eq!(sc.fight().2, Degree::Failure);
    assert_eq!(sc.hp("A"), 75);
    // Passing lets the held die stand.
    sc.act("strike 1 A").roll(&[20]);
    assert!(matches!(hero_window(&sc), Some(Trigger::Reroll { who: 1, .. })));
    sc.act("pass");
    assert_eq!(sc.fight().2, Degree::CriticalSuccess);
    assert_eq!(sc.hp("A"), 65);
}

#[test]
fn no_hero_point_is_offered_when_a_reroll_cannot_help() {
    // Ruling P2V-R28: the roller is not asked about a result that is already
    // its best, nor the target about a miss.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    heroes(&mut sc, "a", 1);
    heroes(&mut sc, "A", 1);
    sc.act("strike 1 A").roll(&[20]);
    // A critical hit: only the target may want it rolled again.
    assert!(matches!(hero_window(&sc), Some(arbiter_p2v::play::state::Trigger::Reroll { who: 1, .. })));
    sc.act("pass");
    assert_eq!(sc.hp("A"), 65);
    sc.act("strike 1 A").roll(&[2]);
    // A miss: only the attacker is asked (2 + 5 − 5 = 2 < 17).
    assert!(matches!(hero_window(&sc), Some(arbiter_p2v::play::state::Trigger::Reroll { who: 0, .. })));
    sc.act("pass");
    assert!(hero_window(&sc).is_none(), "the basilisk is not asked about a miss");
    assert_eq!(sc.hp("A"), 65);
}

#[test]
fn a_hero_point_rerolls_a_failed_save_and_a_failed_check() {
    // "… reroll a Fight roll, saving throw or check that they have made".
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    heroes(&mut sc, "A", 1);
    sc.act("trip A").roll(&[5]); // Fight 15
    sc.roll(&[2]); // Reflex +7: 9 < 15, a failure: the kobold may reroll its save
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    assert_eq!(sc.g.roller(&sc.s), None, "a decision, not dice");
    sc.act("react");
    assert_eq!(sc.g.roller(&sc.s), Some(Seat(1)), "the kobold rolls its save again");
    sc.roll(&[9]); // 16 ≥ 15
    assert!(!sc.s.creatures[1].prone);
    // A check: claiming an objective.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    let at = sc.sq("e6");
    sc.s.objectives.push(Objective { kind: Kind::GolemsEye, square: at, skills: 0b1111, power: 15, holder: None });
    sc.put("a", "e5").put("A", "l12").turn("a");
    heroes(&mut sc, "a", 1);
    sc.act("claim 1 acrobatics").roll(&[2]);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)));
    sc.act("react").roll(&[8]);
    assert_eq!(sc.s.objectives[0].holder, Some(0));
}

#[test]
fn a_hero_point_before_a_recovery_check_passes_it_and_every_later_one() {
    // "A creature can spend a hero point just before making a recovery check.
    // They pass that recovery check and all subsequent ones that they make in
    // this encounter."
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").put("B", "a1").turn("a");
    heroes(&mut sc, "A", 1);
    // The kobold keeps its hero point through the hits ("pass": the
    // basilisk need not roll again).
    sc.act("strike 1 A").roll(&[10]).act("pass");
    assert_eq!(sc.life("A"), Life::Dying);
    sc.act("strike 1 A").roll(&[19]).act("pass");
    // Hit while dying: before the check, P2 is asked.
    assert!(matches!(hero_window(&sc), Some(arbiter_p2v::play::state::Trigger::Recovery { who: 1 })));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    sc.act("react");
    assert!(sc.events.iter().any(|e| matches!(e, Event::HeroPoint { who: 1, reroll: None, .. })));
    assert!(sc.events.iter().any(|e| matches!(e, Event::Recovery { who: 1, roll: 0, passed: true })));
    assert_eq!(sc.life("A"), Life::Dying);
    // Its own turn ends at once: that check is passed too, with no dice.
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    sc.act("activate A");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Recovery { who: 1, roll: 0, passed: true })));
    assert_eq!(sc.life("A"), Life::Dying);
    assert_ne!(sc.asks(), ToMove::Chance);
}

#[test]
fn the_heuristic_spends_a_hero_point_when_a_reroll_is_worth_it() {
    // The bots judge a held d20 by what it does: keeping it against a
    // reroll's twenty faces (the greedy bot takes the better of the two).
    use arbiter_core::Evaluate;
    let after = |sc: &Scene, text: &str, seat: u8| {
        let mut s = sc.s.clone();
        let a = sc.g.parse(&s, text).unwrap();
        sc.g.apply(&mut s, &Decision::Act(a), &mut Vec::new()).unwrap();
        sc.g.evaluate(&s, Seat(seat))
    };
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    heroes(&mut sc, "a", 1);
    heroes(&mut sc, "A", 1);
    sc.act("strike 1 A").roll(&[2]); // 12 against Armor 16: a miss
    assert!(after(&sc, "react", 0) > after(&sc, "pass", 0), "reroll a miss that most faces turn into a hit");
    sc.act("pass").act("strike 1 A").roll(&[15]); // 20 at −5: a hit that fells the kobold
    // The basilisk is asked first (a hit might have been a critical hit).
    assert!(matches!(hero_window(&sc), Some(arbiter_p2v::play::state::Trigger::Reroll { who: 0, .. })));
    sc.act("pass");
    assert!(matches!(hero_window(&sc), Some(arbiter_p2v::play::state::Trigger::Reroll { who: 1, .. })));
    assert!(after(&sc, "react", 1) > after(&sc, "pass", 1), "the kobold makes the basilisk roll again");
    // A critical hit is already the attacker's best: it is not asked.
    let mut sc = Scene::new(&["Basilisk"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    heroes(&mut sc, "a", 1);
    sc.act("strike 1 A").roll(&[19]); // a critical hit: the basilisk is not asked
    assert!(hero_window(&sc).is_none());
}

#[test]
fn an_adjacent_creature_opens_or_closes_a_door_by_interacting_and_a_closed_door_is_solid() {
    // "Door: An adjacent creature can open or close a door by Interacting.
    // While closed, doors are solid terrain." "Interact • Ready an item, open a
    // door, manipulate an item or claim an objective."
    // A wall across rank 6 with a door on e6 (the top row is rank 12).
    let blank = ["."; 12].join(" ");
    let m = map(
        12,
        12,
        &[&blank, &blank, &blank, &blank, &blank, &blank, "# # # # + # # # # # # #"],
        "\"#\" = { name = \"wall\", traits = [\"solid\"] }\n\"+\" = { name = \"gate\", traits = [\"door\"], door = \"closed\" }",
    );
    let mut sc = Scene::on(&["Kobold Warrior"], &["Basilisk"], m.clone());
    sc.put("a", "e4").put("A", "l12").turn("a");
    assert_eq!(sc.refused("stride e7"), "p2v.move.stride", "a closed door is solid: no way through");
    assert_eq!(sc.refused("open gate"), "p2v.door.reach", "two squares away");
    assert_eq!(sc.refused("close gate"), "p2v.door.already");
    sc.act("stride e5");
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    assert!(legal.contains(&sc.g.parse(&sc.s, "open gate").unwrap()), "listed among the legal actions");
    sc.act("open gate");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Door { open: true, .. })));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "Interact costs 1 AP: with the Stride, the turn's 2 AP are spent");
    sc.turn("A");
    sc.act("end");
    sc.turn("a");
    sc.act("stride e7");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e7")), "through the open door");
    // A door cannot close on a creature standing in it.
    let mut sc2 = Scene::on(&["Kobold Warrior"], &["Basilisk"], m);
    sc2.s.doors[0].open = true;
    sc2.put("a", "e6").put("A", "l12").turn("a");
    assert_eq!(sc2.refused("close gate"), "p2v.door.blocked");
    sc2.act("step e5").act("close gate");
    assert!(!sc2.s.doors[0].open);
}

#[test]
fn ready_ends_the_turn_and_the_readied_action_comes_between_actions_as_a_reaction() {
    // "Ready •• Your turn ends. Before your next turn, you can take a free
    // action or 1-AP action as a reaction, at any time." Ruling P2V-R30: "at
    // any time" is when a turn starts and after each action.
    use arbiter_p2v::play::state::Trigger;
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e8").turn("a");
    sc.act("stride e4");
    assert_eq!(sc.refused("ready"), "p2v.ready.ap", "Ready costs both action points");
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e8").turn("a");
    sc.act("ready");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Readied { who: 0 })));
    assert!(sc.events.iter().any(|e| matches!(e, Event::TurnEnded { who: 0 })), "its turn ends");
    // The basilisk's turn starts: the kobold's seat is asked first.
    sc.s.phase = Phase::Activate { seat: 1 };
    sc.act("activate A");
    assert!(matches!(hero_window(&sc), Some(Trigger::Readied { who: 0 })));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)));
    sc.act("pass");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the basilisk acts");
    sc.act("stride e6");
    // After the Stride, the kobold may act: it strikes, as a reaction.
    assert!(matches!(hero_window(&sc), Some(Trigger::Readied { who: 0 })));
    sc.act("react");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)));
    assert_eq!(sc.refused("ready"), "p2v.ready.reaction");
    sc.act("strike 1 A").roll(&[15]);
    assert_eq!(sc.hp("A"), 70, "15 + 5 = 20 hits Armor 17: 5 damage");
    assert!(sc.s.creatures[0].reacted, "it was its reaction");
    assert!(!sc.s.creatures[0].readied);
    // The basilisk's turn goes on with its last action point, where it stood.
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
    assert_eq!(sc.turn_state().who, 1);
    assert_eq!(sc.turn_state().ap, 1);
    assert_eq!(sc.s.creatures[1].at, Some(sc.sq("e6")));
    sc.act("strike 1 a");
    assert!(hero_window(&sc).is_none(), "the readied action is spent: nobody is asked");
}

#[test]
fn a_readied_action_not_taken_is_lost_at_the_creatures_next_turn() {
    let mut sc = Scene::new(&["Kobold Warrior"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "l12").turn("a");
    sc.act("ready");
    sc.s.phase = Phase::Activate { seat: 1 };
    sc.act("activate A").act("pass").act("end");
    sc.s.phase = Phase::Activate { seat: 0 };
    sc.s.creatures[0].done = false;
    sc.act("activate a");
    assert!(!sc.s.creatures[0].readied, "\"Before your next turn\"");
    assert!(hero_window(&sc).is_none());
}

/// A 12 × 12 board whose rank 3 is drawn by the test, with hazards,
/// cobwebs and a river on the legend.
fn terrain_map(rank3: &str) -> String {
    let blank = ["."; 12].join(" ");
    let rows: Vec<&str> = (0..9).map(|_| blank.as_str()).chain([rank3]).collect();
    map(
        12,
        12,
        &rows,
        "H = { name = \"fire pit\", traits = [\"hazardous\"], damage = \"fire\" }\n\
         E = { name = \"cobwebs\", traits = [\"encumbering\"] }\n\
         R = { name = \"river\", traits = [\"deep water\", \"directional\"], direction = \"e\" }",
    )
}

#[test]
fn a_creature_entering_a_hazard_takes_5_damage_of_its_type_and_again_at_its_turns_end() {
    // "Hazardous: When a creature enters a hazard, they take 5 damage. At the
    // end of a creature's turn, they take 5 damage if they are on a hazard.
    // Damage type depends on the hazard."
    let mut sc = Scene::on(&["Basilisk"], &["Kobold Warrior"], terrain_map(". . . H . . . . . . . ."));
    sc.put("a", "b3").put("A", "l12").turn("a");
    sc.act("step c3");
    assert_eq!(sc.hp("a"), 75, "open ground");
    sc.act("step d3");
    // Its second action: 5 for entering, then its turn ends there: 5 more.
    let burns: Vec<usize> = sc
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Damaged { taken: 5, .. }))
        .map(|(k, _)| k)
        .collect();
    let ended = sc.events.iter().position(|e| matches!(e, Event::TurnEnded { .. })).unwrap();
    assert_eq!(burns.len(), 2, "{:?}", sc.events);
    assert!(burns[0] < ended && burns[1] > ended, "one on entering, one at the turn's end");
    assert_eq!(sc.hp("a"), 65);
}

#[test]
fn encumbering_terrain_encumbers_on_entering_and_at_the_end_of_a_turn_on_it() {
    // "Encumbering: If a creature enters encumbering terrain or ends their
    // turn on it, they are encumbered." Ruling P2V-R32: the second is given
    // after the turn's conditions are lost, so it lasts through the next turn.
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::on(&["Basilisk"], &["Kobold Warrior"], terrain_map(". . E . . . . . . . . ."));
    sc.put("a", "b3").put("A", "l12").turn("a");
    sc.act("step c3");
    assert!(sc.s.creatures[0].conditions.has(Conditions::ENCUMBERED));
    sc.act("end");
    assert!(sc.s.creatures[0].conditions.has(Conditions::ENCUMBERED), "still on it at its turn's end");
    let speed = sc.g.roster()[0].speed;
    sc.s.creatures[0].done = false;
    sc.turn("a");
    assert_eq!(sc.refused(&format!("stride c{}", 3 + speed)), "p2v.move.stride", "encumbered: −2 Speed");
}

#[test]
fn an_encumbered_flier_loses_its_flight() {
    // "Encumbered: The creature suffers a -2 penalty to Speed and loses the
    // Flight, Burrowing and Wall Climb modes." "Flight: The creature ignores
    // the effects of terrain" — so a flier steps over a fire pit unharmed,
    // and an encumbered one is burnt (ruling P2V-R164).
    use arbiter_p2v::play::state::Conditions;
    for encumbered in [false, true] {
        let mut sc = Scene::on(&["Harpy"], &["Kobold Warrior"], terrain_map(". . . H . . . . . . . ."));
        sc.put("a", "c3").put("A", "l12").turn("a");
        let full = sc.hp("a");
        if encumbered {
            sc.s.creatures[0].conditions = sc.s.creatures[0].conditions.with(Conditions::ENCUMBERED);
        }
        sc.act("step d3");
        let burnt = if encumbered { 5 } else { 0 };
        assert_eq!(sc.hp("a"), full - burnt, "encumbered: {encumbered}");
    }
}

#[test]
fn directional_terrain_moves_the_creatures_on_it_2_squares_at_the_rounds_end() {
    // "Directional: … At the end of each round, all creatures on the
    // directional terrain are moved 2 squares in the set direction."
    let mut sc = Scene::on(&["Kobold Warrior"], &["Basilisk"], terrain_map(". . R R R R R R . . . ."));
    sc.put("a", "c3").put("A", "l12").turn("a");
    sc.act("end");
    sc.turn("A");
    sc.act("end");
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::Moved { how, .. } if how.contains("swept"))),
        "{:?}",
        sc.events
    );
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e3")));
    assert_eq!(sc.s.creatures[1].at, Some(sc.sq("l12")), "not on the river: not moved");
}

#[test]
fn a_swimming_creature_is_off_guard() {
    // "Deep water: Deep water can be traversed using movement, but at half
    // speed. While swimming, a creature is off-guard."
    let mut sc = Scene::on(&["Basilisk"], &["Kobold Warrior"], terrain_map(". . R . . . . . . . . ."));
    sc.put("a", "c4").put("A", "c3").turn("a");
    assert!(sc.g.swimming(&sc.s, 1));
    assert_eq!(sc.g.armor(&sc.s, 1, 0), 14, "Armor 16 − 2");
    assert!(!sc.g.swimming(&sc.s, 0), "on the bank");
}

#[test]
fn a_leap_jumps_over_one_square_but_not_over_solid_terrain_nor_up() {
    // "Leap • The creature jumps over one square or over a one-square wide
    // gap." Ruling P2V-R33: over anything but solid terrain, landing no higher.
    let blank = ["."; 12].join(" ");
    let rows: Vec<&str> = (0..9).map(|_| blank.as_str()).chain([". . H . # . . . . . . ."]).collect();
    let m = map(
        12,
        12,
        &rows,
        "H = { name = \"fire pit\", traits = [\"hazardous\"], damage = \"fire\" }\n\"#\" = { name = \"wall\", traits = [\"solid\"] }",
    );
    let mut sc = Scene::on(&["Kobold Warrior", "Kobold Warrior"], &["Basilisk"], m);
    sc.put("a", "b3").put("b", "d4").put("A", "l12").turn("a");
    assert_eq!(sc.refused("leap e3"), "p2v.leap", "three squares: not a Leap");
    sc.act("leap d3");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("d3")), "over the fire pit");
    assert_eq!(sc.hp("a"), 7, "jumped over, not entered");
    let why = {
        let a = sc.g.parse(&sc.s, "leap f3").unwrap();
        sc.g.check(&sc.s, &a).unwrap_err().reason
    };
    assert!(why.contains("solid"), "{why}");
    sc.act("leap d5");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("d5")), "over the ally on d4");
    // Not up onto a ledge.
    let rows: Vec<&str> = (0..9).map(|_| blank.as_str()).chain([". . . U . . . . . . . ."]).collect();
    let m = map(12, 12, &rows, "U = { name = \"ledge\", traits = [], elevation = 1 }");
    let mut sc = Scene::on(&["Kobold Warrior"], &["Basilisk"], m);
    sc.put("a", "b3").put("A", "l12").turn("a");
    assert_eq!(sc.refused("leap d3"), "p2v.leap");
    let a = sc.g.parse(&sc.s, "leap d3").unwrap();
    assert!(sc.g.check(&sc.s, &a).unwrap_err().reason.contains("higher"));
}

#[test]
fn a_long_jump_strides_then_clears_the_athletics_total_over_4_or_falls_short() {
    // "Long Jump •• The creature moves up to their Speed in squares, then makes an
    // Athletics skill check. Divide the result by 4 (round down): that is how many
    // squares they jump over or how wide a gap they can jump over. If that is not
    // enough, they fall." Ruling P2V-R80. A ledge 2 squares high with a gap of three
    // (d3 to f3). Kobold Warrior: Fortitude +3, untrained in Athletics: −2.
    let blank = ["."; 12].join(" ");
    let rows: Vec<&str> = (0..9).map(|_| blank.as_str()).chain(["U U U . . . U U U U U U"]).collect();
    let m = map(12, 12, &rows, "U = { name = \"ledge\", traits = [], elevation = 2 }");
    let mut sc = Scene::on(&["Kobold Warrior"], &["Basilisk"], m.clone());
    sc.put("a", "a3").put("A", "l12").turn("a");
    sc.act("longjump");
    assert_eq!(sc.turn_state().ap, 0, "●●");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "its owner moves it first");
    assert_eq!(sc.refused("jump e 3"), "p2v.longjump.stride", "the Stride comes first");
    sc.act("stride c3");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("c3")));
    assert_eq!(sc.refused("jump e 9"), "p2v.longjump.landing", "off the board");
    sc.act("jump e 3");
    assert_eq!(sc.asks(), ToMove::Chance, "the Athletics check");
    sc.roll(&[14]); // 12 ÷ 4 = 3 squares: over the gap
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("g3")), "its own width and three squares on");
    assert_eq!(sc.hp("a"), 7);
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::LongJump { total: 12, cleared: 3, over: 3, success: true, .. }))
    );

    // 11 ÷ 4 = 2: not enough. It comes down on f3, the first square it did not clear,
    // 2 squares below: 5 damage and prone.
    let mut sc = Scene::on(&["Kobold Warrior"], &["Basilisk"], m);
    sc.put("a", "c3").put("A", "l12").turn("a");
    sc.act("longjump").act("pass").act("jump e 3").roll(&[13]);
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("f3")), "short, into the gap");
    assert_eq!(sc.hp("a"), 2, "a fall of 2 squares");
    assert!(sc.s.creatures[0].prone);
}

#[test]
fn construct_armor_resists_all_until_half_hp_or_a_critical_hit_then_armor_drops() {
    // Animated Armor (Armor 15 [11], HP 20): "Construct Armor: Resist all 3d6.
    // Once it is at half HP or less, or a critical hit damages it, it loses
    // this resistance and its Armor drops by 4 (the bracketed value)."
    let mut sc = Scene::new(&["Basilisk"], &["Animated Armor"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    assert_eq!(sc.g.armor(&sc.s, 1, 0), 15);
    sc.act("strike 1 A").roll(&[10]); // 20 ≥ 15: 15 piercing
    assert_eq!(sc.g.dice(&sc.s).len(), 3, "resist all 3d6");
    sc.roll(&[4, 1, 1]); // one 4+: 5 less
    assert_eq!(sc.hp("A"), 10, "20 − 10: at half HP");
    assert!(sc.s.creatures[1].armor_broken);
    assert_eq!(sc.g.armor(&sc.s, 1, 0), 11, "the bracketed value");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Condition { name, .. } if name == "armor broken")));
    // Broken, it resists nothing: the next hit's damage comes whole.
    sc.act("strike 1 A").roll(&[10]);
    assert_ne!(sc.g.to_move(&sc.s), ToMove::Chance, "no resistance dice");
    // A critical hit breaks it at once, whatever its HP.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Animated Armor"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike 1 A").roll(&[20]).roll(&[1, 1, 1]);
    assert_eq!(sc.hp("A"), 10, "10 damage, none resisted");
    assert!(sc.s.creatures[1].armor_broken);
}

#[test]
fn an_exhausted_creature_is_stunned_by_what_slows_and_eliminated_by_what_stuns() {
    // Hateful Logger: "Exhausted: Anything that would slow it stuns it
    // instead, and anything else that would stun it eliminates it."
    use arbiter_p2v::play::state::Conditions;
    let g = Scene::new(&["Hateful Logger"], &["Basilisk"]);
    assert!(g.g.roster()[0].exhausted);
    let mut sc = Scene::new(&["Hateful Logger"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6");
    sc.g.give(&mut sc.s, 0, &[arbiter_p2v::program::Give::Slowed], "test", &mut sc.events);
    assert!(sc.s.creatures[0].conditions.has(Conditions::STUNNED));
    assert!(!sc.s.creatures[0].conditions.has(Conditions::SLOWED));
    sc.g.give(&mut sc.s, 0, &[arbiter_p2v::program::Give::Stunned], "test", &mut sc.events);
    assert_eq!(sc.life("a"), Life::Eliminated);
}

#[test]
fn bramble_jump_teleports_from_difficult_terrain_into_difficult_terrain_within_12_squares() {
    // Twigjack: "Bramble Jump ●●: Only from difficult terrain: teleports up to
    // 12 squares into other difficult terrain." Ruling P2V-R35.
    let blank = ["."; 12].join(" ");
    let rows: Vec<&str> = (0..9).map(|_| blank.as_str()).chain([". d . . . . . . . d . d"]).collect();
    let m = map(12, 12, &rows, "d = { name = \"brambles\", traits = [\"difficult\"], group = \"each\" }");
    let mut sc = Scene::on(&["Twigjack"], &["Basilisk"], m);
    sc.put("a", "a3").put("A", "f8").turn("a");
    assert_eq!(sc.refused("use bramble-jump j3"), "p2v.teleport", "only from difficult terrain");
    sc.s.creatures[0].done = false;
    sc.put("a", "b3").turn("a");
    assert_eq!(sc.refused("use bramble-jump e3"), "p2v.teleport", "only into difficult terrain");
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    let jumps: Vec<String> = legal
        .iter()
        .filter(|a| matches!(a, Action::Use { aim: arbiter_p2v::play::action::Aim::Square { .. }, .. }))
        .map(|a| sc.g.text(a))
        .collect();
    assert_eq!(jumps.len(), 2, "j3 and l3: {jumps:?}");
    sc.act("use bramble-jump l3");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("l3")), "10 squares away");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Moved { how, .. } if how == "teleport")));
}

#[test]
fn take_cover_gives_armor_and_physical_resistance_but_no_moving_or_attacking_until_1_ap_ends_it() {
    // Tortoise Soothsayer (Armor 20): "Take Cover ●●: Pulls into its shell: +4
    // Armor and resist physical 4d6, but it can neither move nor attack.
    // Spending 1 AP ends this." Ruling P2V-R36.
    let mut sc = Scene::new(&["Tortoise Soothsayer"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e9").turn("a");
    sc.act("use take-cover");
    assert!(sc.s.creatures[0].sheltered);
    assert_eq!(sc.g.armor(&sc.s, 0, 1), 24);
    sc.turn("A");
    sc.act("strike 1 a").roll(&[15]); // 25 ≥ 24: 15 piercing, physical
    assert_eq!(sc.g.dice(&sc.s).len(), 4, "resist physical 4d6");
    sc.roll(&[4, 4, 1, 1]);
    assert_eq!(sc.hp("a"), 165, "15 − 10");
    sc.s.creatures[0].done = false;
    sc.turn("a");
    assert_eq!(sc.refused("stride e4"), "p2v.shell");
    assert_eq!(sc.refused("strike 1 A"), "p2v.shell");
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Stride { .. } | Action::Strike { .. })));
    sc.act("use take-cover");
    assert!(!sc.s.creatures[0].sheltered);
    assert_eq!(sc.turn_state().ap, 1, "coming out costs 1 AP");
    assert_eq!(sc.g.armor(&sc.s, 0, 1), 20);
    sc.act("stride e4");
}

// Auras and retries (ruling P2V-R37, P2V-R38). Satyr: "Sylvan Wine
// (Emanation 1 aura): Allies in the aura get +1 Will." Caligni Dancer:
// "Distracting Frolic ↻: When an ally within 2 squares fails a Will save,
// that ally rolls it again and keeps the better result."

#[test]
fn an_aura_gives_its_bonus_to_allies_in_it_not_to_its_holder_or_enemies() {
    // Satyr: Will +8; Kobold Warrior: Will +3.
    let mut sc = Scene::new(&["Satyr", "Kobold Warrior"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("b", "f5").put("A", "e6");
    let (a, b, enemy) = (sc.id("a") as u8, sc.id("b") as u8, sc.id("A") as u8);
    assert_eq!(sc.g.save_bonus(&sc.s, b, "Will"), 4, "the ally in the aura: +3 and +1");
    assert_eq!(sc.g.save_bonus(&sc.s, b, "Reflex"), 7, "only Will");
    assert_eq!(sc.g.save_bonus(&sc.s, a, "Will"), 8, "not its holder (R37)");
    assert_eq!(sc.g.save_bonus(&sc.s, enemy, "Will"), 3, "not an enemy");
    // Two squares away is out of an emanation 1.
    sc.put("b", "g5");
    assert_eq!(sc.g.save_bonus(&sc.s, b, "Will"), 3);
    // A dying satyr's aura is gone.
    sc.put("b", "f5");
    sc.s.creatures[usize::from(a)].life = Life::Dying;
    assert_eq!(sc.g.save_bonus(&sc.s, b, "Will"), 3);
}

fn retry_window(sc: &Scene) -> Option<arbiter_p2v::play::state::Trigger> {
    match sc.s.pending.top() {
        Some(Frame::Window(w)) => Some(w.trigger),
        _ => None,
    }
}

#[test]
fn an_ally_within_2_squares_may_have_a_failed_will_save_rolled_again_keeping_the_better() {
    use arbiter_p2v::play::state::Trigger;
    // P1's dancer (a) beside its kobold (b); P2's dancer curses the kobold:
    // "Sickens the target (Will negates)", Power 16 against Will +3.
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Caligni Dancer"]);
    sc.put("a", "e5").put("b", "g5").put("A", "g6").turn("A");
    let (a, b) = (sc.id("a") as u8, sc.id("b") as u8);
    sc.act("use dancers-curse b").roll(&[3]); // 3 + 3 = 6 < 16: failed
    assert_eq!(retry_window(&sc), Some(Trigger::Retry { reactor: a, target: b, die: 3 }));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the dancer's player decides, not the active player");
    assert!(!sc.s.creatures[usize::from(b)].conditions.has(arbiter_p2v::play::state::Conditions::SICKENED));
    sc.act("react");
    assert!(
        sc.events
            .iter()
            .any(|e| matches!(e, Event::Retry { reactor, target, die: 3 } if *reactor == a && *target == b))
    );
    assert!(sc.s.creatures[usize::from(a)].reacted, "its reaction is spent");
    assert!(sc.g.dice(&sc.s).purpose().is_some_and(|p| p.starts_with("Rolled again")));
    assert_eq!(sc.g.roller(&sc.s), Some(Seat(0)), "the kobold rolls its save again");
    sc.roll(&[2]); // "keeps the better result": the 3 stands, still a failure
    assert!(retry_window(&sc).is_none(), "no second retry");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Save { die: 3, .. })), "{:?}", sc.events);
    assert!(sc.s.creatures[usize::from(b)].conditions.has(arbiter_p2v::play::state::Conditions::SICKENED));
}

#[test]
fn a_better_second_save_stands_and_an_ally_too_far_or_a_success_opens_nothing() {
    use arbiter_p2v::play::state::{Conditions, Trigger};
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Caligni Dancer"]);
    sc.put("a", "e5").put("b", "g5").put("A", "g6").turn("A");
    let b = sc.id("b") as u8;
    sc.act("use dancers-curse b").roll(&[3]);
    assert!(matches!(retry_window(&sc), Some(Trigger::Retry { .. })));
    sc.act("react").roll(&[15]); // 18 ≥ 16: negated
    assert!(sc.events.iter().any(|e| matches!(e, Event::Save { die: 15, .. })));
    assert!(!sc.s.creatures[usize::from(b)].conditions.has(Conditions::SICKENED));
    // Three squares away: out of "within 2 squares".
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Caligni Dancer"]);
    sc.put("a", "d5").put("b", "h5").put("A", "h6").turn("A");
    sc.act("use dancers-curse b").roll(&[3]);
    assert!(retry_window(&sc).is_none());
    assert!(sc.s.creatures[usize::from(b)].conditions.has(Conditions::SICKENED));
    // A success opens nothing.
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Caligni Dancer"]);
    sc.put("a", "e5").put("b", "g5").put("A", "g6").turn("A");
    sc.act("use dancers-curse b").roll(&[19]);
    assert!(retry_window(&sc).is_none());
}

#[test]
fn a_hero_point_is_asked_before_a_retry_and_spending_it_closes_the_retry() {
    use arbiter_p2v::play::state::Trigger;
    // Ruling P2V-R38: the target's hero point window first, then the
    // retry; a hero point's second result is final.
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Caligni Dancer"]);
    sc.put("a", "e5").put("b", "g5").put("A", "g6").turn("A");
    let b = sc.id("b") as u8;
    heroes(&mut sc, "b", 1);
    sc.act("use dancers-curse b").roll(&[3]);
    assert_eq!(retry_window(&sc), Some(Trigger::Reroll { who: b, roller: b, die: 3 }));
    sc.act("pass");
    assert!(matches!(retry_window(&sc), Some(Trigger::Retry { target, .. }) if target == b));
    // Again, spending the hero point this time.
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Caligni Dancer"]);
    sc.put("a", "e5").put("b", "g5").put("A", "g6").turn("A");
    heroes(&mut sc, "b", 1);
    sc.act("use dancers-curse b").roll(&[3]);
    sc.act("react");
    assert_eq!(sc.asks(), ToMove::Chance);
    sc.roll(&[1]);
    assert!(retry_window(&sc).is_none(), "the second result stands: no retry on it");
    assert!(!sc.s.creatures[sc.id("a")].reacted);
}

#[test]
fn shield_push_strides_strikes_and_a_hit_pushes_the_target_2_squares_straight_away() {
    // Arboreal Warden (large, Fight +9): "Shield Push ●●: A Stride, then a
    // melee strike; on a hit the target is pushed 2 squares." Ruling
    // P2V-R39: straight away from the pusher, one square at a time,
    // stopping where it could not stand.
    let mut sc = Scene::new(&["Arboreal Warden", "Kobold Warrior"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("b", "a1").put("A", "g5").turn("a");
    sc.act("use shield-push").act("pass");
    sc.act("strike stone-longsword A").roll(&[15]); // 24 against Armor 17: a hit
    assert!(sc.hp("A") < 75, "the strike's damage first");
    assert_eq!(sc.s.creatures[sc.id("A")].at, Some(sc.sq("i5")), "pushed east, 2 squares");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Moved { how, .. } if how == "pushed")));
    // A miss pushes nothing.
    let mut sc = Scene::new(&["Arboreal Warden", "Kobold Warrior"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("b", "a1").put("A", "g5").turn("a");
    sc.act("use shield-push").act("pass").act("strike stone-longsword A").roll(&[2]);
    assert_eq!(sc.s.creatures[sc.id("A")].at, Some(sc.sq("g5")));
    // An enemy of the pushed creature two squares behind it stops the push after one.
    let mut sc = Scene::new(&["Arboreal Warden", "Kobold Warrior"], &["Basilisk (v1.3)"]);
    sc.put("a", "e5").put("b", "i5").put("A", "g5").turn("a");
    sc.act("use shield-push").act("pass").act("strike stone-longsword A").roll(&[15]);
    assert_eq!(sc.s.creatures[sc.id("A")].at, Some(sc.sq("h5")), "one square, then the kobold's space");
}

#[test]
fn hungry_winds_pulls_the_target_4_squares_and_strikes_it_if_it_ends_adjacent() {
    // Harpy (Power 15): "Hungry Winds ●● Ranged 4: The target is pulled 4
    // (Fortitude negates). If it ends its movement adjacent to the harpy,
    // the harpy makes a melee Strike against it." Ruling P2V-R40.
    // Kobold Warrior: Fortitude +3.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Harpy"]);
    sc.put("a", "e6").put("A", "e10").turn("A");
    sc.act("use hungry-winds a").roll(&[2]); // 5 < 15: pulled
    assert_eq!(sc.s.creatures[sc.id("a")].at, Some(sc.sq("e9")), "3 squares: it stops adjacent");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Moved { how, .. } if how == "pulled")));
    assert!(sc.events.iter().any(|e| matches!(e, Event::Strikes { weapon, penalty: 0, .. } if weapon == "Jaws")));
    assert_eq!(sc.asks(), ToMove::Chance, "the jaws' Fight roll");
    sc.roll(&[10]);
    assert_eq!(sc.fight().2, Degree::Success);
    assert_eq!(sc.turn_state().attacks, 1, "later Fight rolls this turn take −5");
    // A successful save negates the pull and the strike.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Harpy"]);
    sc.put("a", "e6").put("A", "e10").turn("A");
    sc.act("use hungry-winds a").roll(&[15]);
    assert_eq!(sc.s.creatures[sc.id("a")].at, Some(sc.sq("e6")));
    assert_ne!(sc.asks(), ToMove::Chance, "no strike");
    // Pulled short of the harpy by a creature in the way: no strike.
    let mut sc = Scene::new(&["Kobold Warrior", "Kobold Warrior"], &["Harpy"]);
    sc.put("a", "e4").put("b", "e6").put("A", "e8").turn("A");
    sc.act("use hungry-winds a").roll(&[2]);
    assert_eq!(sc.s.creatures[sc.id("a")].at, Some(sc.sq("e5")), "one square, then its ally's space");
    assert_ne!(sc.asks(), ToMove::Chance, "not adjacent: no strike");
}

#[test]
fn furious_flailing_strikes_a_random_creature_within_reach_friend_or_foe_when_burned() {
    // Forest Troll (reach 2): "Furious Flailing ↻: If the troll takes fire or
    // electricity damage: Make a melee strike against a random creature
    // within reach." Giant Animated Statue: "Flaming Coal, Ranged 16/32: 20
    // bludgeoning and fire damage." Ruling P2V-R41.
    use arbiter_p2v::play::state::Trigger;
    let mut sc = Scene::new(&["Forest Troll", "Kobold Warrior"], &["Giant Animated Statue", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "g5").put("A", "e10").put("B", "d5").turn("A");
    let (troll, b) = (sc.id("a") as u8, sc.id("b") as u8);
    sc.act("strike flaming-coal a");
    while sc.asks() != ToMove::Chance || sc.g.dice(&sc.s).purpose().is_some_and(|p| !p.contains("Fight")) {
        // Cover or concealment checks on the way, if any: no obstacle hits.
        if sc.asks() == ToMove::Chance {
            let n = sc.g.dice(&sc.s).len();
            sc.roll(&vec![6; n]);
        } else {
            sc.act("line 1");
        }
    }
    sc.roll(&[10]); // 22 against Armor 15
    assert!(sc.hp("a") < 125, "burned");
    assert_eq!(hero_window(&sc), Some(Trigger::Flail { who: troll }));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the troll's player decides");
    sc.act("react");
    assert!(sc.s.creatures[usize::from(troll)].reacted);
    // Two creatures within reach, its ally and an enemy: a die with a face each.
    let dice = sc.g.dice(&sc.s);
    assert_eq!((dice.len(), dice.dice()[0].sides), (1, 2), "{dice}");
    assert!(dice.purpose().is_some_and(|p| p.contains("1 Kobold Warrior (b)") && p.contains("2 Kobold Warrior (B)")));
    sc.roll(&[1]);
    assert!(
        sc.events.iter().any(
            |e| matches!(e, Event::Strikes { attacker, target, penalty: 0, .. } if *attacker == troll && *target == b)
        ),
        "face 1 is the first in roster order, its own ally: {:?}",
        sc.events
    );
    sc.roll(&[10]);
    assert_eq!(sc.fight().2, Degree::Success);
    // Once reacted, a second burn opens nothing.
    sc.act("strike flaming-coal a");
    while sc.asks() == ToMove::Chance && !sc.g.dice(&sc.s).purpose().is_some_and(|p| p.contains("Fight")) {
        let n = sc.g.dice(&sc.s).len();
        sc.roll(&vec![6; n]);
    }
    sc.roll(&[10]);
    assert!(!matches!(hero_window(&sc), Some(Trigger::Flail { .. })));
}

#[test]
fn furious_flailing_needs_fire_or_electricity_and_a_creature_within_reach() {
    use arbiter_p2v::play::state::Trigger;
    // Bludgeoning alone (the statue's fist) opens nothing.
    let mut sc = Scene::new(&["Forest Troll", "Kobold Warrior"], &["Giant Animated Statue"]);
    sc.put("a", "e5").put("b", "g5").put("A", "e7").turn("A");
    sc.act("strike stone-fist a").roll(&[10]);
    assert!(sc.hp("a") < 125);
    assert!(!matches!(hero_window(&sc), Some(Trigger::Flail { .. })));
    // Fire, but nobody within reach: no window either.
    let mut sc = Scene::new(&["Forest Troll", "Kobold Warrior"], &["Giant Animated Statue"]);
    sc.put("a", "e5").put("b", "a1").put("A", "e10").turn("A");
    sc.act("strike flaming-coal a");
    while sc.asks() == ToMove::Chance && !sc.g.dice(&sc.s).purpose().is_some_and(|p| p.contains("Fight")) {
        let n = sc.g.dice(&sc.s).len();
        sc.roll(&vec![6; n]);
    }
    sc.roll(&[10]);
    assert!(sc.hp("a") < 125);
    assert!(!matches!(hero_window(&sc), Some(Trigger::Flail { .. })));
}

#[test]
fn vitriol_binds_both_off_guard_each_attacking_only_the_other_until_one_falls() {
    // Hateful Logger (Power 15): "Vitriol ● Ranged 3: The target and the
    // hateful logger are off-guard while both of them are above 0 HP and in
    // play (Will negates). While off-guard from this effect, the target and
    // the hateful logger must target each other with any attacks they make".
    // Kobold Warrior: Will +3, HP 7. Ruling P2V-R42.
    let mut sc = Scene::new(&["Hateful Logger", "Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "a1").put("A", "e7").put("B", "d5").turn("a");
    let (logger, bound, other) = (sc.id("a") as u8, sc.id("A") as u8, sc.id("B") as u8);
    sc.act("use vitriol A").roll(&[2]); // 5 < 15
    assert_eq!(sc.g.bound_to(&sc.s, logger), Some(bound));
    assert_eq!(sc.g.bound_to(&sc.s, bound), Some(logger));
    assert!(sc.g.off_guard(&sc.s, logger) && sc.g.off_guard(&sc.s, bound), "both off-guard");
    assert!(!sc.g.off_guard(&sc.s, other));
    assert_eq!(sc.refused("strike fist B"), "p2v.bind.target", "only the other");
    // Once one falls to 0 HP, the bond ends for both.
    sc.put("A", "e6");
    sc.act("strike fist A").roll(&[15]);
    assert_eq!(sc.life("A"), Life::Dying);
    assert_eq!(sc.g.bound_to(&sc.s, logger), None);
    assert!(!sc.g.off_guard(&sc.s, logger));
    // The end of a turn takes conditions away, not the bond; the target too
    // attacks only the logger.
    let mut sc = Scene::new(&["Hateful Logger", "Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "e8").put("A", "e7").put("B", "d5").turn("a");
    sc.act("use vitriol A").roll(&[2]).act("end");
    assert_eq!(sc.g.bound_to(&sc.s, bound), Some(logger));
    sc.turn("A");
    assert_eq!(sc.refused("strike spear b"), "p2v.bind.target");
    // A successful Will save negates it.
    let mut sc = Scene::new(&["Hateful Logger", "Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "a1").put("A", "e7").put("B", "d5").turn("a");
    sc.act("use vitriol A").roll(&[15]);
    assert_eq!(sc.g.bound_to(&sc.s, 0), None);
    // A target already at 0 HP is not bound: "while both of them are above 0 HP"
    // (found by `arbiter soak p2v`: a logger bound a dying boar).
    let mut sc = Scene::new(&["Hateful Logger", "Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "a1").put("A", "e7").put("B", "d5");
    let a = sc.id("A");
    (sc.s.creatures[a].hp, sc.s.creatures[a].life, sc.s.creatures[a].prone) = (0, Life::Dying, true);
    sc.turn("a").act("use vitriol A");
    while sc.asks() == ToMove::Chance {
        let n = sc.g.dice(&sc.s).len();
        sc.roll(&vec![2; n]);
    }
    assert_eq!((sc.g.bound_to(&sc.s, 0), sc.g.bound_to(&sc.s, a as u8)), (None, None));
}

fn dark(sc: &Scene, at: &str) -> bool {
    let q = sc.sq(at);
    sc.g.field(&sc.s).terrain().pieces().iter().any(|p| {
        p.name == "darkness" && p.squares.contains(q) && p.traits.contains(arbiter_geometry::battle::Traits::CONCEALING)
    })
}

#[test]
fn final_night_leaves_concealing_darkness_around_where_it_fell_until_the_next_round_ends() {
    // Caligni Skulker: "Final Night: If the skulker is eliminated: Squares in
    // emanation 3 are concealing terrain until the end of the next round."
    // Ruling P2V-R43.
    let mut sc = Scene::new(&["Caligni Skulker", "Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "a1").put("A", "e6").put("B", "l12").turn("A");
    let skulker = sc.id("a");
    sc.s.creatures[skulker].hp = 0;
    sc.s.creatures[skulker].life = Life::Dying;
    // A strike on a dying creature that damages it: a recovery check; 1 eliminates it.
    sc.act("strike spear a").roll(&[15]);
    while sc.asks() == ToMove::Chance && sc.life("a") == Life::Dying {
        sc.roll(&[1]);
    }
    assert_eq!(sc.life("a"), Life::Eliminated);
    assert!(dark(&sc, "e5") && dark(&sc, "e8") && dark(&sc, "h5"), "emanation 3 around e5");
    assert!(!dark(&sc, "e9") && !dark(&sc, "a1"));
    // It lasts through the end of this round and the next.
    sc.act("end").turn("b").act("end").turn("B").act("end");
    assert_eq!(sc.s.round, 2);
    assert!(dark(&sc, "e5"), "still dark in the next round");
    sc.turn("A").act("end").turn("b").act("end").turn("B").act("end");
    assert_eq!(sc.s.round, 3);
    assert!(!dark(&sc, "e5"), "cleared at the end of the next round");
}

#[test]
fn a_fiery_weapon_also_deals_fire_damage() {
    // "Fiery Weapon: Choose a weapon. It does fire damage as well as whatever
    // other damage it does." Forest Troll: "Taking fire or electricity damage
    // makes it sickened." Caligni Dancer: Dagger, 5 piercing.
    let mut dancer = warband(&["Caligni Dancer"]);
    dancer.entries[0].items = vec!["Fiery Weapon (Dagger)".into()];
    let v = Variant {
        warbands: vec![dancer, warband(&["Forest Troll"])],
        map: map(12, 12, &[], ""),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !g.roster()[0].unexecuted.iter().any(|n| n.contains("Fiery")),
        "the item runs: {:?}",
        g.roster()[0].unexecuted
    );
    let mut s = g.initial_state();
    s.round = 1;
    s.phase = Phase::Activate { seat: 0 };
    let mut sc = Scene { g, s, events: Vec::new() };
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike dagger A").roll(&[18]);
    assert!(sc.hp("A") < 125);
    assert!(
        sc.s.creatures[1].conditions.has(arbiter_p2v::play::state::Conditions::SICKENED),
        "the dagger's fire sickens the troll"
    );
    // Without the item, the same strike does not.
    let mut sc = Scene::new(&["Caligni Dancer"], &["Forest Troll"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("strike dagger A").roll(&[18]);
    assert!(!sc.s.creatures[1].conditions.has(arbiter_p2v::play::state::Conditions::SICKENED));
}

#[test]
fn catch_rock_braces_against_a_rock_strike_for_4_armor() {
    // Ohancanu: "Catch Rock ⚡ When a Rock strike or an earth power targets it, it
    // gets +4 Armor and +4 to its saves against that attack." Ruling P2V-R44: asked of
    // its owner when the strike is declared, before any die; its reaction is spent.
    // Ohancanu: Fight +10, Armor 16; Rock (ranged 12/24, 15 bludgeoning).
    for (answer, armor) in [("react", 20), ("pass", 16)] {
        let mut sc = Scene::new(&["Ohancanu"], &["Ohancanu"]);
        sc.put("a", "b2").put("A", "b8").turn("a");
        sc.act("strike rock A");
        assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the target's owner decides first");
        sc.act(answer);
        sc.roll(&[7]); // 17
        assert_eq!(sc.fight().1, armor, "{answer}");
        assert_eq!(sc.fight().2 >= Degree::Success, armor == 16, "17 hits Armor 16, not 20");
        assert_eq!(sc.s.creatures[1].reacted, answer == "react");
    }
    // Its reaction spent, the next Rock strike asks nothing; a Greataxe never asks.
    let mut sc = Scene::new(&["Ohancanu"], &["Ohancanu"]);
    sc.put("a", "b2").put("A", "b8").turn("a");
    sc.act("strike rock A").act("react").roll(&[7]);
    sc.act("strike rock A");
    assert_eq!(sc.asks(), ToMove::Chance, "no reaction left: the Fight roll comes at once");
    let mut sc = Scene::new(&["Ohancanu"], &["Ohancanu"]);
    sc.put("a", "b2").put("A", "b4").turn("a");
    sc.act("strike greataxe A");
    assert_eq!(sc.asks(), ToMove::Chance, "a Greataxe is no Rock strike");
}

#[test]
fn tumble_behind_tumbles_through_an_enemy_after_an_acrobatics_check_and_leaves_it_off_guard() {
    // Caligni Skulker: "Tumble Behind: When the caligni Tumbles Through a creature's space,
    // that creature is off-guard." Ruling P2V-R56: `tumble SQUARE` is a Stride whose way
    // crosses one enemy's space; an Acrobatics check (Reflex +8, trained) against its
    // Power as it tries to enter; off-guard until the end of the skulker's turn.
    // Eagle Knight: Power 20.
    let mut sc = Scene::new(&["Caligni Skulker"], &["Eagle Knight"]);
    sc.put("a", "e5").put("A", "f5").turn("a");
    let ap = sc.turn_state().ap;
    sc.act("tumble g5");
    assert_eq!(sc.turn_state().ap, ap - 1, "1 AP, as a Stride");
    assert_eq!(sc.asks(), ToMove::Chance, "the Acrobatics check before it enters the knight's space");
    sc.roll(&[11]); // 19 < 20: "your movement ends"
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e5")), "it stays where it stood");
    assert!(!sc.g.off_guard(&sc.s, 1), "a failed tumble leaves nobody off-guard");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Tumble { die: 11, total: 19, power: 20, success: false, .. })));

    let mut sc = Scene::new(&["Caligni Skulker"], &["Eagle Knight"]);
    sc.put("a", "e5").put("A", "f5").turn("a");
    sc.act("tumble g5").roll(&[12]); // 20: "equal to or greater than the Power"
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("g5")), "through the knight's space, behind it");
    assert!(sc.g.off_guard(&sc.s, 1), "the knight is off-guard");
    // It lasts to the end of the skulker's turn, then ends.
    sc.act("end");
    assert!(!sc.g.off_guard(&sc.s, 1), "off-guard until the end of the skulker's turn");

    // A way that crosses no enemy is a plain Stride; a creature without the card cannot tumble.
    let mut sc = Scene::new(&["Caligni Skulker", "Eagle Knight"], &["Eagle Knight"]);
    sc.put("a", "e5").put("b", "b2").put("A", "f5").turn("a");
    assert_eq!(sc.refused("tumble e7"), "p2v.tumble.way");
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    assert!(legal.contains(&Action::Tumble { to: sc.sq("g5") }), "tumbles are listed");
    assert!(!legal.contains(&Action::Tumble { to: sc.sq("e7") }), "only through an enemy");
    sc.act("end");
    sc.turn("b");
    assert_eq!(sc.refused("tumble g2"), "p2v.tumble.none");
}

#[test]
fn white_hairs_are_pulled_by_an_adjacent_enemy_while_it_is_held_and_the_fifth_eliminates_it() {
    // Ohancanu: "White Hairs: While it is grabbed, restrained or stunned, an adjacent
    // enemy may spend 1 AP on an Athletics check against its Power. On a success it is
    // rattled and loses one of its five white hairs; when the fifth is gone, it is
    // eliminated." Ruling P2V-R45. Ohancanu: Power 19. Eagle Knight: Fortitude +9,
    // trained in Athletics.
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Eagle Knight"], &["Ohancanu"]);
    sc.put("a", "e5").put("A", "f5").turn("a");
    assert_eq!(sc.refused("pluck A"), "p2v.pluck.held", "not while it is free");
    sc.s.creatures[1].conditions = Conditions::GRABBED;
    let ap = sc.turn_state().ap;
    sc.act("pluck A");
    assert_eq!(sc.turn_state().ap, ap - 1, "1 AP");
    sc.roll(&[9]); // 18 < 19
    assert_eq!(sc.s.creatures[1].hairs_lost, 0, "a failed check takes nothing");
    sc.act("pluck A").roll(&[10]); // 19: "equal to or greater than the Power"
    assert_eq!(sc.s.creatures[1].hairs_lost, 1);
    assert!(sc.s.creatures[1].conditions.has(Conditions::RATTLED), "it is rattled");
    assert_eq!(sc.g.hairs_left(&sc.s, 1), Some(4));

    // The fifth hair eliminates it.
    let mut sc = Scene::new(&["Eagle Knight"], &["Ohancanu"]);
    sc.put("a", "e5").put("A", "f5").turn("a");
    sc.s.creatures[1].conditions = Conditions::STUNNED;
    sc.s.creatures[1].hairs_lost = 4;
    sc.act("pluck A").roll(&[15]);
    assert_eq!(sc.life("A"), Life::Eliminated, "the fifth is gone");

    // Only an adjacent enemy pulls.
    let mut sc = Scene::new(&["Eagle Knight"], &["Ohancanu"]);
    sc.put("a", "c5").put("A", "f5").turn("a");
    sc.s.creatures[1].conditions = Conditions::GRABBED;
    assert_eq!(sc.refused("pluck A"), "p2v.pluck.adjacent");
}

#[test]
fn denuded_outrage_strikes_the_puller_or_escapes() {
    // Ohancanu: "Denuded Outrage ⚡ When it loses a white hair, it either strikes the
    // creature that pulled it out or tries to Escape." "Escape • Remove one condition
    // currently affecting the creature." Ruling P2V-R45: its reaction, asked of its owner.
    use arbiter_p2v::play::state::Conditions;
    for answer in ["react", "escape grabbed", "pass"] {
        let mut sc = Scene::new(&["Eagle Knight"], &["Ohancanu"]);
        sc.put("a", "e5").put("A", "f5").turn("a");
        sc.s.creatures[1].conditions = Conditions::GRABBED;
        sc.act("pluck A").roll(&[15]);
        assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "Ohancanu's owner answers");
        assert_eq!(sc.refused("escape stunned"), "p2v.outrage.answer", "only a condition it has");
        sc.act(answer);
        match answer {
            "react" => {
                assert_eq!(sc.asks(), ToMove::Chance, "the Greataxe's Fight roll against the puller");
                sc.roll(&[11]);
                // Fight +10, −2 rattled, no multiple attack penalty: 19 against the knight's Armor 19.
                assert_eq!(sc.fight(), (19, 19, Degree::Success));
            }
            "escape grabbed" => {
                assert!(!sc.s.creatures[1].conditions.has(Conditions::GRABBED), "no longer grabbed");
                assert!(sc.s.creatures[1].reacted);
            }
            _ => assert!(!sc.s.creatures[1].reacted),
        }
    }
}

#[test]
fn dance_of_burning_war_strides_and_strikes_again_after_each_hit_adding_fire_and_electricity() {
    // Caldera Oni: "Dance of Burning War ●● (1 per encounter) Stride and make a melee
    // strike; after each hit, Stride and strike again, up to three strikes. Each hit
    // deals an extra 20 fire and electricity damage (Reflex half)." Ruling P2V-R46.
    // Oni: Fight +15, Katana (melee 2, 30 slashing and fire). Basilisk (v1.3): Armor 17,
    // Reflex +3, HP 75.
    let mut sc = Scene::new(&["Caldera Oni"], &["Basilisk (v1.3)", "Basilisk (v1.3)"]);
    sc.put("a", "b2").put("A", "f5").put("B", "j9").turn("a");
    sc.act("use dance-of-burning-war");
    sc.act("stride d4").act("strike katana A");
    sc.roll(&[5]); // 20 against 17: a hit, 30 damage
    assert_eq!(sc.hp("A"), 45);
    // The extra 20 fire and electricity, Reflex half: 8 + 3 = 11 fails against Power 20
    // (by less than 10: no critical failure).
    assert_eq!(sc.asks(), ToMove::Chance, "the Basilisk's Reflex save");
    sc.roll(&[8]);
    assert_eq!(sc.hp("A"), 25, "the extra 20");
    // After the hit: Stride and strike again.
    sc.act("stride h7").act("strike katana B");
    sc.roll(&[1]); // a miss
    // "after each hit": a miss ends the dance, and the turn goes on with no AP spent beyond its 2.
    assert!(!sc.s.pending.iter().any(|f| matches!(f, Frame::Activity { .. })), "the dance is over: {:?}", sc.s.pending);
    assert_eq!(sc.s.phase, Phase::Activate { seat: 1 }, "its 2 AP spent, the oni's turn is over");
    assert_eq!(sc.hp("B"), 75);
}

#[test]
fn stoke_the_volcano_gives_back_a_spent_use_when_a_critical_hit_lands() {
    // Caldera Oni: "Stoke the Volcano: When a critical hit lands on it, it regains a
    // use of Ash Form or Dance of Burning War (its choice)." Ruling P2V-R47: with one
    // of them spent, that one comes back; with none spent, nothing happens.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Caldera Oni"]);
    sc.put("a", "e4").put("A", "e5").turn("a");
    let dance = sc.g.roster()[1].powers.iter().position(|p| p.name == "Dance of Burning War").unwrap();
    sc.s.creatures[1].power_uses[dance] = 0;
    sc.act("strike spear A").roll(&[19]); // 24 against Armor 21: a hit, not critical
    assert_eq!(sc.s.creatures[1].power_uses[dance], 0, "a plain hit gives nothing back");
    sc.act("strike spear A").roll(&[20]); // a natural 20
    assert_eq!(sc.s.creatures[1].power_uses[dance], 1, "the dance's use is back");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Regains { .. })), "{:?}", sc.events);
    // Nothing spent: nothing to give back, nobody asked.
    let mut sc = Scene::new(&["Kobold Warrior"], &["Caldera Oni"]);
    sc.put("a", "e4").put("A", "e5").turn("a");
    sc.act("strike spear A").roll(&[20]);
    assert_eq!(sc.s.creatures[1].power_uses[dance], 1);
    assert_ne!(sc.asks(), ToMove::Seat(Seat(1)));
}

#[test]
fn liberating_strike_answers_a_grab_on_an_ally_and_a_hit_spares_it() {
    // Eagle Knight: "Liberating Strike ⚡ Trigger: an enemy within reach tries to grab,
    // immobilize or restrain an ally. Make a melee strike at it; on a hit, the ally is
    // spared the condition." Ruling P2V-R48. Eagle Knight: Fight +11, Rapier (melee,
    // 15 piercing). Basilisk (v1.3): Armor 17, HP 75. Giant Ant: Armor 16, HP 30.
    use arbiter_p2v::play::state::Conditions;
    for (die, spared) in [(10, true), (2, false)] {
        // A Grapple: the knight answers before the basilisk's Fight roll.
        let mut sc = Scene::new(&["Eagle Knight", "Kobold Warrior"], &["Basilisk (v1.3)"]);
        sc.put("a", "g5").put("b", "e5").put("A", "f5").turn("A");
        sc.act("grapple b");
        assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the knight's owner decides first");
        sc.act("react").roll(&[die]);
        assert_eq!(sc.hp("A") < 75, spared, "21 hits Armor 17, 13 does not");
        if spared {
            assert!(sc.events.iter().any(|e| matches!(e, Event::Spared { .. })), "{:?}", sc.events);
            assert_ne!(sc.asks(), ToMove::Chance, "no Grapple roll: the try is over");
        } else {
            assert_eq!(sc.asks(), ToMove::Chance, "the Grapple's Fight roll comes");
        }
        assert!(sc.s.creatures[0].reacted);
    }
    // A hit's grab, paid for: the knight may strike before the ally is grabbed.
    let mut sc = Scene::new(&["Eagle Knight", "Kobold Warrior"], &["Giant Ant"]);
    sc.put("a", "g5").put("b", "e5").put("A", "f5").turn("A");
    sc.s.creatures[1].hp = 99; // the kobold survives the bite
    sc.act("strike mandible b").roll(&[15]);
    sc.act("react"); // the ant spends 1 AP to grab
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the knight's window");
    sc.act("react").roll(&[10]); // 21: a hit
    assert!(!sc.s.creatures[1].conditions.has(Conditions::GRABBED), "spared the grab");
    // Passing lets the grab through.
    let mut sc = Scene::new(&["Eagle Knight", "Kobold Warrior"], &["Giant Ant"]);
    sc.put("a", "g5").put("b", "e5").put("A", "f5").turn("A");
    sc.s.creatures[1].hp = 99;
    sc.act("strike mandible b").roll(&[15]).act("react").act("pass");
    assert!(sc.s.creatures[1].conditions.has(Conditions::GRABBED), "grabbed");
}

#[test]
fn forest_stride_crosses_difficult_terrain_made_by_plants_as_open_ground() {
    // Chetamog: "Forest Stride: Difficult terrain made by plants does not slow it."
    // "Difficult terrain: It costs 1 additional square of movement to move into a square
    // of difficult terrain." Ruling P2V-R70: terrain with the `plant` trait. Chetamog:
    // Large, Speed 8.
    let band = |legend: &str| {
        let row = ". . y y y y . . . . . .";
        let rows: Vec<&str> = std::iter::repeat_n(row, 12).collect();
        map(12, 12, &rows, &format!("\"y\" = {legend}"))
    };
    let brambles = band(r#"{ name = "brambles", traits = ["difficult", "plant"] }"#);
    let rubble = band(r#"{ name = "rubble", traits = ["difficult"] }"#);
    let mut sc = Scene::on(&["Chetamog"], &["Kobold Warrior"], brambles.clone());
    sc.put("a", "a2").put("A", "l12").turn("a");
    sc.act("stride g2");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("g2")), "6 squares of brambles cost 6");
    let mut sc = Scene::on(&["Chetamog"], &["Kobold Warrior"], rubble);
    sc.put("a", "a2").put("A", "l12").turn("a");
    assert_eq!(sc.refused("stride g2"), "p2v.move.stride", "rubble is no plant: 12 squares of movement");
    // Others are slowed by the brambles as ever.
    let mut sc = Scene::on(&["Giant Ant"], &["Chetamog"], brambles);
    sc.put("a", "b4").put("A", "k11").turn("a");
    assert_eq!(sc.refused("stride g4"), "p2v.move.stride", "the ant, Speed 8: 4 × 2 + 1 = 9");
}

#[test]
fn haul_away_drags_a_grabbed_creature_along_a_stride() {
    // Giant Ant: "Haul Away: When it Strides, it may drag along an adjacent creature it
    // has grabbed, if that creature is no larger than the ant." Ruling P2V-R71: after
    // each square the ant enters, the dragged creature moves into the square it left.
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Giant Ant"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("A", "d5").put("B", "j10").turn("a");
    assert_eq!(sc.refused("haul h5"), "p2v.haul.none", "nobody grabbed");
    // Grabbed by someone else: not the ant's to drag.
    sc.s.creatures[1].conditions = Conditions::GRABBED;
    sc.s.creatures[1].grabbed_by = Some(2);
    assert_eq!(sc.refused("haul h5"), "p2v.haul.none");
    sc.s.creatures[1].grabbed_by = Some(0);
    sc.act("haul h5");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("h5")));
    assert_eq!(sc.s.creatures[1].at, Some(sc.sq("g5")), "dragged into the square the ant left last");
    assert!(sc.s.creatures[1].conditions.has(Conditions::GRABBED), "still grabbed");
}

/// A scene of a Forest Troll carrying `items` and a Kobold Warrior (P1)
/// against a Kobold Warrior (P2).
fn carrying(items: &[&str]) -> Scene {
    Scene::of(
        vec![entry("Forest Troll", items, &[]), entry("Kobold Warrior", &[], &[])],
        vec![entry("Kobold Warrior", &[], &[])],
    )
}

#[test]
fn consumable_strikes_oils_and_plating_run_as_the_appendix_says() {
    // Appendix: Items. "Alchemist's Fire (minor) • Ranged 2/4 strike; 8 fire damage." —
    // "Holy Water • Ranged 4/8 strike; 5 good damage against fiends and undead" —
    // "Ablative Armor Plating: Increase your HP by 5 for this battle." — "Oil of Potency"
    // (Arbiter's words: "+1 Fight and +5 damage until the battle ends"). Ruling P2V-R81.
    let plain = carrying(&[]);
    let mut sc = carrying(&["Alchemist's Fire (minor)", "Holy Water", "Ablative Armor Plating"]);
    assert_eq!(sc.g.roster()[0].hp, plain.g.roster()[0].hp + 5, "5 more HP for the battle");
    assert_eq!(sc.s.creatures[0].hp, plain.s.creatures[0].hp + 5, "and it starts with them");
    let fire = sc.g.roster()[0].weapons.len() - 1; // the items' strikes come after the card's
    let holy = fire;
    let fire = fire - 1;
    sc.put("a", "e5").put("b", "a1").put("A", "h5").turn("a");
    assert_eq!(sc.refused(&format!("strike {} A", holy + 1)), "p2v.item.only", "a kobold is no fiend nor undead");
    sc.act(&format!("strike {} A", fire + 1));
    sc.roll(&[15]); // Fight +9 + 15 against Armor 16: a hit
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::Damaged { who: 2, damage, .. } if damage.amount == 8)),
        "8 fire damage: {:?}",
        sc.events
    );
    assert_eq!(sc.refused(&format!("strike {} A", fire + 1)), "p2v.strike.uses", "thrown: gone");

    // Oil of Potency (Fight): on itself, +1 Fight and +5 damage with every strike, for the battle.
    let mut sc = carrying(&["Oil of Potency (Fight)"]);
    sc.put("a", "e5").put("b", "g5").put("A", "k10").turn("a");
    sc.act("use oil-of-potency-fight b");
    use arbiter_p2v::play::cast::Stat;
    assert_eq!(sc.g.bonus(&sc.s, 1, Stat::Fight), 1, "the kobold beside it");
    assert_eq!(sc.g.bonus(&sc.s, 1, Stat::Damage), 5);
    assert_eq!(sc.g.bonus(&sc.s, 1, Stat::RangedDamage), 5, "thrown strikes too");
    sc.act("end");
    assert_eq!(sc.g.bonus(&sc.s, 1, Stat::Fight), 1, "until the battle ends");

    // Oil of Unlife heals undead only.
    let mut sc = carrying(&["Oil of Unlife (minor)"]);
    sc.put("a", "e5").put("b", "g5").put("A", "k10").turn("a");
    assert_eq!(sc.refused("use oil-of-unlife-minor b"), "p2v.item.only");
}

#[test]
fn a_slippery_ribbon_trades_places_with_an_adjacent_creature_of_its_size() {
    // Appendix: Items. "Slippery Ribbon ○ Trade places with an adjacent creature." Ruling
    // P2V-R82: ally or enemy, of the user's size, once, opening no reactions.
    let mut sc = Scene::of(
        vec![entry("Eagle Knight", &["Slippery Ribbon"], &[]), entry("Forest Troll", &[], &[])],
        vec![entry("Kobold Warrior", &[], &[])],
    );
    sc.put("a", "e5").put("b", "c5").put("A", "f5").turn("a");
    assert_eq!(sc.refused("use slippery-ribbon b"), "p2v.swap", "the Large troll's space is not its size");
    let ap = sc.turn_state().ap;
    sc.act("use slippery-ribbon A");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "no reaction is asked: nobody moved");
    assert_eq!((sc.s.creatures[0].at, sc.s.creatures[2].at), (Some(sc.sq("f5")), Some(sc.sq("e5"))));
    assert_eq!(sc.turn_state().ap, ap, "a free action");
    assert_eq!(sc.refused("use slippery-ribbon A"), "p2v.power.uses", "used up");
}

#[test]
fn a_rider_neither_trades_places_nor_is_traded_with() {
    // Ruling P2V-R82 with P2V-R55: a rider shares its mount's space, which is not its
    // own size (found by `arbiter soak p2v`: a boar traded places with a basilisk
    // riding a Large Stormdrinker and landed inside the Stormdrinker's space).
    let mut sc = Scene::of(
        vec![entry("Eagle Knight", &["Slippery Ribbon"], &[])],
        vec![entry("Eagle Knight", &[], &[]), entry("Forest Troll", &[], &[])],
    );
    sc.put("a", "e5").put("A", "h5").put("B", "f5").turn("A").act("mount B").act("end");
    while sc.asks() == ToMove::Seat(Seat(1)) {
        sc.act("end");
    }
    assert_eq!(sc.s.creatures[1].riding, Some(2));
    sc.act("activate a").pass_turn_start();
    assert_eq!(sc.refused("use slippery-ribbon A"), "p2v.swap", "the rider is not traded with");
}

#[test]
fn basic_poison_sickens_the_target_of_the_next_weapon_strike_that_hits() {
    // Appendix: Items. "Basic Poison" (Arbiter's words: "The next weapon strike that hits
    // leaves its target sickened."). Ruling P2V-R83: a free action readies it; a miss
    // keeps it; the first hit spends it.
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::of(vec![entry("Eagle Knight", &["Basic Poison"], &[])], vec![entry("Forest Troll", &[], &[])]);
    sc.put("a", "e5").put("A", "f5").turn("a");
    let ap = sc.turn_state().ap;
    sc.act("use basic-poison");
    assert_eq!(sc.turn_state().ap, ap, "a free action");
    sc.act("strike 1 A").roll(&[1]); // a miss keeps the poison
    assert!(!sc.s.creatures[1].conditions.has(Conditions::SICKENED));
    sc.act("strike 1 A").roll(&[19]); // Fight +11 − 5 + 19 = 25 against Armor 15: a hit
    assert!(sc.s.creatures[1].conditions.has(Conditions::SICKENED), "the hit sickens the troll");
    assert!(sc.s.effects.is_empty(), "the poison is spent");
}

#[test]
fn a_thunderbird_tuft_deals_5_electricity_back_to_a_melee_attacker_that_hits() {
    // Appendix: Items. "Thunderbird Tuft" (Arbiter's words: "When a melee strike hits the
    // carrier, the attacker takes 5 electricity damage."). Ruling P2V-R84: a reaction,
    // asked of the carrier's owner, once.
    let mut sc =
        Scene::of(vec![entry("Eagle Knight", &[], &[])], vec![entry("Forest Troll", &["Thunderbird Tuft"], &[])]);
    sc.put("a", "e5").put("A", "f5").turn("a");
    let hp = sc.hp("a");
    sc.act("strike rapier A").roll(&[1]);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "a miss asks nothing");
    sc.act("strike rapier A").roll(&[19]);
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the troll's owner is asked");
    sc.act("react");
    assert_eq!(sc.hp("a"), hp - 5, "5 electricity back");
    assert!(sc.s.creatures[1].reacted, "its reaction is spent");
    assert_eq!(sc.s.creatures[1].power_uses.last(), Some(&0), "the tuft is used up");
}

#[test]
fn a_summonable_creature_waits_out_of_play_until_an_allied_caster_places_it() {
    // Appendix: Positioning upgrades. "Summonable: … When deploying, leave this creature
    // out of play. At any point during play, an allied creature who can cast spells can
    // spend 2 AP and place the summonable creature in an adjacent unoccupied space. The
    // summonable creature can act that round." Ruling P2V-R85.
    let mut sc = Scene::of(
        vec![entry("Pixie", &[], &[]), entry("Kobold Warrior", &[], &["Summonable"]), entry("Eagle Knight", &[], &[])],
        vec![entry("Kobold Warrior", &[], &[])],
    );
    // Deployment leaves it out.
    let mut s = sc.g.initial_state();
    s.phase = Phase::Deploy { seat: 0 };
    s.zones[0] = Some(0);
    let mut legal = Vec::new();
    sc.g.legal_actions(&s, &mut legal);
    assert!(legal.iter().all(|a| !matches!(a, Action::Place { who: 1, .. })), "not deployed");
    assert!(legal.iter().any(|a| matches!(a, Action::Place { who: 0, .. })));

    sc.put("a", "e5").put("c", "h8").put("A", "k10").turn("c");
    assert_eq!(sc.refused("summon b d5"), "p2v.summon.caster", "the knight casts no spells");
    sc.act("end");
    sc.turn("a");
    assert_eq!(sc.refused("summon b c5"), "p2v.summon.space", "not adjacent to the pixie");
    sc.act("summon b d5");
    assert_eq!(sc.life("b"), Life::Up);
    assert_eq!(sc.s.creatures[1].at, Some(sc.sq("d5")));
    assert!(!sc.s.creatures[1].done, "it can act that round");
    assert!(matches!(sc.s.phase, Phase::Activate { .. }), "2 AP: the pixie's turn is over");
    sc.s.phase = Phase::Activate { seat: 0 };
    sc.act("activate b");
    assert_eq!(sc.turn_state().who, 1);
}

#[test]
fn a_healing_potion_heals_the_drinker_or_a_creature_within_reach_once() {
    // Appendix: Items. "Healing Potion (minor) • The drinker, or a creature within
    // reach, heals 5 HP." A consumable is used once. Ruling P2V-R72.
    let mut sc = carrying(&["Healing Potion (minor)"]);
    sc.put("a", "e5").put("b", "g5").put("A", "k10").turn("a");
    sc.s.creatures[1].hp = 2;
    sc.act("use healing-potion-minor b");
    assert_eq!(sc.hp("b"), 7, "the kobold beside it heals 5, up to its 7 HP");
    assert_eq!(sc.refused("use healing-potion-minor a"), "p2v.power.uses", "drunk: gone");
}

/// "Players deploy in opposite corners, up to 6 squares away from the
/// corner." — "up to 6 squares away from the edge." (ruling P2V-R5: the
/// 6 × 6 block in the corner; the 6 ranks along the edge)
#[test]
fn a_deployment_zone_is_six_squares_deep() {
    let small = P2v::new(Variant::default(), 2).unwrap();
    let board = small.base_terrain().board().clone();
    let sw = small.zone_squares(0, 6);
    assert_eq!(sw.len(), 36, "the 6 × 6 block in the corner");
    assert!(sw.contains(board.parse("f6").unwrap()) && !sw.contains(board.parse("g6").unwrap()));
    let ne = small.zone_squares(3, 6);
    assert_eq!(ne.len(), 36);
    assert!(ne.contains(board.parse("x18").unwrap()) && ne.contains(board.parse("s13").unwrap()));
    let large = P2v::new(Variant { map: "broken-hills".into(), ..Variant::default() }, 2).unwrap();
    assert_eq!(large.zone_squares(0, 6).len(), 48 * 6, "the 6 ranks along the long edge");
}

//! One test per rule of Essence of the Arcane. Each test quotes the rulebook
//! sentence (or names the ruling in `docs/rulings/essence.md`) it pins.

#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Game, OutcomeKind, Seat, ToMove};
use arbiter_essence::{Action, Essence, Event, Phase, Square, State, Variant};

fn game(variant: &str) -> Essence {
    Essence::new(Variant::parse(variant).unwrap(), 2).unwrap()
}

fn pos(g: &Essence, text: &str) -> State {
    let s: State = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    g.validate_state(&s).unwrap_or_else(|e| panic!("{text}: {e}"));
    s
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Applies actions in notation, panicking on refusal; returns the events.
fn play(g: &Essence, s: &mut State, actions: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for a in actions.split_whitespace() {
        let action: Action = a.parse().unwrap();
        g.apply(s, &Decision::Act(action), &mut events).unwrap_or_else(|r| panic!("{a} refused in {s}: {r}"));
    }
    events
}

/// The rule id that refuses `action` in `s`, which must stay unchanged.
fn refused(g: &Essence, s: &State, action: &str) -> String {
    let mut copy = s.clone();
    let action: Action = action.parse().unwrap();
    let r = g.apply(&mut copy, &Decision::Act(action), &mut Vec::new()).expect_err("should be refused");
    assert_eq!(&copy, s, "a refused action changed the state");
    assert!(!r.reason.is_empty() && !r.section.is_empty());
    r.rule.into_owned()
}

fn power(s: &State, at: &str) -> Option<u8> {
    s.mote(sq(at)).map(|m| m.power())
}

// ---------------------------------------------------------------- Setup

/// Setup: "players will place 3 of their dice on the edge of the board closest to
/// them. 2 dice in the corners should show 2 pips, facing the corner and center of
/// the board. 1 die in the middle should have 1 pip showing. Finally, place the void
/// token on the middle space of the board."
#[test]
fn setup_places_three_motes_each_and_the_void_in_the_middle() {
    let g = game("standard");
    let s = g.initial_state();
    assert_eq!(s.to_string(), "o2f.o1.o2r/...../..*../...../x2r.x1.x2f x a 1 0");
    // Corner pips face the corner and the centre: a1's along the a1–e5 diagonal.
    let a1 = s.mote(sq("a1")).unwrap();
    assert!(a1.may_move(arbiter_essence::Dir::NE) && a1.may_move(arbiter_essence::Dir::SW));
    let e1 = s.mote(sq("e1")).unwrap();
    assert!(e1.may_move(arbiter_essence::Dir::NW));
    // "Each player will take the 5 dice … these dice will make up the motes in their mana pool."
    assert_eq!((s.pool(Seat(0)), s.pool(Seat(1))), (2, 2));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)));
}

/// "For a faster game, move each mote 1 space directly towards the void and ignore
/// the outer spaces, during play."
#[test]
fn the_faster_game_starts_one_space_inward_on_the_inner_board() {
    let g = game("fast");
    let s = g.initial_state();
    assert_eq!(s.to_string(), "o2fo1o2r/.*./x2rx1x2f x a 1 0");
    assert_eq!(s.side(), 3);
    // The outer spaces are ignored: nothing can go there.
    assert_eq!(refused(&g, &s, "a1-a4"), "essence.move.edge");
}

// ---------------------------------------------------------------- Growth

/// "Note: This phase is skipped during the first turn of the game."
#[test]
fn growth_is_skipped_on_the_first_turn_only() {
    let g = game("standard");
    let mut s = g.initial_state();
    assert_eq!(s.phase(), Phase::First);
    assert_eq!(refused(&g, &s, "Gc1"), "essence.growth.once");
    play(&g, &mut s, "Vc4 c1-c2");
    // Turn 2 (the second player's first turn) starts with Growth.
    assert_eq!((s.turn(), s.active(), s.phase()), (2, Seat(1), Phase::Growth));
    assert_eq!(refused(&g, &s, "Vc2"), "essence.growth.first");
}

/// "The active player chooses one of their motes and increases its power by
/// flipping its face up side to a number 1 higher than it currently is."
#[test]
fn growth_increases_one_own_mote_by_one() {
    let g = game("standard");
    let mut s = pos(&g, "o2f.o1.o2r/...../..*../...../x2r.x1.x2f o g 2 1");
    assert_eq!(refused(&g, &s, "Gc1"), "essence.growth.own");
    play(&g, &mut s, "Gc5");
    assert_eq!(power(&s, "c5"), Some(2));
    assert_eq!(s.phase(), Phase::First);
}

/// "A mote can never have a power of more than 6. In the unlikely event that all of
/// your motes are at 6, this phase is simply skipped."
#[test]
fn growth_never_passes_six_and_is_skipped_when_all_motes_are_six() {
    let g = game("standard");
    let s = pos(&g, "o6v.o1.o2r/...../..*../...../x2r.x1.x2f o g 2 1");
    assert_eq!(refused(&g, &s, "Ga5"), "essence.growth.max");
    // P1 ends a turn; P2 has only sixes: the turn starts with the action phase.
    let mut s = pos(&g, "o6v...o6h/...../..*../...../x2r.x1.x2f x ad 3 1");
    play(&g, &mut s, "Vc4");
    assert_eq!((s.active(), s.phase()), (Seat(1), Phase::First));
}

/// Ruling R13 (experiment switch): `first-growth` restores Growth on the first turn,
/// to measure the rulebook's claim about the first-player advantage.
#[test]
fn the_first_growth_switch_grows_on_turn_one() {
    let g = game("first-growth");
    assert_eq!(g.initial_state().phase(), Phase::Growth);
}

// ---------------------------------------------------------------- Action phase

/// "In the action phase, the active player must perform 2 actions. It is required
/// that your actions be different. Using the same action twice on a single turn is
/// forbidden."
#[test]
fn two_actions_of_different_kinds() {
    let g = game("standard");
    let mut s = g.initial_state();
    play(&g, &mut s, "c1-c2");
    assert_eq!(s.phase(), Phase::Second(arbiter_essence::Kind::Move));
    assert_eq!(refused(&g, &s, "a1-b2"), "essence.action.different");
    play(&g, &mut s, "Vd3");
    assert_eq!(s.active(), Seat(1));
}

/// "An individual mote may perform 2 different actions, or 2 different motes may
/// each perform a different action."
#[test]
fn one_mote_may_perform_both_actions() {
    let g = game("standard");
    let mut s = g.initial_state();
    play(&g, &mut s, "c1-c2 Dc2:1");
    assert_eq!(power(&s, "c2"), None, "the power-1 mote destabilized itself to 0");
}

/// Ruling R6: when no action is possible the rest of the action phase is skipped
/// with `pass`, which is refused while any action is possible.
#[test]
fn pass_only_when_no_action_is_possible() {
    let g = game("standard");
    let s = g.initial_state();
    assert_eq!(refused(&g, &s, "pass"), "essence.action.required");
    // x's only mote, power 1, is boxed in and the void cannot move anywhere that
    // would not destroy it; after moving the void once, nothing is left to do.
    let mut s = pos(&g, "o1o1o1../x1o1.../*o1.../...../..... x av 5 1");
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, vec![Action::Pass]);
    play(&g, &mut s, "pass");
    assert_eq!(s.active(), Seat(1));
}

// ---------------------------------------------------------------- Move

/// "A mote may move a number of spaces up to its power, in a straight line." and
/// FAQ "Do I have to move the full distance? No."
#[test]
fn move_up_to_power_in_a_straight_line() {
    let g = game("standard");
    let s = pos(&g, "o1..../...../..*../...../x3r.... x a 2 0");
    let mut t = s.clone();
    play(&g, &mut t, "a1-a4");
    assert_eq!(power(&t, "a4"), Some(3));
    let mut t = s.clone();
    play(&g, &mut t, "a1-b1");
    assert_eq!(power(&t, "b1"), Some(3));
    assert_eq!(refused(&g, &s, "a1-e1"), "essence.move.distance");
    assert_eq!(refused(&g, &s, "a1-c2"), "essence.move.straight");
    // Ruling R2: a Move covers at least 1 space.
    assert_eq!(refused(&g, &s, "a1-a1"), "essence.move.nowhere");
}

/// "The directions that a mote can move are based on the pips that are showing."
#[test]
fn move_only_where_the_pips_point() {
    let g = game("standard");
    // A rising 2 moves along a1–e5 only.
    let s = pos(&g, "o1..../...../..*../.x2r.../..... x a 2 0");
    assert_eq!(refused(&g, &s, "b2-a3"), "essence.move.direction");
    assert_eq!(refused(&g, &s, "b2-b3"), "essence.move.direction");
    let mut t = s.clone();
    play(&g, &mut t, "b2-a1");
    // A falling 2 moves along the other diagonal.
    let s = pos(&g, "o1..../...../..*../.x2f.../..... x a 2 0");
    let mut t = s.clone();
    play(&g, &mut t, "b2-a3");
}

/// "Motes may NOT enter or pass through the void." and ruling R2: motes do not pass
/// through motes.
#[test]
fn move_is_blocked_by_motes_and_the_void() {
    let g = game("standard");
    let s = pos(&g, "o1..../...../x5.*../...../x5...o1 x a 2 0");
    assert_eq!(refused(&g, &s, "a3-e3"), "essence.move.void");
    assert_eq!(refused(&g, &s, "a3-c3"), "essence.move.void");
    assert_eq!(refused(&g, &s, "a1-a4"), "essence.move.blocked");
    assert_eq!(refused(&g, &s, "a1-e1"), "essence.move.blocked");
    assert_eq!(refused(&g, &s, "a1-a3"), "essence.move.blocked");
    let mut t = s.clone();
    play(&g, &mut t, "a1-d1");
}

/// A mote may only be moved by its owner (the rules give each player their own motes).
#[test]
fn only_your_own_motes_act() {
    let g = game("standard");
    let s = g.initial_state();
    assert_eq!(refused(&g, &s, "c5-c4"), "essence.move.own");
    assert_eq!(refused(&g, &s, "Dc5:1"), "essence.destabilize.own");
    assert_eq!(refused(&g, &s, "Sc4-c3"), "essence.split.own");
}

// ---------------------------------------------------------------- Split

/// "To split, reduce a mote's power by 2, then place a new mote with a power of 2 on
/// an empty, adjacent space." and "Adjacent means any of the 8 spaces surrounding it."
#[test]
fn split_reduces_by_two_and_places_a_two_beside() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../..*../...../x5.... x a 2 0");
    play(&g, &mut s, "Sa1-b2");
    assert_eq!((power(&s, "a1"), power(&s, "b2")), (Some(3), Some(2)));
    assert_eq!(s.pool(Seat(0)), 3);
    let s = pos(&g, "o1..../...../..*../.o1.../x5.... x a 2 0");
    assert_eq!(refused(&g, &s, "Sa1-b2"), "essence.split.empty");
    assert_eq!(refused(&g, &s, "Sa1-c1"), "essence.split.adjacent");
    let s = pos(&g, "o1..../...../..*../...../x1.... x a 2 0");
    assert_eq!(refused(&g, &s, "Sa1-a2"), "essence.split.power");
}

/// Ruling R1: "A removed mote's die goes back to its owner's pool, so there are at
/// most 5 motes per player. Split needs a die in the pool."
#[test]
fn split_needs_a_die_in_the_pool() {
    let g = game("standard");
    let s = pos(&g, "o1..../...../..*../...../x5x1x1x1x1 x a 2 0");
    assert_eq!(s.pool(Seat(0)), 0);
    assert_eq!(refused(&g, &s, "Sa1-a2"), "essence.split.pool");
    // A mote that dies returns its die: the pool refills.
    let mut s = pos(&g, "o1..../...../..*../...../x5x1x1x1x1 x a 2 0");
    play(&g, &mut s, "Db1:1");
    assert_eq!(s.pool(Seat(0)), 2, "b1 and c1 died");
    play(&g, &mut s, "Sa1-a2");
}

/// FAQ: "Can I reduce my mote to 0? Yes, but know that it will die. It will however,
/// complete its action before death."
#[test]
fn a_mote_split_to_zero_completes_its_action_then_dies() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../..*../...../x2rx1... x a 2 0");
    let events = play(&g, &mut s, "Sa1-a2");
    assert_eq!((power(&s, "a1"), power(&s, "a2")), (None, Some(2)));
    assert!(events.contains(&Event::Died { owner: Seat(0), at: sq("a1") }));
}

// ---------------------------------------------------------------- Heal

/// "You may reduce a mote's power by any amount, and then increase a friendly
/// adjacent mote's power by that amount +1."
#[test]
fn heal_moves_power_plus_one_to_a_friendly_neighbour() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../..*../...../x4x1... x a 2 0");
    play(&g, &mut s, "Ha1-b1:2");
    assert_eq!((power(&s, "a1"), power(&s, "b1")), (Some(2), Some(4)));
    let s = pos(&g, "o1..../...../..*../...../x4.x1o1. x a 2 0");
    assert_eq!(refused(&g, &s, "Ha1-c1:1"), "essence.heal.adjacent");
    assert_eq!(refused(&g, &s, "Hc1-d1:1"), "essence.heal.friendly");
}

/// Ruling R3: "Reduce by any amount" means at least 1 and at most the mote's power.
#[test]
fn any_amount_means_one_to_the_motes_power() {
    let g = game("standard");
    let s = pos(&g, "o1..../...../..*../...../x4x1... x a 2 0");
    assert_eq!(refused(&g, &s, "Ha1-b1:5"), "essence.heal.amount");
    assert_eq!(refused(&g, &s, "Da1:5"), "essence.destabilize.amount");
    // Zero is not an amount in the notation at all.
    assert!("Da1:0".parse::<Action>().is_err());
}

/// Ruling R7: Heal cannot raise a mote past 6 ("A mote can never have a power of more
/// than 6"); the excess is lost. A heal that gives up all the power kills the giver
/// after the heal.
#[test]
fn heal_caps_at_six_and_the_giver_may_die() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../..*../...../x3rx5... x a 2 0");
    play(&g, &mut s, "Ha1-b1:3");
    assert_eq!((power(&s, "a1"), power(&s, "b1")), (None, Some(6)));
}

// ---------------------------------------------------------------- Shift the Void

/// "Move the void, 1 space in any direction. If the void enters a space with a mote,
/// destroy the mote."
#[test]
fn shift_moves_the_void_one_space_and_destroys_what_it_enters() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../..*../...o3r./x1.... x a 2 0");
    assert_eq!(refused(&g, &s, "Vc5"), "essence.shift.adjacent");
    let events = play(&g, &mut s, "Vd2");
    assert_eq!(s.void(), sq("d2"));
    assert_eq!(power(&s, "d2"), None);
    assert!(events.contains(&Event::Destroyed { owner: Seat(1), at: sq("d2") }));
    assert_eq!(s.pool(Seat(1)), 4, "the destroyed mote's die went back to the pool");
}

/// Ruling R4 (extending the FAQ): the void may not destroy its mover's last mote.
#[test]
fn shift_may_not_destroy_your_last_mote() {
    let g = game("standard");
    let s = pos(&g, "o1..../...../..*../..x1../..... x a 2 0");
    assert_eq!(refused(&g, &s, "Vc2"), "essence.shift.last-mote");
}

// ---------------------------------------------------------------- Destabilize

/// "To destabilize, reduce a mote's power by any amount and then reduce the power of
/// all adjacent motes by the same amount. If a mote is reduced to 0, it dies and is
/// removed. Note: This hits every mote, including your own."
#[test]
fn destabilize_hits_every_adjacent_mote_including_your_own() {
    let g = game("standard");
    let mut s = pos(&g, "...../o4.o1../x2rx5x3r../x1.... /*.... x a 2 0".replace(" /", "/").as_str());
    play(&g, &mut s, "Db3:2");
    assert_eq!(power(&s, "b3"), Some(3));
    assert_eq!(power(&s, "a4"), Some(2));
    assert_eq!(power(&s, "c4"), None, "o1 died");
    assert_eq!(power(&s, "a3"), None, "own x2 died");
    assert_eq!(power(&s, "c3"), Some(1));
    assert_eq!(power(&s, "a2"), None, "own x1 died");
    assert_eq!(s.quiet(), 0);
}

/// FAQ: "Can Destabilize reduce my own mote to 0? Yes. However, you can NOT
/// sacrifice your final mote with Destabilize."
#[test]
fn destabilize_may_not_sacrifice_the_final_mote() {
    let g = game("standard");
    let s = pos(&g, "o4..../...../..*../x1..../x2r.... x a 2 0");
    assert_eq!(refused(&g, &s, "Da1:2"), "essence.destabilize.last-mote");
    let mut t = s.clone();
    play(&g, &mut t, "Da1:1");
    assert_eq!((power(&t, "a1"), power(&t, "a2")), (Some(1), None));
}

// ---------------------------------------------------------------- Spinning

/// "The owner of a mote may spin it in any direction, after it has been interacted
/// with." Ruling R5: the owner decides; the active player right after the action,
/// the opponent at the end of the turn — a decision of the non-active player.
#[test]
fn owners_spin_motes_that_were_interacted_with() {
    let g = game("standard");
    // Growth to 2 gives P1 a spin decision over that mote.
    let mut s = pos(&g, "o3r..../...../..*../...../x1.... x g 2 0");
    play(&g, &mut s, "Ga1");
    assert_eq!(s.pending_own_spins(), sq("a1").bit());
    assert_eq!(refused(&g, &s, "a1-b2"), "essence.spin.first");
    assert_eq!(refused(&g, &s, "@a5"), "essence.spin.pending");
    play(&g, &mut s, "@a1");
    assert!(s.mote(sq("a1")).unwrap().turned());
    // Destabilizing an enemy 3 into a 2: P2 spins it when P1's turn ends.
    let mut s = pos(&g, "...../...../..*../o3r..../x4.... x a 2 0");
    play(&g, &mut s, "Da1:1");
    play(&g, &mut s, "@a1");
    assert_eq!(s.pending_opponent_spins(), sq("a2").bit());
    play(&g, &mut s, "Vc4");
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
    assert_eq!(s.active(), Seat(0), "still P1's turn while P2 spins");
    play(&g, &mut s, "@a2");
    assert!(s.mote(sq("a2")).unwrap().turned());
    assert_eq!((s.active(), s.phase()), (Seat(1), Phase::Growth));
}

/// A mote waiting for its owner's spin that the second action destroys is no
/// longer waiting: the turn simply ends. (Found by the property tests.)
#[test]
fn a_destroyed_mote_is_no_longer_waiting_to_be_spun() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../.*.../o4..../x4.... x a 2 0");
    play(&g, &mut s, "Da1:1 @-");
    assert_eq!(s.pending_opponent_spins(), sq("a2").bit());
    play(&g, &mut s, "Va2");
    assert_eq!(s.pending_opponent_spins(), 0);
    assert_eq!((s.active(), s.phase()), (Seat(1), Phase::Growth));
}

/// Only faces 2, 3 and 6 look different when turned: nothing is asked for 1, 4, 5.
#[test]
fn spins_are_asked_only_for_faces_with_an_orientation() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../..*../...../x4.... x a 2 0");
    play(&g, &mut s, "a1-b2");
    assert_eq!(s.pending_own_spins(), 0);
}

// ---------------------------------------------------------------- Ending the game

/// "When a player is the last one with motes on the board, they are declared, the
/// winner." Ruling R16: the game ends at once, even mid-turn.
#[test]
fn the_last_player_with_motes_wins_at_once() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../x3r..../..*../...../..... x a 2 0");
    play(&g, &mut s, "Da4:1");
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.kind, OutcomeKind::Win(vec![Seat(0)]));
    assert_eq!((g.returns(&s, Seat(0)), g.returns(&s, Seat(1))), (1.0, -1.0));
    assert_eq!(refused(&g, &s, "Vc4"), "core.turn.over");
    assert_eq!(g.check(&s, &"Vc4".parse().unwrap()).unwrap_err().rule, "essence.over");
}

/// Ruling R10: every game ends. A game is drawn when no mote has left the board for
/// more than `quiet_limit` turns, or when `turn_limit` turns have ended.
#[test]
fn games_are_drawn_by_the_quiet_and_turn_limits() {
    let g = game("standard");
    let mut s = pos(&g, "o1..../...../..*../...../x1.... x av 40 50");
    play(&g, &mut s, "a1-a2");
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Draw);
    let mut s = pos(&g, "o1..../...../..*../...../x1.... x av 300 3");
    play(&g, &mut s, "a1-a2");
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Draw);
    assert!(g.outcome(&s).unwrap().reason.contains("turn limit"));
}

// ---------------------------------------------------------------- Variants

/// Determined: "The void token is no longer impassable. You still can't stop there,
/// but you can move through, losing 1 power after moving."
#[test]
fn determined_motes_pass_through_the_void_and_lose_one_power() {
    let g = game("determined");
    let mut s = pos(&g, "o1..../...../x5.*../...../..... x a 2 0");
    assert_eq!(refused(&g, &s, "a3-c3"), "essence.move.void");
    let events = play(&g, &mut s, "a3-d3");
    assert_eq!(power(&s, "d3"), Some(4));
    assert!(events.iter().any(|e| matches!(e, Event::Moved { through_void: true, .. })));
    // Without the variant the void blocks.
    let s = pos(&game("standard"), "o1..../...../x5.*../...../..... x a 2 0");
    assert_eq!(refused(&game("standard"), &s, "a3-d3"), "essence.move.void");
}

/// Loop: "You may move a mote off the edge of the board and then have it enter again
/// from the opposite side. Note: Spaces on the opposite side of the board are NOT
/// considered adjacent."
#[test]
fn loop_motes_wrap_but_far_sides_are_not_adjacent() {
    let g = game("loop");
    let mut s = pos(&g, "o1..../...../x2r.*../...../..... x a 2 0");
    // a3 going south-west leaves the board and enters at e2.
    play(&g, &mut s, "a3-e2:sw");
    assert_eq!(power(&s, "e2"), Some(2));
    // Across the edge is not adjacent: no split from a1 onto e1.
    let s = pos(&g, "o1..../...../..*../...../x4.... x a 2 0");
    assert_eq!(refused(&g, &s, "Sa1-e1"), "essence.split.adjacent");
    // Without the variant the edge stops the move.
    let s = pos(&game("standard"), "o1..../...../x2r.*../...../..... x a 2 0");
    assert_eq!(refused(&game("standard"), &s, "a3-e2:sw"), "essence.move.edge");
}

/// Ruling R8: under Loop only motes wrap — "You may move a mote off the edge" — so
/// the void shifts 1 space on the board and never across an edge.
#[test]
fn loop_does_not_wrap_the_void() {
    let g = game("loop");
    let s = pos(&g, "o1..../...../*...x1/...../..... x a 2 0");
    assert_eq!(refused(&g, &s, "Ve3"), "essence.shift.adjacent");
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Shift(to) if to.file() == 4)));
}

/// Loop and ruling R2: a Move covers at least 1 space, and a mote cannot come back
/// round to the space it started from.
#[test]
fn loop_moves_cannot_come_back_round() {
    let g = game("loop,fast");
    let s = pos(&g, "o1../.*./x5.. x a 2 0");
    assert_eq!(refused(&g, &s, "a1-a1:e"), "essence.move.nowhere");
    // Going west wraps: a1 to c1 is one space, and b1 two.
    let mut t = s.clone();
    play(&g, &mut t, "a1-b1:w");
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Move { to, .. } if *to == sq("a1"))));
}

/// Summoning: "Remove a mote with a power of 6 from the board, then move the void
/// token to the empty space, left by the mote." Ruling R9: your own mote, not your last.
#[test]
fn summoning_turns_a_six_into_the_void() {
    let g = game("summoning");
    let mut s = pos(&g, "o1..../...../..*../...../x6vx1... x a 2 0");
    assert_eq!(refused(&g, &s, "Ub1"), "essence.summon.power");
    play(&g, &mut s, "Ua1");
    assert_eq!((s.void(), power(&s, "a1"), s.pool(Seat(0))), (sq("a1"), None, 4));
    let s = pos(&g, "o1..../...../..*../...../x6v.... x a 2 0");
    assert_eq!(refused(&g, &s, "Ua1"), "essence.summon.last-mote");
    let std = game("standard");
    let s = pos(&std, "o1..../...../..*../...../x6vx1... x a 2 0");
    assert_eq!(refused(&std, &s, "Ua1"), "essence.summon.variant");
}

/// "Each of these is a switch, and they combine freely": all sixteen combinations
/// start and play.
#[test]
fn variants_combine_freely() {
    for v in Variant::all_rulebook_combinations() {
        let g = Essence::new(v, 2).unwrap();
        let s = g.initial_state();
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert!(!legal.is_empty());
    }
}

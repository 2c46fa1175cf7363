//! One test (at least) per ability: what it does when a player uses it.

use super::*;
use arbiter_ephemeral::{Frame, Fx, Trigger};

// ----------------------------------------------------------------- Disruptor

#[test]
fn d1_strikes_two_figures_within_5_cm_for_force_plus_the_die() {
    // D1: "2 targets, range 5 cm, damage Force + die".
    let g = game(&[fig("Ash", "disruptor", &["D1"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [a, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 15.5, 20.0); // 3 cm away
    put(&mut s, bea, 10.0, 26.5); // 4 cm away
    give(&mut s, a, &[(4, 3)]);
    let ev = act(&g, &mut s, "use a1 A B");
    assert!(ev.contains(&Event::Hit { target: ada, damage: 9 }) && ev.contains(&Event::Hit { target: bea, damage: 9 }));
    assert!(s.figures[a as usize].dice.is_empty(), "the foraged die is spent");
    assert_eq!(s.figures[a as usize].actions, 2, "using an ability is an action");
    let mut far = acting(&g, a);
    put(&mut far, a, 10.0, 20.0);
    put(&mut far, ada, 18.5, 20.0); // 6 cm away
    give(&mut far, a, &[(4, 3)]);
    assert_eq!(no(&g, &far, "use a1 A"), "ep.ability.range");
}

#[test]
fn d2_sprays_2_damage_around_the_target_of_a_standard_attack_that_hurt_it() {
    // D2: "after a standard attack deals damage: 2 spray damage to every
    // figure within 5 cm of the target". Spray: "the specified spray damage
    // is dealt to any figure within the specified spray range of the
    // defending figure" — any figure, the attacker's own included.
    let g = game(&[fig("Ash", "disruptor", &["D2"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [a, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 15.5, 20.0);
    put(&mut s, bea, 15.5, 26.0); // 3.5 cm from Ada
    give(&mut s, a, &[(4, 2)]);
    act(&g, &mut s, "attack A 1d4");
    roll(&g, &mut s, &[3]);
    assert_eq!(damage(&s, ada), 3);
    assert!(matches!(s.pending.top(), Some(Frame::Window(w)) if matches!(w.trigger, Trigger::Dealt { .. })));
    assert_eq!(owes(&g, &s), ToMove::Seat(P1));
    let ev = act(&g, &mut s, "use a1");
    assert!(ev.contains(&Event::Spray { around: ada, damage: 2 }));
    assert_eq!((damage(&s, ada), damage(&s, bea), damage(&s, a)), (3, 2, 2), "Bea and Ash (3 cm away) are sprayed");
    // A miss deals nothing, so nothing sprays.
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 15.5, 20.0);
    give(&mut s, a, &[(4, 2)]);
    act(&g, &mut s, "attack A 2d4");
    roll(&g, &mut s, &[4, 4]);
    assert!(s.pending.is_empty(), "a miss opens no spray window");
}

#[test]
fn d3_hits_for_the_die_within_5_cm_and_may_close_a_move() {
    // D3: "damage = die, range 5 cm, Rush". Rush: "This ability can be used
    // at the end of a movement action without using an additional action."
    let g = game(&[fig("Ash", "disruptor", &["D3"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 5.0, 20.0);
    put(&mut s, ada, 15.5, 20.0);
    give(&mut s, a, &[(4, 3)]);
    act(&g, &mut s, "move 12,20");
    assert_eq!(owes(&g, &s), ToMove::Seat(P1), "the rush window");
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.contains(&Event::Hit { target: ada, damage: 3 }));
    assert_eq!(s.figures[a as usize].actions, 2, "the rush took no action");
    assert!(matches!(s.phase, Phase::Acting { .. }) && s.pending.is_empty());
}

#[test]
fn d4_and_d8_reach_10_cm_past_range_for_force_plus_the_die() {
    // D4: "1 target, range +10 cm, damage Force + die"; D8 the same with a D8.
    for (id, die) in [("D4", (6, 4)), ("D8", (8, 4))] {
        let g = game(&[fig("Ash", "disruptor", &[id])], &[fig("Ada", "leader", &[])]);
        let [a, ada] = ids(&g, ["a", "A"]);
        let mut s = acting(&g, a);
        put(&mut s, a, 8.0, 20.0);
        put(&mut s, ada, 35.5, 20.0); // 25 cm away; Range 20
        give(&mut s, a, &[die]);
        assert_eq!(no(&g, &s, "attack A 1d4"), "ep.attack.range");
        let ev = act(&g, &mut s, "use a1 A");
        assert!(ev.contains(&Event::Hit { target: ada, damage: 10 }), "{id}");
    }
}

#[test]
fn d5_rolls_its_die_on_use_and_reaches_30_cm_past_range() {
    // D5: "[(D6)] range +30 cm, damage = rolled die".
    let g = game(&[fig("Ash", "disruptor", &["D5"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 5.0, 5.0);
    put(&mut s, ada, 35.0, 35.0);
    give(&mut s, a, &[(6, 1)]);
    act(&g, &mut s, "use a1 A");
    let req = g.dice(&s);
    assert_eq!(req.len(), 1);
    assert_eq!(req.purpose(), Some("Ash's D5 against Ada"), "the prompt says whose die it is");
    let ev = roll(&g, &mut s, &[5]);
    assert!(ev.contains(&Event::Hit { target: ada, damage: 5 }), "the rolled value, not the die's face");
}

#[test]
fn d6_spends_prep_tokens_for_4_force_each_on_the_next_attack() {
    // D6: "spend 1 prep token: +4 Force on this figure's next attack;
    // Recurring". Prep abilities "do not require using an action".
    let g = game(&[fig("Ash", "disruptor", &["D6"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    s.prep = [2, 0];
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 15.5, 20.0);
    act(&g, &mut s, "prep force a");
    act(&g, &mut s, "prep force a");
    assert_eq!(g.force(&s, a), 14);
    assert_eq!(s.figures[a as usize].actions, 3, "no action spent");
    assert_eq!(no(&g, &s, "use a1"), "ep.ability.passive");
    act(&g, &mut s, "attack A 3d4");
    roll(&g, &mut s, &[4, 4, 4]);
    assert_eq!(damage(&s, ada), 12, "12 is within Force 6 + 8");
    assert_eq!(g.force(&s, a), 6, "used up by the attack");
}

#[test]
fn d7_is_a_melee_strike_with_a_rolled_d8_that_may_close_a_move() {
    // D7: "Melee [(D8)] damage = rolled die, Rush". Melee: "the figure using
    // the ability must be in base contact with the figure that is the target".
    let g = game(&[fig("Ash", "disruptor", &["D7"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 13.0, 20.0); // 0.5 cm apart
    give(&mut s, a, &[(8, 2)]);
    assert_eq!(no(&g, &s, "use a1 A"), "ep.ability.contact");
    act(&g, &mut s, "move 10.5,20");
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.iter().any(|e| matches!(e, Event::Used { .. })));
    let ev = roll(&g, &mut s, &[7]);
    assert!(ev.contains(&Event::Hit { target: ada, damage: 7 }));
}

#[test]
fn d9_deals_force_plus_a_d10_within_the_figures_own_range() {
    // D9: "[D10] 1 target, damage Force + die"; "If an ability does not list
    // all of the properties above then ... range and force are equal to the
    // figures base spec."
    let g = game(&[fig("Ash", "disruptor", &["D9"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 33.5, 20.0); // 21 cm away, Range 20
    give(&mut s, a, &[(10, 3)]);
    assert_eq!(no(&g, &s, "use a1 A"), "ep.ability.range");
    put(&mut s, ada, 31.5, 20.0); // 19 cm
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.contains(&Event::Hit { target: ada, damage: 9 }));
}

#[test]
fn d10_immobilizes_unless_resisted_and_sprays_2_per_prep_token_discarded() {
    // D10: "Remove[D10] 0 damage, Immobilize; +2 spray damage for each prep
    // token discarded". Immobilize: "cannot move on their next activation,
    // Resistible". Ruling P33.
    let g = game(&[fig("Ash", "disruptor", &["D10"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [a, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, a);
    s.prep = [2, 0];
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 20.0, 20.0);
    put(&mut s, bea, 20.0, 25.5); // 3 cm from Ada
    give(&mut s, a, &[(10, 4)]);
    act(&g, &mut s, "use a1 A tokens 2");
    assert_eq!(s.prep, [0, 0], "the tokens are discarded");
    assert!(s.figures[a as usize].dice.is_empty(), "Remove[D10]: the die is discarded");
    assert_eq!(owes(&g, &s), ToMove::Seat(P2), "Ada's player may resist");
    let ev = act(&g, &mut s, "pass");
    assert!(ev.contains(&Event::Immobilized { figure: ada }));
    assert!(ev.contains(&Event::Spray { around: ada, damage: 4 }));
    assert_eq!((damage(&s, ada), damage(&s, bea)), (0, 4));
    // Ada cannot move on her next activation; a prep token lets her.
    act(&g, &mut s, "end");
    s.phase = Phase::Acting { figure: ada, used: 0, limit: u8::MAX };
    assert_eq!(no(&g, &s, "move 20,16"), "ep.move.immobilized");
    s.prep = [0, 1];
    act(&g, &mut s, "prep free A");
    act(&g, &mut s, "move 20,16");
    // A resist roll greater than the die cancels everything.
    let mut s = acting(&g, a);
    s.prep = [1, 0];
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 20.0, 20.0);
    give(&mut s, a, &[(10, 4)]);
    act(&g, &mut s, "use a1 A tokens 1");
    act(&g, &mut s, "resist 1d6");
    let ev = roll(&g, &mut s, &[5]);
    assert!(ev.contains(&Event::Resisted { figure: ada }));
    assert!(!s.effects.has(ada, Fx::Immobilized));
}

#[test]
fn d11_is_a_melee_d12_the_target_resists_with_2_added() {
    // D11: "Melee [D12] damage = die, Resistible +2". Resistible: "If the
    // resist roll is greater than the forged die value that the attacker
    // used to activate the ability then the ability has no effect. Any '+'
    // or '-' value after the "Resistible" keyword is a modifier to the
    // defending player's force roll."
    let g = game(&[fig("Ash", "disruptor", &["D11"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    for (die, resist, resisted) in [(6u8, 3u8, false), (6, 5, true), (6, 4, false)] {
        let mut s = acting(&g, a);
        put(&mut s, a, 10.0, 20.0);
        put(&mut s, ada, 12.5, 20.0);
        give(&mut s, a, &[(12, die)]);
        act(&g, &mut s, "use a1 A");
        act(&g, &mut s, "resist 1d6");
        // With real dice the target's owner rolls the resist roll.
        assert_eq!(g.roller(&s), Some(P2));
        let ev = roll(&g, &mut s, &[resist]);
        let total = i16::from(resist) + 2;
        assert!(ev.contains(&Event::ResistRolled {
            figure: ada,
            dice: vec![Die { sides: 6, value: resist }],
            total,
            against: die
        }));
        assert_eq!(damage(&s, ada), if resisted { 0 } else { die }, "resist {resist} + 2 against {die}");
    }
}

#[test]
fn d12_deals_the_die_plus_2_earns_a_prep_token_and_roots_the_user() {
    // D12: "[D12] damage die + 2; the user becomes Immobile; gain 1 prep
    // token". Immobile: "can never take the move action after using the
    // ability. This figure may still be pushed or pulled".
    let g = game(&[fig("Ash", "disruptor", &["D12"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 20.0, 20.0);
    give(&mut s, a, &[(12, 5)]);
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.contains(&Event::Hit { target: ada, damage: 7 }));
    assert!(ev.contains(&Event::Immobile { figure: a }));
    assert_eq!(s.prep, [1, 0]);
    assert_eq!(no(&g, &s, "move 12,20"), "ep.move.immobile");
    assert_eq!(no(&g, &s, "prep nudge a 11,20"), "ep.move.immobile");
}

// ----------------------------------------------------------------- Tactician

#[test]
fn t1_lays_an_active_mine_within_5_cm_that_its_owner_sets_off_with_an_action() {
    // T1: "Mine, Active [D4] deploy within 5 cm, damage = die, Rush". Mines:
    // "damages any figure within 5 cm of the mine ... Active mines can be
    // detonated by any figure of the player controlling the mine by using 1
    // action. When a mine detonates standard attack rules apply, including
    // line of sight."
    let g = game(&[fig("Tam", "tactician", &["T1"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [t, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 19.0, 20.0);
    put(&mut s, bea, 30.0, 20.0);
    give(&mut s, t, &[(4, 3), (4, 2)]);
    assert_eq!(no(&g, &s, "use a1 at 17,20"), "ep.mine.reach", "5.75 cm from the base");
    let ev = act(&g, &mut s, "use a1 die 1 at 16,20");
    assert!(ev.iter().any(|e| matches!(e, Event::MineLaid { mine: 1, passive: false, .. })));
    assert_eq!(s.mines.len(), 1);
    let ev = act(&g, &mut s, "detonate 1");
    assert!(ev.contains(&Event::MineDetonated { mine: 1, at: p(16.0, 20.0) }));
    assert!(ev.contains(&Event::Hit { target: ada, damage: 3 }), "Ada is 1.75 cm from it");
    assert!(ev.contains(&Event::Hit { target: t, damage: 3 }), "and Tam 4.75 cm: any figure");
    assert_eq!(damage(&s, bea), 0);
    assert!(s.mines.is_empty());
    assert_eq!(s.figures[t as usize].actions, 1, "laying and setting off took an action each");
    // A piece between the mine and a figure keeps it safe (line of sight).
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 16.0, 26.5);
    piece(&mut s, 1, 16.0, 22.9); // the ruined wall, 10 × 1.5, between them
    give(&mut s, t, &[(4, 3)]);
    act(&g, &mut s, "use a1 at 15,20");
    let ev = act(&g, &mut s, "detonate 1");
    assert!(!ev.iter().any(|e| matches!(e, Event::Hit { target, .. } if *target == ada)));
}

#[test]
fn t2_t7_t11_l4_l8_defend_dice_come_off_the_damage_once_per_game() {
    // Defense: "a player may either use a foraged die at face value or
    // re-roll that foraged die and use the new result. The value of the die
    // ... is then subtracted from an attacking figures damage ... (to a
    // minimum of 0). If a defending die value is greater than an opponent
    // figure's attack value the die must still be discarded." Limit 1.
    for (id, class, sides) in [
        ("T2", "tactician", 4),
        ("T7", "tactician", 8),
        ("T11", "tactician", 12),
        ("L4", "leader", 4),
        ("L8", "leader", 8),
    ] {
        let g = game(&[fig("Ash", "disruptor", &[])], &[fig("Dee", class, &[id])]);
        let [a, d] = ids(&g, ["a", "A"]);
        let mut s = acting(&g, a);
        put(&mut s, a, 10.0, 20.0);
        put(&mut s, d, 20.0, 20.0);
        give(&mut s, d, &[(sides, 3), (sides, 3)]);
        act(&g, &mut s, "attack A 2d4");
        roll(&g, &mut s, &[2, 3]);
        assert_eq!(owes(&g, &s), ToMove::Seat(P2), "{id}: the defender decides during the opponent's attack");
        let ev = act(&g, &mut s, "use A1 defend");
        assert!(ev.contains(&Event::Defended { figure: d, slot: 0, value: 3, rerolled: false }), "{id}");
        assert!(ev.contains(&Event::Hit { target: d, damage: 2 }), "{id}: 5 − 3");
        assert_eq!(s.figures[d as usize].dice.len(), 1, "{id}: the die is discarded");
        // Limit 1: the second attack opens no window although a die is left.
        act(&g, &mut s, "attack A 1d4");
        roll(&g, &mut s, &[4]);
        assert_eq!(damage(&s, d), 6, "{id}");
        assert!(s.pending.is_empty());
    }
}

#[test]
fn t7_rerolls_its_die_and_a_larger_die_still_goes() {
    // "use a foraged die at face value or re-roll that foraged die and use
    // the new result ... If a defending die value is greater than an
    // opponent figure's attack value the die must still be discarded."
    let g = game(&[fig("Ash", "disruptor", &[])], &[fig("Dee", "tactician", &["T7"])]);
    let [a, d] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, d, 20.0, 20.0);
    give(&mut s, d, &[(8, 1)]);
    act(&g, &mut s, "attack A 1d4");
    roll(&g, &mut s, &[4]);
    act(&g, &mut s, "use A1 reroll");
    assert_eq!(g.dice(&s).purpose(), Some("the Defend die of Dee (T7), rerolled"));
    let ev = roll(&g, &mut s, &[7]);
    assert!(ev.contains(&Event::Defended { figure: d, slot: 0, value: 7, rerolled: true }));
    assert!(ev.contains(&Event::Hit { target: d, damage: 0 }));
    assert!(s.figures[d as usize].dice.is_empty());
}

#[test]
fn t3_and_t5_push_or_pull_one_figure_within_10_cm_by_the_die_not_doubled() {
    // Push Pull: "the target figure is either moved away from or moved
    // toward the figure using the ability. The distance ... is dictated by
    // the value of the forged die ... Unlike movement abilities, this value
    // is not multiplied by 2. ... along an imaginary line that runs through
    // the center of both".
    let g = game(&[fig("Tam", "tactician", &["T3"])], &[fig("Ada", "leader", &[])]);
    let [t, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 16.5, 20.0); // 4 cm away
    give(&mut s, t, &[(4, 3), (4, 3)]);
    let ev = act(&g, &mut s, "use a1 push A");
    assert!(ev.contains(&Event::Pushed {
        figure: ada,
        by: t,
        from: p(16.5, 20.0),
        to: p(19.5, 20.0),
        pull: false,
        short: false
    }));
    let ev = act(&g, &mut s, "use a1 pull A");
    assert!(ev.contains(&Event::Pushed {
        figure: ada,
        by: t,
        from: p(19.5, 20.0),
        to: p(16.5, 20.0),
        pull: true,
        short: false
    }));
    let mut far = acting(&g, t);
    put(&mut far, t, 10.0, 20.0);
    put(&mut far, ada, 23.0, 20.0); // 10.5 cm
    give(&mut far, t, &[(4, 3)]);
    assert_eq!(no(&g, &far, "use a1 push A"), "ep.ability.range");
    // T5 with a D6: a pull stops at base contact (ruling P27).
    let g = game(&[fig("Tam", "tactician", &["T5"])], &[fig("Ada", "leader", &[])]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 16.5, 20.0);
    give(&mut s, t, &[(6, 6)]);
    let ev = act(&g, &mut s, "use a1 pull A");
    let to = s.figures[ada as usize].at.unwrap();
    assert!((to.x - 12.5).abs() < 0.06 && (to.y - 20.0).abs() < 0.01, "{to:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::Pushed { short: true, .. })));
}

#[test]
fn t4_and_t9_lay_passive_mines_in_base_contact_that_go_off_by_themselves() {
    // T4: "Mine, Passive [D6] deploy in base contact, damage = die". Passive
    // mines "detonate whenever a figure ends its movement within 5 cm of the
    // mine". Ruling P29: in base contact = within 1 cm of the base.
    for (id, die) in [("T4", (6, 5)), ("T9", (10, 5))] {
        let g = game(&[fig("Tam", "tactician", &[id])], &[fig("Ada", "leader", &[])]);
        let [t, ada] = ids(&g, ["a", "A"]);
        let mut s = acting(&g, t);
        put(&mut s, t, 10.0, 20.0);
        put(&mut s, ada, 25.0, 20.0);
        give(&mut s, t, &[die]);
        assert_eq!(no(&g, &s, "use a1 at 13,20"), "ep.mine.reach", "{id}: 1.75 cm from the base");
        act(&g, &mut s, "use a1 at 11.9,20");
        act(&g, &mut s, "end");
        s.phase = Phase::Acting { figure: ada, used: 0, limit: u8::MAX };
        let ev = act(&g, &mut s, "move 17,20");
        assert!(ev.contains(&Event::MineDetonated { mine: 1, at: p(11.9, 20.0) }), "{id}");
        assert!(ev.contains(&Event::Hit { target: ada, damage: 5 }), "{id}");
        assert!(ev.contains(&Event::Hit { target: t, damage: 5 }), "{id}: its layer stands within 5 cm too");
        let moved = ev.iter().position(|e| matches!(e, Event::Moved { .. })).unwrap();
        let boom = ev.iter().position(|e| matches!(e, Event::MineDetonated { .. })).unwrap();
        assert!(moved < boom, "{id}: it goes off when the move ends");
    }
}

#[test]
fn t6_lays_an_active_mine_in_base_contact_at_the_end_of_a_move_without_an_action() {
    // T6: "Mine, Active [D8] deploy in base contact, damage = die, Rush".
    let g = game(&[fig("Tam", "tactician", &["T6"])], &[fig("Ada", "leader", &[])]);
    let [t, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 30.0, 20.0);
    give(&mut s, t, &[(8, 6)]);
    act(&g, &mut s, "move 20,20");
    act(&g, &mut s, "use a1 at 21.5,20");
    assert_eq!(s.figures[t as usize].actions, 2, "the rush cost no action");
    assert_eq!(s.mines.len(), 1);
    assert!(!s.mines[0].passive);
}

#[test]
fn t8_pushes_within_range_and_stops_short_of_terrain() {
    // T8: "Push/Pull [D8] 1 target within range". "Figures may not be pushed
    // or pulled onto or through terrain or other bases." Ruling P27: it
    // stops at the contact.
    let g = game(&[fig("Tam", "tactician", &["T8"])], &[fig("Ada", "leader", &[])]);
    let [t, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 20.0, 20.0);
    piece(&mut s, 0, 27.0, 20.0); // the boulder, r 3: its edge at x = 24
    give(&mut s, t, &[(8, 8)]);
    let ev = act(&g, &mut s, "use a1 push A");
    let to = s.figures[ada as usize].at.unwrap();
    assert!((to.x - 22.75).abs() < 0.06, "stopped in contact with the boulder: {to:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::Pushed { short: true, .. })));
}

#[test]
fn t10_and_l6_shift_dice_again_and_again_in_one_action() {
    // T10: "lower a foraged D10 by 2 and raise any other foraged die by 2;
    // Recurring". Recurring: "May repeat the action as many times as desired
    // and is possible, all during the same action". FAQ 1: "a player may
    // never manipulate a foraged die under their opponent's control."
    for (id, class, sides) in [("T10", "tactician", 10u8), ("L6", "leader", 6)] {
        let g = game(&[fig("Tam", class, &[id]), fig("Bo", "disruptor", &[])], &[fig("Ada", "leader", &[])]);
        let [t, b, ada] = ids(&g, ["a", "b", "A"]);
        let mut s = acting(&g, t);
        let actions = s.figures[t as usize].actions;
        give(&mut s, t, &[(sides, 6)]);
        give(&mut s, b, &[(4, 1)]);
        give(&mut s, ada, &[(8, 1)]);
        assert_eq!(no(&g, &s, "use a1 raise A 1"), "ep.figure.enemy", "{id}: never an opponent's die");
        let ev = act(&g, &mut s, "use a1 raise b 1");
        assert!(ev.contains(&Event::Shifted {
            lowered: t,
            low: Die { sides, value: 4 },
            raised: b,
            high: Die { sides: 4, value: 3 }
        }));
        assert_eq!(s.figures[t as usize].actions, actions - 1);
        assert_eq!(owes(&g, &s), ToMove::Seat(P1), "{id}: again?");
        act(&g, &mut s, "use a1 raise b 1");
        assert_eq!(s.figures[b as usize].dice[0].value, 4, "{id}: raised to its maximum");
        assert_eq!(s.figures[t as usize].dice[0].value, 2);
        assert!(s.pending.is_empty(), "{id}: nothing left to raise ends the action");
        assert_eq!(s.figures[t as usize].actions, actions - 1, "{id}: all in one action");
        // With another die to raise it goes on until passed.
        let mut s = acting(&g, t);
        give(&mut s, t, &[(sides, 6)]);
        give(&mut s, b, &[(12, 1)]);
        act(&g, &mut s, "use a1 raise b 1");
        act(&g, &mut s, "use a1 raise b 1");
        act(&g, &mut s, "pass");
        assert_eq!((s.figures[t as usize].dice[0].value, s.figures[b as usize].dice[0].value), (2, 5), "{id}");
    }
}

#[test]
fn t12_takes_an_action_from_a_figure_5_cm_short_of_range_unless_it_resists() {
    // T12: "[5/6/7] target loses 1 action; range −5 cm; Resistible; Limit 1".
    let g = game(&[fig("Tam", "tactician", &["T12"])], &[fig("Ada", "leader", &[])]);
    let [t, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 29.5, 20.0); // 17 cm; Range 20 − 5 = 15
    give(&mut s, t, &[(8, 6), (6, 5)]);
    assert_eq!(no(&g, &s, "use a1 A"), "ep.ability.range");
    put(&mut s, ada, 26.5, 20.0); // 14 cm
    act(&g, &mut s, "use a1 A");
    let ev = act(&g, &mut s, "pass");
    assert!(ev.contains(&Event::ActionLost { figure: ada }));
    assert_eq!(s.figures[ada as usize].actions, 1);
    assert_eq!(no(&g, &s, "use a1 A"), "ep.ability.limit");
}

#[test]
fn t13_and_r10_sneak_through_enemy_bases_but_not_onto_them() {
    // Sneak: "Figure may pass through enemy figure bases when moving. A
    // figure with sneak may not end its movement overlapping another base".
    for (id, class) in [("T13", "tactician"), ("R10", "runner")] {
        let g = game(&[fig("Sly", class, &[id])], &[fig("Ada", "leader", &[])]);
        let [a, ada] = ids(&g, ["a", "A"]);
        let mut s = acting(&g, a);
        put(&mut s, a, 10.0, 20.0);
        put(&mut s, ada, 13.0, 20.0);
        act(&g, &mut s, "move 16,20");
        assert_eq!(no(&g, &s, "move 13,20"), "ep.move.end-on-base", "{id}");
        let plain = game(&[fig("Sly", class, &[])], &[fig("Ada", "leader", &[])]);
        let mut s = acting(&plain, a);
        put(&mut s, a, 10.0, 20.0);
        put(&mut s, ada, 13.0, 20.0);
        assert_eq!(no(&plain, &s, "move 16,20"), "ep.move.enemy-base");
    }
}

// ------------------------------------------------------------------- Leader

#[test]
fn l1_rolls_up_to_three_pools_of_foraged_dice_at_their_targets_once_then_stays_put() {
    // L1: "3 targets, range +5 cm; form up to 3 attack pools from foraged
    // dice, ignore their values and roll them for each attack; Immobile;
    // Limit 1". Ruling P30: each pool is a standard attack against Force.
    let g = game(&[fig("Lea", "leader", &["L1"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [l, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, l);
    put(&mut s, l, 10.0, 20.0);
    put(&mut s, ada, 30.0, 20.0); // 17.5 cm: Range 20 + 5
    put(&mut s, bea, 10.0, 30.0);
    give(&mut s, l, &[(4, 4), (6, 6), (8, 1)]);
    act(&g, &mut s, "use a1 pools A:1,2 B:3");
    assert!(s.figures[l as usize].dice.is_empty());
    assert_eq!(g.dice(&s).len(), 2, "Ada's pool: the D4 and the D6, rolled");
    roll(&g, &mut s, &[3, 4]);
    assert_eq!(damage(&s, ada), 7, "7 is within Force 8");
    roll(&g, &mut s, &[8]);
    assert_eq!(damage(&s, bea), 8);
    assert!(s.effects.has(l, Fx::Immobile));
    give(&mut s, l, &[(4, 4)]);
    assert_eq!(no(&g, &s, "use a1 pools A:1"), "ep.ability.limit");
}

#[test]
fn the_bots_are_offered_l1_pools_and_melee_strikes_when_they_are_legal() {
    // What search and random play may choose comes from the candidates
    // (`legal_actions`); every ability usable now must be among them. L1
    // names its dice in its pools ("form up to 3 attack pools from foraged
    // dice"), never one die to pay with: offering it with a die made every
    // candidate a refusal, and no bot ever used L1.
    let offered = |g: &Ephemeral, s: &State| -> Vec<String> {
        let mut legal = Vec::new();
        g.legal_actions(s, &mut legal);
        legal.iter().map(|a| format_action(g, a)).filter(|t| t.starts_with("use ")).collect()
    };
    let g = game(&[fig("Lea", "leader", &["L1"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [l, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, l);
    put(&mut s, l, 10.0, 20.0);
    put(&mut s, ada, 30.0, 20.0);
    put(&mut s, bea, 10.0, 30.0);
    give(&mut s, l, &[(4, 4), (6, 6), (8, 1)]);
    let uses = offered(&g, &s);
    assert!(!uses.is_empty() && uses.iter().all(|t| t.contains("pools")), "{uses:?}");
    act(&g, &mut s, &uses[0]);
    assert!(s.figures[l as usize].dice.is_empty(), "the pools took the dice");

    // D11: "Melee [D12]": offered in base contact, not before.
    let g = game(&[fig("Ash", "disruptor", &["D11"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 20.0, 20.0);
    give(&mut s, a, &[(12, 6)]);
    assert!(offered(&g, &s).is_empty(), "7.5 cm apart: no melee");
    put(&mut s, ada, 12.5, 20.0);
    assert_eq!(offered(&g, &s), ["use a1 die 1 A"]);
}

#[test]
fn l2_heals_every_figure_on_the_table_to_full() {
    // L2: "Heal [8/9/10] heal to full; All". Heal: "A figure cannot gain hit
    // points past the number it started the game with".
    let g = game(&[fig("Lea", "leader", &["L2"]), fig("Bo", "disruptor", &[])], &[fig("Ada", "leader", &[])]);
    let [l, b, ada] = ids(&g, ["a", "b", "A"]);
    let mut s = acting(&g, l);
    s.figures[b as usize].damage = 4;
    s.figures[ada as usize].damage = 2;
    give(&mut s, l, &[(10, 7)]);
    assert_eq!(no(&g, &s, "use a1"), "ep.ability.no-die", "a D10 showing 7 is not 8, 9 or 10");
    give(&mut s, l, &[(12, 9)]);
    let ev = act(&g, &mut s, "use a1");
    assert!(
        ev.contains(&Event::Healed { figure: b, amount: 4 }) && ev.contains(&Event::Healed { figure: ada, amount: 2 })
    );
    assert_eq!((damage(&s, b), damage(&s, ada)), (0, 0));
}

#[test]
fn l3_slides_the_gate_along_the_line_through_the_figure_by_the_die() {
    // L3: "push or pull the gate by die cm; figures and terrain stay where
    // they are (terrain may then overlap the gate)".
    let g = game(&[fig("Lea", "leader", &["L3"])], &[fig("Ada", "leader", &[])]);
    let [l] = ids(&g, ["a"]);
    let mut s = acting(&g, l);
    s.gate = Some(p(20.0, 20.0));
    put(&mut s, l, 10.0, 20.0);
    give(&mut s, l, &[(4, 3), (4, 4)]);
    let ev = act(&g, &mut s, "use a1 die 1 pull gate");
    assert!(ev.contains(&Event::GateMoved { by: l, from: p(20.0, 20.0), to: p(17.0, 20.0) }));
    act(&g, &mut s, "use a1 push gate");
    assert_eq!(s.gate, Some(p(21.0, 20.0)));
}

#[test]
fn l5_pushes_or_pulls_up_to_two_figures_within_range() {
    // L5: "Push/Pull [D6] up to 2 figures within range".
    let g = game(&[fig("Lea", "leader", &["L5"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [l, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, l);
    put(&mut s, l, 20.0, 20.0);
    put(&mut s, ada, 30.0, 20.0);
    put(&mut s, bea, 20.0, 10.0);
    give(&mut s, l, &[(6, 2)]);
    act(&g, &mut s, "use a1 push A pull B");
    assert_eq!(s.figures[ada as usize].at, Some(p(32.0, 20.0)));
    assert_eq!(s.figures[bea as usize].at, Some(p(20.0, 12.0)));
}

#[test]
fn l9_gives_an_unactivated_figure_an_action_once_and_may_close_a_move() {
    // L9: "[5/8] give a figure that has not been activated 1 extra action;
    // Rush; Limit 1". Ruling P35: one of the player's own figures, never yet
    // activated this game.
    let g = game(&[fig("Lea", "leader", &["L9"]), fig("Bo", "disruptor", &[])], &[fig("Ada", "leader", &[])]);
    let [l, b, ada] = ids(&g, ["a", "b", "A"]);
    let mut s = acting(&g, l);
    put(&mut s, l, 10.0, 20.0);
    put(&mut s, b, 20.0, 20.0);
    put(&mut s, ada, 20.0, 30.0);
    give(&mut s, l, &[(8, 5)]);
    assert_eq!(no(&g, &s, "use a1 A"), "ep.ability.unactivated", "not an opponent's figure");
    act(&g, &mut s, "move 12,20");
    let ev = act(&g, &mut s, "use a1 b");
    assert!(ev.contains(&Event::ActionGained { figure: b }));
    assert_eq!(s.figures[b as usize].actions, 4);
    assert_eq!(s.figures[l as usize].actions, 1, "the move's action only");
}

#[test]
fn l10_brings_two_more_prep_tokens_and_r11_nudges_3_cm() {
    // L10: "start the game with 2 extra prep tokens". R11: "prep tokens
    // spent to move this figure move it 3 cm instead of 2".
    let g = game(&[fig("Lea", "leader", &["L10"]), fig("Rue", "runner", &["R11"])], &[fig("Ada", "leader", &[])]);
    assert_eq!(g.initial_state().prep, [4, 2], "a Leader's 2, and 2 more");
    let [r] = ids(&g, ["b"]);
    let mut s = acting(&g, r);
    s.prep = [2, 0];
    put(&mut s, r, 10.0, 20.0);
    act(&g, &mut s, "prep nudge b 12.9,20");
    assert_eq!(g.nudge_cm(r), 3.0);
    assert_eq!(no(&g, &s, "prep nudge b 16,20"), "ep.move.too-far");
}

#[test]
fn l7_lowers_its_d8_to_cancel_damage_to_a_friend_within_range() {
    // L7: "when a friendly figure within this figure's range takes damage,
    // lower the D8 by any amount to negate that much damage". Ruling P31.
    let g = game(&[fig("Ash", "disruptor", &[])], &[fig("Lea", "leader", &["L7"]), fig("Bea", "leader", &[])]);
    let [a, lea, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, bea, 18.0, 20.0);
    put(&mut s, lea, 25.0, 20.0);
    give(&mut s, lea, &[(8, 3)]);
    act(&g, &mut s, "attack B 2d4");
    roll(&g, &mut s, &[3, 2]);
    assert_eq!(owes(&g, &s), ToMove::Seat(P2));
    assert_eq!(no(&g, &s, "use A1 cancel 4"), "ep.negate.amount", "the die shows 3");
    let ev = act(&g, &mut s, "use A1 cancel 2");
    assert!(ev.contains(&Event::Negated { by: lea, target: bea, amount: 2 }));
    assert_eq!(s.figures[lea as usize].dice[0].value, 1);
    let ev = act(&g, &mut s, "pass");
    assert!(ev.contains(&Event::Hit { target: bea, damage: 3 }));
}

#[test]
fn l11_moves_up_to_4_cm_after_an_opponents_attack_action() {
    // L11: "after an opponent's figure takes an attack action, this figure
    // may move up to 4 cm".
    let g = game(&[fig("Ash", "disruptor", &[])], &[fig("Lea", "leader", &["L11"])]);
    let [a, lea] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, lea, 20.0, 20.0);
    act(&g, &mut s, "attack A 1d4");
    roll(&g, &mut s, &[2]);
    assert_eq!(owes(&g, &s), ToMove::Seat(P2));
    assert_eq!(no(&g, &s, "use A1 move 25,20"), "ep.move.too-far");
    let ev = act(&g, &mut s, "use A1 move 24,20");
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { figure, .. } if *figure == lea)));
    assert!(s.pending.is_empty() && matches!(s.phase, Phase::Acting { figure, .. } if figure == a));
}

#[test]
fn l12_deals_force_plus_a_d12_and_no_defence_may_answer_it() {
    // L12: "[D12] damage Force + die; no defence ability may be used against it".
    let g = game(&[fig("Lea", "leader", &["L12"])], &[fig("Dee", "tactician", &["T7"])]);
    let [l, d] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, l);
    put(&mut s, l, 10.0, 20.0);
    put(&mut s, d, 20.0, 20.0);
    give(&mut s, l, &[(12, 2)]);
    give(&mut s, d, &[(8, 8)]);
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.contains(&Event::Hit { target: d, damage: 10 }), "no Defend window: Force 8 + 2");
}

// ------------------------------------------------------------------- Runner

#[test]
fn r1_r5_r8_add_twice_the_die_to_one_move() {
    // Move: "The value of a foraged die is added to the unit's movement
    // spec ... the extra movement in cm is twice the value of the die."
    for (id, die) in [("R1", (4, 3)), ("R5", (8, 3)), ("R8", (12, 3))] {
        let g = game(&[fig("Rue", "runner", &[id])], &[fig("Ada", "leader", &[])]);
        let [r] = ids(&g, ["a"]);
        let mut s = acting(&g, r);
        put(&mut s, r, 5.0, 20.0);
        give(&mut s, r, &[die]);
        assert_eq!(no(&g, &s, "move 27,20"), "ep.move.too-far", "{id}: 22 cm on Movement 16");
        assert_eq!(no(&g, &s, "use a1 move 28,20"), "ep.move.too-far", "{id}: 23 cm on 16 + 6");
        let ev = act(&g, &mut s, "use a1 move 27,20");
        assert!(ev.iter().any(|e| matches!(e, Event::Moved { cost, .. } if (*cost - 22.0).abs() < 0.01)));
        assert_eq!(s.figures[r as usize].actions, 2, "{id}: one action");
    }
}

#[test]
fn r2_and_r6_counter_attack_after_surviving_an_opponents_attack() {
    // "the figure with the counter attack ability may perform an attack
    // action after not being defeated by an opponent's attack. Regular range
    // rules apply during a counter attack. The target of a counter attack
    // may be any figure." (v0.20: "must be the original attacking
    // opponent's figure"). R2: "[D4] counter attack"; R6: "[D8] counter
    // attack, damage = die". Ruling P32.
    let g = game(&[fig("Ash", "disruptor", &[]), fig("Bo", "disruptor", &[])], &[fig("Rue", "runner", &["R2", "R6"])]);
    let [a, b, r] = ids(&g, ["a", "b", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, b, 16.0, 26.0);
    put(&mut s, r, 16.0, 20.0);
    give(&mut s, r, &[(4, 2), (8, 5)]);
    act(&g, &mut s, "attack A 1d4");
    roll(&g, &mut s, &[1]);
    assert_eq!(owes(&g, &s), ToMove::Seat(P2), "Rue survived");
    // R2: a standard attack with the dice Rue's player chooses, at any figure.
    act(&g, &mut s, "use A1 counter b 1d4");
    let ev = roll(&g, &mut s, &[3]);
    assert!(ev.contains(&Event::Hit { target: b, damage: 3 }));
    assert!(s.pending.is_empty(), "one counter attack per attack survived");
    // R6 in v0.20: the counter deals the die, at the attacker only.
    let g = game_of(
        Edition::V020,
        &[fig("Ash", "disruptor", &[]), fig("Bo", "disruptor", &[])],
        &[fig("Rue", "runner", &["R6"])],
    );
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, b, 16.0, 26.0);
    put(&mut s, r, 16.0, 20.0);
    give(&mut s, r, &[(8, 5)]);
    act(&g, &mut s, "attack A 1d4");
    roll(&g, &mut s, &[1]);
    assert_eq!(no(&g, &s, "use A1 counter b"), "ep.counter.target");
    let ev = act(&g, &mut s, "use A1 counter a");
    assert!(ev.contains(&Event::Hit { target: a, damage: 5 }));
}

#[test]
fn r3_takes_a_prep_token_from_the_opponent_mid_move() {
    // R3: "Melee Remove[D6] take 1 prep token from the opponent; Chain
    // Rush". Chain rush: "can be used in the middle of a movement action ...
    // on different opponent figures throughout a movement. A single chain
    // rush action cannot target the same figure twice."
    let g = game(&[fig("Rue", "runner", &["R3"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [r, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, r);
    s.prep = [0, 2];
    put(&mut s, r, 5.0, 20.0);
    put(&mut s, ada, 10.0, 22.5);
    put(&mut s, bea, 10.0, 17.5);
    give(&mut s, r, &[(6, 1), (6, 2)]);
    act(&g, &mut s, "move 10,20 20,20");
    assert_eq!(owes(&g, &s), ToMove::Seat(P1), "stopped at the first waypoint, touching Ada and Bea");
    assert_eq!(s.figures[r as usize].at, Some(p(10.0, 20.0)));
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.contains(&Event::Stole { by: r, from: P2 }));
    assert_eq!(s.prep, [1, 1]);
    assert_eq!(no(&g, &s, "use a1 A"), "ep.ability.chain", "not the same figure twice");
    act(&g, &mut s, "use a1 B");
    assert_eq!(s.prep, [2, 0]);
    assert_eq!(s.figures[r as usize].at, Some(p(20.0, 20.0)), "with no one left to strike, the move goes on");
    assert_eq!(s.figures[r as usize].actions, 2, "the chain rushes were part of one move");
}

#[test]
fn r4_is_a_melee_rolled_d6_that_may_close_a_move() {
    // R4: "Melee [(D6)] Rush".
    let g = game(&[fig("Rue", "runner", &["R4"])], &[fig("Ada", "leader", &[])]);
    let [r, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, r);
    put(&mut s, r, 5.0, 20.0);
    put(&mut s, ada, 15.0, 20.0);
    give(&mut s, r, &[(6, 1)]);
    act(&g, &mut s, "move 12.5,20");
    act(&g, &mut s, "use a1 A");
    let ev = roll(&g, &mut s, &[6]);
    assert!(ev.contains(&Event::Hit { target: ada, damage: 6 }));
    assert_eq!(s.figures[r as usize].actions, 2);
}

#[test]
fn r7_strikes_different_figures_with_a_rolled_d8_during_one_move() {
    // R7: "Melee [(D8)] Chain Rush".
    let g = game(&[fig("Rue", "runner", &["R7"])], &[fig("Ada", "leader", &[]), fig("Bea", "leader", &[])]);
    let [r, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, r);
    put(&mut s, r, 5.0, 20.0);
    put(&mut s, ada, 10.0, 22.5);
    put(&mut s, bea, 16.0, 22.5);
    give(&mut s, r, &[(8, 1), (8, 1)]);
    act(&g, &mut s, "move 10,20 16,20 20,20");
    act(&g, &mut s, "use a1 A");
    roll(&g, &mut s, &[5]);
    assert_eq!(damage(&s, ada), 5);
    assert_eq!(s.figures[r as usize].at, Some(p(16.0, 20.0)), "on to the next waypoint, touching Bea");
    act(&g, &mut s, "use a1 B");
    roll(&g, &mut s, &[4]);
    assert_eq!((damage(&s, ada), damage(&s, bea)), (5, 4));
    assert_eq!(s.figures[r as usize].at, Some(p(20.0, 20.0)));
}

#[test]
fn r9_deals_the_d12_to_a_figure_in_base_contact() {
    // R9: "Melee [D12] damage = die".
    let g = game(&[fig("Rue", "runner", &["R9"])], &[fig("Ada", "leader", &[])]);
    let [r, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, r);
    put(&mut s, r, 10.0, 20.0);
    put(&mut s, ada, 12.5, 20.0);
    give(&mut s, r, &[(12, 9)]);
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.contains(&Event::Hit { target: ada, damage: 9 }));
}

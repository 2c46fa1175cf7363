//! Reactions and what follows damage and moves, in the order the rules
//! give them, owed by the player they belong to.

use super::*;
use arbiter_ephemeral::Frame;

#[test]
fn passive_mines_go_off_when_a_figure_is_pushed_near_them_in_v026_only() {
    // v0.26: "Passive mines detonate whenever a figure ends its movement
    // within 5 cm of the mine or a figure is pushed or pulled within 5 cm
    // of the mine." v0.20: "whenever a figure ends its movement within
    // range 1 (5cm) of the mine."
    for (edition, goes_off) in [(Edition::V026, true), (Edition::V020, false)] {
        let g = game_of(edition, &[fig("Tam", "tactician", &["T3", "T9"])], &[fig("Ada", "leader", &[])]);
        let [t, ada] = ids(&g, ["a", "A"]);
        let mut s = acting(&g, t);
        put(&mut s, t, 10.0, 20.0);
        put(&mut s, ada, 16.5, 20.0);
        give(&mut s, t, &[(10, 6), (4, 4)]);
        act(&g, &mut s, "use a2 at 10,21.9");
        let ev = act(&g, &mut s, "use a1 pull A");
        let boom = ev.iter().any(|e| matches!(e, Event::MineDetonated { .. }));
        assert_eq!(boom, goes_off, "{edition}");
        let _ = ada;
    }
}

#[test]
fn mines_go_off_before_the_rush_and_a_defeated_mover_rushes_no_more() {
    // Mine: "Damage from mines is applied before any rush or chain rush
    // abilities."
    let g = game(&[fig("Ash", "disruptor", &["D3"])], &[fig("Tam", "tactician", &["T4"]), fig("Bea", "leader", &[])]);
    let [a, tam, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 5.0, 20.0);
    put(&mut s, tam, 30.0, 30.0);
    put(&mut s, bea, 16.0, 20.0);
    give(&mut s, a, &[(4, 2)]);
    s.mines.push(arbiter_ephemeral::frame::Mine {
        id: 1,
        by: tam,
        slot: 0,
        die: Die { sides: 6, value: 6 },
        at: p(14.0, 22.0),
        passive: true,
    });
    s.mines_laid = 1;
    let ev = act(&g, &mut s, "move 13,20");
    assert!(ev.contains(&Event::MineDetonated { mine: 1, at: p(14.0, 22.0) }));
    assert!(ev.contains(&Event::Defeated { figure: a }), "6 damage on 6 HP");
    assert!(s.pending.is_empty(), "no rush for a figure that is gone");
    assert_ne!(s.phase, Phase::Acting { figure: a, used: 1, limit: u8::MAX }, "its activation is over");
}

#[test]
fn a_defender_answers_with_a_defend_die_and_l7_in_one_window_then_counters_and_l11_follow() {
    // The order after an attack (ruling P36): the damage window (Defend,
    // L7), the damage, a counter attack, then L11.
    let g = game(
        &[fig("Ash", "disruptor", &[])],
        &[fig("Dee", "tactician", &["T7"]), fig("Lea", "leader", &["L7", "L11"]), fig("Rue", "runner", &["R6"])],
    );
    let [a, dee, lea, rue] = ids(&g, ["a", "A", "B", "C"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, rue, 15.0, 20.0);
    put(&mut s, lea, 22.0, 20.0);
    put(&mut s, dee, 30.0, 30.0);
    give(&mut s, dee, &[(8, 1)]);
    give(&mut s, lea, &[(8, 2)]);
    give(&mut s, rue, &[(8, 3)]);
    act(&g, &mut s, "attack C 2d4");
    roll(&g, &mut s, &[3, 2]);
    // Rue is attacked: Lea's L7 may cancel (Dee's Defend is not Rue's).
    assert_eq!(owes(&g, &s), ToMove::Seat(P2));
    assert!(matches!(s.pending.top(), Some(Frame::Window(_))));
    // The D8 is spent down to nothing, and nothing else can answer: the
    // window closes by itself and the damage lands.
    let ev = act(&g, &mut s, "use B1 cancel 2");
    assert!(ev.contains(&Event::Hit { target: rue, damage: 3 }));
    // Rue survived: the counter (R6: the die's value).
    let ev = act(&g, &mut s, "use C1 counter a");
    assert!(ev.contains(&Event::Hit { target: a, damage: 3 }));
    // Then L11 (Ash took an attack action).
    assert_eq!(owes(&g, &s), ToMove::Seat(P2));
    let ev = act(&g, &mut s, "use B2 move 25,20");
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { figure, .. } if *figure == lea)));
    assert!(s.pending.is_empty());
    assert_eq!(owes(&g, &s), ToMove::Seat(P1), "back to Ash's activation");
    let _ = dee;
}

#[test]
fn a_counter_attack_may_itself_be_answered_by_a_counter_attack() {
    // "the figure with the counter attack ability may perform an attack
    // action after not being defeated by an opponent's attack" — a counter
    // attack is an opponent's attack too (ruling P32); every counter spends
    // a foraged die, so the exchange ends.
    let g = game(&[fig("Rua", "runner", &["R6"])], &[fig("Rue", "runner", &["R6"])]);
    let [ra, re] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, ra);
    put(&mut s, ra, 10.0, 20.0);
    put(&mut s, re, 15.0, 20.0);
    give(&mut s, ra, &[(8, 1)]);
    give(&mut s, re, &[(8, 1)]);
    act(&g, &mut s, "attack A 1d4");
    roll(&g, &mut s, &[1]);
    act(&g, &mut s, "use A1 counter a");
    assert_eq!(owes(&g, &s), ToMove::Seat(P1), "Rua survived Rue's counter");
    act(&g, &mut s, "use a1 counter A");
    assert!(s.pending.is_empty(), "no dice left: it ends");
    assert_eq!((damage(&s, ra), damage(&s, re)), (1, 2));
}

#[test]
fn prep_tokens_are_not_spent_in_the_opponents_windows() {
    // "Prep tokens can be used at any time during a player's turn" (ruling
    // P11): the defender's window is in the attacker's turn.
    let g = game(&[fig("Ash", "disruptor", &[])], &[fig("Dee", "tactician", &["T7"])]);
    let [a, dee] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    s.prep = [0, 2];
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, dee, 20.0, 20.0);
    give(&mut s, dee, &[(8, 4)]);
    act(&g, &mut s, "attack A 1d4");
    roll(&g, &mut s, &[3]);
    assert_eq!(owes(&g, &s), ToMove::Seat(P2));
    assert_eq!(no(&g, &s, "prep mend A"), "ep.turn.phase");
}

#[test]
fn a_chain_rusher_defeated_by_a_counter_stops_where_it_stands() {
    // A counter attack may defeat the moving figure in the middle of its
    // move: what is left of the move is gone (ruling P28), and so is its
    // activation.
    let g = game(&[fig("Rue", "runner", &["R7"])], &[fig("Cid", "runner", &["R6"])]);
    let [r, cid] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, r);
    put(&mut s, r, 5.0, 20.0);
    put(&mut s, cid, 10.0, 22.5);
    give(&mut s, r, &[(8, 1)]);
    give(&mut s, cid, &[(8, 8)]);
    act(&g, &mut s, "move 10,20 20,20");
    act(&g, &mut s, "use a1 A");
    roll(&g, &mut s, &[1]);
    let ev = act(&g, &mut s, "use A1 counter a");
    assert!(ev.contains(&Event::Defeated { figure: r }));
    assert!(s.pending.is_empty());
    assert!(!matches!(s.phase, Phase::Acting { figure, .. } if figure == r));
}

#[test]
fn the_defend_die_of_architecture_md_step_by_step() {
    // ARCHITECTURE.md, "A Defend die through the resolution core".
    let g = game(&[fig("Ash", "disruptor", &[])], &[fig("Dee", "tactician", &["T7"])]);
    let [ash, dee] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, ash);
    put(&mut s, ash, 10.0, 20.0);
    put(&mut s, dee, 20.0, 20.0);
    give(&mut s, dee, &[(8, 1)]);
    act(&g, &mut s, "attack A 2d4");
    assert!(matches!(s.pending.iter().collect::<Vec<_>>()[..], [Frame::AttackRoll(_), Frame::ActionDone { .. }]));
    assert_eq!(g.dice(&s).to_string(), "Ash's attack on Dee: 2d4 (D4)");
    // With real dice the attacker's owner rolls the attack…
    assert_eq!(g.roller(&s), Some(P1));
    roll(&g, &mut s, &[2, 3]);
    assert!(matches!(
        s.pending.iter().collect::<Vec<_>>()[..],
        [Frame::Window(_), Frame::Damage(_), Frame::ActionDone { .. }]
    ));
    assert_eq!(owes(&g, &s), ToMove::Seat(P2));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let texts: Vec<String> = legal.iter().map(|a| format_action(&g, a)).collect();
    assert_eq!(texts, ["pass", "use A1 die 1 defend", "use A1 die 1 reroll"]);
    act(&g, &mut s, "use A1 reroll");
    assert_eq!(g.dice(&s).purpose(), Some("the Defend die of Dee (T7), rerolled"));
    // … and the defender's owner rerolls their Defend die.
    assert_eq!(g.roller(&s), Some(P2));
    let ev = roll(&g, &mut s, &[4]);
    assert!(ev.contains(&Event::Defended { figure: dee, slot: 0, value: 4, rerolled: true }));
    assert!(ev.contains(&Event::Hit { target: dee, damage: 1 }));
    assert!(s.pending.is_empty());
    assert_eq!(s.phase, Phase::Acting { figure: ash, used: 1, limit: u8::MAX });
}

//! The keywords, each with the rulebook's sentence.

use super::*;
use arbiter_ephemeral::Fx;

#[test]
fn multiple_targets_must_all_be_in_sight_when_the_ability_is_chosen() {
    // Multiple Targets: "If an ability specifies multiple targets, all of
    // those targets must be in line of sight when the ability action is
    // chosen. Example: If one figure is blocking line of sight from a
    // second figure, the second figure cannot be the target of the ability
    // even if the first figure is defeated or moved while using the ability."
    let big = Fig { base_mm: 40, ..fig("Ada", "disruptor", &[]) };
    let g = game(&[fig("Ash", "disruptor", &["D1"])], &[big, fig("Bea", "disruptor", &[])]);
    let [a, ada, bea] = ids(&g, ["a", "A", "B"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 13.5, 20.0); // a 40 mm base, 0.25 cm from Ash's
    put(&mut s, bea, 17.5, 20.0); // behind Ada, 5 cm from Ash's base
    give(&mut s, a, &[(4, 4)]);
    assert_eq!(no(&g, &s, "use a1 A B"), "ep.ability.sight");
    // Ada falls to the first strike; Bea was never a legal target.
    let ev = act(&g, &mut s, "use a1 A");
    assert!(ev.contains(&Event::Defeated { figure: ada }));
}

#[test]
fn rush_is_used_at_the_end_of_a_move_action_and_not_in_the_middle() {
    // Rush: "This ability can be used at the end of a movement action
    // without using an additional action." Chain Rush is the one used "in
    // the middle of a movement action".
    let g = game(&[fig("Ash", "disruptor", &["D3"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 5.0, 20.0);
    put(&mut s, ada, 8.0, 23.0);
    give(&mut s, a, &[(4, 2)]);
    // Passing Ada on the way to (15, 20): no stop in the middle for a rush.
    act(&g, &mut s, "move 10,20 15,20");
    assert_eq!(s.figures[a as usize].at, Some(p(15.0, 20.0)));
    // At the end Ada is out of D3's 5 cm: the window has nothing to offer.
    assert!(s.pending.is_empty());
}

#[test]
fn immobile_figures_may_still_be_pushed_or_pulled() {
    // Immobile: "Figure gaining the immobile keyword from an ability can
    // never take the move action after using the ability. This figure may
    // still be pushed or pulled by other figures."
    let g = game(&[fig("Tam", "tactician", &["T3"])], &[fig("Ada", "disruptor", &["D12"])]);
    let [t, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 16.5, 20.0);
    s.effects.add(arbiter_core::resolve::Effect::new(Fx::Immobile, ada, arbiter_core::resolve::Expiry::Never));
    give(&mut s, t, &[(4, 2)]);
    act(&g, &mut s, "use a1 push A");
    assert_eq!(s.figures[ada as usize].at, Some(p(18.5, 20.0)));
}

#[test]
fn immobilize_lasts_for_the_targets_next_activation_only() {
    // Immobilize: "A figure that was affected by an Immobilize attack cannot
    // move on their next activation". Ruling P34: it ends with that
    // activation.
    let g = game(&[fig("Ash", "disruptor", &["D10"])], &[fig("Ada", "leader", &[])]);
    let [a, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, a);
    put(&mut s, a, 10.0, 20.0);
    put(&mut s, ada, 20.0, 20.0);
    give(&mut s, a, &[(10, 4)]);
    act(&g, &mut s, "use a1 A");
    act(&g, &mut s, "pass");
    act(&g, &mut s, "end");
    assert_eq!(s.phase, Phase::Activate { next: P2 });
    act(&g, &mut s, "activate A");
    assert_eq!(no(&g, &s, "move 20,16"), "ep.move.immobilized");
    let ev = act(&g, &mut s, "prepare");
    assert!(s.effects.has(ada, Fx::Immobilized), "still this activation: {}", words(&g, &s, &ev));
    let ev = act(&g, &mut s, "end");
    assert!(ev.contains(&Event::Freed { figure: ada }));
    assert!(!s.effects.has(ada, Fx::Immobilized));
}

#[test]
fn a_resist_roll_over_the_defenders_force_counts_nothing() {
    // Resistible: "The defending player may roll dice with the same rules as
    // an attack (using their force value)." Ruling P33: a roll over Force
    // is a miss and resists nothing; the modifier is added after.
    let g = game(&[fig("Tam", "tactician", &["T12"])], &[fig("Ada", "leader", &[])]);
    let [t, ada] = ids(&g, ["a", "A"]);
    let mut s = acting(&g, t);
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 20.0, 20.0);
    give(&mut s, t, &[(6, 5)]);
    act(&g, &mut s, "use a1 A");
    act(&g, &mut s, "resist 3d6");
    assert!(g.dice(&s).purpose().unwrap().starts_with("Ada's resist roll against Tam's T12"));
    let ev = roll(&g, &mut s, &[6, 6, 6]);
    assert!(ev.contains(&Event::ResistRolled {
        figure: ada,
        dice: vec![Die { sides: 6, value: 6 }; 3],
        total: 0,
        against: 5
    }));
    assert!(ev.contains(&Event::ActionLost { figure: ada }));
}

#[test]
fn limit_1_holds_for_the_whole_game_even_with_dice_to_spare() {
    // Limit 1: "This ability may only be used by this figure once per game,
    // regardless if the figure has additional forged dice that would meet
    // the abilities requirements."
    let g = game(
        &[fig("Lea", "leader", &["L9"]), fig("Bo", "disruptor", &[]), fig("Cy", "disruptor", &[])],
        &[fig("Ada", "leader", &[])],
    );
    let [l, b, c] = ids(&g, ["a", "b", "c"]);
    let mut s = acting(&g, l);
    put(&mut s, l, 10.0, 20.0);
    put(&mut s, b, 15.0, 20.0);
    put(&mut s, c, 10.0, 25.0);
    give(&mut s, l, &[(8, 5), (8, 8)]);
    act(&g, &mut s, "use a1 b");
    assert_eq!(no(&g, &s, "use a1 c"), "ep.ability.limit");
}

#[test]
fn recurring_d6_may_be_used_while_tokens_last() {
    // D6 "Recurring": each prep token adds 4 more.
    let g = game(&[fig("Ash", "disruptor", &["D6"])], &[fig("Ada", "leader", &[])]);
    let [a] = ids(&g, ["a"]);
    let mut s = acting(&g, a);
    s.prep = [3, 0];
    for _ in 0..3 {
        act(&g, &mut s, "prep force a");
    }
    assert_eq!(g.force(&s, a), 18);
    assert_eq!(no(&g, &s, "prep force a"), "ep.prep.none");
}

#[test]
fn range_tokens_reach_further_for_the_next_attack_ability_only() {
    // "Increase a figure's attack range by 5cm on its next attack" (ruling
    // P24): D4 reaches 10 cm past Range, and 5 more with a token; T8's push
    // "within range" is not an attack and gains nothing.
    let g = game(&[fig("Ash", "disruptor", &["D4"]), fig("Tam", "tactician", &["T8"])], &[fig("Ada", "leader", &[])]);
    let [a, t, ada] = ids(&g, ["a", "b", "A"]);
    let mut s = acting(&g, a);
    s.prep = [2, 0];
    put(&mut s, a, 5.0, 20.0);
    put(&mut s, ada, 39.0, 20.0); // 31.5 cm: Range 20 + 10 + 5
    give(&mut s, a, &[(6, 2)]);
    assert_eq!(no(&g, &s, "use a1 A"), "ep.ability.range");
    act(&g, &mut s, "prep reach a");
    act(&g, &mut s, "use a1 A");
    let mut s = acting(&g, t);
    s.prep = [1, 0];
    put(&mut s, t, 10.0, 20.0);
    put(&mut s, ada, 33.0, 20.0); // 20.5 cm: T8 reaches Range 20
    give(&mut s, t, &[(8, 2)]);
    act(&g, &mut s, "prep reach b");
    assert_eq!(no(&g, &s, "use b1 push A"), "ep.ability.range");
}

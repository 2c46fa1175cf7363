//! Card features of the starter bestiary played end to end: Swarming
//! Stings and Swarm Mind (Wasp Swarm), Exalt the Little Ones (Arboreal
//! Shepherd) — rulings P2V-R143 and up of `docs/rulings/p2v.md`.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

mod common;

use arbiter_core::ToMove;
use arbiter_p2v::play::Action;
use arbiter_p2v::play::cast::Stat;
use arbiter_p2v::play::event::Event;
use common::scene::Scene;

#[test]
fn swarming_stings_poison_only_a_target_that_failed_its_reflex_save() {
    // Wasp Swarm: "Swarming Stings ● Melee — The target takes 10 piercing damage (Reflex
    // half). If it fails its save, it also takes 10 poison damage (Fortitude negates)."
    // Ruling P2V-R143: the poison is a second effect with its own save, after the damage.
    let mut sc = Scene::new(&["Wasp Swarm"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "e3").turn("a");
    let hp = sc.hp("A");
    sc.act("use swarming-stings A");
    sc.roll(&[5]); // Reflex +5 + 5 = 10 against Power 17: a failure (not by 10)
    assert_eq!(sc.hp("A"), hp - 10, "the piercing damage in full");
    assert_eq!(sc.asks(), ToMove::Chance, "the Fortitude save against the poison");
    sc.roll(&[5]); // Fortitude +9 + 5 = 14: a failure
    assert_eq!(sc.hp("A"), hp - 20, "10 poison more");

    // A success halves the piercing damage and asks no Fortitude save.
    sc.next_turn(2, "a");
    let hp = sc.hp("A");
    sc.act("use swarming-stings A");
    sc.roll(&[15]); // 20 against 17: a success
    assert_eq!(sc.hp("A"), hp - 5);
    assert_ne!(sc.asks(), ToMove::Chance, "no poison save after a success");
    assert!(!sc.events.iter().any(|e| matches!(e, Event::Save { save, .. } if save == "Fortitude")));
}

#[test]
fn swarm_mind_shrugs_off_a_will_save_aimed_at_the_swarm_alone_but_not_an_area() {
    // Wasp Swarm: "Swarm Mind — The wasp swarm is immune to any effect requiring a Will save
    // for which it is the only target." Ruling P2V-R143: a power or spell aimed at one
    // creature; an area (Sleep's burst) targets its squares, so the swarm saves as usual.
    let mut sc = Scene::new(&["Azhana"], &["Wasp Swarm"]);
    sc.put("a", "c3").put("A", "c7").turn("a");
    sc.act("cast laughing-fit A");
    assert_ne!(sc.asks(), ToMove::Chance, "no Will save is rolled");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Unaffected { by, .. } if by == "Swarm Mind")));
    let a = sc.id("A");
    assert!(!sc.s.creatures[a].conditions.has(arbiter_p2v::play::state::Conditions::SLOWED));

    sc.next_turn(2, "a");
    sc.act("cast sleep c7");
    assert_eq!(sc.asks(), ToMove::Chance, "Sleep's burst: the swarm saves");
}

#[test]
fn exalt_the_little_ones_lifts_allied_animals_in_the_emanation_only() {
    // Arboreal Shepherd: "Exalt the Little Ones ● Emanation 6 — Allied animals receive +1
    // Attack, Power and saves till shepherd's next turn." Ruling P2V-R143: `only = ["animal"]`
    // picks the card trait; the shepherd (a plant) and the knight (a human) get nothing.
    let mut sc = Scene::new(&["Arboreal Shepherd", "Boar", "Eagle Knight", "Boar"], &["Boar"]);
    sc.put("a", "c3").put("b", "c7").put("c", "d7").put("d", "l12").put("A", "e7").turn("a");
    sc.act("use exalt-the-little-ones");
    let g = &sc.g;
    for (who, lifted) in [("b", true), ("a", false), ("c", false), ("d", false), ("A", false)] {
        let i = sc.id(who) as u8;
        let want = if lifted { 1 } else { 0 };
        assert_eq!(g.bonus(&sc.s, i, Stat::Fight), want, "{who}'s Fight");
        assert_eq!(g.bonus(&sc.s, i, Stat::Power), want, "{who}'s Power");
        assert_eq!(g.bonus(&sc.s, i, Stat::Saves), want, "{who}'s saves");
    }
    // It ends as the shepherd's next turn starts.
    sc.turn("A");
    sc.act("end");
    sc.next_turn(2, "a");
    assert_eq!(sc.g.bonus(&sc.s, sc.id("b") as u8, Stat::Fight), 0);
}

/// The damage events of creature `who` in the scene's last events.
fn damaged(sc: &Scene, who: &str) -> Vec<u16> {
    let i = sc.id(who) as u8;
    sc.events
        .iter()
        .filter_map(|e| match e {
            Event::Damaged { who, damage, .. } if *who == i => Some(damage.amount),
            _ => None,
        })
        .collect()
}

#[test]
fn double_slice_joins_two_hits_at_one_target_with_sneak_attack_once() {
    // Caligni Hunter: "Double Slice ●● Two melee strikes at one target. If both hit, their
    // damage is added together before resistances and weaknesses apply, and Sneak Attack
    // counts once." Ruling P2V-R144.
    let mut sc = Scene::new(&["Caligni Hunter"], &["Eagle Knight", "Eagle Knight"]);
    sc.put("a", "c3").put("A", "d3").put("B", "c4").turn("a");
    let a = sc.id("A");
    sc.s.creatures[a].prone = true; // off-guard: Sneak Attack's 5
    let hp = sc.hp("A");
    sc.act("use double-slice");
    sc.act("strike 1 A");
    sc.roll(&[15]); // +9 + 15 = 24 against Armor 19 − 2: a hit, not a critical one
    sc.roll(&[19]); // the shortsword's poison: Fortitude +9 + 19 = 28, negated
    assert_eq!(sc.hp("A"), hp, "the first hit's damage waits for the second");
    assert_eq!(sc.refused("strike 1 B"), "p2v.activity.one-target");
    sc.act("strike 1 A");
    sc.roll(&[15]);
    assert_eq!(damaged(&sc, "A"), vec![25], "10 + 5 (Sneak Attack once) + 10, as one damage");
    sc.roll(&[19]);
    assert_eq!(sc.hp("A"), hp - 25);

    // A second strike that misses lets the first deal its own damage.
    sc.next_turn(2, "a");
    let hp = sc.hp("A");
    sc.act("use double-slice");
    sc.act("strike 1 A");
    sc.roll(&[15]).roll(&[19]);
    sc.act("strike 1 A");
    sc.roll(&[2]); // +9 + 2 = 11: a miss
    assert_eq!(damaged(&sc, "A"), vec![15], "10 + Sneak Attack's 5, alone");
    assert_eq!(sc.hp("A"), hp - 15);

    // Passing the second strike does the same.
    sc.next_turn(3, "a");
    let hp = sc.hp("A");
    sc.act("use double-slice");
    sc.act("strike 1 A");
    sc.roll(&[15]).roll(&[19]);
    sc.act("pass");
    assert_eq!(sc.hp("A"), hp - 15);
}

#[test]
fn encircling_command_lets_each_allied_caligni_in_the_area_step_in_turn() {
    // Caligni Hunter: "Encircling Command ●○ Emanation 4 — Every allied caligni in the area
    // may Step." Ruling P2V-R145: in roster order, each one's player steps it or ends; the
    // hunter (its own caligni) does not, nor an ally that is no caligni; then the hunter's
    // turn goes on.
    let mut sc = Scene::new(
        &["Caligni Hunter", "Caligni Skulker", "Eagle Knight", "Caligni Skulker", "Caligni Skulker"],
        &["Eagle Knight"],
    );
    sc.put("a", "c3").put("b", "c5").put("c", "d3").put("d", "f3").put("e", "l12").put("A", "l1").turn("a");
    sc.act("use encircling-command");
    assert!(sc.events.iter().any(|e| matches!(e, Event::MayStep { who } if *who == sc.id("b") as u8)));
    assert!(!sc.events.iter().any(|e| matches!(e, Event::MayStep { who } if *who == sc.id("e") as u8)), "out of range");
    assert!(!sc.events.iter().any(|e| matches!(e, Event::MayStep { who } if *who == sc.id("c") as u8)), "no caligni");
    assert_eq!(sc.turn_state().who, sc.id("b") as u8, "the first skulker steps first");
    assert_eq!(sc.refused("stride c8"), "p2v.command.step", "a Step only");
    assert_eq!(sc.refused("step c7"), "p2v.move.step", "a Step is 1 square");
    let mut legal = Vec::new();
    arbiter_core::Game::legal_actions(&sc.g, &sc.s, &mut legal);
    assert!(legal.iter().all(|a| matches!(a, Action::Step { .. } | Action::End)), "{legal:?}");
    sc.act("step c6");
    assert_eq!(sc.s.creatures[sc.id("b")].at, Some(sc.sq("c6")));
    assert_eq!(sc.turn_state().who, sc.id("d") as u8, "then the next");
    sc.act("end");
    assert_eq!(sc.s.creatures[sc.id("d")].at, Some(sc.sq("f3")), "it stayed");
    let t = sc.turn_state();
    assert_eq!((t.who, t.ap), (sc.id("a") as u8, 1), "the hunter's turn goes on with its last action point");
    assert_eq!(sc.refused("use encircling-command"), "p2v.power.once", "once per turn");
}

#[test]
fn the_bee_man_summons_two_wasp_swarms_that_fight_on_their_own() {
    // Bee-Man: "Primal Caster Rank 5 — 🄳🄳 Summon animal (wasp swarm only)". Ruling
    // P2V-R146: Summon Animal brings the caster's `summons` card, one per use, as Awaken Tree
    // does (P2V-R94); the swarms are no one's minions.
    use arbiter_p2v::play::state::Life;
    let mut sc = Scene::new(&["Bee-Man"], &["Eagle Knight"]);
    let swarms: Vec<usize> = (0..sc.g.roster().len()).filter(|&i| sc.g.roster()[i].awakened_by == Some(0)).collect();
    assert_eq!(swarms.len(), 2, "twice a day");
    for &w in &swarms {
        let p = &sc.g.roster()[w];
        assert_eq!((p.card.as_str(), p.points, p.team), ("Wasp Swarm", 0, 0));
        assert_eq!(sc.s.creatures[w].life, Life::Waiting);
        assert_eq!(sc.g.commander_of(w), None, "no one's minion");
    }
    sc.put("a", "c3").put("A", "l12").turn("a");
    assert_eq!(sc.refused("cast summon-animal j3"), "p2v.awaken.range", "7 squares away: beyond 6");
    sc.act("cast summon-animal e3");
    assert_eq!(sc.s.creatures[swarms[0]].at, Some(sc.sq("e3")));
    assert_eq!(sc.s.creatures[swarms[0]].life, Life::Up);
    assert_eq!(sc.s.creatures[swarms[1]].life, Life::Waiting);
    sc.next_turn(2, "a");
    sc.act("cast summon-animal c6");
    assert_eq!(sc.s.creatures[swarms[1]].at, Some(sc.sq("c6")));
    sc.next_turn(3, "a");
    assert_eq!(sc.refused("cast summon-animal e6"), "p2v.cast.uses");
    // A swarm takes a turn of its own.
    sc.act("end");
    sc.s.creatures[swarms[0]].done = false;
    let label = sc.g.roster()[swarms[0]].label.clone();
    sc.turn(&label);
    assert_eq!(sc.turn_state().who, swarms[0] as u8);
}

#[test]
fn healing_haven_shelters_an_animal_out_of_play_heals_it_each_turn_and_lets_it_out() {
    // Arboreal Shepherd: "Healing Haven ● (1 per encounter) Remove an adjacent Medium or
    // smaller allied animal from play. At the start of each of its turns, animal heals 5 then
    // can choose to end this effect, returning to an unoccupied space adjacent to the
    // shepherd." Ruling P2V-R147.
    use arbiter_p2v::play::state::Life;
    let mut sc = Scene::new(&["Arboreal Shepherd", "Boar", "Eagle Knight", "Hateful Bear"], &["Eagle Knight"]);
    sc.put("a", "c3").put("b", "f3").put("c", "c6").put("d", "f5").put("A", "l12").turn("a");
    assert_eq!(sc.refused("use healing-haven c"), "p2v.haven.who", "a knight is no animal");
    assert_eq!(sc.refused("use healing-haven d"), "p2v.haven.who", "a Large bear is too big");
    let b = sc.id("b");
    sc.s.creatures[b].hp -= 20;
    sc.s.creatures[b].prone = true;
    let hp = sc.hp("b");
    sc.act("use healing-haven b");
    assert_eq!((sc.s.creatures[b].life, sc.s.creatures[b].at), (Life::Waiting, None), "out of play");
    assert!(!sc.s.creatures[b].prone);
    assert_eq!(sc.refused("use healing-haven b"), "p2v.power.uses", "once per encounter");

    // The boar's turn: it heals 5, and stays in.
    sc.act("end");
    sc.turn("b");
    assert_eq!(sc.hp("b"), hp + 5);
    assert_eq!(sc.refused("stride c9"), "p2v.haven.inside");
    assert_eq!(sc.refused("place b l11"), "p2v.haven.space", "beside the shepherd only");
    sc.act("end");
    assert_eq!(sc.s.creatures[b].life, Life::Waiting);

    // Next round: 5 more, then out beside the shepherd, and the turn goes on.
    sc.next_turn(2, "b");
    assert_eq!(sc.hp("b"), hp + 10);
    let mut legal = Vec::new();
    arbiter_core::Game::legal_actions(&sc.g, &sc.s, &mut legal);
    assert!(legal.iter().all(|a| matches!(a, Action::Place { .. } | Action::End)), "{legal:?}");
    assert!(legal.contains(&Action::Place { who: b as u8, at: sc.sq("c2") }), "below the shepherd's space");
    sc.act("place b f4");
    assert_eq!((sc.s.creatures[b].life, sc.s.creatures[b].at), (Life::Up, Some(sc.sq("f4"))));
    assert_eq!(sc.turn_state().ap, 2, "coming out is free");
    sc.act("stride f8");
}

#[test]
fn a_summonable_animal_in_a_haven_is_not_summoned_out_of_it() {
    use common::scene::entry;
    // Ruling P2V-R147: the sheltered animal comes out only in its own turn, beside the
    // shepherd; Summonable (P2V-R85) places a creature still out of play since deployment
    // (found by `arbiter soak p2v`: a shepherd summoned its sheltered compsognathus, which
    // stood in play while still in the haven).
    use arbiter_p2v::play::state::Life;
    let mut sc = Scene::of(
        vec![entry("Arboreal Shepherd", &[], &[]), entry("Compsognathus", &[], &["Summonable"])],
        vec![entry("Eagle Knight", &[], &[])],
    );
    sc.put("a", "c3").put("A", "l12").turn("a");
    sc.act("summon b f3");
    assert_eq!(sc.life("b"), Life::Up);
    sc.next_turn(2, "a").act("use healing-haven b");
    assert_eq!(sc.life("b"), Life::Waiting, "in the haven");
    sc.act("end").next_turn(3, "a");
    assert_eq!(sc.refused("summon b f3"), "p2v.summon.who", "in the haven, not waiting to be summoned");
}

#[test]
fn defend_the_friends_spares_an_ally_its_weakness_and_5_damage_for_5_of_its_own() {
    // Arboreal Shepherd: "Defend the Friends ↻ If an ally within reach takes damage: Ally does
    // not apply weaknesses to that damage, and further reduces it by 5. Shepherd takes 5
    // damage." Ruling P2V-R148.
    let mut sc = Scene::new(&["Arboreal Shepherd", "Arboreal Shepherd"], &["Animated Armor"]);
    sc.put("a", "c3").put("b", "f3").put("A", "i3").turn("A");
    let (ha, hb) = (sc.hp("a"), sc.hp("b"));
    sc.act("strike 1 b");
    sc.roll(&[15]); // +9 + 15 = 24 against Armor 17: a hit for 10 slashing (weak slashing 5)
    let w = format!("{:?}", sc.s.pending.top());
    assert!(w.contains("Defend"), "the other shepherd is asked: {w}");
    sc.act("react");
    // The shepherd's own 5 may be defended by the ally in turn: it passes.
    while matches!(sc.s.pending.top(), Some(arbiter_p2v::play::state::Frame::Window(_))) {
        sc.act("pass");
    }
    assert_eq!(sc.hp("b"), hb - 5, "10 − 5, and no weakness");
    assert_eq!(sc.hp("a"), ha - 5, "the shepherd takes 5");

    // Without the reaction: 10 + weakness 5.
    let mut sc = Scene::new(&["Arboreal Shepherd", "Arboreal Shepherd"], &["Animated Armor"]);
    sc.put("a", "c3").put("b", "f3").put("A", "i3").turn("A");
    let hb = sc.hp("b");
    sc.act("strike 1 b");
    sc.roll(&[15]);
    sc.act("pass");
    assert_eq!(sc.hp("b"), hb - 15);
}

#[test]
fn parasitic_rejuvenation_heals_the_wraithvine_when_its_held_prey_takes_poison() {
    // Wraithvine: "Parasitic Rejuvenation ○ When a creature it holds grabbed within reach
    // takes poison damage, it heals 15 HP and becomes slowed." Ruling P2V-R149: a free
    // action its player may take or not, after the damage.
    use arbiter_p2v::play::state::{Conditions, Frame};
    let mut sc = Scene::new(&["Wraithvine"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "f3").turn("a");
    let a = sc.id("a");
    sc.s.creatures[a].hp -= 30;
    let hp = sc.hp("a");
    // The knight is in the wraithvine's grip (its Tentacle's grab).
    let k = sc.id("A");
    sc.s.creatures[k].grabbed_by = Some(a as u8);
    sc.s.creatures[k].conditions = sc.s.creatures[k].conditions.with(Conditions::GRABBED);
    sc.act("strike bite A");
    sc.roll(&[15]); // +11 + 15 = 26 against 17 (grabbed: off-guard): a hit, 25 piercing and poison
    assert!(
        matches!(sc.s.pending.top(), Some(Frame::Window(w)) if format!("{:?}", w.trigger).contains("Rejuvenate")),
        "the wraithvine is asked"
    );
    sc.act("react");
    assert_eq!(sc.hp("a"), hp + 15);
    assert!(sc.s.creatures[a].conditions.has(Conditions::SLOWED));
}

#[test]
fn amber_tomb_rattles_an_attacker_whose_melee_weapon_critically_hits() {
    // Arboreal Sapstriker: "Amber Tomb ↻ If the sapstriker is critically hit by a melee
    // weapon: The attacker is rattled." Ruling P2V-R150: a reaction its player may take.
    use arbiter_p2v::play::state::{Conditions, Frame};
    let mut sc = Scene::new(&["Arboreal Sapstriker"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "e3").turn("A");
    sc.act("strike rapier a");
    sc.roll(&[19]); // +11 + 19 = 30: 10 or more above its Armor, a critical hit
    while !matches!(sc.s.pending.top(), Some(Frame::Window(w)) if format!("{:?}", w.trigger).contains("Retort")) {
        assert_eq!(sc.asks(), ToMove::Chance, "the reaction is offered before anything else is decided");
        sc.roll(&[6, 6, 6, 6]);
    }
    sc.act("react");
    assert!(sc.s.creatures[sc.id("A")].conditions.has(Conditions::RATTLED));
}

/// Answers the reaction windows on top of the stack: takes those whose
/// trigger's name contains `take`, passes the others.
fn windows(sc: &mut Scene, take: &str) {
    use arbiter_p2v::play::state::Frame;
    while let Some(Frame::Window(w)) = sc.s.pending.top() {
        let yes = format!("{:?}", w.trigger).contains(take);
        sc.act(if yes { "react" } else { "pass" });
    }
}

#[test]
fn absorb_shock_turns_electricity_into_healing_and_a_quickened_turn_for_lightning_blast() {
    // Stormdrinker: "Absorb Shock — Electricity damage does not harm it: instead it heals 10
    // HP and becomes quickened." "Lightning Blast ●● Line 8 — Only while it is quickened: 30
    // electricity damage (Reflex half)." "Quickened: The creature gains +1 action point at
    // the start of its next turn. It then loses the quickened status." Ruling P2V-R151.
    use common::scene::entry;
    let mut sc =
        Scene::of(vec![entry("Stormdrinker", &[], &[])], vec![entry("Eagle Knight", &["Thunderbird Tuft"], &[])]);
    sc.put("a", "c3").put("A", "e3").turn("a");
    let a = sc.id("a") as u8;
    sc.s.creatures[usize::from(a)].hp -= 30;
    let hp = sc.hp("a");
    assert_eq!(sc.refused("use lightning-blast e3"), "p2v.power.needs", "not quickened yet");
    sc.act("strike vine A");
    sc.roll(&[15]); // +11 + 15 = 26 against the knight's Armor: a hit
    while sc.asks() == ToMove::Chance {
        sc.roll(&[1]);
    }
    windows(&mut sc, "Retaliate"); // the tuft: "the attacker takes 5 electricity damage"
    assert_eq!(sc.hp("a"), hp + 10, "the electricity heals it instead");
    assert!(sc.g.quickened(&sc.s, a), "and quickens it");
    // Quickened in its own turn: the action point comes at the start of the next.
    assert_eq!(sc.turn_state().ap, 1);
    sc.act("end");
    sc.turn("A").act("end");
    sc.next_turn(2, "a");
    assert_eq!(sc.turn_state().ap, 3, "2 + 1 for quickened");
    let hk = sc.hp("A");
    sc.act("use lightning-blast e3");
    sc.roll(&[10]); // the knight's Reflex +5 + 10 = 15 against Power 18: a failure
    assert_eq!(sc.hp("A"), hk - 30);
    assert_eq!(sc.turn_state().ap, 1);
    assert!(sc.g.quickened(&sc.s, a), "quickened through the turn it gave its action point to");
    sc.act("end");
    assert!(!sc.g.quickened(&sc.s, a), "and lost at its end");
}

#[test]
fn the_statues_brazier_goes_out_under_cold_and_while_rattled_it_neither_hurls_coal_nor_burns() {
    // Giant Animated Statue: "Brazier — While rattled it cannot use Flaming Coal or Burn
    // Alive. Taking 15 or more cold damage from one attack makes it rattled." "Burn Alive ● A
    // creature within reach that it holds grabbed or restrained takes 20 fire damage."
    // Ruling P2V-R152: the damage it takes after resistance; Burn Alive needs no roll.
    use arbiter_p2v::play::damage::Damage;
    use arbiter_p2v::play::state::{Conditions, Frame, Hit};
    let mut sc = Scene::new(&["Giant Animated Statue"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "f3").turn("a");
    let (a, k) = (sc.id("a"), sc.id("A"));
    assert_eq!(sc.refused("use burn-alive A"), "p2v.power.held", "only a creature it holds");
    sc.s.creatures[k].grabbed_by = Some(a as u8);
    sc.s.creatures[k].conditions = sc.s.creatures[k].conditions.with(Conditions::GRABBED);
    let hk = sc.hp("A");
    sc.act("use burn-alive A");
    assert_eq!(sc.hp("A"), hk - 20);

    // 20 cold, of which its construct armor's 4d6 takes 5: 15 taken, rattled.
    let cold = |n: &str| Hit {
        target: a as u8,
        source: Some(k as u8),
        damage: Damage::parse(n).unwrap(),
        strike: true,
        area: false,
        critical: false,
        defended: false,
    };
    sc.s.pending.push(Frame::Damage(cold("20 cold")));
    sc.roll(&[4, 1, 1, 1]);
    assert!(sc.s.creatures[a].conditions.has(Conditions::RATTLED), "15 cold from one attack");
    assert_eq!(sc.refused("strike flaming-coal A"), "p2v.feature.stopped");
    assert_eq!(sc.refused("use burn-alive A"), "p2v.feature.stopped");
    sc.act("strike stone-fist A");

    // 14 is not enough.
    let mut sc = Scene::new(&["Giant Animated Statue"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "f3").turn("a");
    sc.s.pending.push(Frame::Damage(cold("20 cold")));
    sc.roll(&[4, 4, 1, 1]);
    assert!(!sc.s.creatures[a].conditions.has(Conditions::RATTLED), "10 cold");
}

#[test]
fn the_bee_man_starting_its_turn_in_smoke_is_slowed() {
    // Bee-Man: "Smoke Susceptibility — Starting its turn in heavy smoke leaves it slowed."
    // "Concealing: Smoke, snowfall, dim light." Ruling P2V-R153: concealing terrain is the
    // board's smoke; the slowed condition comes before its action points are set.
    use arbiter_p2v::play::state::Conditions;
    let mut rows: Vec<String> = std::iter::repeat_n(". . . . . . . . . . . .".to_string(), 12).collect();
    rows[9] = ". . ~ . . . . . . . . .".into();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let m = common::scene::map(12, 12, &rows, "\"~\" = { name = \"smoke\", traits = [\"concealing\"] }");
    let mut sc = Scene::on(&["Bee-Man", "Bee-Man"], &["Boar"], m);
    sc.put("a", "c3").put("b", "h3").put("A", "l12").turn("a");
    assert!(sc.s.creatures[sc.id("a")].conditions.has(Conditions::SLOWED));
    assert_eq!(sc.turn_state().ap, 1);
    sc.act("end");
    sc.turn("b");
    assert!(!sc.s.creatures[sc.id("b")].conditions.has(Conditions::SLOWED));
    assert_eq!(sc.turn_state().ap, 2);
}

#[test]
fn reassemble_trades_two_squares_of_speed_for_two_of_reach_and_back() {
    // Paleohemoth: "Reassemble ● Its reach grows by 2 and its Speed shrinks by 2. Spending 1
    // AP undoes this." Ruling P2V-R154: a stance, taken and left with the same action.
    let mut sc = Scene::new(&["Paleohemoth"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "i3").turn("a");
    assert_eq!(sc.refused("strike jaws A"), "p2v.strike.reach", "Melee 3 does not reach 4 squares");
    sc.act("use reassemble");
    assert!(sc.g.stance_of(&sc.s, 0).is_some());
    // Speed 5 − 2: a Stride of 4 squares is too far now.
    assert_eq!(sc.refused("stride c7"), "p2v.move.stride");
    sc.act("strike jaws A");
    sc.roll(&[1]); // a miss: the strike was allowed at reach 5
    sc.next_turn(2, "a");
    assert!(sc.g.stance_of(&sc.s, 0).is_some(), "it lasts until undone");
    sc.act("use reassemble");
    assert!(sc.g.stance_of(&sc.s, 0).is_none());
    assert_eq!(sc.refused("strike jaws A"), "p2v.strike.reach");
    assert_eq!(sc.turn_state().ap, 1, "undoing it spent 1 AP");
}

#[test]
fn vine_lash_strikes_every_enemy_within_the_vines_reach_at_one_penalty() {
    // Stormdrinker: "Vine Lash ●● A vine strike against every enemy within its reach."
    // Ruling P2V-R155: one Fight roll per enemy, in roster order, all at the penalty the turn
    // had; the action counts as one with a Fight roll.
    use arbiter_core::resolve::{Effect, Expiry};
    use arbiter_p2v::play::state::Lasting;
    let mut sc = Scene::new(&["Stormdrinker"], &["Eagle Knight", "Eagle Knight", "Eagle Knight"]);
    // Quickened: 3 AP, one left after the lash.
    sc.s.effects.replace(Effect::new(Lasting::Quickened, 0, Expiry::Never));
    sc.put("a", "c3").put("A", "f3").put("B", "c6").put("C", "l12").turn("a");
    sc.act("use vine-lash");
    let strikes: Vec<u8> = sc
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Strikes { target, penalty, .. } => Some((*target, *penalty)),
            _ => None,
        })
        .map(|(t, p)| {
            assert_eq!(p, 0, "no multiple attack penalty on either");
            t
        })
        .collect();
    assert_eq!(strikes, vec![sc.id("A") as u8, sc.id("B") as u8], "the two within Melee 2, not the far one");
    let (ha, hb, hc) = (sc.hp("A"), sc.hp("B"), sc.hp("C"));
    sc.roll(&[15]); // A: +11 + 15 = 26 against Armor 19, a hit for 15
    windows(&mut sc, "nothing"); // no grab
    sc.roll(&[15]);
    windows(&mut sc, "nothing");
    assert!(sc.hp("A") < ha && sc.hp("B") < hb && sc.hp("C") == hc);
    assert_eq!(sc.turn_state().attacks, 1);
    assert_eq!(sc.refused("use vine-lash"), "p2v.turn.ap");
    sc.act("strike vine A");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Strikes { penalty: -5, .. })), "the second action's penalty");
}

#[test]
fn evasive_swarm_conceals_the_bee_man_from_ranged_strikes_once_it_has_moved() {
    // Bee-Man: "Evasive Swarm ○ After moving at least 1 square, it has concealment against
    // ranged attacks until its next turn starts." "Make a concealment check for: … The figure,
    // if it is hidden or otherwise concealed by a spell or effect." Ruling P2V-R156.
    let mut sc = Scene::new(&["Bee-Man"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "c12").turn("a");
    assert_eq!(sc.refused("use evasive-swarm"), "p2v.power.after-moving");
    sc.act("stride d4");
    sc.act("use evasive-swarm");
    sc.act("end");
    sc.turn("A");
    sc.act("strike crossbow a");
    assert_eq!(sc.asks(), ToMove::Chance);
    assert_eq!(arbiter_core::Game::dice(&sc.g, &sc.s).len(), 1, "one concealment check");
    sc.roll(&[1]); // "The first time the attacker rolls a 1, the attack misses."
    assert!(sc.events.iter().any(|e| matches!(e, Event::CoverChecks { concealed: true, .. })));
    assert_ne!(sc.asks(), ToMove::Chance, "no Fight roll: it missed");
    // It ends as the Bee-Man's next turn starts.
    sc.act("end");
    sc.next_turn(2, "a");
    assert!(!sc.g.concealed_against(&sc.s, 0, true));
}

#[test]
fn vanishing_leap_turns_the_leaper_invisible_after_it_strides_until_its_next_turn() {
    // Spring-Heeled Leaper: "Vanishing Leap ↻ When it Strides, it turns invisible until its
    // next turn starts." Ruling P2V-R156: its own Stride triggers it, in its turn too, and it
    // spends its reaction.
    let mut sc = Scene::new(&["Spring-Heeled Leaper"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "c12").turn("a");
    sc.act("stride c6");
    windows(&mut sc, "Strode");
    assert!(sc.g.invisible(&sc.s, 0));
    sc.act("end");
    sc.turn("A");
    assert_eq!(sc.refused("strike crossbow a"), "p2v.strike.invisible");
    sc.act("end");
    sc.next_turn(2, "a");
    assert!(!sc.g.invisible(&sc.s, 0), "it ends as its next turn starts");
    // The reaction was spent until then; now it may vanish again.
    sc.act("stride c8");
    assert!(matches!(sc.s.pending.top(), Some(arbiter_p2v::play::state::Frame::Window(_))));
}

#[test]
fn the_grindylows_tentacle_encumbers_for_an_ap_and_its_suckers_drag_it_behind_its_prey() {
    // Grindylow: "Tentacle ● Melee — 5 bludgeoning damage. On a hit it may spend 1 AP to make
    // the target encumbered." "Clinging Suckers — When an adjacent encumbered enemy moves, the
    // grindylow is dragged along behind it." Ruling P2V-R157.
    use arbiter_p2v::play::state::Conditions;
    let mut sc = Scene::new(&["Grindylow"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "d3").turn("a");
    sc.act("strike tentacle A");
    sc.roll(&[15]); // +7 + 15 = 22 against Armor 19: a hit
    while sc.asks() == ToMove::Chance {
        sc.roll(&[1]);
    }
    windows(&mut sc, "Spend");
    let k = sc.id("A");
    assert!(sc.s.creatures[k].conditions.has(Conditions::ENCUMBERED));
    assert_ne!(sc.s.active(), Some(0), "the strike's AP and one more: its turn is over");

    // The knight walks off north, encumbered: the grindylow follows square by square.
    let mut sc = Scene::new(&["Grindylow"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "d3").turn("A");
    sc.s.creatures[k].conditions = sc.s.creatures[k].conditions.with(Conditions::ENCUMBERED);
    sc.act("stride d6");
    windows(&mut sc, "nothing"); // its Reactive Strike as the knight leaves its reach: passed
    assert_eq!(sc.s.creatures[k].at, Some(sc.sq("d6")));
    assert_eq!(sc.s.creatures[sc.id("a")].at, Some(sc.sq("d5")), "dragged behind it");

    // Not encumbered: it stays.
    let mut sc = Scene::new(&["Grindylow"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "d3").turn("A");
    sc.act("stride d6");
    windows(&mut sc, "nothing");
    assert_eq!(sc.s.creatures[sc.id("a")].at, Some(sc.sq("c3")));
}

#[test]
fn the_grindylow_jets_in_a_straight_line_through_water_and_nobody_reacts() {
    // Grindylow: "Jet ●● Shoots up to 12 squares in a straight line, through deep or shallow
    // water only; the move triggers no reactions." Ruling P2V-R157.
    let rows: Vec<String> = (0..12).map(|_| ". ~ . . . . . . . . . .".to_string()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let m = common::scene::map(12, 12, &rows, "\"~\" = { name = \"stream\", traits = [\"water\"] }");
    let mut sc = Scene::on(&["Grindylow"], &["Eagle Knight"], m);
    sc.put("a", "b2").put("A", "c2").turn("a");
    assert_eq!(sc.refused("use jet c3"), "p2v.jet", "out of the water");
    assert_eq!(sc.refused("use jet d5"), "p2v.jet", "not a straight line");
    sc.act("use jet b12");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("b12")), "11 squares up the stream");
    assert!(
        !sc.events.iter().any(|e| matches!(e, Event::Strikes { .. })),
        "the knight beside it had no Reactive Strike"
    );
    assert!(!matches!(sc.s.pending.top(), Some(arbiter_p2v::play::state::Frame::Window(_))));
}

/// Rolls whatever dice are owed until none are: `footing` for a shaky
/// footing's d6, `other` for every other die.
fn roll_all(sc: &mut Scene, footing: u8, other: u8) {
    while sc.asks() == ToMove::Chance {
        let req = arbiter_core::Game::dice(&sc.g, &sc.s);
        let d = if req.purpose().is_some_and(|p| p.contains("footing")) { footing } else { other };
        sc.roll(&vec![d; req.len()]);
    }
}

#[test]
fn shaky_footing_may_topple_the_sapling_after_a_critically_failed_strike_or_reflex_save() {
    // Arboreal Sapling: "Shaky Footing — When it critically fails a strike's attack roll or a
    // Reflex save, roll 1d6: on 1 to 3 it falls prone." Ruling P2V-R158: a Fight roll
    // critically fails as a save does, on a natural 1 or 10 or more below the Armor.
    let mut sc = Scene::new(&["Arboreal Sapling"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "e3").turn("a");
    sc.act("strike fist A");
    sc.roll(&[1]); // a natural 1
    assert!(format!("{:?}", arbiter_core::Game::dice(&sc.g, &sc.s).purpose()).contains("footing"));
    sc.roll(&[3]);
    assert!(sc.s.creatures[0].prone, "on 1 to 3 it falls prone");

    let mut sc = Scene::new(&["Arboreal Sapling"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "e3").turn("a");
    sc.act("strike fist A");
    sc.roll(&[2]); // +9 + 2 = 11 against Armor 19: a miss, not by 10
    assert_ne!(sc.asks(), ToMove::Chance, "no footing roll");
    sc.act("strike fist A");
    sc.roll(&[4]); // −5 + 9 + 4 = 8: 11 below the Armor, a critical failure
    sc.roll(&[4]);
    assert!(!sc.s.creatures[0].prone, "on 4 to 6 it keeps its feet");

    // A critically failed Reflex save (Swarming Stings: Reflex half).
    let mut sc = Scene::new(&["Arboreal Sapling"], &["Wasp Swarm"]);
    sc.put("a", "c3").put("A", "e3").turn("A");
    sc.act("use swarming-stings a");
    roll_all(&mut sc, 1, 1);
    assert!(sc.s.creatures[0].prone);
}

#[test]
fn primal_sink_lifts_the_sapstriker_after_it_saves_against_a_primal_spell() {
    // Arboreal Sapstriker: "Primal Sink ○ When it succeeds at a save against a primal spell,
    // it gets +2 to Fight, Power, Fortitude, Reflex and Will until the end of its next turn."
    // Ruling P2V-R159: a free action its player is offered after the save, in any turn.
    let mut sc = Scene::new(&["Arboreal Sapstriker"], &["Azhana", "Azhana"]);
    sc.put("a", "c3").put("A", "c9").put("B", "e9").turn("A");
    sc.act("cast laughing-fit a");
    sc.roll(&[19]); // Will +10 + 19: a success against the primal spell
    windows(&mut sc, "Sink");
    for stat in [Stat::Fight, Stat::Power, Stat::Saves] {
        assert_eq!(sc.g.bonus(&sc.s, 0, stat), 2, "{stat:?}");
    }
    // A second success does not stack a second +2 (ruling P2V-R159).
    sc.turn("B");
    sc.act("cast laughing-fit a");
    sc.roll(&[19]);
    windows(&mut sc, "Sink");
    assert_eq!(sc.g.bonus(&sc.s, 0, Stat::Fight), 2, "still +2");
    // The Azhanas' AP are spent: the sapstriker's turn comes.
    sc.turn("a");
    assert_eq!(sc.g.bonus(&sc.s, 0, Stat::Fight), 2, "through its next turn");
    sc.act("end");
    assert_eq!(sc.g.bonus(&sc.s, 0, Stat::Fight), 0, "and no longer");

    // A failed save offers nothing.
    let mut sc = Scene::new(&["Arboreal Sapstriker"], &["Azhana"]);
    sc.put("a", "c3").put("A", "c9").turn("A");
    sc.act("cast laughing-fit a");
    sc.roll(&[2]);
    assert!(!matches!(sc.s.pending.top(), Some(arbiter_p2v::play::state::Frame::Window(_))));
    assert_eq!(sc.g.bonus(&sc.s, 0, Stat::Fight), 0);
}

#[test]
fn timber_crashes_the_toppled_sapling_down_on_a_line_of_its_players_choosing() {
    // Arboreal Sapling: "Timber ↻ When it falls prone it crashes down: it takes 10
    // bludgeoning damage itself, and every creature in a line 2 from it takes 10 bludgeoning
    // damage (Reflex half)." Ruling P2V-R160: its player points the line, one of eight
    // directions; Drop Prone ("Become prone") does not set it off.
    let mut sc = Scene::new(&["Arboreal Sapling"], &["Eagle Knight", "Eagle Knight"]);
    // The sapling (large) on c3–d4; a knight right of it, one above.
    sc.put("a", "c3").put("A", "e3").put("B", "c5").turn("a");
    sc.act("strike fist A");
    sc.roll(&[1]); // a natural 1: its footing
    sc.roll(&[2]); // and it falls
    assert!(sc.s.creatures[0].prone);
    assert!(matches!(sc.s.pending.top(), Some(arbiter_p2v::play::state::Frame::Window(_))), "Timber is offered");
    sc.act("react");
    let (hs, ha, hb) = (sc.hp("a"), sc.hp("A"), sc.hp("B"));
    sc.act("line 3"); // east, onto the knight beside it
    // The sapling's own damage first (its resistance die: 1, nothing resisted); then the
    // knight's Reflex save, +5 + 5 = 10 against Power 14: a failure.
    while sc.asks() == ToMove::Chance {
        let req = arbiter_core::Game::dice(&sc.g, &sc.s);
        let d = if req.purpose().is_some_and(|p| p.contains("resistance")) { 1 } else { 5 };
        sc.roll(&vec![d; req.len()]);
    }
    assert_eq!(sc.hp("a"), hs - 10, "it takes 10 itself");
    assert_eq!(sc.hp("A"), ha - 10, "the knight in the line takes 10");
    assert_eq!(sc.hp("B"), hb, "the other, north of it, does not");

    // Dropping prone on purpose is no fall.
    let mut sc = Scene::new(&["Arboreal Sapling"], &["Eagle Knight"]);
    sc.put("a", "c3").put("A", "e3").turn("a");
    sc.act("prone");
    assert!(!matches!(sc.s.pending.top(), Some(arbiter_p2v::play::state::Frame::Window(_))));
}

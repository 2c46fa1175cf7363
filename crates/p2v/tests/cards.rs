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

/// Starts `label`'s turn in round `round` (its turn of an earlier round behind it).
fn next_turn(sc: &mut Scene, round: u8, label: &str) {
    sc.s.round = round;
    let i = sc.id(label);
    sc.s.creatures[i].done = false;
    sc.turn(label);
}

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
    next_turn(&mut sc, 2, "a");
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

    next_turn(&mut sc, 2, "a");
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
    next_turn(&mut sc, 2, "a");
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
    next_turn(&mut sc, 2, "a");
    let hp = sc.hp("A");
    sc.act("use double-slice");
    sc.act("strike 1 A");
    sc.roll(&[15]).roll(&[19]);
    sc.act("strike 1 A");
    sc.roll(&[2]); // +9 + 2 = 11: a miss
    assert_eq!(damaged(&sc, "A"), vec![15], "10 + Sneak Attack's 5, alone");
    assert_eq!(sc.hp("A"), hp - 15);

    // Passing the second strike does the same.
    next_turn(&mut sc, 3, "a");
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
    next_turn(&mut sc, 2, "a");
    sc.act("cast summon-animal c6");
    assert_eq!(sc.s.creatures[swarms[1]].at, Some(sc.sq("c6")));
    next_turn(&mut sc, 3, "a");
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
    next_turn(&mut sc, 2, "b");
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

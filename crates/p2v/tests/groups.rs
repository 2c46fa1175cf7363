//! Group activation and commanders with their minions (issue 19), one test
//! per rule, each citing the rulebook's sentence
//! (`../shared/rulebooks/path-2-victory-v1.3.txt`, "Group activation" and
//! "COMMANDERS, MINIONS AND MOUNTS"), and one per ruling P2V-R50 to
//! P2V-R55 of `docs/rulings/p2v.md`.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

mod common;

use arbiter_core::{Game, Seat, ToMove};
use arbiter_p2v::play::event::Event;
use arbiter_p2v::play::party::Kind;
use arbiter_p2v::play::state::Phase;
use arbiter_p2v::play::{Action, P2v};
use common::scene::Scene;

// Kobold Warrior: Speed 5, Spear (melee, 5 piercing), HP 7, Armor 16.
// Arboreal Regent (Huge, Speed 5; a commander whose minions are Awakened Trees)
// and Awakened Tree (Huge, Speed 4, Branch melee 3).

fn kobolds(n: usize) -> Vec<&'static str> {
    vec!["Kobold Warrior"; n]
}

fn who(sc: &Scene) -> String {
    let t = sc.turn_state();
    sc.g.profile(usize::from(t.who)).unwrap().label.clone()
}

fn legal(sc: &Scene) -> Vec<Action> {
    let mut out = Vec::new();
    sc.g.legal_actions(&sc.s, &mut out);
    out
}

#[test]
fn adjacent_creatures_activate_together_and_each_counts_as_activated() {
    // "A player can activate a group of creatures in their warband at once.
    // The creatures must all be adjacent to at least one other creature in the group."
    let mut sc = Scene::new(&kobolds(2), &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("A", "j10");
    sc.act("join a").act("activate b");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Grouped { members } if members == &vec![0, 1])));
    assert!(sc.s.creatures[0].done && sc.s.creatures[1].done, "both members are activated this round");
    assert_eq!(sc.turn_state().ap, 2);
    assert_eq!(who(&sc), "a", "the first member decides first");
    // a and b each Stride (a first, staying beside b), then each ends.
    sc.act("stride c4");
    assert_eq!(who(&sc), "b", "the next member takes the same action");
    assert_eq!(sc.turn_state().ap, 2, "b's own action points");
    sc.act("stride d4");
    assert_eq!(who(&sc), "a", "a new step: the first member again");
    assert_eq!(sc.turn_state().ap, 1);
    sc.act("end");
    assert_eq!(who(&sc), "b");
    sc.act("end");
    assert_eq!(sc.s.phase, Phase::Activate { seat: 1 }, "the group's turn is over: P2 activates");
    assert!(sc.s.party.is_none());
}

#[test]
fn a_creature_joins_only_next_to_a_member() {
    // "The creatures must all be adjacent to at least one other creature in the group."
    let mut sc = Scene::new(&kobolds(3), &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("c", "h3").put("A", "j10");
    assert_eq!(sc.refused("join c"), "p2v.group.adjacent", "c has no creature beside it to group with");
    sc.act("join a");
    assert_eq!(sc.refused("join c"), "p2v.group.adjacent");
    assert_eq!(sc.refused("activate c"), "p2v.group.adjacent", "the last member too");
    assert_eq!(sc.refused("join a"), "p2v.group.twice");
    assert_eq!(sc.refused("join A"), "p2v.group.member", "an enemy");
    assert_eq!(sc.refused("prone"), "p2v.group.forming");
    assert!(!legal(&sc).contains(&Action::Activate { who: 2 }), "c is not offered while a group forms");
    assert!(legal(&sc).contains(&Action::Activate { who: 1 }));
}

#[test]
fn any_part_of_a_cluster_may_be_the_group() {
    // "A player does not have to activate every creature that could count as
    // being part of the group. For example, if four Goblin Warriors are adjacent
    // to one another, the player could activate three of them as a group."
    let mut sc = Scene::new(&kobolds(4), &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("c", "c4").put("d", "d4").put("A", "j10");
    sc.act("join a").act("join b").act("activate c");
    assert!(!sc.s.creatures[3].done, "d was left out and keeps its own activation");
    for _ in 0..3 {
        sc.act("end");
    }
    sc.act("activate A").act("end");
    assert_eq!(sc.s.phase, Phase::Activate { seat: 0 });
    let offered = legal(&sc);
    assert!(offered.contains(&Action::Activate { who: 3 }));
    assert!(!offered.iter().any(|a| matches!(a, Action::Join { .. })), "d alone has nobody left to group with");
}

#[test]
fn every_member_takes_the_same_action_with_its_own_details() {
    // "They must all spend their action points on the same actions and in the
    // same order, though the details can be different (e.g. if they all Stride,
    // they can move in different directions; if they Strike, they can choose
    // different targets or use different weapons)."
    let mut sc = Scene::new(&kobolds(2), &kobolds(2));
    sc.put("a", "c3").put("b", "d3").put("A", "c2").put("B", "e2");
    sc.act("join a").act("activate b");
    sc.act("strike 1 A").roll(&[2]);
    assert_eq!(who(&sc), "b");
    assert_eq!(sc.refused("stride d4"), "p2v.group.same-action");
    assert_eq!(sc.refused("prone"), "p2v.group.same-action");
    let offered = legal(&sc);
    assert!(offered.iter().all(|a| matches!(a, Action::Strike { .. } | Action::End)), "{offered:?}");
    sc.act("strike 1 B").roll(&[2]);
    assert_eq!(who(&sc), "a");
    assert_eq!(sc.turn_state().attacks, 1, "each member keeps its own multiple attack penalty");
    // A new step: any action again.
    sc.act("prone");
    assert_eq!(who(&sc), "b");
    assert_eq!(sc.refused("strike 1 B"), "p2v.group.same-action");
    sc.act("prone");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "both spent their 2 AP: P2 activates");
}

#[test]
fn no_move_may_leave_a_member_without_a_neighbour_in_the_group() {
    // "They must remain in a group (adjacent to at least one other creature in
    // the group) at the end of each action."
    let mut sc = Scene::new(&kobolds(2), &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("A", "j10");
    sc.act("join a").act("activate b");
    assert_eq!(sc.refused("stride c7"), "p2v.group.apart");
    assert_eq!(sc.refused("step b3"), "p2v.group.apart");
    assert!(!legal(&sc).contains(&Action::Stride { to: sc.sq("c7") }));
    assert!(legal(&sc).contains(&Action::Stride { to: sc.sq("e4") }), "beside b on the other side");
    sc.act("stride e4");
    assert_eq!(sc.refused("stride b3"), "p2v.group.apart", "b must stay beside a where it now stands");
    sc.act("stride f4");
}

#[test]
fn a_member_that_cannot_take_the_action_ends_its_turn_and_the_rest_go_on() {
    // "They must all spend their action points on the same actions and in the
    // same order" — ruling P2V-R51: a member that will not or cannot follow
    // ends its turn; the others go on in step.
    let mut sc = Scene::new(&kobolds(3), &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("c", "e3").put("A", "b2");
    sc.act("join a").act("join b").act("activate c");
    sc.act("trip A");
    while sc.asks() == ToMove::Chance {
        let n = sc.g.dice(&sc.s).len();
        sc.roll(&vec![1; n]);
    }
    assert_eq!(who(&sc), "b");
    let offered = legal(&sc);
    assert_eq!(offered, vec![Action::End], "b has nobody adjacent to trip: it can only end");
    sc.act("end");
    assert_eq!(who(&sc), "c");
    sc.act("end");
    assert_eq!(who(&sc), "a", "a goes on alone");
    assert_eq!(sc.turn_state().ap, 1);
    assert_eq!(sc.refused("stride b4"), "p2v.group.apart", "members who ended still count for the group");
    sc.act("stride c4");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
}

#[test]
fn each_members_action_resolves_with_its_reactions_before_the_next_member_acts() {
    // Ruling P2V-R51: a member's action resolves entirely (dice, reactions)
    // before the next member's; an Eagle Knight's Reactive Strike hits the
    // first member moving out of its reach, and the second decides after.
    let mut sc = Scene::new(&kobolds(2), &["Eagle Knight"]);
    sc.put("a", "c3").put("b", "d3").put("A", "c2");
    sc.act("join a").act("activate b");
    sc.act("stride c4");
    assert!(matches!(sc.asks(), ToMove::Seat(Seat(1))), "the knight may react to a");
    sc.act("react").roll(&[19]);
    // 15 piercing kills a kobold (7 HP): it is dying, and b decides next.
    assert_eq!(who(&sc), "b");
    assert!(matches!(sc.s.party.as_ref().map(|p| p.kind), Some(Kind::Group)));
}

#[test]
fn group_decisions_have_notation_and_numbers() {
    // The notation reads back what it writes; every decision has a number.
    let sc = Scene::new(&kobolds(2), &kobolds(1));
    for a in [Action::Join { who: 1 }, Action::Switch { who: 0 }, Action::Give { who: 1 }] {
        let text = sc.g.text(&a);
        assert_eq!(sc.g.parse(&sc.s, &text).unwrap(), a, "{text}");
        assert!(sc.g.action_number(&a).is_some());
    }
    assert_ne!(sc.g.action_number(&Action::Join { who: 1 }), sc.g.action_number(&Action::Give { who: 1 }));
}

fn regent() -> Scene {
    let mut sc = Scene::new(&["Arboreal Regent", "Awakened Tree"], &kobolds(1));
    sc.put("a", "b2").put("b", "e2").put("A", "j10");
    sc
}

#[test]
fn the_arboreal_regent_commands_the_awakened_trees_of_its_warband() {
    // Commander: "This entry will specify which creatures are the commander's
    // minions." — Arboreal Regent: "The tree is a minion of the regent." (ruling P2V-R54)
    let sc = regent();
    assert_eq!(sc.s.creatures[1].commander, Some(0));
    assert_eq!(sc.s.creatures[0].commander, None);
    let lone = Scene::new(&["Awakened Tree"], &kobolds(1));
    assert_eq!(lone.s.creatures[0].commander, None, "without a regent a tree is no minion");
}

#[test]
fn minions_act_in_their_commanders_turn_with_1_ap_in_any_order() {
    // "The minions act on their commander's turn (they can take actions in any
    // order, including for example the commander taking an action, a minion
    // taking an action, then the commander taking another action)." —
    // "A minion receives 1 AP per turn."
    let mut sc = regent();
    assert_eq!(sc.refused("activate b"), "p2v.minion.own-turn");
    assert!(!legal(&sc).contains(&Action::Activate { who: 1 }));
    sc.act("activate a");
    assert!(sc.s.creatures[1].done, "the tree acts in this turn, not one of its own");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Activated { who: 1, ap: 1 })), "{:?}", sc.events);
    assert_eq!((who(&sc), sc.turn_state().ap), ("a".to_string(), 2));
    assert!(legal(&sc).contains(&Action::Switch { who: 1 }));
    sc.act("stride b3");
    sc.act("switch b");
    assert_eq!((who(&sc), sc.turn_state().ap), ("b".to_string(), 1));
    assert_eq!(sc.refused("switch a"), "p2v.minion.switch-idle", "an action first");
    sc.act("stride e3");
    assert_eq!((who(&sc), sc.turn_state().ap), ("a".to_string(), 1), "the tree's AP are spent: back to the regent");
    sc.act("stride b4");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "every AP spent: P2 activates");
}

#[test]
fn the_commander_gives_up_ap_to_give_each_minion_plus_1() {
    // "The commander can give up 1 AP to give one of its minions +1 AP for that
    // turn. A commander with more than one minion can give up more than 1 AP,
    // but must give each AP to a different minion."
    let mut sc = Scene::new(&["Arboreal Regent", "Awakened Tree", "Awakened Tree"], &kobolds(1));
    sc.put("a", "b2").put("b", "e2").put("c", "h2").put("A", "j10");
    sc.act("activate a").act("give b");
    assert_eq!(sc.turn_state().ap, 1);
    assert_eq!(sc.refused("give b"), "p2v.minion.give-twice");
    sc.act("give c");
    // The regent has no AP left: its turn ends (ruling P2V-R52), the first tree decides.
    assert_eq!((who(&sc), sc.turn_state().ap), ("b".to_string(), 2), "1 AP and the one given");
    assert_eq!(sc.refused("give c"), "p2v.minion.give", "only the commander gives");
    sc.act("stride e4").act("stride e6");
    assert_eq!((who(&sc), sc.turn_state().ap), ("c".to_string(), 2));
}

#[test]
fn a_minion_whose_commander_is_gone_takes_turns_of_its_own() {
    // Ruling P2V-R54: minions act in their commander's turn while it is in play.
    let mut sc = regent();
    sc.s.creatures[0].life = arbiter_p2v::play::state::Life::Eliminated;
    sc.s.creatures[0].at = None;
    sc.s.forget_field();
    sc.act("activate b");
    assert_eq!(sc.turn_state().ap, 2);
}

#[test]
fn commanders_and_minions_do_not_join_groups() {
    // Ruling P2V-R53.
    let mut sc = Scene::new(&["Arboreal Regent", "Awakened Tree", "Kobold Warrior"], &kobolds(1));
    sc.put("a", "b2").put("b", "e2").put("c", "b5").put("A", "j10");
    assert_eq!(sc.refused("join a"), "p2v.group.command");
    assert_eq!(sc.refused("join b"), "p2v.group.command");
    let g: &P2v = &sc.g;
    assert!(g.minions_in_play(&sc.s, 0) == vec![1]);
}

/// Random games with groups, a commander's turns and mounts play to the
/// end, replay and serialise (the conformance checks), every legal action
/// has a number of its own, and groups, switches, gifts and mounts were all
/// offered and taken.
#[test]
fn random_games_with_groups_commanders_and_mounts_conform() {
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Record, check_numbering};
    use arbiter_p2v::play::{State, Variant};
    use common::scene::warband;
    use std::collections::BTreeSet;
    let v = Variant {
        warbands: vec![
            warband(&["Arboreal Regent", "Awakened Tree", "Awakened Tree", "Kobold Warrior", "Kobold Warrior"]),
            warband(&["Kobold Warrior", "Kobold Warrior", "Kobold Warrior", "Boar", "Boar"]),
        ],
        map: "ruined-crossroads".into(),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let checks = Checks { deep_one_in: 500, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut seen = BTreeSet::new();
    let mut list = Vec::new();
    for seed in 0..10 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| {
            list.clear();
            g.legal_actions(s, &mut list);
            for a in &list {
                match a {
                    Action::Join { .. } => seen.insert("join offered"),
                    Action::Switch { .. } => seen.insert("switch offered"),
                    Action::Give { .. } => seen.insert("give offered"),
                    Action::Mount { .. } => seen.insert("mount offered"),
                    Action::Dismount { .. } => seen.insert("dismount offered"),
                    _ => false,
                };
            }
            match s.party.as_ref() {
                Some(p) if p.kind == Kind::Group && !p.forming => seen.insert("a group acted"),
                Some(p) if p.kind == Kind::Command && p.cur > 0 => seen.insert("a minion acted"),
                _ => false,
            };
            if s.creatures.iter().any(|c| c.riding.is_some()) {
                seen.insert("a creature rode");
            }
            check_numbering(&g, s)
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    for k in [
        "join offered",
        "switch offered",
        "give offered",
        "a group acted",
        "a minion acted",
        "mount offered",
        "dismount offered",
        "a creature rode",
    ] {
        assert!(seen.contains(k), "{k}: {seen:?}");
    }
}

// Boar: Medium, Speed 8, Tusk. A Kobold Warrior (Small) may ride it.

#[test]
fn a_rider_mounts_a_larger_ally_which_acts_in_its_turn_and_carries_it() {
    // "When one creature mounts another, the mount becomes a minion and the rider
    // its commander – the mount acts on its rider's turn, and receives 1 AP per
    // turn by default." (ruling P2V-R55)
    let mut sc = Scene::new(&["Kobold Warrior", "Boar"], &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("A", "j10");
    sc.turn("a");
    assert!(legal(&sc).contains(&Action::Mount { who: 1 }));
    sc.act("mount b");
    assert_eq!(sc.s.creatures[0].riding, Some(1));
    assert_eq!(sc.s.creatures[1].commander, Some(0), "the mount is the rider's minion");
    assert_eq!(sc.s.creatures[0].at, sc.s.creatures[1].at, "the rider shares the mount's space");
    assert!(sc.s.creatures[1].done, "the boar acts in this turn, not one of its own");
    assert_eq!(sc.turn_state().ap, 1, "mounting costs 1 AP");
    assert_eq!(sc.refused("stride c6"), "p2v.mount.riding");
    sc.act("switch b");
    assert_eq!(sc.turn_state().ap, 1, "the mount's 1 AP");
    sc.act("stride d9");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("d9")), "the move carries the rider");
    assert_eq!(who(&sc), "a", "the boar is spent: the rider decides");
    let off: Vec<Action> = legal(&sc).into_iter().filter(|a| matches!(a, Action::Dismount { .. })).collect();
    assert_eq!(off.len(), 8, "any free square beside the boar: {off:?}");
    sc.act("dismount e9");
    assert_eq!(sc.s.creatures[0].riding, None);
    assert_eq!(sc.s.creatures[1].commander, None, "\"If the rider dismounts, the mount goes back to normal.\"");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e9")));
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
}

#[test]
fn a_mounted_pair_activates_as_commander_and_minion_and_the_rider_can_be_struck() {
    // "the mount acts on its rider's turn" (ruling P2V-R55)
    let mut sc = Scene::new(&["Kobold Warrior", "Boar"], &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("A", "e4");
    sc.turn("a").act("mount b").act("end");
    // The boar's AP: its turn ends when the rider hands over none; end it too.
    while sc.asks() == ToMove::Seat(Seat(0)) {
        sc.act("end");
    }
    sc.act("activate A");
    assert!(legal(&sc).contains(&Action::Strike { weapon: 0, target: 0 }), "the rider stands in the boar's space");
    sc.act("end");
    // A new round: P1 activates the rider, with its mount.
    let mut sc2 = sc;
    sc2.s.creatures.iter_mut().for_each(|c| c.done = false);
    sc2.s.phase = Phase::Activate { seat: 0 };
    assert_eq!(sc2.refused("activate b"), "p2v.minion.own-turn");
    sc2.act("activate a").pass_turn_start();
    assert!(matches!(sc2.s.party.as_ref().map(|p| p.kind), Some(Kind::Command)));
    assert!(legal(&sc2).contains(&Action::Switch { who: 1 }));
}

#[test]
fn only_an_adjacent_larger_ally_may_be_mounted() {
    // Ruling P2V-R55.
    let mut sc = Scene::new(&["Kobold Warrior", "Kobold Warrior", "Boar"], &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("c", "h3").put("A", "j10");
    sc.turn("a");
    assert_eq!(sc.refused("mount b"), "p2v.mount.size");
    assert_eq!(sc.refused("mount c"), "p2v.mount.adjacent");
    assert_eq!(sc.refused("mount A"), "p2v.mount.whom");
    assert_eq!(sc.refused("dismount c4"), "p2v.mount.dismount");
}

#[test]
fn the_terminal_table_names_groups_minions_and_riders() {
    use arbiter_core::Entry;
    let mut sc = Scene::new(&["Kobold Warrior", "Boar", "Arboreal Regent", "Awakened Tree"], &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("c", "h2").put("d", "h6").put("A", "j11");
    assert!(sc.g.picture(&sc.s).contains("minion of c"), "{}", sc.g.picture(&sc.s));
    sc.turn("a").act("mount b");
    let picture = sc.g.picture(&sc.s);
    assert!(picture.contains("riding b") && picture.contains("ridden by a"), "{picture}");
    assert!(picture.contains("in the commander's turn"), "{picture}");
}

#[test]
fn a_rider_whose_mount_is_eliminated_stays_where_it_rode() {
    // Ruling P2V-R55: "if either is eliminated, the other goes on alone." The
    // rider keeps the square it rode on (found by `arbiter soak p2v`: the
    // rider was left in play with no square).
    use arbiter_p2v::play::state::Life;
    let mut sc = Scene::new(&["Kobold Warrior", "Boar"], &kobolds(1));
    sc.put("a", "c3").put("b", "d3").put("A", "e4");
    sc.turn("a").act("mount b").act("end");
    while sc.asks() == ToMove::Seat(Seat(0)) {
        sc.act("end");
    }
    // The boar lies dying; the kobold strikes it, and it fails its recovery check.
    let b = sc.id("b");
    sc.s.creatures[b].hp = 0;
    sc.s.creatures[b].life = Life::Dying;
    sc.s.creatures[b].prone = true;
    sc.act("activate A").act("strike 1 b").roll(&[15]);
    while sc.asks() == ToMove::Chance && sc.life("b") == Life::Dying {
        let n = sc.g.dice(&sc.s).len();
        sc.roll(&vec![1; n]);
    }
    assert_eq!(sc.life("b"), Life::Eliminated, "{:?}", sc.events);
    assert_eq!(sc.life("a"), Life::Up);
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("d3")), "the rider stays on the square it rode on");
    assert_eq!(sc.s.creatures[0].riding, None, "it rides no more");
    sc.g.validate_state(&sc.s).unwrap();
}

#[test]
fn a_howdah_carries_passengers_and_the_first_aboard_commands() {
    // "Howdah: Attach to a Huge or larger creature. The howdah is a 2 square by
    // 2 square platform (Huge creature) or 3 by 3 square platform (Gargantuan
    // creature). One passenger becomes the creature's commander. The howdah
    // grants cover." (ruling P2V-R169)
    use arbiter_p2v::play::mount::HOWDAH;
    use arbiter_p2v::play::state::Obstacle;
    use common::scene::entry;
    let kobold = || entry("Kobold Warrior", &[], &[]);
    let statue = entry("Giant Animated Statue", &["Howdah"], &[]);
    let mut sc = Scene::of(vec![statue, kobold(), kobold(), kobold(), kobold(), kobold()], vec![kobold()]);
    assert_eq!(sc.g.howdah(0), Some(2), "a Huge creature's platform is 2 by 2");
    // The statue (a) fills c3–e5; the kobolds stand around it.
    sc.put("a", "c3").put("b", "f3").put("c", "f4").put("d", "f5").put("e", "c6").put("f", "d6").put("A", "k11");
    sc.turn("b").act("mount a");
    assert_eq!(
        (sc.s.creatures[1].riding, sc.s.creatures[0].commander),
        (Some(0), Some(1)),
        "the first aboard commands"
    );
    for (k, label) in ["c", "d", "e"].into_iter().enumerate() {
        sc.turn(label).act("mount a");
        assert_eq!(sc.s.creatures[2 + k].riding, Some(0), "{label} rides too");
        assert_eq!(sc.s.creatures[0].commander, Some(1), "and b still commands");
    }
    // Four Small passengers fill the 2 × 2 platform.
    sc.turn("f");
    assert_eq!(sc.refused("mount a"), "p2v.howdah.room");
    // The howdah gives a passenger cover against the enemy, not against its own creature.
    let (a, b, enemy) = (0u8, 1u8, sc.id("A") as u8);
    let mut lines = sc.g.cover_lines(&sc.s, enemy, b);
    sc.g.add_howdah_cover(&sc.s, enemy, b, &mut lines);
    assert!(!lines.is_empty() && lines.iter().all(|l| l.cover.last() == Some(&Obstacle::Terrain(HOWDAH))));
    assert!(
        sc.g.howdah_covers(&sc.s, enemy, b) && !sc.g.howdah_covers(&sc.s, a, b) && !sc.g.howdah_covers(&sc.s, 2, b)
    );
    // The statue moves in its commander's turn and carries every passenger.
    sc.s.creatures[0].done = false;
    sc.next_turn(2, "b").act("switch a").act("stride g3");
    for i in 1..=4 {
        assert_eq!(sc.s.creatures[i].at, Some(sc.sq("g3")), "passenger {i} goes with it");
    }
    // The commander gets down: the next passenger aboard commands.
    sc.s.phase = Phase::Activate { seat: 0 };
    sc.s.party = None;
    sc.s.creatures[1].done = false;
    sc.turn("b").act("dismount f3");
    assert_eq!(sc.s.creatures[0].commander, Some(2), "c commands now");
    sc.g.eliminate(&mut sc.s, 2, &mut Vec::new());
    assert_eq!(sc.s.creatures[0].commander, Some(3), "and d once c falls");
    sc.g.validate_state(&sc.s).unwrap();
}

#[test]
fn random_games_with_a_howdah_carry_passengers_and_roll_its_cover() {
    // Ruling P2V-R169 in random play, checked at every step.
    use arbiter_core::Record;
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_p2v::play::Variant;
    use arbiter_p2v::play::mount::HOWDAH;
    use arbiter_p2v::play::state::{Frame, Obstacle, State};
    use common::scene::{entry, map};
    use std::collections::BTreeSet;
    let kobold = || entry("Kobold Warrior", &[], &[]);
    let file = |entries| arbiter_p2v::warband::WarbandFile { entries, ..common::scene::warband(&[]) };
    let p1 = file(vec![entry("Giant Animated Statue", &["Howdah"], &[]), kobold(), kobold(), kobold()]);
    let p2 = file(vec![kobold(), kobold(), kobold(), entry("Kobold Warrior", &[], &["Sling"])]);
    let v = Variant { warbands: vec![p1, p2], map: map(12, 12, &[], ""), no_round_limit: false, cards: String::new() };
    let g = P2v::new(v, 2).unwrap();
    let checks = Checks { deep_one_in: 50, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut seen = BTreeSet::new();
    for seed in 0..150 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| {
            if s.creatures.iter().filter(|c| c.riding == Some(0)).count() >= 2 {
                seen.insert("two passengers aboard");
            }
            if let Some(Frame::CoverDice { checks, .. }) = s.pending.top()
                && checks.cover.contains(&Obstacle::Terrain(HOWDAH))
            {
                seen.insert("the howdah's cover rolled");
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
    }
    for k in ["two passengers aboard", "the howdah's cover rolled"] {
        assert!(seen.contains(k), "{k}: {seen:?}");
    }
}

//! The core conformance suite on Path 2 Victory: random games of shipped
//! warbands on each shipped map, and on a board of terrain tiles the
//! players lay, play to the end, replay, serialise, and
//! every listed action applies.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run_resolving};
use arbiter_p2v::play::{P2v, Variant};

fn variant(a: &str, b: &str, map: &str) -> Variant {
    Variant {
        warbands: vec![Variant::warband_file(a).unwrap(), Variant::warband_file(b).unwrap()],
        map: map.to_string(),
        ..Variant::default()
    }
}

#[test]
fn the_standard_game_conforms_on_every_shipped_map() {
    for (a, b, map) in [
        ("thornwood-raiders", "kobold-ambush", "ruined-crossroads"),
        ("beasts-of-the-vale", "thornwood-raiders", "river-ford"),
        ("oni-tyrant", "beasts-of-the-vale", "broken-hills"),
        // The players lay the terrain tiles first (ruling P2V-R90).
        ("briar-skirmishers", "soothsayers-circle", "tiles"),
    ] {
        let g = P2v::new(variant(a, b, map), 2).unwrap();
        let r = run_resolving(&g, &Options { games: 2, seed: 7, actions_to_try: 6, ..Options::default() })
            .unwrap_or_else(|e| panic!("{a} v {b} on {map}: {e}"));
        assert!(r.rolls > 0);
    }
}

#[test]
fn without_the_round_limit_games_still_end() {
    let mut v = variant("kobold-ambush", "thornwood-raiders", "ruined-crossroads");
    v.no_round_limit = true;
    let g = P2v::new(v, 2).unwrap();
    run_resolving(&g, &Options { games: 2, seed: 3, actions_to_try: 4, ..Options::default() })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn random_games_tumble_long_jump_summon_and_number_every_action() {
    // Tumble Behind (P2V-R56), Long Jump (P2V-R80) and summoning (P2V-R85) in random play: each
    // part is reached, every state checks, and every listed action has a number.
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Record, check_numbering};
    use arbiter_p2v::play::state::{Frame, State};
    use std::collections::BTreeSet;
    let file = common::scene::warband;
    let v = Variant {
        warbands: vec![file(&["Caligni Skulker", "Caligni Skulker", "Kobold Warrior", "Kobold Warrior"]), {
            // A caster and a creature it may summon (P2V-R85).
            let mut w = file(&["Pixie", "Kobold Warrior", "Kobold Warrior", "Boar"]);
            w.entries[1].upgrades = vec!["Summonable".into()];
            w
        }],
        map: "ruined-crossroads".into(),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let checks = Checks { deep_one_in: 200, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut seen = BTreeSet::new();
    let mut jumps_judged = 0;
    for seed in 0..100 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| {
            match s.pending.top() {
                Some(Frame::LongJump { jumping: false, .. }) => seen.insert("a long jump's stride"),
                Some(Frame::LongJump { jumping: true, .. }) => {
                    // The listing finds the landings in a batch, a walk per
                    // direction; it offers exactly the jumps the judge
                    // (`jump_landing`, one at a time) accepts.
                    use arbiter_geometry::battle::Dir;
                    use arbiter_p2v::play::Action;
                    let mut listed = Vec::new();
                    g.legal_actions(s, &mut listed);
                    for dir in Dir::ALL {
                        for over in 1..=arbiter_p2v::play::longjump::LONGEST {
                            let jump = Action::Jump { dir, over };
                            let judged = g.check(s, &jump).is_ok();
                            if judged != listed.contains(&jump) {
                                return Err(format!("{jump:?}: judged {judged}, listed {}", !judged));
                            }
                            jumps_judged += usize::from(judged);
                        }
                    }
                    seen.insert("a long jump's jump")
                }
                Some(Frame::JumpCheck { .. }) => seen.insert("a long jump's check"),
                Some(Frame::TumbleCheck { .. }) => seen.insert("a tumble's check"),
                _ => false,
            };
            if (0..s.creatures.len()).any(|i| g.roster()[i].summonable && g.in_play(s, i)) {
                seen.insert("a creature summoned");
            }
            check_numbering(&g, s)
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // Every part reached: no need to play on (a tumble's check is rare).
        if seen.len() == 5 && jumps_judged >= 20 {
            break;
        }
    }
    for k in
        ["a long jump's stride", "a long jump's jump", "a long jump's check", "a tumble's check", "a creature summoned"]
    {
        assert!(seen.contains(k), "{k} never came up: {seen:?}");
    }
    assert!(jumps_judged >= 20, "only {jumps_judged} landings judged");
}

#[test]
fn random_games_with_tempting_disguises_keep_the_secret_and_reach_every_part() {
    // Tempting Disguise (P2V-R91) in random play: the conformance suite's
    // secrecy checks (what each seat sees, decisions it may not see, states
    // drawn from a seat's view) hold at every step, and a disguise is found
    // out by a claim or a look (spotting) and dropped at a round's end.
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Game, Record};
    use arbiter_p2v::play::event::Event;
    use arbiter_p2v::play::state::{Frame, State};
    use std::collections::BTreeSet;
    let file = common::scene::warband;
    let mut a = file(&["Harpy", "Kobold Warrior", "Kobold Warrior"]);
    a.entries[0].upgrades = vec!["Tempting Disguise".into()];
    let mut b = file(&["Twigjack", "Kobold Warrior", "Kobold Warrior"]);
    b.entries[0].upgrades = vec!["Tempting Disguise".into()];
    let v =
        Variant { warbands: vec![a, b], map: "ruined-crossroads".into(), no_round_limit: false, cards: String::new() };
    let g = P2v::new(v, 2).unwrap();
    assert!(g.has_hidden_information());
    run_resolving(&g, &Options { games: 3, seed: 5, actions_to_try: 6, ..Options::default() })
        .unwrap_or_else(|e| panic!("{e}"));
    let checks = Checks { deep_one_in: 50, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut seen = BTreeSet::new();
    for seed in 0..40 {
        let mut record = Record::new(random_config(&g, seed));
        let mut last = 0usize;
        play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| {
            if matches!(s.pending.top(), Some(Frame::Unmask { .. })) {
                seen.insert("asked at a round's end");
            }
            let found = s.creatures.iter().filter(|c| c.disguise.is_some()).count();
            if found < last {
                seen.insert("a disguise dropped");
            }
            last = found;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        record
            .replay_with(|_, _, events, _| {
                if events.iter().any(|e| matches!(e, Event::Unmasked { by: Some(_), .. })) {
                    seen.insert("found out by a claim or a look");
                }
                if events.iter().any(|e| matches!(e, Event::Spot { is: Some(_), .. })) {
                    seen.insert("a look that succeeds");
                }
            })
            .unwrap();
    }
    for part in
        ["asked at a round's end", "a disguise dropped", "found out by a claim or a look", "a look that succeeds"]
    {
        assert!(seen.contains(part), "random play reached {part} ({seen:?})");
    }
}

#[test]
fn random_games_with_false_objects_keep_the_secret_and_reach_every_part() {
    // False Object (P2V-R167) in random play: the secrecy checks hold at
    // every step, and a creature in disguise leaves it as a reaction, is
    // found out by a look, and is asked about at a round's end.
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Game, Record};
    use arbiter_p2v::play::event::Event;
    use arbiter_p2v::play::state::{Frame, State, Trigger};
    use std::collections::BTreeSet;
    let file = common::scene::warband;
    let mut a = file(&["Boar", "Kobold Warrior", "Kobold Warrior"]);
    a.entries[0].upgrades = vec!["False Object".into()];
    let mut b = file(&["Hateful Bear", "Kobold Warrior", "Kobold Warrior"]);
    b.entries[0].upgrades = vec!["False Object".into()];
    let v =
        Variant { warbands: vec![a, b], map: "ruined-crossroads".into(), no_round_limit: false, cards: String::new() };
    let g = P2v::new(v, 2).unwrap();
    assert!(g.has_hidden_information());
    run_resolving(&g, &Options { games: 3, seed: 5, actions_to_try: 6, ..Options::default() })
        .unwrap_or_else(|e| panic!("{e}"));
    let checks = Checks { deep_one_in: 50, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut seen = BTreeSet::new();
    for seed in 0..40 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| {
            match s.pending.top() {
                Some(Frame::Unmask { .. }) => {
                    seen.insert("asked at a round's end");
                }
                Some(Frame::Window(w)) if matches!(w.trigger, Trigger::Ambush { .. }) => {
                    seen.insert("asked when a creature comes near");
                }
                _ => {}
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        record
            .replay_with(|_, _, events, _| {
                for e in events {
                    match e {
                        Event::Emerged { by: Some(_), .. } => {
                            seen.insert("out as a reaction or by a look");
                        }
                        Event::Emerged { by: None, .. } => {
                            seen.insert("out at a round's end");
                        }
                        Event::SpotObstacle { is: Some(_), .. } => {
                            seen.insert("a look that succeeds");
                        }
                        _ => {}
                    }
                }
            })
            .unwrap();
    }
    for part in [
        "asked at a round's end",
        "asked when a creature comes near",
        "out as a reaction or by a look",
        "out at a round's end",
        "a look that succeeds",
    ] {
        assert!(seen.contains(part), "random play reached {part} ({seen:?})");
    }
}

#[test]
fn random_games_take_items_from_bodies() {
    // Looting (P2V-R168) in random play: items are taken from bodies, by
    // either side. Holy Water strikes only fiends and undead, so against
    // these creatures it is never thrown and is still on its carrier's
    // body when it falls (random play drinks a potion long before). A
    // random creature seldom stands by a body with an action left, so it
    // takes some hundreds of games.
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Game, Record};
    use arbiter_p2v::play::event::Event;
    use arbiter_p2v::play::state::State;
    use std::collections::BTreeSet;
    let file = common::scene::warband;
    let mut a = file(&["Boar", "Boar", "Caligni Dancer", "Kobold Warrior"]);
    a.entries[1].items = vec!["Healing Potion (minor)".into()];
    a.entries[2].items = vec!["Holy Water".into()];
    let mut b = file(&["Boar", "Boar", "Caligni Dancer", "Kobold Warrior"]);
    b.entries[2].items = vec!["Holy Water".into()];
    // A small open board, where random play meets and fights.
    let map = format!("name = \"open\"\nmap = \"\"\"\n{}\n\"\"\"\n", vec![["."; 12].join(" "); 12].join("\n"));
    let v = Variant { warbands: vec![a, b], map, no_round_limit: false, cards: String::new() };
    let g = P2v::new(v, 2).unwrap();
    assert_eq!(g.item_count(), 3);
    let s0 = g.initial_state();
    assert_eq!((0..3).map(|t| g.holder(&s0, t)).collect::<Vec<_>>(), [Some(1), Some(2), Some(6)]);
    let checks = Checks { deep_one_in: 50, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut seen = BTreeSet::new();
    for seed in 0..400 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut report, &mut |_: &State, _| Ok(()))
            .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        record
            .replay_with(|_, _, events, _| {
                for e in events {
                    if let Event::ItemTaken { who, from, .. } = e {
                        let team = |i: u8| g.roster()[usize::from(i)].team;
                        seen.insert(if team(*who) == team(*from) { "taken by an ally" } else { "taken by an enemy" });
                    }
                }
            })
            .unwrap();
    }
    for part in ["taken by an ally", "taken by an enemy"] {
        assert!(seen.contains(part), "random play reached {part} ({seen:?})");
    }
}

#[test]
fn random_games_set_mines_drink_spell_potions_and_cast_spell_scrolls() {
    // Explosive Mine (P2V-R92) and spell potions and scrolls (P2V-R93) in random play: mines
    // are set and creatures walk into them (the save against the mine comes up), potions are
    // drunk and scrolls cast; every state checks and every listed action
    // has a number.
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Record, check_numbering};
    use arbiter_p2v::play::state::{Frame, Source, State};
    use std::collections::BTreeSet;
    let file = |names: &[&str]| {
        let mut w = common::scene::warband(names);
        for e in &mut w.entries {
            e.items = vec!["Explosive Mine".into(), "Spell Potion I (Heal)".into()];
            if e.creature == "Pixie" {
                e.items.push("Spell Scroll I (Heal)".into());
            }
        }
        w
    };
    let v = Variant {
        warbands: vec![
            file(&["Caligni Skulker", "Giant Ant", "Boar", "Animated Armor"]),
            file(&["Boar", "Giant Ant", "Pixie", "Boar"]),
        ],
        map: "ruined-crossroads".into(),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let checks = Checks { deep_one_in: 200, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut seen = BTreeSet::new();
    for seed in 0..8 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| {
            if !s.mines.is_empty() {
                seen.insert("a mine set");
            }
            for (i, c) in s.creatures.iter().enumerate() {
                for (k, pw) in g.roster()[i].powers.iter().enumerate() {
                    if pw.uses.is_some() && c.power_uses.get(k) == Some(&0) && pw.name.starts_with("Spell ") {
                        seen.insert(if pw.name.starts_with("Spell Scroll") {
                            "a scroll cast"
                        } else {
                            "a potion drunk"
                        });
                    }
                }
            }
            if let Some(Frame::Affect(a)) = s.pending.top()
                && let Source::Power { power } = a.source
                && g.roster()[usize::from(a.user)].powers[usize::from(power)].program.mine.is_some()
            {
                seen.insert("a mine set off");
            }
            check_numbering(&g, s)
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    for k in ["a mine set", "a mine set off", "a potion drunk", "a scroll cast"] {
        assert!(seen.contains(k), "{k} never came up: {seen:?}");
    }
}

#[test]
fn random_games_with_an_arboreal_regent_awaken_trees() {
    // Awaken Tree (P2V-R94) in random play: the trees wait out of deployment, the regent
    // brings them into play, every state checks and every listed action has a number.
    use arbiter_p2v::play::state::State;
    let file = common::scene::warband;
    let v = Variant {
        warbands: vec![
            file(&["Kobold Warrior", "Kobold Warrior", "Boar"]),
            file(&["Arboreal Regent", "Kobold Warrior"]),
        ],
        map: "ruined-crossroads".into(),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    assert_eq!(g.roster().iter().filter(|p| p.awakened_by.is_some()).count(), 2);
    let mut awakened = false;
    common::scene::play_random(&g, 6, |s: &State| {
        awakened |= (0..s.creatures.len()).any(|i| g.roster()[i].awakened_by.is_some() && g.in_play(s, i));
    });
    assert!(awakened, "no tree was ever awakened");
}

#[test]
fn random_games_with_havens_commands_double_slices_and_summoned_swarms() {
    // Healing Haven (P2V-R147), Encircling Command (P2V-R145), Double Slice (P2V-R144),
    // Summon Animal (P2V-R146) and Swarming Stings (P2V-R143) in random play: every state
    // checks, every listed action applies and has a number, and each feature is used.
    use arbiter_p2v::play::state::State;
    let file = common::scene::warband;
    let v = Variant {
        warbands: vec![
            file(&["Arboreal Shepherd", "Boar", "Boar", "Bee-Man"]),
            file(&["Caligni Hunter", "Caligni Skulker", "Caligni Skulker", "Wasp Swarm"]),
        ],
        map: "ruined-crossroads".into(),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let (mut sheltered, mut summoned) = (false, false);
    common::scene::play_random(&g, 8, |s: &State| {
        sheltered |= (0..s.creatures.len()).any(|i| g.in_haven(s, i));
        summoned |= (0..s.creatures.len()).any(|i| g.roster()[i].awakened_by.is_some() && g.in_play(s, i));
    });
    assert!(sheltered, "no animal was ever sheltered");
    assert!(summoned, "no swarm was ever summoned");
}

#[test]
fn random_games_with_absorbed_shocks_braziers_and_smoke() {
    // Absorb Shock and Lightning Blast (P2V-R151), Brazier and Burn Alive (P2V-R152) and
    // Smoke Susceptibility (P2V-R153) in random play: every state checks, every listed action
    // applies and has a number, and the Stormdrinker is quickened (the Caldera Oni's dance
    // and the tuft's jolt carry electricity).
    use arbiter_p2v::play::state::State;
    let mut oni = common::scene::warband(&["Caldera Oni", "Bee-Man"]);
    oni.entries[1].items = vec!["Thunderbird Tuft".into()];
    let v = Variant {
        warbands: vec![common::scene::warband(&["Stormdrinker", "Giant Animated Statue"]), oni],
        // A small board with a band of smoke across its middle.
        map: common::scene::map(
            12,
            12,
            &[". . . . . . . . . . . ."; 6].into_iter().chain([": : : : : . . : : : : :"]).collect::<Vec<_>>(),
            "\":\" = { name = \"smoke\", traits = [\"concealing\"] }",
        ),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let mut quickened = false;
    common::scene::play_random(&g, 24, |s: &State| {
        quickened |= (0..s.creatures.len().min(255) as u8).any(|i| g.quickened(s, i));
    });
    assert!(quickened, "the Stormdrinker was never quickened");
}

#[test]
fn random_games_with_stances_sweeps_and_vanishing_leaps() {
    // Reassemble (P2V-R154), Vine Lash (P2V-R155), Evasive Swarm and Vanishing Leap
    // (P2V-R156) in random play: every state checks, every listed action applies and has a
    // number, and a stance is taken and a leaper vanishes.
    use arbiter_p2v::play::state::State;
    let v = Variant {
        warbands: vec![
            common::scene::warband(&["Paleohemoth", "Stormdrinker"]),
            common::scene::warband(&["Spring-Heeled Leaper", "Bee-Man", "Eagle Knight"]),
        ],
        map: common::scene::map(12, 12, &[], ""),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let (mut stance, mut vanished) = (false, false);
    common::scene::play_random(&g, 12, |s: &State| {
        stance |= g.stance_of(s, 0).is_some();
        vanished |= g.invisible(s, 2);
    });
    assert!(stance, "the paleohemoth never reassembled");
    assert!(vanished, "the leaper never vanished");
}

#[test]
fn random_games_with_grindylows_in_a_stream() {
    // The Grindylow's Tentacle, Clinging Suckers and Jet (P2V-R157) in random play on a
    // board with a stream down its middle: every state checks, every listed action applies
    // and has a number, and a jet is offered.
    use arbiter_p2v::play::state::State;
    let v = Variant {
        warbands: vec![
            common::scene::warband(&["Grindylow", "Grindylow", "Grindylow", "Grindylow"]),
            common::scene::warband(&["Eagle Knight", "Boar"]),
        ],
        map: common::scene::map(
            12,
            12,
            &[". . . . . ~ ~ . . . . ."; 12],
            "\"~\" = { name = \"stream\", traits = [\"water\", \"difficult\"] }",
        ),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let jet = g.roster()[0].powers.iter().position(|pw| pw.name == "Jet").unwrap() as u8;
    let mut jets = false;
    common::scene::play_random(&g, 6, |s: &State| {
        if let Some(who) = s.active().filter(|w| *w < 4) {
            jets |= !g.power_aims(s, who, jet).is_empty();
        }
    });
    assert!(jets, "no grindylow could ever jet");
}

#[test]
fn random_games_with_toppling_saplings_and_a_primal_sink() {
    // Shaky Footing (P2V-R158), Primal Sink (P2V-R159) and Timber (P2V-R160) in random play:
    // every state checks, every listed action applies and has a number, and a sapling
    // crashes down.
    use arbiter_p2v::play::state::{Frame, State};
    let v = Variant {
        warbands: vec![
            common::scene::warband(&[
                "Arboreal Sapling",
                "Arboreal Sapling",
                "Arboreal Sapling",
                "Arboreal Sapstriker",
            ]),
            common::scene::warband(&["Azhana", "Boar", "Wasp Swarm", "Boar"]),
        ],
        map: common::scene::map(12, 12, &[], ""),
        no_round_limit: false,
        cards: String::new(),
    };
    let g = P2v::new(v, 2).unwrap();
    let mut crashed = false;
    common::scene::play_random(&g, 16, |s: &State| {
        crashed |= matches!(s.pending.top(), Some(Frame::Crash { .. }));
    });
    assert!(crashed, "no sapling ever crashed down");
}

#[test]
fn random_games_with_the_games_own_cards_check_and_replay() {
    // A variant's own cards (a bestiary in Arbiter's card format) join the starter
    // bestiary for that game; the record keeps them, so each game reads back and
    // replays. Two Marsh Gulpers (Jaws that grab, Swallow Whole: ruling P2V-R163)
    // against four Medium creatures: every state checks. (A swallow needs a
    // creature held from an earlier turn, or Grapple then Swallow Whole in one
    // turn, which random play rarely does: `swallow::tests` plays them.)
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Record, check_numbering};
    use arbiter_p2v::play::state::State;
    let file = common::scene::warband;
    let cards = include_str!("data/marsh-gulper.toml");
    let v = Variant {
        warbands: vec![file(&["Marsh Gulper", "Marsh Gulper"]), file(&["Boar", "Satyr", "Boar", "Hateful Logger"])],
        map: "ruined-crossroads".into(),
        no_round_limit: false,
        cards: cards.into(),
    };
    let g = P2v::new(v.clone(), 2).unwrap();
    let gulper = g.roster()[0].powers.iter().find(|p| p.name == "Swallow Whole").unwrap();
    assert_eq!(gulper.program.swallow, Some(arbiter_geometry::battle::Size::Medium));
    // Without the cards the warband is not legal.
    let err = P2v::new(Variant { cards: String::new(), ..v.clone() }, 2).err().unwrap().to_string();
    assert!(err.contains("Marsh Gulper"), "{err}");
    // A bad card names its line.
    let err = P2v::new(Variant { cards: "[[creature]]\nname = \"X\"\nlevel = 40\n".into(), ..v }, 2)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("the game's cards: line "), "{err}");
    let checks = Checks { deep_one_in: 50, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    for seed in 0..16 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| check_numbering(&g, s))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // The record keeps the cards: it reads back and replays on its own.
        let back = Record::<P2v>::from_json(&record.to_json().unwrap()).unwrap();
        assert_eq!(back.config.variant.cards, g.variant().cards);
    }
}

//! Tempting Disguise ("Appendix: Positioning upgrades"; ruling P2V-R91 of
//! `docs/rulings/p2v.md`): an extra objective, a secret kept from the other
//! seat, a claim that finds the creature out, and the owner's choice at a
//! round's end.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

mod common;

use arbiter_core::{Decision, Game, Seat, ToMove, Viewer, Visibility};
use arbiter_p2v::play::Action;
use arbiter_p2v::play::event::Event;
use arbiter_p2v::play::objective::{Kind, Objective};
use arbiter_p2v::play::state::{Frame, Life, Phase};
use common::scene::{Scene, entry};

/// P1: a harpy with Tempting Disguise and a kobold; P2: two kobolds.
fn scene() -> Scene {
    Scene::of(
        vec![entry("Harpy", &[], &["Tempting Disguise"]), entry("Kobold Warrior", &[], &[])],
        vec![entry("Kobold Warrior", &[], &[]), entry("Kobold Warrior", &[], &[])],
    )
}

#[test]
fn the_owner_places_one_more_objective_and_picks_in_secret_which_one_is_the_creature() {
    // "When placing objectives, place one additional objective. In secret, the
    // player whose creature has Tempting Disguise identifies which objective is
    // actually the creature in disguise."
    let mut sc = scene();
    let harpy = sc.id("a") as u8;
    sc.s = sc.g.initial_state();
    assert!(sc.g.has_hidden_information());
    sc.roll(&[2, 1]); // 2d6 keep the higher: 2 objectives
    sc.act("objective book c3").roll(&[5]);
    sc.act("objective device j9").roll(&[5]);
    assert_eq!(sc.s.phase, Phase::ExtraObjective { who: harpy }, "then the harpy's extra objective");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "placed by its owner");
    sc.act("objective notable f6").roll(&[5]);
    assert_eq!(sc.s.objectives.len(), 3);
    assert_eq!(sc.s.phase, Phase::Disguise { who: harpy });
    let pick = sc.g.parse(&sc.s, "disguise 2").unwrap();
    assert_eq!(
        sc.g.decision_visibility(&sc.s, &Decision::Act(pick)),
        Visibility::only(Seat(0)),
        "the pick is P1's secret"
    );
    sc.act("disguise 2");
    assert_eq!(sc.s.creatures[usize::from(harpy)].disguise, Some(1));
    assert!(sc.events.iter().any(|e| matches!(e, Event::Disguised { objective: Some(1), .. })));
    let hidden = sc.events.iter().find(|e| matches!(e, Event::Disguised { .. })).unwrap();
    assert_eq!(sc.g.event_visibility(hidden), Visibility::only(Seat(0)));
    assert!(matches!(sc.g.event_summary(hidden), Some(Event::Disguised { objective: None, .. })));
    // P2 and spectators see a harpy in disguise, never which objective.
    assert_eq!(sc.g.observe(&sc.s, Viewer::Seat(Seat(1))).creatures[usize::from(harpy)].disguise, None);
    assert_eq!(sc.g.observe(&sc.s, Viewer::Spectator).creatures[usize::from(harpy)].disguise, None);
    assert_eq!(sc.g.observe(&sc.s, Viewer::Seat(Seat(0))).creatures[usize::from(harpy)].disguise, Some(1));
    assert!(sc.g.in_disguise(&sc.s, usize::from(harpy)));
    assert_eq!(sc.s.phase, Phase::DeployRoll);
    // The harpy is not deployed.
    sc.roll(&[15, 3]).act("zone sw");
    let mut out = Vec::new();
    sc.g.legal_actions(&sc.s, &mut out);
    assert!(out.iter().all(|a| !matches!(a, Action::Place { who, .. } if *who == harpy)));
    assert_eq!(sc.refused(&format!("place a {}", "a2")), "p2v.deploy.disguised");
}

fn book_at(sc: &mut Scene, at: &str) {
    let square = sc.sq(at);
    sc.s.objectives.push(Objective { kind: Kind::Book, square, skills: 0b1111, power: 15, holder: None });
    sc.s.forget_field();
}

#[test]
fn a_claim_on_the_creature_fails_without_a_roll_and_the_creature_takes_the_objectives_place() {
    // "When a creature attempts to interact with the disguised creature, their
    // skill check automatically fails. Replace the objective with the
    // creature's miniature. That creature can be activated as normal at some
    // point during the round."
    let mut sc = scene();
    book_at(&mut sc, "e5");
    let harpy = sc.id("a");
    sc.s.creatures[harpy].disguise = Some(0);
    sc.put("b", "a1").put("A", "e4").put("B", "k11");
    sc.turn("A").act("claim 1 arcana");
    assert_ne!(sc.asks(), ToMove::Chance, "no skill check is rolled");
    let found = sc.events.iter().find_map(|e| match e {
        Event::Unmasked { who, kind, at, by } => Some((*who, *kind, *at, *by)),
        _ => None,
    });
    assert_eq!(found, Some((harpy as u8, Kind::Book, sc.sq("e5"), Some(sc.id("A") as u8))));
    assert!(sc.s.objectives.is_empty(), "the objective is gone");
    assert_eq!(sc.s.creatures[harpy].life, Life::Up);
    assert!(!sc.s.creatures[harpy].done, "it can still be activated this round");
    assert_eq!(sc.turn_state().ap, 1, "the claim cost its action");
}

#[test]
fn at_a_rounds_end_the_owner_may_drop_the_disguise() {
    // "The creature can also leave its disguise by choice, at the end of any
    // round. However, in that case it cannot be activated in that round (only
    // in subsequent rounds)."
    let mut sc = scene();
    book_at(&mut sc, "e5");
    let harpy = sc.id("a");
    sc.s.creatures[harpy].disguise = Some(0);
    sc.put("b", "a1").put("A", "k1").put("B", "k11");
    for l in ["b", "B"] {
        let i = sc.id(l);
        sc.s.creatures[i].done = true;
    }
    sc.turn("A").act("end");
    assert!(matches!(sc.s.pending.top(), Some(Frame::Unmask { .. })), "{:?}", sc.s.pending.top());
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the harpy's owner is asked");
    assert_eq!(sc.refused("end"), "p2v.disguise.answer");
    sc.act("react");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Unmasked { by: None, .. })));
    assert_eq!(sc.s.creatures[harpy].at, Some(sc.sq("e5")));
    assert_eq!(sc.s.round, 2, "then the next round");
    // Kept hidden, it is asked again at the next round's end.
    let mut sc = scene();
    book_at(&mut sc, "e5");
    sc.s.creatures[harpy].disguise = Some(0);
    sc.put("b", "a1").put("A", "k1").put("B", "k11");
    for l in ["b", "B"] {
        let i = sc.id(l);
        sc.s.creatures[i].done = true;
    }
    sc.turn("A").act("end").act("pass");
    assert_eq!(sc.s.round, 2);
    assert_eq!(sc.s.creatures[harpy].life, Life::Waiting);
    assert!(sc.g.in_disguise(&sc.s, harpy));
}

#[test]
fn a_creature_within_6_may_spot_a_disguise_with_perception_against_its_power() {
    // "A creature within 6 squares of a disguised creature … or an objective …
    // that might *be* a disguised creature, can Interact with it provided they
    // have line of effect. Make a Perception check against the disguised
    // creature's Power. On a success, the player who controls the relevant
    // creature reveal whether what is being Interacted with is in fact the
    // disguised creature or not."
    let mut sc = scene();
    book_at(&mut sc, "e5");
    let square = sc.sq("h5");
    sc.s.objectives.push(Objective { kind: Kind::Device, square, skills: 0b1111, power: 15, holder: None });
    let harpy = sc.id("a");
    sc.s.creatures[harpy].disguise = Some(0);
    // A on a12, far from both: out of range. B on e2, 3 squares from e5.
    sc.put("b", "a1").put("A", "a12").put("B", "e2");
    sc.turn("A");
    assert_eq!(sc.refused("spot 1"), "p2v.spot.range");
    let b = sc.id("B") as u8;
    sc.s.creatures[usize::from(b)].done = false;
    sc.turn("B");
    // The device on h5 is only an objective: a success says so, nothing more.
    sc.act("spot 2").roll(&[20]);
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::Spot { objective: 1, is: Some(false), .. })),
        "{:?}",
        sc.events
    );
    assert_eq!(sc.s.objectives.len(), 2);
    // The book on e5 is the harpy: a failure shows nothing, a success finds it out.
    sc.act("spot 1").roll(&[1]);
    assert!(sc.events.iter().any(|e| matches!(e, Event::Spot { is: None, .. })));
    assert_eq!(sc.s.creatures[harpy].life, Life::Waiting);
    let mut sc2 = scene();
    book_at(&mut sc2, "e5");
    sc2.s.creatures[harpy].disguise = Some(0);
    sc2.put("b", "a1").put("A", "a12").put("B", "e2");
    sc2.turn("B").act("spot 1").roll(&[20]);
    assert!(sc2.events.iter().any(|e| matches!(e, Event::Spot { is: Some(true), .. })));
    assert!(sc2.events.iter().any(|e| matches!(e, Event::Unmasked { .. })));
    assert_eq!(sc2.s.creatures[harpy].life, Life::Up);
    assert!(sc2.s.objectives.is_empty());
    // With nobody of the other warband in disguise there is nothing to spot.
    let square = sc2.sq("h5");
    sc2.s.objectives.push(Objective { kind: Kind::Device, square, skills: 0b1111, power: 15, holder: None });
    sc2.s.forget_field();
    assert_eq!(sc2.refused("spot 1"), "p2v.spot.nobody");
}

#[test]
fn a_minion_found_out_after_its_commander_acted_waits_for_the_next_round() {
    // Soak regression (random warbands on tiles, seed 14296080086562452301):
    // an Awakened Tree in disguise, the Arboreal Regent's minion, was found
    // out by the regent's own claim; after the regent's turn P1 owed an
    // activation it could not make. A minion acts only in its commander's
    // turn (ruling P2V-R52), so it waits for the next round.
    let mut sc = Scene::of(
        vec![entry("Arboreal Regent", &[], &[]), entry("Awakened Tree", &[], &["Tempting Disguise"])],
        vec![entry("Kobold Warrior", &[], &[])],
    );
    book_at(&mut sc, "e6");
    let tree = sc.id("b");
    assert_eq!(sc.s.creatures[tree].commander, Some(sc.id("a") as u8), "the tree is the regent's minion");
    sc.s.creatures[tree].disguise = Some(0);
    sc.put("a", "d3").put("A", "k11");
    let kobold = sc.id("A");
    sc.s.creatures[kobold].done = true;
    sc.turn("a").act("claim 1 arcana");
    assert_eq!(sc.s.creatures[tree].life, Life::Up, "found out by its own commander");
    sc.act("end");
    let mut out = Vec::new();
    sc.g.legal_actions(&sc.s, &mut out);
    assert!(!out.is_empty() || sc.asks() == ToMove::Chance, "whoever is asked has a decision to make");
    assert_eq!(sc.s.round, 2, "the round ended");
}

#[test]
fn a_state_drawn_from_a_seats_view_never_hides_a_creature_where_a_claim_waits_for_its_roll() {
    // Soak regression (random warbands, seeds 8021448362654481293 and
    // 4099572051199114294): a claim waiting for its d20 shows everyone that the
    // objective is no creature (a claim on a creature rolls nothing), so a
    // state drawn for the other seat must not put the disguise there.
    use rand::SeedableRng;
    let mut sc = scene();
    book_at(&mut sc, "e5");
    let square = sc.sq("h5");
    sc.s.objectives.push(Objective { kind: Kind::Device, square, skills: 0b1111, power: 15, holder: None });
    let harpy = sc.id("a");
    sc.s.creatures[harpy].disguise = Some(0);
    sc.put("b", "a1").put("A", "h4").put("B", "k11");
    sc.turn("A").act("claim 2 arcana");
    assert_eq!(sc.asks(), ToMove::Chance, "the claim on the device waits for its roll");
    let seen = sc.g.observe(&sc.s, Viewer::Seat(Seat(1)));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for _ in 0..50 {
        let drawn = sc.g.resample(Seat(1), &seen, &mut rng).unwrap();
        assert_eq!(drawn.creatures[harpy].disguise, Some(0), "only the book can be the harpy");
        assert_eq!(sc.g.to_move(&drawn), ToMove::Chance);
    }
}

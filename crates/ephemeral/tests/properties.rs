//! Properties of the Ephemeral Path base game over random play, in both
//! editions and for every pair of shipped figure sets: games end, replays
//! reproduce them, states and actions survive JSON, no accepted move leaves
//! bases overlapping or off the table or costs more than its budget, and any
//! action at all, however wild, is judged without a panic and, if refused,
//! changes nothing.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Game, Roll, Seat, ToMove, roll_with};
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::shipped_sets;
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::random_set::random_set;
use arbiter_ephemeral::table::{AREA, support};
use arbiter_ephemeral::{
    Action, Aim, Edition, Ephemeral, Event, NUDGE_CM, Phase, Pos, PrepUse, Role, Side, State, Use, Variant,
};
use arbiter_geometry::table::{TOLERANCE, Vec2, path_length};
use proptest::prelude::*;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// The most decisions a random game may take before it counts as stuck.
const MAX_DECISIONS: usize = 5_000;

/// Every game: both editions × every ordered pair of shipped sets, and as
/// many pairs of random legal sets drawn from the whole catalogue.
fn games() -> &'static [Ephemeral] {
    static GAMES: OnceLock<Vec<Ephemeral>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let names: Vec<&str> = shipped_sets().into_iter().map(|(stem, _)| stem).collect();
        let catalogue = Catalogue::standard().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        let mut out = Vec::new();
        for edition in Edition::ALL {
            for a in &names {
                for b in &names {
                    out.push(Ephemeral::new(Variant::shipped(edition, a, b).unwrap(), 2).unwrap());
                    let sets = vec![
                        random_set(&mut rng, &catalogue, "Random A").unwrap(),
                        random_set(&mut rng, &catalogue, "Random B").unwrap(),
                    ];
                    out.push(Ephemeral::new(Variant { edition, sets, kit: Kit::standard() }, 2).unwrap());
                }
            }
        }
        out
    })
}

fn game_index() -> impl Strategy<Value = usize> {
    0..games().len()
}

fn describe(g: &Ephemeral) -> String {
    let v = g.variant();
    format!("{} {} v {}", v.edition, v.sets[0].name(), v.sets[1].name())
}

/// A random path or prep-token nudge for the active figure, sometimes: more
/// varied moves than the play-out policy makes (several legs, through
/// friends, onto terrain), so the move checks meet them.
fn wild_move<R: Rng>(g: &Ephemeral, s: &State, rng: &mut R) -> Option<Action> {
    let Phase::Acting { figure, .. } = s.phase else { return None };
    if !rng.random_bool(0.4) {
        return None;
    }
    let seat = s.figures[figure as usize].owner;
    let mut step = |from: Pos, reach: f32| {
        let a = rng.random_range(0.0f32..std::f32::consts::TAU);
        let d = if reach > 0.0 { rng.random_range(0.0f32..reach) } else { 0.0 };
        Pos::new(from.x + d * a.cos(), from.y + d * a.sin())
    };
    if s.prep[seat.index()] > 0 && s.figures[figure as usize].actions % 2 == 0 {
        let at = s.figures[figure as usize].at?;
        return Some(Action::Spend(PrepUse::Nudge { figure, to: step(at, 2.3) }));
    }
    let mut at = s.figures[figure as usize].at?;
    let legs = 1 + (s.figures[figure as usize].actions as usize % 3);
    let reach = g.stats()[figure as usize].movement_cm * 0.7;
    let path = (0..legs)
        .map(|_| {
            at = step(at, reach);
            at
        })
        .collect();
    Some(Action::Move { path })
}

/// Every base on the table lies within the play area, stands where its
/// `on` says (balanced, ruling P2), and overlaps no other base.
fn check_table(g: &Ephemeral, s: &State, context: &str) {
    let scene = g.scene(s);
    let discs: Vec<(usize, _)> = (0..s.figures.len()).filter_map(|i| g.disc(s, i as u8).map(|d| (i, d))).collect();
    for (k, (i, d)) in discs.iter().enumerate() {
        assert!(AREA.holds(d), "{context}: figure {i} sticks out of the play area at {:?}", d.centre);
        assert_eq!(
            support(&scene, d).ok(),
            Some(s.figures[*i].on),
            "{context}: figure {i} does not stand where the state says"
        );
        for (j, e) in &discs[k + 1..] {
            assert!(!d.overlaps(e), "{context}: figures {i} and {j} overlap by {}", -d.gap(e));
        }
    }
}

/// The budget of a decision that moved a figure.
fn budget(g: &Ephemeral, s: &State, decision: &Decision<Action>, figure: u8) -> f32 {
    let movement = g.stats()[figure as usize].movement_cm;
    match decision {
        Decision::Act(Action::Move { .. }) => {
            assert!(matches!(s.phase, Phase::Acting { figure: f, .. } if f == figure));
            movement
        }
        Decision::Act(Action::Spend(PrepUse::Nudge { figure: f, .. })) => {
            assert!(g.nudge_cm(*f) >= NUDGE_CM);
            g.nudge_cm(*f)
        }
        Decision::Act(Action::Ability(u)) if u.figure == figure => {
            let a = g.ability(u.figure, u.slot).unwrap();
            match Role::of(a) {
                Role::MoveBy => {
                    let i = u.die.or_else(|| g.usable_die(s, u.figure, u.slot)).unwrap();
                    movement + 2.0 * f32::from(s.figures[figure as usize].dice[i as usize].value)
                }
                Role::Reply => f32::from(a.params.move_cm.unwrap()),
                // A chain rush used mid-move: the walk goes on within its budget.
                _ => movement + 24.0,
            }
        }
        // A walk resumed after a chain-rush window, or a rush made as an
        // attack resolves (the attacker moving on after its target fell).
        Decision::Act(Action::Pass)
        | Decision::Act(Action::Ability(_))
        | Decision::Act(Action::Resolve)
        | Decision::Roll(_) => movement + 24.0,
        other => panic!("a figure moved after {other:?}"),
    }
}

/// Checks a decision just applied: the table, and every move's cost.
fn check_step(g: &Ephemeral, before: &State, after: &State, decision: &Decision<Action>, events: &[Event]) {
    let context = format!("{} after {decision:?}", describe(g));
    g.validate_state(after).unwrap_or_else(|e| panic!("{context}: {e}"));
    check_table(g, after, &context);
    for e in events {
        if let Event::Moved { figure, path, cost, on } = e {
            let budget = budget(g, before, decision, *figure);
            let points: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.x, p.y)).collect();
            let length = path_length(&points);
            assert!(*cost <= budget + TOLERANCE + 1e-4, "{context}: cost {cost} over the budget {budget}");
            assert!(*cost >= length - 1e-3, "{context}: cost {cost} below the path length {length}");
            assert_eq!(path.first().copied(), before.figures[*figure as usize].at, "{context}");
            let pushed = events.iter().any(|e| matches!(e, Event::Pushed { figure: f, .. } if f == figure));
            let moved_again =
                events.iter().filter(|e| matches!(e, Event::Moved { figure: f, .. } if f == figure)).count() > 1;
            if !after.figures[*figure as usize].defeated && !pushed && !moved_again {
                assert_eq!(after.figures[*figure as usize].at, path.last().copied(), "{context}");
                assert_eq!(after.figures[*figure as usize].on, *on, "{context}");
            }
        }
    }
}

/// A random game: the play-out policy with seeded dice, and now and then a
/// wild move or nudge. Every decision is checked; returns the decisions and
/// the states visited, the last one the end.
fn play(g: &Ephemeral, seed: u64) -> (Vec<Decision<Action>>, Vec<State>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scratch = Vec::new();
    let mut s = g.initial_state();
    let mut decisions = Vec::new();
    let mut states = vec![s.clone()];
    while decisions.len() < MAX_DECISIONS {
        let decision = match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(roll_with(&mut rng, &g.dice(&s))),
            ToMove::Seat(_) | ToMove::Together(_) => {
                match wild_move(g, &s, &mut rng).filter(|a| g.check(&s, a).is_ok()) {
                    Some(a) => Decision::Act(a),
                    None => Decision::Act(
                        g.random_action(&s, &mut rng, &mut scratch)
                            .unwrap_or_else(|| panic!("{}: nothing to do in {:?}", describe(g), s.phase)),
                    ),
                }
            }
        };
        let before = s.clone();
        let mut events = Vec::new();
        if let Err(r) = g.apply(&mut s, &decision, &mut events) {
            panic!("{}: the play-out's own {decision:?} was refused: {} — {}", describe(g), r.rule, r.reason);
        }
        check_step(g, &before, &s, &decision, &events);
        decisions.push(decision);
        states.push(s.clone());
    }
    assert_eq!(s.phase, Phase::Over, "{}: seed {seed} did not end in {MAX_DECISIONS} decisions", describe(g));
    (decisions, states)
}

// ------------------------------------------------------------ arbitrary input

fn coord() -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => -2.0f32..42.0,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
        1 => Just(f32::MAX),
        1 => Just(-f32::MAX),
        1 => Just(-0.0f32),
        1 => Just(f32::MIN_POSITIVE),
        2 => any::<f32>(),
    ]
}

fn pos() -> impl Strategy<Value = Pos> {
    (coord(), coord()).prop_map(|(x, y)| Pos::new(x, y))
}

fn index() -> impl Strategy<Value = u8> {
    prop_oneof![6 => 0u8..14, 1 => any::<u8>()]
}

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![4 => 0u8..2, 1 => any::<u8>()].prop_map(Seat)
}

fn prep_use() -> impl Strategy<Value = PrepUse> {
    prop_oneof![
        index().prop_map(|die| PrepUse::Raise { die }),
        index().prop_map(|die| PrepUse::Lower { die }),
        (index(), index()).prop_map(|(figure, die)| PrepUse::Forage { figure, die }),
        (index(), pos()).prop_map(|(figure, to)| PrepUse::Nudge { figure, to }),
        index().prop_map(|figure| PrepUse::Mend { figure }),
        index().prop_map(|figure| PrepUse::Reach { figure }),
        index().prop_map(|figure| PrepUse::Force { figure }),
        index().prop_map(|figure| PrepUse::Free { figure }),
    ]
}

fn aim() -> impl Strategy<Value = Aim> {
    prop_oneof![
        Just(Aim::Nothing),
        prop::collection::vec(index(), 0..4).prop_map(|v| Aim::Figures(v.into_iter().take(3).collect())),
        pos().prop_map(Aim::Point),
        prop::collection::vec(pos(), 0..20).prop_map(Aim::Path),
        prop::collection::vec((index(), any::<bool>()), 0..3).prop_map(|v| Aim::Shove(v.into_iter().take(2).collect())),
        any::<bool>().prop_map(Aim::Gate),
        (index(), index()).prop_map(|(figure, die)| Aim::Raise { figure, die }),
        prop::collection::vec((index(), any::<u16>()), 0..4).prop_map(|v| Aim::Pools(v.into_iter().take(3).collect())),
        any::<bool>().prop_map(Aim::Defend),
        any::<u8>().prop_map(Aim::Negate),
        (index(), prop::array::uniform5(0u8..3)).prop_map(|(target, dice)| Aim::Counter { target, dice }),
    ]
}

fn ability_use() -> impl Strategy<Value = Use> {
    (
        index(),
        prop_oneof![4 => 0u8..3, 1 => any::<u8>()],
        prop::option::of(index()),
        aim(),
        prop_oneof![4 => Just(0u8), 1 => any::<u8>()],
    )
        .prop_map(|(figure, slot, die, aim, tokens)| Use { figure, slot, die, aim, tokens })
}

fn action() -> impl Strategy<Value = Action> {
    let setup = prop_oneof![
        prop_oneof![Just(Side::X), Just(Side::Y)].prop_map(Action::Choose),
        (index(), pos(), prop_oneof![0u16..360, any::<u16>()]).prop_map(|(piece, at, turn)| Action::Terrain {
            piece,
            at,
            turn
        }),
        pos().prop_map(|at| Action::Gate { at }),
        seat().prop_map(Action::Forager),
        (index(), index(), prop::option::of(pos())).prop_map(|(die, figure, at)| Action::Forage { die, figure, at }),
        Just(Action::Pass),
        (index(), pos()).prop_map(|(figure, at)| Action::Place { figure, at }),
        seat().prop_map(Action::First),
    ];
    let play = prop_oneof![
        index().prop_map(|figure| Action::Activate { figure }),
        prop::collection::vec(pos(), 0..20).prop_map(|path| Action::Move { path }),
        (index(), prop::array::uniform5(prop_oneof![4 => 0u8..4, 1 => any::<u8>()]))
            .prop_map(|(target, dice)| Action::Attack { target, dice }),
        Just(Action::Prepare),
        ability_use().prop_map(Action::Ability),
        index().prop_map(|mine| Action::Detonate { mine }),
        prop::array::uniform5(prop_oneof![4 => 0u8..4, 1 => any::<u8>()]).prop_map(|dice| Action::Resist { dice }),
        prep_use().prop_map(Action::Spend),
        Just(Action::End),
        Just(Action::Resolve),
    ];
    prop_oneof![1 => setup, 2 => play]
}

/// A reachable state: `steps` decisions of a seeded random game.
fn reached(g: &Ephemeral, seed: u64, steps: usize) -> (State, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scratch = Vec::new();
    let mut s = g.initial_state();
    for _ in 0..steps {
        match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => {
                let roll = roll_with(&mut rng, &g.dice(&s));
                g.apply(&mut s, &Decision::Roll(roll), &mut Vec::new()).unwrap();
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
                let a = g.random_action(&s, &mut rng, &mut scratch).unwrap();
                g.apply(&mut s, &Decision::Act(a), &mut Vec::new()).unwrap();
            }
        }
    }
    (s, rng)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random games end (in both editions, any pair of shipped sets), and
    /// after every decision the table is sound: no base overlaps another or
    /// leaves the play area, every figure stands where the state says, and
    /// every move cost at least its path and at most its budget.
    #[test]
    fn random_games_end_and_every_move_keeps_the_table_sound(game in game_index(), seed in any::<u64>()) {
        let g = &games()[game];
        let (decisions, states) = play(g, seed);
        prop_assert!(!decisions.is_empty());
        let last = states.last().unwrap();
        prop_assert!(g.outcome(last).is_some());
        prop_assert!(last.figures.iter().all(|f| f.actions == 0 || !f.on_table()));
    }

    /// A recorded game replays decision by decision from the initial state
    /// to the identical state, equal both as values and as JSON.
    #[test]
    fn a_recorded_game_replays_to_the_same_state(game in game_index(), seed in any::<u64>()) {
        let g = &games()[game];
        let (decisions, states) = play(g, seed);
        let mut s = g.initial_state();
        for (i, d) in decisions.iter().enumerate() {
            g.apply(&mut s, d, &mut Vec::new()).unwrap_or_else(|r| panic!("decision {i} {d:?} refused on replay: {}", r.rule));
            prop_assert_eq!(&s, &states[i + 1], "decision {}", i);
        }
        let end = states.last().unwrap();
        prop_assert_eq!(&s, end);
        prop_assert_eq!(serde_json::to_string(&s).unwrap(), serde_json::to_string(end).unwrap());
        // The record itself survives JSON and replays the same.
        let record: Vec<Decision<Action>> =
            serde_json::from_str(&serde_json::to_string(&decisions).unwrap()).unwrap();
        prop_assert_eq!(&record, &decisions);
        let mut again = g.initial_state();
        for d in &record {
            g.apply(&mut again, d, &mut Vec::new()).unwrap();
        }
        prop_assert_eq!(serde_json::to_string(&again).unwrap(), serde_json::to_string(end).unwrap());
    }

    /// Every state of a random game and every action taken survive a JSON
    /// round trip unchanged; a state read back plays on like the original.
    #[test]
    fn states_and_actions_survive_a_json_round_trip(game in game_index(), seed in any::<u64>()) {
        let g = &games()[game];
        let (decisions, states) = play(g, seed);
        for (i, s) in states.iter().enumerate() {
            let text = serde_json::to_string(s).unwrap();
            let back: State = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(&back, s, "state {}", i);
            prop_assert_eq!(serde_json::to_string(&back).unwrap(), text);
            g.validate_state(&back).unwrap();
            if let Some(d) = decisions.get(i) {
                let mut from_json = back.clone();
                g.apply(&mut from_json, d, &mut Vec::new()).unwrap();
                prop_assert_eq!(&from_json, &states[i + 1]);
            }
        }
        for d in &decisions {
            if let Decision::Act(a) = d {
                let back: Action = serde_json::from_str(&serde_json::to_string(a).unwrap()).unwrap();
                prop_assert_eq!(&back, a);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any action, with wild coordinates and indices, given to `apply` in a
    /// reachable state is judged without a panic; a refusal leaves the state
    /// exactly as it was, and an accepted action leaves a valid state with
    /// a sound table. Arbitrary rolls are judged the same way.
    #[test]
    fn arbitrary_actions_never_panic_and_refusals_change_nothing(
        game in game_index(),
        seed in any::<u64>(),
        steps in 0usize..500,
        actions in prop::collection::vec(action(), 1..24),
        wild_roll in prop::collection::vec(any::<u8>(), 0..14),
    ) {
        let g = &games()[game];
        let (mut s, mut rng) = reached(g, seed, steps);
        for a in &actions {
            if g.to_move(&s) == ToMove::Chance {
                if let Some(r) = Roll::from_values(&wild_roll) {
                    let mut t = s.clone();
                    if g.apply(&mut t, &Decision::Roll(r), &mut Vec::new()).is_err() {
                        prop_assert_eq!(&t, &s);
                    }
                }
                let roll = roll_with(&mut rng, &g.dice(&s));
                g.apply(&mut s, &Decision::Roll(roll), &mut Vec::new()).unwrap();
            }
            let decision = Decision::Act(a.clone());
            let mut t = s.clone();
            let mut events = Vec::new();
            let checked = g.check(&s, a);
            match g.apply(&mut t, &decision, &mut events) {
                Err(r) => {
                    prop_assert_eq!(&t, &s, "refused with {} yet changed", r.rule);
                    prop_assert_eq!(serde_json::to_string(&t).unwrap(), serde_json::to_string(&s).unwrap());
                    prop_assert!(!r.rule.is_empty() && !r.reason.is_empty());
                    if matches!(g.to_move(&s), ToMove::Seat(_)) {
                        prop_assert_eq!(checked.unwrap_err().rule, r.rule);
                    }
                }
                Ok(()) => {
                    prop_assert!(checked.is_ok());
                    check_step(g, &s, &t, &decision, &events);
                    s = t;
                }
            }
        }
    }
}

/// The counterexample proptest found on 2026-11-28: an attack resolved, its
/// target fell, and the attacker rushed on in the same decision (`Resolve`),
/// which the move-budget check did not expect.
#[test]
fn a_rush_made_as_an_attack_resolves_is_a_move_within_budget() {
    let g = &games()[214];
    let (_, states) = play(g, 7702887730639030529);
    assert!(states.last().is_some_and(|s| s.phase == Phase::Over));
}
